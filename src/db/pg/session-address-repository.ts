import { and, asc, eq, gt, inArray, lte, max } from 'drizzle-orm';
import type { SessionAddress, WatchedAddressRow } from '../../domain/records.js';
import { type NamedStatement, runNamed } from './named-statement.js';
import type { PgDatabase } from './pg-database.js';
import { sessionAddresses } from './schema.js';

/** Named, one per number of rows: it runs in every session's creation, for all of its families at once. */
const insertAddresses = (count: number): NamedStatement => ({
  name: `stablepos_session_addresses_insert_${count}`,
  text: `INSERT INTO session_addresses (session_id, family, livemode, address, derivation_index, watch_until)
    VALUES ${Array.from({ length: count }, (_, i) => `($${6 * i + 1}, $${6 * i + 2}, $${6 * i + 3}, $${6 * i + 4}, $${6 * i + 5}, $${6 * i + 6})`).join(', ')}
    RETURNING row_id, family`,
});
const INSERT_ADDRESSES: NamedStatement[] = [];

/** Rows `eachIssued` reads per query: a few hundred kilobytes, whatever the table's size. */
const ISSUED_PAGE = 5_000;

const t = sessionAddresses;

/** What the address book keeps of a watched address; `row_id` stands for SQLite's rowid (schema.ts). */
const watchedColumns = { row: t.rowId, family: t.family, livemode: t.livemode, address: t.address };

const addressColumns = {
  sessionId: t.sessionId,
  family: t.family,
  livemode: t.livemode,
  address: t.address,
  derivationIndex: t.derivationIndex,
  watchUntil: t.watchUntil,
};

/** Sessions' deposit addresses, on PostgreSQL (the SQLite store's `../session-address-repository.ts`). */
export class PgSessionAddressRepository {
  /** `issuedPage`: rows per query of `eachIssued` (smaller in tests, to cross page boundaries). */
  constructor(
    private readonly database: PgDatabase,
    private readonly issuedPage = ISSUED_PAGE,
  ) {}

  /** One statement for all of a session's addresses; a row's id is matched by its family (unique per session). */
  async insert(addresses: readonly SessionAddress[]): Promise<number[]> {
    if (addresses.length === 0) return [];
    const params: unknown[] = [];
    for (const a of addresses) params.push(a.sessionId, a.family, a.livemode, a.address, a.derivationIndex, a.watchUntil);
    const { rows } = await runNamed<{ row_id: string; family: string }>(this.database, (INSERT_ADDRESSES[addresses.length] ??= insertAddresses(addresses.length)), params);
    // BIGINT comes back from the driver as text.
    const ids = new Map(rows.map((r) => [r.family, Number(r.row_id)]));
    return addresses.map((a) => ids.get(a.family) as number);
  }

  async forSession(sessionId: string): Promise<SessionAddress[]> {
    return this.database.db.select(addressColumns).from(t).where(eq(t.sessionId, sessionId)).orderBy(asc(t.family));
  }

  /** Addresses still inside their watch window: what the watchers match transfers against. */
  async watched(now: number): Promise<WatchedAddressRow[]> {
    return this.database.db.select(watchedColumns).from(t).where(gt(t.watchUntil, now));
  }

  /** Addresses issued after row `row`, oldest first, at most `limit` (the address book's catch-up). */
  async issuedAfter(row: number, limit: number): Promise<WatchedAddressRow[]> {
    return this.database.db.select(watchedColumns).from(t).where(gt(t.rowId, row)).orderBy(asc(t.rowId)).limit(limit);
  }

  /** The newest address's row, 0 when none was issued. */
  async lastRow(): Promise<number> {
    const [found] = await this.database.db.select({ last: max(t.rowId) }).from(t);
    return found?.last ?? 0;
  }

  async watchEnded(after: number, upTo: number): Promise<WatchedAddressRow[]> {
    return (
      this.database.db
        .select(watchedColumns)
        .from(t)
        // `livemode IN (false, true)` lets the (livemode, watch_until) index serve the range, as on SQLite.
        .where(and(inArray(t.livemode, [false, true]), gt(t.watchUntil, after), lte(t.watchUntil, upTo)))
    );
  }

  /** With the address: the book holds only its hash, and confirms a hit against it. */
  async watchOf(row: number): Promise<{ sessionId: string; watchUntil: number; address: string } | undefined> {
    const [found] = await this.database.db.select({ sessionId: t.sessionId, watchUntil: t.watchUntil, address: t.address }).from(t).where(eq(t.rowId, row));
    return found;
  }

  async watchOfAddress(family: string, livemode: boolean, address: string): Promise<{ sessionId: string; watchUntil: number } | undefined> {
    const [found] = await this.database.db
      .select({ sessionId: t.sessionId, watchUntil: t.watchUntil })
      .from(t)
      .where(and(eq(t.family, family), eq(t.livemode, livemode), eq(t.address, address)));
    return found;
  }

  /**
   * Every address ever issued, page by page in row order (a keyset on `row_id`, its unique index): a
   * busy shop has hundreds of thousands of rows, and a page is one short query, so no cursor stays
   * open and no transaction is held while `fn` runs.
   */
  async eachIssued(fn: (family: string, livemode: boolean, address: string) => void): Promise<void> {
    let after = 0;
    for (;;) {
      const page = await this.database.db
        .select({ row: t.rowId, family: t.family, livemode: t.livemode, address: t.address })
        .from(t)
        .where(gt(t.rowId, after))
        .orderBy(asc(t.rowId))
        .limit(this.issuedPage);
      for (const r of page) fn(r.family, r.livemode, r.address);
      if (page.length < this.issuedPage) return;
      after = page[page.length - 1]!.row;
    }
  }
}
