import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain-JS helper shared with bin/stablepos.mjs (no declarations)
import { compiledEntry } from '../bin/compiled.mjs';

/**
 * BENCH_RUNTIME=bundle (the default): a server script compiled to one plain .mjs by the same
 * bin/compiled.mjs that `stablepos` runs through, so the core is measured as it runs in the app
 * (headless, and bundled in Electron): no tsx loader thread, no source maps held in memory.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export async function bundleServer(script: string): Promise<string> {
  return fileURLToPath((await compiledEntry(relative(repoRoot, script))) as string);
}
