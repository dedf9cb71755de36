/**
 * electron-vite builds three bundles: the main process (shell plus the core from src/), the preload
 * and the UI. Outputs: out/main/index.js (package.json "main"), out/preload/index.cjs, out/renderer/.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Copies the SQL migrations to out/main/migrations: the core applies them on start, reading them
 * from disk, and once bundled it can no longer find them beside src/db (main/paths.ts points there).
 */
function copyMigrations(): Plugin {
  return {
    name: 'stablepos:copy-migrations',
    apply: 'build',
    writeBundle(options) {
      cpSync(here('src/db/sqlite/migrations'), join(options.dir ?? here('out/main'), 'migrations'), { recursive: true });
    },
  };
}

export default defineConfig({
  main: {
    plugins: [copyMigrations()],
    build: {
      outDir: here('out/main'),
      // ESM, like the package ("type": "module"). The core in src/ is bundled in; dependencies from
      // package.json stay external (electron-vite's externalizeDeps default) and load from
      // node_modules at run time: better-sqlite3 is a native addon and cannot be bundled at all.
      rolldownOptions: { input: { index: here('main/index.ts') } },
      // Except viem: compiled in, so that only what the core uses of it is loaded (bin/compiled.mjs,
      // BUNDLED_PACKAGES, says why; the two builds bundle the same packages).
      externalizeDeps: { exclude: ['viem', '@noble/hashes', '@noble/curves', '@scure/bip32'] },
    },
  },
  preload: {
    build: {
      outDir: here('out/preload'),
      rolldownOptions: {
        input: { index: here('main/preload.ts') },
        // A sandboxed preload cannot be an ES module, and with "type": "module" a `.js` file would be
        // read as one: CommonJS in a `.cjs` file is the only form that loads.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: here('renderer'),
    plugins: [react()],
    build: {
      outDir: here('out/renderer'),
      rolldownOptions: { input: { index: here('renderer/index.html') } },
      // Emit every asset as a file: the page's CSP allows images from 'self' only, not data: URLs.
      assetsInlineLimit: 0,
      // The headless server hands this bundle to browsers across the network, not only to Electron.
      minify: true,
    },
  },
});
