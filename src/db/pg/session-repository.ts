import { and, asc, desc, eq, gt, gte, inArray, lt, lte, min, or, type SQL, sql } from 'drizzle-orm';
import type { PaymentSession, SessionListQuery } from '../../domain/session.js';
import type { SessionException, SessionStatus } from '../../domain/session-state.js';
import { amountMatches, fromLineItems, SEARCH_DECIMAL, toSession } from '../session-rows.js';
import { type NamedStatement, runNamed } from './named-statement.js';
import type { PgDatabase } from './pg-database.js';
import { payments, paymentSessions, sessionQuotes } from './schema.js';

/**
 * A session and all its quotes in one statement, so one round trip: the quotes' rows come from arrays
 * (`unnest`), whatever their number, and the session's insert runs once even when there are none.
 */
const INSERT_SESSION: NamedStatement = {
  name: 'stablepos_session_insert',
  text: `WITH s AS (
      INSERT INTO payment_sessions (id, merchant_id, merchant_domain_id, livemode, status, exception, currency, amount_minor,
        amount_received_minor, amount_refunded_minor, description, client_reference_id, metadata, line_items, success_url,
        cancel_url, resolved_by, created_at, expires_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
      RETURNING id)
    INSERT INTO session_quotes (session_id, currency, rate_scaled, rate_source, amount_due_minor, fee_fixed_minor)
    SELECT s.id, q.currency, q.rate_scaled, q.rate_source, q.amount_due_minor, q.fee_fixed_minor
    FROM s, unnest($21::text[], $22::numeric[], $23::text[], $24::bigint[], $25::bigint[])
      AS q (currency, rate_scaled, rate_source, amount_due_minor, fee_fixed_minor)`,
};

/** PostgreSQL's `lower()` folds every letter the collation knows; the search folds A–Z only, as SQLite's. */
const asciiLower = (value: SQL) => sql`translate(${value}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;

/**
 * The search of `../session-repository.ts` in PostgreSQL's words: `starts_with` and `strpos` compare
 * plain text, so `%` and `_` are characters, as `substr`/`instr` keep them there. PostgreSQL text
 * cannot hold NUL, so a search holding one matches no id or description (and is not sent).
 */
function searchMatches(text: string): SQL {
  const t = paymentSessions;
  const parts: SQL[] = text.includes('\u0000')
    ? []
    : [sql`starts_with(${t.id}, ${text})`, sql`strpos(${asciiLower(sql`coalesce(${t.description}, '')`)}, ${asciiLower(sql`${text}`)}) > 0`];
  if (SEARCH_DECIMAL.test(text)) parts.push(amountMatches(t, text));
  return or(...parts) ?? sql`1 = 0`;
}

/** Payment sessions and their locked quotes, on PostgreSQL (the SQLite store's `../session-repository.ts`). */
export class PgSessionRepository {
  constructor(private readonly database: PgDatabase) {}

  /** Inserts a session and its quotes (one statement); call inside the caller's unit of work. */
  async insert(session: PaymentSession): Promise<void> {
    const q = session.quotes;
    await runNamed(this.database, INSERT_SESSION, [
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
      q.map((x) => x.currency),
      q.map((x) => x.rateScaled),
      q.map((x) => x.rateSource),
      q.map((x) => x.amountDueMinor),
      q.map((x) => x.feeFixedMinor),
    ]);
  }

  async findById(id: string): Promise<PaymentSession | undefined> {
    const db = this.database.db;
    const [[row], quotes] = await Promise.all([
      db.select().from(paymentSessions).where(eq(paymentSessions.id, id)),
      db.select().from(sessionQuotes).where(eq(sessionQuotes.sessionId, id)).orderBy(asc(sessionQuotes.currency)),
    ]);
    return row ? toSession(row, quotes) : undefined;
  }

  /** One page, newest first, plus whether more lie beyond it in the direction of travel. */
  async list(q: SessionListQuery): Promise<{ items: PaymentSession[]; hasMore: boolean }> {
    const db = this.database.db;
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
    const quotes = ids.length ? await db.select().from(sessionQuotes).where(inArray(sessionQuotes.sessionId, ids)).orderBy(asc(sessionQuotes.currency)) : [];
    return { items: page.map((r) => toSession(r, quotes.filter((x) => x.sessionId === r.id))), hasMore };
  }

  /** Writes a derived state: status, exception and amount received move together. */
  async updateState(
    id: string,
    state: { status: SessionStatus; exception: SessionException | null; amountReceivedMinor: bigint; resolvedBy?: 'owner' | null },
    now: number,
  ): Promise<void> {
    await this.database.db.update(paymentSessions).set({ ...state, updatedAt: now }).where(eq(paymentSessions.id, id));
  }

  /** What the session's refunds that hold money add up to, in its pricing currency. */
  async setRefunded(id: string, amountRefundedMinor: bigint, now: number): Promise<void> {
    await this.database.db.update(paymentSessions).set({ amountRefundedMinor, updatedAt: now }).where(eq(paymentSessions.id, id));
  }

  /** Ids of PENDING sessions whose expiry has passed, oldest deadline first. */
  async dueForExpiry(now: number, limit: number): Promise<string[]> {
    const t = paymentSessions;
    const rows = await this.database.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.status, 'PENDING'), lte(t.expiresAt, now)))
      .orderBy(asc(t.expiresAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** The earliest deadline among PENDING sessions, if any: when the expiry timer must next wake. */
  async nextExpiry(): Promise<number | undefined> {
    const t = paymentSessions;
    const [row] = await this.database.db.select({ at: min(t.expiresAt) }).from(t).where(eq(t.status, 'PENDING'));
    return row?.at ?? undefined;
  }
}
