// Compiles a TypeScript entry point of this repository into one plain-JS module, kept in
// node_modules/.cache and rebuilt only when one of its sources changed, so that a fresh clone runs
// after `npm ci` with no build step, yet runs the way shipped code runs: without a loader.
//
// Why not tsx at run time: its loader lives in a thread of its own for the life of the process and
// keeps every module's source map: about 50 MB of RSS in a core whose whole budget is 200 MB.
// esbuild is what tsx itself compiles with, so the code is the same.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// One folder per checkout: git worktrees often share one node_modules (a symlink), and a bundle built
// from another checkout's sources must never be run for this one.
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'stablepos', createHash('sha256').update(repoRoot).digest('hex').slice(0, 12));

/**
 * Each module's own `import.meta.url`, as a literal: code finds files beside itself (migrations,
 * the built UI, packages through createRequire), and a bundle would otherwise give every module the
 * bundle's URL.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Packages compiled in rather than imported at run time, so that only what the core uses of them is
 * loaded. viem's package index imports every one of its modules: ~30 MB of memory for a core that
 * uses a client, a few actions and an account. Everything else stays an import of node_modules
 * (better-sqlite3 and secp256k1 are native addons; Fastify's plugins read files beside their code).
 * electron.vite.config.ts bundles the same packages into the desktop app.
 */
export const BUNDLED_PACKAGES = ['viem'];

const isBundledPackage = (specifier) => BUNDLED_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`));

/** Our imports of packages stay imports, except BUNDLED_PACKAGES, whose own dependencies come along. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || isBundledPackage(args.path)) return undefined;
      if (args.importer.includes(`${sep}node_modules${sep}`)) return undefined; // inside a bundled package
      return { path: args.path, external: true };
    });
  },
};

/** Whether every input recorded with the bundle still has the size and time it had then. */
function upToDate(stampFile) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  for (const [file, seen] of Object.entries(stamp.inputs)) {
    try {
      const s = statSync(join(repoRoot, file));
      if (s.size !== seen.size || s.mtimeMs !== seen.mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The file URL of `entry` (a path relative to the repository) compiled to one ES module, built
 * if missing or stale. Concurrent callers may both build; each writes its own temporary file and
 * renames it into place, so a reader never sees half a file.
 */
export async function compiledEntry(entry) {
  const name = relative(repoRoot, resolve(repoRoot, entry)).replace(/[\\/]/g, '_').replace(/\.ts$/, '');
  const outfile = join(cacheDir, `${name}.mjs`);
  const stampFile = join(cacheDir, `${name}.inputs.json`);
  if (!upToDate(stampFile)) {
    const { build } = await import('esbuild');
    mkdirSync(dirname(outfile), { recursive: true });
    const temporary = `${outfile}.${process.pid}.${Date.now()}.tmp`;
    const result = await build({
      entryPoints: [join(repoRoot, entry)],
      absWorkingDir: repoRoot, // metafile inputs relative to the repository
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      metafile: true,
      write: false,
      logLevel: 'error',
      plugins: [externalPackages, keepModuleUrls],
    });
    const code = result.outputFiles.find((f) => f.path === temporary);
    if (!code) throw new Error(`esbuild produced no ${temporary}`);
    const inputs = {};
    for (const file of Object.keys(result.metafile.inputs)) {
      const s = statSync(join(repoRoot, file));
      inputs[file] = { size: s.size, mtimeMs: s.mtimeMs };
    }
    writeFileSync(temporary, code.contents);
    renameSync(temporary, outfile);
    writeFileSync(`${stampFile}.${process.pid}.tmp`, JSON.stringify({ entry, inputs }));
    renameSync(`${stampFile}.${process.pid}.tmp`, stampFile);
  }
  return pathToFileURL(outfile).href;
}
