import type { NamedSql, StoreDb } from './store-db.js';

/** SQLite's count of commits made by other connections to the file (another process: the command line). */
const DATA_VERSION: NamedSql = { name: 'stablepos_data_version', text: 'PRAGMA data_version' };

/**
 * A number that moves when another process committed to the store behind this one's back. SQLite:
 * its data version (one statement, no I/O). PostgreSQL: none to read (0): every instance on it
 * announces its changes as change signals, which the services that keep something listen to.
 */
export async function othersCommitVersion(store: StoreDb): Promise<number> {
  if (store.dialect === 'postgres') return 0;
  const [row] = await store.named<{ data_version: number }>(DATA_VERSION, []);
  return row?.data_version ?? 0;
}
