/**
 * The renderer's API types (renderer/src/api-schema.d.ts, committed) are what openapi-typescript makes
 * of the document the core serves today: a route schema changed without `npm run api:types` fails
 * here, and a screen reading a field the core no longer has then fails `tsc -p tsconfig.web.json`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../../scripts/api-types/render.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => {
  await t?.stop();
});

test(`${API_TYPES_FILE} matches the served OpenAPI document (else run \`npm run api:types\`)`, async () => {
  const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as OpenAPI3;
  const committed = readFileSync(fileURLToPath(new URL(`../../${API_TYPES_FILE}`, import.meta.url)), 'utf8');
  // Compared whole, not as a snapshot: a stale file must fail, never be rewritten by `vitest -u`.
  expect(committed === (await renderApiTypes(doc)), `${API_TYPES_FILE} is stale: run \`npm run api:types\` and commit it`).toBe(true);
});
