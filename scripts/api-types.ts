// `npm run api:types`: writes renderer/src/api-schema.d.ts, the renderer's API types, from the OpenAPI
// document a freshly started core serves (temporary data dir, no chains, no rate feed). Run it after
// changing a route's schema; `--check` only compares and exits 1 when the committed file is stale.
// test/integration/renderer-api-types.test.ts makes the same comparison in the test run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPI3 } from 'openapi-typescript';
import { NETWORK_IDS } from '../src/chains/registry.js';
import { createCore } from '../src/create-core.js';
import { API_TYPES_FILE, renderApiTypes } from './api-types/render.js';

const outPath = fileURLToPath(new URL(`../${API_TYPES_FILE}`, import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'stablepos-api-types-'));
const core = createCore({
  dataDir,
  port: 0,
  networks: { test: Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])) },
  rateFeed: { source: 'off' },
});
let text: string;
try {
  const url = await core.start();
  text = await renderApiTypes((await (await fetch(`${url}/docs/json`)).json()) as OpenAPI3);
} finally {
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(outPath, 'utf8');
  } catch {
    // A missing file is stale too; reported below.
  }
  if (current !== text) {
    console.error(`${API_TYPES_FILE} is stale: run \`npm run api:types\` and commit it.`);
    process.exit(1);
  }
  console.log(`${API_TYPES_FILE} is up to date.`);
} else {
  writeFileSync(outPath, text);
  console.log(`wrote ${API_TYPES_FILE}`);
}
