import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
// @ts-expect-error plain-JS module shared with the launchers (no declarations)
import { CORE_NODE_FLAGS } from '../../bin/core-node-flags.mjs';

// The `stablepos` command cannot import its V8 flags (they sit in its shebang): the two must agree.
test('the stablepos shebang starts node with the core\'s V8 flags', () => {
  const shebang = readFileSync(new URL('../../bin/stablepos.mjs', import.meta.url), 'utf8').split('\n')[0];
  expect(shebang).toBe(`#!/usr/bin/env -S node ${(CORE_NODE_FLAGS as string[]).join(' ')}`);
});
