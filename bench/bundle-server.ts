import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * BENCH_RUNTIME=bundle: a server script bundled to one plain .mjs (our TypeScript compiled in,
 * packages left as imports), run by node with no loader, as shipped code runs. Under tsx every
 * process also carries the loader thread and each module's source map: ~50 MB of RSS that is the
 * bench's, not the app's. esbuild is the one tsx itself compiles with.
 *
 * The bundle sits in node_modules/.cache so that its package imports, createRequire (anvil) and
 * the migrations folder the core looks for beside its code all resolve as they do from src/.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(repoRoot, 'node_modules', '.cache', 'stablepos-bench');

export async function bundleServer(script: string, name: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [script],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  // src/db/open-database.ts finds its migrations at ./migrations beside the (bundled) code.
  cpSync(join(repoRoot, 'src', 'db', 'migrations'), join(outDir, 'migrations'), { recursive: true });
  return outfile;
}
