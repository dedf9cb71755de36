import type { ResolvedConfig } from '../config.js';
import type { SecretCipher } from '../domain/secret-cipher.js';
import { openPgStores } from './pg-stores.js';
import { openSqliteStores } from './sqlite-stores.js';
import type { Stores } from './stores.js';

/** The configured store: PostgreSQL when a database URL is set, else the data dir's SQLite file. */
export async function openStores(config: ResolvedConfig, cipher: SecretCipher): Promise<Stores> {
  if (config.databaseUrl !== undefined) return openPgStores({ url: config.databaseUrl }, cipher);
  return openSqliteStores(config.databaseFile, config.migrationsDir, cipher);
}
