import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
// @ts-expect-error plain-JS helper of bin/stablepos.mjs (no declarations)
import { compiledEntry } from '../../bin/compiled.mjs';

/**
 * Packages the core loads on first use, never at start: each costs tens of MB of RSS that a core not
 * using it would carry for its whole life (docs/development.md, Benchmarks, the memory paragraph).
 * tronweb (with ethers, axios and protobuf): ~45 MB of RSS, ~12 MB of heap; used only to sign a TRON
 * refund payout and by the TRON devnet's test wallets. pg and drizzle's node-postgres (~5 MB of RSS):
 * only a core on PostgreSQL opens them.
 */
const LOADED_ON_FIRST_USE = ['tronweb', 'pg', 'drizzle-orm/node-postgres'];

test('the core as `stablepos` runs it imports no package loaded on first use at start', async () => {
  const bundle = readFileSync(fileURLToPath((await compiledEntry('src/cli.ts')) as string), 'utf8');
  // A static import of an external package stays a top-level import of the bundle; import() stays import().
  const staticImports = [...bundle.matchAll(/^import\s[^;]*?from\s*"([^"]+)";?$/gm)].map((m) => m[1]);
  expect(staticImports.length).toBeGreaterThan(5);
  for (const name of LOADED_ON_FIRST_USE) {
    expect(staticImports.filter((s) => s === name || s?.startsWith(`${name}/`))).toEqual([]);
    expect(bundle).toContain(`import("${name}")`);
  }
}, 60_000);
