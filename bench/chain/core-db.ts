import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The core's SQLite file opened read-only beside it (WAL lets a reader in while the core writes):
 * where the ethereum test-mode watcher has scanned to, and how many payments it has recorded.
 */
export interface CoreDbReader {
  /** The stored cursor (the last scanned block: EVM writes it as decimal text), or undefined before the first scan. */
  cursor(): number | undefined;
  /** Payment rows on ethereum in test mode that belong to a session. */
  sessionPayments(): number;
  close(): void;
}

export function openCoreDb(dataDir: string): CoreDbReader {
  const file = join(dataDir, 'stablepos.sqlite');
  if (!existsSync(file)) throw new Error(`no database at ${file}`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const cursor = db.prepare<[], { position: string }>("SELECT position FROM chain_cursors WHERE network = 'ethereum' AND livemode = 0");
  const paid = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM payments WHERE network = 'ethereum' AND livemode = 0 AND session_id IS NOT NULL");
  return {
    cursor: () => {
      const position = cursor.get()?.position;
      return position === undefined ? undefined : Number(position);
    },
    sessionPayments: () => paid.get()?.n ?? 0,
    close: () => db.close(),
  };
}
