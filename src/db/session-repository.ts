import { and, asc, desc, eq, gt, gte, inArray, lt, lte, min, or, type SQL, sql } from 'drizzle-orm';
import { groupBy } from '../domain/group-by.js';
import type { SessionAddress } from '../domain/records.js';
import type { PaymentSession, SessionListQuery } from '../domain/session.js';
import type { SessionException, SessionStatus } from '../domain/session-state.js';
import { amountMatches, fromLineItems, SEARCH_DECIMAL, toSession } from './session-rows.js';
import { insertManySessionRows, insertSessionRows } from './sql-session-insert.js';
import { containsFolded, startsWithText } from './sql-text-search.js';
import type { StoreDb } from './store-db.js';

/** A session's row: the values of sql-session-insert.ts' SESSION_COLUMNS, in order. */
function rowOf(session: PaymentSession): unknown[] {
  return [
    session.id,
    session.merchantId,
    session.merchantDomainId,
    session.livemode,
    session.status,
    session.exception,
    session.currency,
    session.amountMinor,
    session.amountReceivedMinor,
    session.amountRefundedMinor,
    session.description,
    session.clientReferenceId,
    JSON.stringify(session.metadata),
    fromLineItems(session.lineItems),
    session.successUrl,
    session.cancelUrl,
    session.resolvedBy,
    session.createdAt,
    session.expiresAt,
    session.updatedAt,
    session.tipMinor,
    session.shiftId,
    session.createdBy,
  ];
}

/** Payment sessions and their locked quotes. Every write here is one statement or in the caller's unit of work. */
export class SessionRepository {
  constructor(private readonly store: StoreDb) {}

  /**
   * A search by what a person remembers of a sale: the start of its id, a word of its description, or
   * its amount. One box rather than three filters, because the till's staff do not know which it is.
   */
  private searchMatches(text: string): SQL {
    const t = this.store.t.paymentSessions;
    const parts: SQL[] = [startsWithText(this.store, t.id, text), containsFolded(this.store, t.description, text)];
    if (SEARCH_DECIMAL.test(text)) parts.push(amountMatches(t, text));
    return or(...parts) ?? sql`1 = 0`;
  }

  /**
   * Inserts a session and its quotes; call inside the caller's unit of work. Named statements, not the
   * query builder: session creation is the API's hot path, where building SQL per call cost about a
   * third of the statements' own time (bench: `npm run bench -- sessions`). With it, its deposit
   * `addresses` (one statement for all on PostgreSQL). @returns the addresses' new row ids, in the order given
   */
  async insert(session: PaymentSession, addresses: readonly SessionAddress[] = []): Promise<number[]> {
    return await insertSessionRows(this.store, session, rowOf(session), addresses);
  }

  /**
   * As `insert`, in the caller's unit of work, sent at its commit with the other sessions of its group
   * (StoreDb.atCommit: one statement for a whole group commit on PostgreSQL; SQLite: at once).
   * `stored` gets the addresses' row ids then, still in the unit (to announce them with its commit);
   * a failure there fails the unit.
   */
  async insertAtCommit(session: PaymentSession, addresses: readonly SessionAddress[], stored: (ids: number[]) => Promise<void>): Promise<void> {
    const item = { session, row: rowOf(session), addresses, stored };
    await this.store.atCommit('payment_sessions:insert', item, async (items) => {
      const ids = await insertManySessionRows(this.store, items);
      for (const [i, one] of items.entries()) await one.stored(ids[i] as number[]);
    });
  }

  async findById(id: string): Promise<PaymentSession | undefined> {
    const { paymentSessions: s, sessionQuotes: q } = this.store.t;
    const [[row], quotes] = await Promise.all([
      this.store.db.select().from(s).where(eq(s.id, id)),
      this.store.db.select().from(q).where(eq(q.sessionId, id)).orderBy(asc(q.currency)),
    ]);
    return row ? toSession(row, quotes) : undefined;
  }

  /** The sessions of `ids` that exist, in no particular order (reports: one read for a day's sales). */
  async findByIds(ids: readonly string[]): Promise<PaymentSession[]> {
    if (ids.length === 0) return [];
    const { paymentSessions: s, sessionQuotes: q } = this.store.t;
    const [rows, quotes] = await Promise.all([
      this.store.db.select().from(s).where(inArray(s.id, [...ids])),
      this.store.db.select().from(q).where(inArray(q.sessionId, [...ids])).orderBy(asc(q.currency)),
    ]);
    const quotesOf = groupBy(quotes, (x) => x.sessionId);
    return rows.map((r) => toSession(r, quotesOf.get(r.id) ?? []));
  }

