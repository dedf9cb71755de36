/**
 * Where things are, for the shell. Files are located relative to this bundle (`out/main/index.js`),
 * not the working directory, so the app finds its parts however it was launched.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';

const fromBundle = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/** The app's data (SQLite file and the rest): `STABLEPOS_DATA_DIR` wins, for tests and kiosks. */
export function dataDir(): string {
  return process.env.STABLEPOS_DATA_DIR || app.getPath('userData');
}

/** The built UI (`out/renderer`), or undefined when it was not built, as the core expects. */
export function rendererDir(): string | undefined {
  const dir = fromBundle('../renderer');
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}

/** The SQL migrations, copied beside the bundle by the build (electron.vite.config.ts). */
export function migrationsDir(): string {
  return fromBundle('./migrations');
}

/** The sandboxed preload, CommonJS because package.json says `"type": "module"`. */
export function preloadFile(): string {
  return fromBundle('../preload/index.cjs');
}
