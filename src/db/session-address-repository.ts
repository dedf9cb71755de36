import type Database from 'better-sqlite3';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SessionAddress, WatchedAddressRow } from '../domain/records.js';
import type { Db } from './open-database.js';
import { sessionAddresses } from './schema.js';

export class SessionAddressRepository {
  /** INSERTs of 1, 2, 3 … rows, prepared when first needed (a session has one row per family). */
  private readonly insertRows: Database.Statement<unknown[], { rowid: number; family: string }>[] = [];
  private readonly ofSession;
  private readonly watchOfRow;

  constructor(private readonly db: Db) {
    const p = (name: string) => sql.placeholder(name);
    this.ofSession = db.select().from(sessionAddresses).where(eq(sessionAddresses.sessionId, p('sessionId'))).orderBy(asc(sessionAddresses.family)).prepare();
    this.watchOfRow = db
      .select({ sessionId: sessionAddresses.sessionId, watchUntil: sessionAddresses.watchUntil, address: sessionAddresses.address })
      .from(sessionAddresses)
      .where(eq(sql`rowid`, p('row')))
      .prepare();
  }

  /**
   * One statement for all of a session's addresses (raw, like the other inserts of session creation:
   * the hot path, see session-repository.ts). A row's id is matched by its family, unique per session:
   * SQLite does not promise RETURNING's order.
   */
  insert(rows: readonly SessionAddress[]): number[] {
    if (rows.length === 0) return [];
    const statement = (this.insertRows[rows.length] ??= this.db.$client.prepare(
      `INSERT INTO session_addresses (session_id, family, livemode, address, derivation_index, watch_until)
       VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')} RETURNING rowid, family`,
    ));
    const params: unknown[] = [];
    for (const a of rows) params.push(a.sessionId, a.family, a.livemode ? 1 : 0, a.address, a.derivationIndex, a.watchUntil);
    const ids = new Map(statement.all(...params).map((r) => [r.family, r.rowid]));
    return rows.map((a) => ids.get(a.family) as number);
  }

  forSession(sessionId: string): SessionAddress[] {
    return this.ofSession.all({ sessionId });
  }

  private readonly watchedColumns = {
    row: sql<number>`rowid`.mapWith(Number),
    family: sessionAddresses.family,
    livemode: sessionAddresses.livemode,
    address: sessionAddresses.address,
  };

  /** Addresses still inside their watch window: what the watchers match transfers against. */
  watched(now: number): WatchedAddressRow[] {
    return this.db.select(this.watchedColumns).from(sessionAddresses).where(gt(sessionAddresses.watchUntil, now)).all();
  }

  /** Addresses issued after row `row`, oldest first, at most `limit` (the address book's catch-up). */
  issuedAfter(row: number, limit: number): WatchedAddressRow[] {
    return this.db.select(this.watchedColumns).from(sessionAddresses).where(sql`rowid > ${row}`).orderBy(sql`rowid`).limit(limit).all();
  }

  /** The newest address's row, 0 when none was issued. */
  lastRow(): number {
    return (this.db.$client.prepare('SELECT max(rowid) AS last FROM session_addresses').get() as { last: number | null }).last ?? 0;
  }

  watchEnded(after: number, upTo: number): WatchedAddressRow[] {
    return this.db
      .select(this.watchedColumns)
      .from(sessionAddresses)
      // `livemode IN (0, 1)` lets the (livemode, watch_until) index serve the range.
      .where(and(inArray(sessionAddresses.livemode, [false, true]), gt(sessionAddresses.watchUntil, after), lte(sessionAddresses.watchUntil, upTo)))
      .all();
  }

  /** With the address: the book holds only its hash, and confirms a hit against it. */
  watchOf(row: number): { sessionId: string; watchUntil: number; address: string } | undefined {
    return this.watchOfRow.get({ row });
  }

  watchOfAddress(family: string, livemode: boolean, address: string): { sessionId: string; watchUntil: number } | undefined {
    const found = this.find(family, livemode, address);
    return found && { sessionId: found.sessionId, watchUntil: found.watchUntil };
  }

  eachIssued(fn: (family: string, livemode: boolean, address: string) => void): void {
    // Iterated, not read whole: a busy shop has hundreds of thousands of rows.
    const rows = this.db.$client.prepare('SELECT family, livemode, address FROM session_addresses').raw().iterate() as IterableIterator<[string, number, string]>;
    for (const [family, livemode, address] of rows) fn(family, livemode === 1, address);
  }

  find(family: string, livemode: boolean, address: string): SessionAddress | undefined {
    return this.db
      .select()
      .from(sessionAddresses)
      .where(and(eq(sessionAddresses.family, family), eq(sessionAddresses.livemode, livemode), eq(sessionAddresses.address, address)))
      .get();
  }
}

export type { SessionAddress };
