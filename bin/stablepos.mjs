#!/usr/bin/env -S node --max-semi-space-size=8
// (The flag: see bin/core-node-flags.mjs.)
// The `stablepos` command. The core is TypeScript: compiled on first use (and after a change) into
// node_modules/.cache by bin/compiled.mjs, so a fresh clone works after `npm ci` with no build step
// and runs without a loader. Should that compilation be impossible (say, a read-only install), tsx
// runs the sources instead.
import { compiledEntry } from './compiled.mjs';

let entry;
try {
  entry = await compiledEntry('src/cli.ts');
} catch (err) {
  process.stderr.write(`stablepos: running the sources through tsx (could not compile: ${err instanceof Error ? err.message.split('\n')[0] : String(err)})\n`);
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../src/cli.ts', import.meta.url).href;
}
const { main } = await import(entry);
process.exitCode = await main(process.argv.slice(2));
