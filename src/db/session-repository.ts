import type Database from 'better-sqlite3';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, min, or, type SQL, sql } from 'drizzle-orm';
import type { PaymentSession, SessionListQuery } from '../domain/session.js';
import type { SessionException, SessionStatus } from '../domain/session-state.js';
import type { Db } from './open-database.js';
import { payments, paymentSessions, sessionQuotes } from './schema.js';
import { amountMatches, fromLineItems, SEARCH_DECIMAL, toSession } from './session-rows.js';

/**
 * A search by what a person remembers of a sale: the start of its id, a word of its description, or
 * its amount. One box rather than three filters, because the till's staff do not know which it is.
 * `instr` rather than LIKE: a description's `%` and `_` are then plain characters.
 */
function searchMatches(text: string): SQL {
  const t = paymentSessions;
  const parts: SQL[] = [
    sql`substr(${t.id}, 1, ${text.length}) = ${text}`,
    sql`instr(lower(coalesce(${t.description}, '')), lower(${text})) > 0`,
  ];
  if (SEARCH_DECIMAL.test(text)) parts.push(amountMatches(t, text));
  return or(...parts) ?? sql`0`;
}

/** Payment sessions and their locked quotes. Every write here is one statement or one transaction. */
export class SessionRepository {
  private readonly byId;
  private readonly quotesOf;
  private readonly insertSession;
  /** INSERTs of 1, 2 … quotes, prepared when first needed (a session has one quote per stablecoin). */
  private readonly insertQuotes: Database.Statement<unknown[]>[] = [];

  constructor(private readonly db: Db) {
    // Prepared once: session creation is the API's hot path, and building and preparing SQL per call
    // cost more than executing it.
    // The two inserts of every new session bypass the query builder: its per-call parameter mapping
    // cost about a third of the statements' own time (bench: `npm run bench -- sessions`).
    this.insertSession = db.$client.prepare(
      `INSERT INTO payment_sessions (id, merchant_id, merchant_domain_id, livemode, status, exception, currency, amount_minor,
         amount_received_minor, amount_refunded_minor, description, client_reference_id, metadata, line_items, success_url,
         cancel_url, resolved_by, created_at, expires_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.byId = db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, sql.placeholder('id')))
      .prepare();
    this.quotesOf = db
      .select()
      .from(sessionQuotes)
      .where(eq(sessionQuotes.sessionId, sql.placeholder('id')))
      .orderBy(asc(sessionQuotes.currency))
      .prepare();
  }

  /** Inserts a session and its quotes; call inside the caller's transaction. */
  insert(session: PaymentSession): void {
    this.insertSession.run(
      session.id,
      session.merchantId,
      session.merchantDomainId,
      session.livemode ? 1 : 0,
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
    );
    const quotes = session.quotes;
    if (quotes.length === 0) return;
    // All the quotes in one statement: a statement each cost one more in every session's creation.
    const statement = (this.insertQuotes[quotes.length] ??= this.db.$client.prepare(
      `INSERT INTO session_quotes (session_id, currency, rate_scaled, rate_source, amount_due_minor, fee_fixed_minor)
       VALUES ${quotes.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
    ));
    const params: unknown[] = [];
    for (const q of quotes) params.push(session.id, q.currency, q.rateScaled.toString(), q.rateSource, q.amountDueMinor, q.feeFixedMinor);
    statement.run(...params);
  }

  findById(id: string): PaymentSession | undefined {
    const row = this.byId.get({ id });
    return row ? toSession(row, this.quotesOf.all({ id })) : undefined;
  }

  /** One page, newest first, plus whether more lie beyond it in the direction of travel. */
  list(q: SessionListQuery): { items: PaymentSession[]; hasMore: boolean } {
    const t = paymentSessions;
    const conditions = [eq(t.merchantId, q.merchantId), eq(t.livemode, q.livemode)];
    if (q.status) conditions.push(eq(t.status, q.status));
    if (q.currency) conditions.push(eq(t.currency, q.currency));
    if (q.createdGte !== undefined) conditions.push(gte(t.createdAt, q.createdGte));
    if (q.createdLt !== undefined) conditions.push(lt(t.createdAt, q.createdLt));
    if (q.network !== undefined) {
      conditions.push(sql`exists (select 1 from ${payments} where ${payments.sessionId} = ${t.id} and ${payments.network} = ${q.network} and ${payments.status} != 'orphaned')`);
    }
    if (q.amount !== undefined) conditions.push(amountMatches(t, q.amount));
    if (q.search !== undefined) conditions.push(searchMatches(q.search));
    const backwards = q.endingBefore !== undefined && q.startingAfter === undefined;
    const cursorId = q.startingAfter ?? q.endingBefore;
    if (cursorId !== undefined) {
      const cursorSeq = this.db.select({ seq: t.seq }).from(t).where(eq(t.id, cursorId)).get()?.seq;
      if (cursorSeq === undefined) return { items: [], hasMore: false };
      conditions.push(backwards ? gt(t.seq, cursorSeq) : lt(t.seq, cursorSeq));
    }
    const rows = this.db
      .select()
      .from(t)
      .where(and(...conditions))
      .orderBy(backwards ? asc(t.seq) : desc(t.seq))
      .limit(q.limit + 1)
      .all();
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    if (backwards) page.reverse();
    const ids = page.map((r) => r.id);
    const quotes = ids.length
      ? this.db.select().from(sessionQuotes).where(inArray(sessionQuotes.sessionId, ids)).orderBy(asc(sessionQuotes.currency)).all()
      : [];
    return { items: page.map((r) => toSession(r, quotes.filter((x) => x.sessionId === r.id))), hasMore };
  }

  /** Writes a derived state: status, exception and amount received move together. */
  updateState(
    id: string,
    state: { status: SessionStatus; exception: SessionException | null; amountReceivedMinor: bigint; resolvedBy?: 'owner' | null },
    now: number,
  ): void {
    this.db.update(paymentSessions).set({ ...state, updatedAt: now }).where(eq(paymentSessions.id, id)).run();
  }

  /** What the session's refunds that hold money add up to, in its pricing currency. */
  setRefunded(id: string, amountRefundedMinor: bigint, now: number): void {
    this.db.update(paymentSessions).set({ amountRefundedMinor, updatedAt: now }).where(eq(paymentSessions.id, id)).run();
  }

  /** Ids of PENDING sessions whose expiry has passed, oldest deadline first. */
  dueForExpiry(now: number, limit: number): string[] {
    const t = paymentSessions;
    return this.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, 'PENDING'), lte(t.expiresAt, now)))
      .orderBy(asc(t.expiresAt))
      .limit(limit)
      .all()
      .map((r) => r.id);
  }

  /** The earliest deadline among PENDING sessions, if any: when the expiry timer must next wake. */
  nextExpiry(): number | undefined {
    const t = paymentSessions;
    return this.db.select({ at: min(t.expiresAt) }).from(t).where(eq(t.status, 'PENDING')).get()?.at ?? undefined;
  }
}
