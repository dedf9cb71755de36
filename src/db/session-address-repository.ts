import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SessionAddress, WatchedAddressRow } from '../domain/records.js';
import { insertAddressRows } from './sql-address-insert.js';
import { rowIdOf } from './sql-row-id.js';
import type { StoreDb } from './store-db.js';

/** Rows `eachIssued` reads per query: a few hundred kilobytes, whatever the table's size. */
const ISSUED_PAGE = 5_000;

/** Sessions' deposit addresses: one per chain family, never given to another session. */
export class SessionAddressRepository {
  /** `issuedPage`: rows per query of `eachIssued` (smaller in tests, to cross page boundaries). */
  constructor(
    private readonly store: StoreDb,
    private readonly issuedPage = ISSUED_PAGE,
  ) {}

  /** What the address book keeps of a watched address: the row's number stands for the rest. */
  private watchedColumns() {
    const t = this.store.t.sessionAddresses;
    return { row: rowIdOf(this.store), family: t.family, livemode: t.livemode, address: t.address };
  }

  /** Adds addresses to a session stored before (a new session's come with it: SessionStore.insert). */
  async insert(addresses: readonly SessionAddress[]): Promise<number[]> {
    return await insertAddressRows(this.store, addresses);
  }

  async forSession(sessionId: string): Promise<SessionAddress[]> {
    const t = this.store.t.sessionAddresses;
    return this.store.db
      .select({ sessionId: t.sessionId, family: t.family, livemode: t.livemode, address: t.address, derivationIndex: t.derivationIndex, watchUntil: t.watchUntil })
      .from(t)
      .where(eq(t.sessionId, sessionId))
      .orderBy(asc(t.family));
  }

  /** The addresses of several sessions. */
  async forSessions(sessionIds: readonly string[]): Promise<SessionAddress[]> {
    if (sessionIds.length === 0) return [];
    const t = this.store.t.sessionAddresses;
    return this.store.db
      .select({ sessionId: t.sessionId, family: t.family, livemode: t.livemode, address: t.address, derivationIndex: t.derivationIndex, watchUntil: t.watchUntil })
      .from(t)
      .where(inArray(t.sessionId, [...sessionIds]))
      .orderBy(asc(t.family));
  }

  /** Addresses still inside their watch window: what the watchers match transfers against. */
  async watched(now: number): Promise<WatchedAddressRow[]> {
    const t = this.store.t.sessionAddresses;
    return this.store.db.select(this.watchedColumns()).from(t).where(gt(t.watchUntil, now));
  }

  /** Addresses issued after row `row`, oldest first, at most `limit` (the address book's catch-up). */
  async issuedAfter(row: number, limit: number): Promise<WatchedAddressRow[]> {
    const t = this.store.t.sessionAddresses;
    const id = rowIdOf(this.store);
    return this.store.db.select(this.watchedColumns()).from(t).where(gt(id, row)).orderBy(asc(id)).limit(limit);
  }

  /** The newest address's row, 0 when none was issued. */
  async lastRow(): Promise<number> {
    const [found] = await this.store.db.select({ last: sql<number | null>`max(${rowIdOf(this.store)})`.mapWith(Number) }).from(this.store.t.sessionAddresses);
    return found?.last ?? 0;
  }

  async watchEnded(after: number, upTo: number): Promise<WatchedAddressRow[]> {
    const t = this.store.t.sessionAddresses;
    return (
      this.store.db
        .select(this.watchedColumns())
        .from(t)
        // `livemode IN (false, true)` lets the (livemode, watch_until) index serve the range.
        .where(and(inArray(t.livemode, [false, true]), gt(t.watchUntil, after), lte(t.watchUntil, upTo)))
    );
  }

  /** With the address: the book holds only its hash, and confirms a hit against it. */
  async watchOf(row: number): Promise<{ sessionId: string; watchUntil: number; address: string } | undefined> {
    const t = this.store.t.sessionAddresses;
    const [found] = await this.store.db.select({ sessionId: t.sessionId, watchUntil: t.watchUntil, address: t.address }).from(t).where(eq(rowIdOf(this.store), row));
    return found;
  }

  async watchOfAddress(family: string, livemode: boolean, address: string): Promise<{ sessionId: string; watchUntil: number } | undefined> {
    const t = this.store.t.sessionAddresses;
    const [found] = await this.store.db
      .select({ sessionId: t.sessionId, watchUntil: t.watchUntil })
      .from(t)
      .where(and(eq(t.family, family), eq(t.livemode, livemode), eq(t.address, address)));
    return found;
  }

  /**
   * Every address ever issued, page by page in row order (a keyset on the row id): a busy shop has
   * hundreds of thousands of rows, and a page is one short query, so no cursor stays open.
   */
  async eachIssued(fn: (family: string, livemode: boolean, address: string) => void): Promise<void> {
    const t = this.store.t.sessionAddresses;
    const id = rowIdOf(this.store);
    let after = 0;
    for (;;) {
      const page = await this.store.db
        .select({ row: id, family: t.family, livemode: t.livemode, address: t.address })
        .from(t)
        .where(gt(id, after))
        .orderBy(asc(id))
        .limit(this.issuedPage);
      for (const r of page) fn(r.family, r.livemode, r.address);
      if (page.length < this.issuedPage) return;
      after = page[page.length - 1]!.row;
    }
  }
}

export type { SessionAddress };
