import type { NamedSql, StoreDb } from './store-db.js';

/**
 * What only SQLite's store has to do about secrets at rest: it is a file of ours, written in plain
 * text by versions before secrets were sealed, whose free pages and WAL frames keep deleted bytes.
 * PostgreSQL's store was never written by such a version (it came after), and its storage is the
 * operator's (as is its encryption at rest).
 */

/** Whether a version that kept secrets in plain text can have written this store (SQLite's file). */
export function mayHoldPlainTextSecrets(store: StoreDb): boolean {
  return store.dialect === 'sqlite';
}

const pragma = (name: string, text: string): NamedSql => ({ name: `stablepos_scrub_${name}`, text });
const READ_SECURE_DELETE = pragma('read_secure_delete', 'PRAGMA secure_delete');
const READ_TEMP_STORE = pragma('read_temp_store', 'PRAGMA temp_store');
const SECURE_DELETE_ON = pragma('secure_delete_on', 'PRAGMA secure_delete = ON');
const TEMP_STORE_FILE = pragma('temp_store_file', 'PRAGMA temp_store = FILE');
const VACUUM = pragma('vacuum', 'VACUUM');
const CHECKPOINT_TRUNCATE = pragma('checkpoint', 'PRAGMA wal_checkpoint(TRUNCATE)');
// 2 is FAST, which the pragma takes by name only (a number means on or off).
const SECURE_DELETE = ['OFF', 'ON', 'FAST'].map((v) => pragma(`secure_delete_${v}`, `PRAGMA secure_delete = ${v}`));
const TEMP_STORE = ['DEFAULT', 'FILE', 'MEMORY'].map((v) => pragma(`temp_store_${v}`, `PRAGMA temp_store = ${v}`));

/**
 * Runs `rewrite` (a unit of work rewriting rows that held secrets) so that no old bytes of them stay
 * in the file: the rewritten pages go to the WAL with their freed cells zeroed (secure_delete), then
 * the file is rebuilt (VACUUM: free pages may still hold deleted rows) and the WAL emptied (older
 * frames hold the old pages). `complete` is false when another connection kept the WAL from being
 * emptied. Outside a unit of work (VACUUM cannot run in one). On PostgreSQL, `rewrite` alone.
 */
export async function scrubbedRewrite<T>(store: StoreDb, rewrite: () => Promise<T>): Promise<{ result: T; complete: boolean }> {
  if (store.dialect === 'postgres') return { result: await rewrite(), complete: true };
  const [secureDelete] = await store.named<{ secure_delete: number }>(READ_SECURE_DELETE, []);
  const [tempStore] = await store.named<{ temp_store: number }>(READ_TEMP_STORE, []);
  await store.named(SECURE_DELETE_ON, []);
  try {
    const result = await rewrite();
    // VACUUM builds the new file in a temporary database: on disk, not in memory (the app's
    // setting for savepoints), or a large shop's database would need as much RAM as its size.
    await store.named(TEMP_STORE_FILE, []);
    await store.named(VACUUM, []);
    const [checkpoint] = await store.named<{ busy: number; log: number; checkpointed: number }>(CHECKPOINT_TRUNCATE, []);
    const complete = checkpoint !== undefined && checkpoint.busy === 0 && checkpoint.log === checkpoint.checkpointed;
    return { result, complete };
  } finally {
    await store.named(SECURE_DELETE[secureDelete?.secure_delete ?? 0] as NamedSql, []);
    await store.named(TEMP_STORE[tempStore?.temp_store ?? 0] as NamedSql, []);
  }
}
