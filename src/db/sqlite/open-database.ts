import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

/** The connection's drizzle handle (queries are built by the repositories, over StoreDb: ../store-db.ts). */
export type Db = BetterSQLite3Database & { $client: Database.Database };

/** Where drizzle-kit writes migrations; a bundled host (Electron) passes its own copy's path. */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The connection's page cache, in KiB as SQLite takes it (a negative cache_size). better-sqlite3 is
 * built with 16 MB (-16000), where SQLite's own default is 2 MB; a core creating sessions fills it
 * with index pages within tens of thousands of sessions and keeps it for its life: ~15 MB of the RSS
 * measured after 100,000 sessions. **Decision:** SQLite's default. A page not in it is read again
 * from the OS's file cache (the WAL and the database file are hot there), a few µs, not a disk read.
 */
export const PAGE_CACHE_KIB = -2000;

/**
 * Opens (creating if needed) the one SQLite file and brings its schema up to date.
 * WAL lets readers run beside the writer; synchronous=NORMAL is durable across app crashes in WAL
 * mode (only an OS crash can lose the last transactions), the usual trade for a local app.
 */
export function openDatabase(file: string, migrationsDir = DEFAULT_MIGRATIONS_DIR): Db {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  makeDatabaseFilesPrivate(file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Savepoints (nested transactions) journal in memory rather than in a temporary file.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma(`cache_size = ${PAGE_CACHE_KIB}`);
  const db = drizzle(sqlite) as Db;
  migrate(db, { migrationsFolder: migrationsDir });
  return db;
}

/**
 * The database file is 0600 from its creation: SQLite creates its `-wal` and `-shm` with the main
 * file's permission bits, so creating the (empty) main file 0600 before SQLite opens it makes all
 * three private, whatever the umask. Files an earlier version made 0644 are tightened.
 */
function makeDatabaseFilesPrivate(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    // `-wal` and `-shm` exist only while some connection has the database open.
    const mode = statSync(f, { throwIfNoEntry: false })?.mode;
    if (mode !== undefined && (mode & 0o077) !== 0) chmodSync(f, 0o600);
  }
}