  /** One page, newest first, plus whether more lie beyond it in the direction of travel. */
  async list(q: SessionListQuery): Promise<{ items: PaymentSession[]; hasMore: boolean }> {
    const db = this.store.db;
    const { paymentSessions: t, sessionQuotes: quotesTable, payments } = this.store.t;
    const conditions = [eq(t.merchantId, q.merchantId), eq(t.livemode, q.livemode)];
    if (q.status) conditions.push(eq(t.status, q.status));
    if (q.currency) conditions.push(eq(t.currency, q.currency));
    if (q.createdGte !== undefined) conditions.push(gte(t.createdAt, q.createdGte));
    if (q.createdLt !== undefined) conditions.push(lt(t.createdAt, q.createdLt));
    if (q.network !== undefined) {
      conditions.push(sql`exists (select 1 from ${payments} where ${payments.sessionId} = ${t.id} and ${payments.network} = ${q.network} and ${payments.status} != 'orphaned')`);
    }
    if (q.amount !== undefined) conditions.push(amountMatches(t, q.amount));
    if (q.search !== undefined) conditions.push(this.searchMatches(q.search));
    const backwards = q.endingBefore !== undefined && q.startingAfter === undefined;
    const cursorId = q.startingAfter ?? q.endingBefore;
    if (cursorId !== undefined) {
      const [cursor] = await db.select({ seq: t.seq }).from(t).where(eq(t.id, cursorId));
      if (cursor === undefined) return { items: [], hasMore: false };
      conditions.push(backwards ? gt(t.seq, cursor.seq) : lt(t.seq, cursor.seq));
    }
    const rows = await db
      .select()
      .from(t)
      .where(and(...conditions))
      .orderBy(backwards ? asc(t.seq) : desc(t.seq))
      .limit(q.limit + 1);
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    if (backwards) page.reverse();
    const ids = page.map((r) => r.id);
    const quotes = ids.length ? await db.select().from(quotesTable).where(inArray(quotesTable.sessionId, ids)).orderBy(asc(quotesTable.currency)) : [];
    return { items: page.map((r) => toSession(r, quotes.filter((x) => x.sessionId === r.id))), hasMore };
  }

  /** Writes a derived state: status, exception and amount received move together. */
  async updateState(
    id: string,
    state: { status: SessionStatus; exception: SessionException | null; amountReceivedMinor: bigint; resolvedBy?: 'owner' | null },
    now: number,
  ): Promise<void> {
    const t = this.store.t.paymentSessions;
    await this.store.db.update(t).set({ ...state, updatedAt: now }).where(eq(t.id, id));
  }

  /** The session's tip (the service checks first that nothing has been paid). */
  async setTip(id: string, tipMinor: bigint, now: number): Promise<void> {
    const t = this.store.t.paymentSessions;
    await this.store.db.update(t).set({ tipMinor, updatedAt: now }).where(eq(t.id, id));
  }

  /** What the session's refunds that hold money add up to, in its pricing currency. */
  async setRefunded(id: string, amountRefundedMinor: bigint, now: number): Promise<void> {
    const t = this.store.t.paymentSessions;
    await this.store.db.update(t).set({ amountRefundedMinor, updatedAt: now }).where(eq(t.id, id));
  }

  /** Ids of PENDING sessions whose expiry has passed, oldest deadline first. */
  async dueForExpiry(now: number, limit: number): Promise<string[]> {
    const t = this.store.t.paymentSessions;
    const rows = await this.store.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, 'PENDING'), lte(t.expiresAt, now)))
      .orderBy(asc(t.expiresAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** The earliest deadline among PENDING sessions, if any: when the expiry timer must next wake. */
  async nextExpiry(): Promise<number | undefined> {
    const t = this.store.t.paymentSessions;
    const [row] = await this.store.db.select({ at: min(t.expiresAt) }).from(t).where(eq(t.status, 'PENDING'));
    return row?.at ?? undefined;
  }
}
