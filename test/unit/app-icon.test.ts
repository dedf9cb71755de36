/** The icon the core serves is the app's own (resources/icon.svg), byte for byte. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { APP_ICON_SVG } from '../../src/http/app-icon.js';

test('APP_ICON_SVG is resources/icon.svg', () => {
  expect(APP_ICON_SVG).toBe(readFileSync(new URL('../../resources/icon.svg', import.meta.url), 'utf8'));
});
