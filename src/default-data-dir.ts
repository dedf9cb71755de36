import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where data lives when neither --data-dir nor STABLEPOS_DATA_DIR says: the same folder Electron's
 * `app.getPath('userData')` gives the desktop app, so the CLI and the window share one database.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.STABLEPOS_DATA_DIR) return env.STABLEPOS_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'stablepos');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'stablepos');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'stablepos');
}
