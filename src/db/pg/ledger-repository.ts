import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, min, type SQL, sql, sum } from 'drizzle-orm';
import type { Currency } from '../../domain/currencies.js';
import type { BalanceTransaction, BalanceTransactionType, FundsBalance } from '../../domain/ledger.js';
import type { DatedEntry, LedgerSum } from '../../domain/ledger-summary.js';
import type { Conversion, ConversionQuote, LedgerQuery, Settlement } from '../../domain/records.js';
import { quoteRow, toConversion, toEntry, toLedgerSum, toQuote, toSettlement } from '../ledger-rows.js';
import { paged } from '../sqlite-async.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PgDatabase } from './pg-database.js';
import { balanceTransactions, conversionQuotes, conversions, fundsAccounts, refunds, settlements } from './schema.js';

/** Entries per page of the CSV export, as on SQLite (ledger-repository.ts `entryPage`). */
const EXPORT_PAGE = 1000;

/** `sum()` of a BIGINT is a NUMERIC, which pg hands over as decimal text: read exactly by toLedgerSum. */
const sumOf = (column: AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)`;

/**
 * Ledger entries, funds accounts, settlements and conversions on PostgreSQL (the SQLite store's
 * `../ledger-repository.ts`, same behaviour). Writes run in the caller's unit of work.
 */
export class PgLedgerRepository {
  constructor(private readonly database: PgDatabase) {}

  async insertEntry(e: BalanceTransaction): Promise<void> {
    await this.database.db.insert(balanceTransactions).values(e);
  }

  async bookedBySource(sourceId: string, type: BalanceTransactionType): Promise<{ currency: Currency; amountMinor: bigint; entries: number }[]> {
    const t = balanceTransactions;
    const rows = await this.database.db
      .select({ currency: t.currency, total: sum(t.amountMinor), entries: count() })
      .from(t)
      .where(and(eq(t.sourceId, sourceId), eq(t.type, type)))
      .groupBy(t.currency);
    return rows.map((r) => ({ currency: r.currency as Currency, amountMinor: BigInt(r.total ?? 0), entries: r.entries }));
  }

  /** Adds to a funds account, creating it at zero first: one statement, so concurrent adjustments add up. */
  async adjustAccount(merchantId: string, livemode: boolean, currency: Currency, availableDelta: bigint, pendingDelta: bigint, now: number): Promise<void> {
    const t = fundsAccounts;
    await this.database.db
      .insert(t)
      .values({ merchantId, livemode, currency, availableMinor: availableDelta, pendingMinor: pendingDelta, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [t.merchantId, t.livemode, t.currency],
        set: {
          availableMinor: sql`${t.availableMinor} + ${availableDelta}`,
          pendingMinor: sql`${t.pendingMinor} + ${pendingDelta}`,
          updatedAt: now,
        },
      });
  }

  async accounts(merchantId: string, livemode: boolean): Promise<FundsBalance[]> {
    const t = fundsAccounts;
    const rows = await this.database.db
      .select({ currency: t.currency, availableMinor: t.availableMinor, pendingMinor: t.pendingMinor })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode)))
      .orderBy(asc(t.currency));
    return rows.map((r) => ({ ...r, currency: r.currency as Currency }));
  }

  async findSettlementGroup(merchantId: string, livemode: boolean, currency: Currency, availableOn: number): Promise<Settlement | undefined> {
    const t = settlements;
    const [row] = await this.database.db
      .select()
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), eq(t.currency, currency), eq(t.availableOn, availableOn)));
    return row ? toSettlement(row) : undefined;
  }

  async insertSettlement(s: Settlement): Promise<void> {
    await this.database.db.insert(settlements).values(s);
  }

  async addToSettlement(id: string, amountMinor: bigint): Promise<void> {
    const t = settlements;
    await this.database.db
      .update(t)
      .set({ amountMinor: sql`${t.amountMinor} + ${amountMinor}`, entryCount: sql`${t.entryCount} + 1` })
      .where(eq(t.id, id));
  }

  /** Scheduled settlements whose time has come, oldest first. */
  async dueSettlements(now: number, limit: number): Promise<Settlement[]> {
    const t = settlements;
    const rows = await this.database.db
      .select()
      .from(t)
      .where(and(eq(t.status, 'scheduled'), lte(t.availableOn, now)))
      .orderBy(asc(t.availableOn))
      .limit(limit);
    return rows.map(toSettlement);
  }

  async nextSettlementAt(): Promise<number | undefined> {
    const t = settlements;
    const [row] = await this.database.db.select({ at: min(t.availableOn) }).from(t).where(eq(t.status, 'scheduled'));
    return row?.at ?? undefined;
  }

  /** Marks a scheduled settlement settled; false if it already was (another sweep got there first). */
  async markSettled(id: string, now: number): Promise<boolean> {
    const t = settlements;
    const done = await this.database.db
      .update(t)
      .set({ status: 'settled', settledAt: now })
      .where(and(eq(t.id, id), eq(t.status, 'scheduled')))
      .returning({ id: t.id });
    return done.length === 1;
  }

  async settlementsOf(merchantId: string, livemode: boolean, status: Settlement['status'], limit: number): Promise<Settlement[]> {
    const t = settlements;
    const rows = await this.database.db
      .select()
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), eq(t.status, status)))
      .orderBy(status === 'scheduled' ? asc(t.availableOn) : desc(t.availableOn))
      .limit(limit);
    return rows.map(toSettlement);
  }

  async findEntry(id: string): Promise<BalanceTransaction | undefined> {
    const [row] = await this.database.db.select().from(balanceTransactions).where(eq(balanceTransactions.id, id));
    return row ? toEntry(row) : undefined;
  }

  /** The filters that are set, and the cursor's bound on the sequence number. */
  private where(q: LedgerQuery, extra: { beforeSeq?: number | undefined; afterSeq?: number | undefined } = {}): SQL | undefined {
    const t = balanceTransactions;
    const c = [eq(t.merchantId, q.merchantId), eq(t.livemode, q.livemode)];
    if (q.type) c.push(eq(t.type, q.type));
    if (q.currency) c.push(eq(t.currency, q.currency));
    if (q.sourceId) c.push(eq(t.sourceId, q.sourceId));
    if (q.createdGte !== undefined) c.push(gte(t.createdAt, q.createdGte));
    if (q.createdLt !== undefined) c.push(lt(t.createdAt, q.createdLt));
    if (q.availableOnGte !== undefined) c.push(gte(t.availableOn, q.availableOnGte));
    if (q.availableOnLt !== undefined) c.push(lt(t.availableOn, q.availableOnLt));
    if (extra.beforeSeq !== undefined) c.push(lt(t.seq, extra.beforeSeq));
    if (extra.afterSeq !== undefined) c.push(gt(t.seq, extra.afterSeq));
    return and(...c);
  }

  private async page(where: SQL | undefined, ascending: boolean, limit: number) {
    const t = balanceTransactions;
    return await this.database.db.select().from(t).where(where).orderBy(ascending ? asc(t.seq) : desc(t.seq)).limit(limit);
  }

  private async seqOf(id: string): Promise<number | undefined> {
    const [row] = await this.database.db.select({ seq: balanceTransactions.seq }).from(balanceTransactions).where(eq(balanceTransactions.id, id));
    return row?.seq;
  }

  /** One page, newest first; cursors are entry ids (resolved to their sequence number). */
  async listEntries(q: LedgerQuery & { limit: number; startingAfter?: string; endingBefore?: string }): Promise<{ items: BalanceTransaction[]; hasMore: boolean }> {
    const backwards = q.endingBefore !== undefined && q.startingAfter === undefined;
    const cursorId = q.startingAfter ?? q.endingBefore;
    let cursor: number | undefined;
    if (cursorId !== undefined) {
      cursor = await this.seqOf(cursorId);
      if (cursor === undefined) return { items: [], hasMore: false };
    }
    const rows = await this.page(this.where(q, backwards ? { afterSeq: cursor } : { beforeSeq: cursor }), backwards, q.limit + 1);
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    if (backwards) page.reverse();
    return { items: page.map(toEntry), hasMore };
  }

  /**
   * Every matching entry, newest first, one page per query: no cursor or transaction stays open
   * between pages (the export's reader may be slow), as on SQLite.
   */
  iterateEntries(q: LedgerQuery): AsyncIterable<BalanceTransaction> {
    return paged(async (beforeSeq: number | undefined) => {
      const rows = await this.page(this.where(q, { beforeSeq }), false, EXPORT_PAGE);
      return { items: rows.map(toEntry), next: rows.length < EXPORT_PAGE ? undefined : rows[rows.length - 1]?.seq };
    });
  }

  /** A session's payment entries and those of its refunds (debits and their reversals), summed. */
  async sessionSums(sessionId: string): Promise<LedgerSum[]> {
    const t = balanceTransactions;
    const itsRefunds = this.database.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.sessionId, sessionId));
    const rows = await this.database.db
      .select({ currency: t.currency, type: t.type, amount: sumOf(t.amountMinor), fee: sumOf(t.feeMinor) })
      .from(t)
      .where(sql`(${and(eq(t.sourceId, sessionId), eq(t.type, 'payment'))}) OR (${and(inArray(t.sourceId, itsRefunds), inArray(t.type, ['refund', 'adjustment']))})`)
      .groupBy(t.currency, t.type);
    return rows.map(toLedgerSum);
  }

  /** What is pending: the entries of settlements still scheduled, summed (their nets add up to the accounts' pending). */
  async pendingSums(merchantId: string, livemode: boolean): Promise<LedgerSum[]> {
    const b = balanceTransactions;
    const s = settlements;
    const rows = await this.database.db
      .select({ currency: b.currency, type: b.type, amount: sumOf(b.amountMinor), fee: sumOf(b.feeMinor) })
      .from(s)
      .innerJoin(b, and(eq(b.merchantId, s.merchantId), eq(b.livemode, s.livemode), eq(b.availableOn, s.availableOn), eq(b.currency, s.currency)))
      .where(and(eq(s.merchantId, merchantId), eq(s.livemode, livemode), eq(s.status, 'scheduled'), eq(b.settles, true)))
      .groupBy(b.currency, b.type);
    return rows.map(toLedgerSum);
  }

  /** Every entry of a merchant's mode, summed. */
  async allSums(merchantId: string, livemode: boolean): Promise<LedgerSum[]> {
    const t = balanceTransactions;
    const rows = await this.database.db
      .select({ currency: t.currency, type: t.type, amount: sumOf(t.amountMinor), fee: sumOf(t.feeMinor) })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode)))
      .groupBy(t.currency, t.type);
    return rows.map(toLedgerSum);
  }

  /** Entries created at or after `since` (the daily series), oldest first. */
  async entriesSince(merchantId: string, livemode: boolean, since: number): Promise<DatedEntry[]> {
    const t = balanceTransactions;
    const rows = await this.database.db
      .select({ createdAt: t.createdAt, currency: t.currency, type: t.type, amountMinor: t.amountMinor, feeMinor: t.feeMinor })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), gte(t.createdAt, since)))
      .orderBy(asc(t.createdAt), asc(t.seq));
    return rows.map((r) => ({ ...r, currency: r.currency as Currency, type: r.type as BalanceTransactionType }));
  }

  async insertConversion(c: Conversion): Promise<void> {
    await this.database.db.insert(conversions).values(c);
  }

  async findConversion(id: string): Promise<Conversion | undefined> {
    const [row] = await this.database.db.select().from(conversions).where(eq(conversions.id, id));
    return row ? toConversion(row) : undefined;
  }

  async listConversions(merchantId: string, livemode: boolean, limit: number, startingAfter?: string): Promise<{ items: Conversion[]; hasMore: boolean }> {
    const t = conversions;
    const c = [eq(t.merchantId, merchantId), eq(t.livemode, livemode)];
    if (startingAfter !== undefined) {
      const [row] = await this.database.db.select({ seq: t.seq }).from(t).where(eq(t.id, startingAfter));
      if (row === undefined) return { items: [], hasMore: false };
      c.push(lt(t.seq, row.seq));
    }
    const rows = await this.database.db.select().from(t).where(and(...c)).orderBy(desc(t.seq)).limit(limit + 1);
    return { items: rows.slice(0, limit).map(toConversion), hasMore: rows.length > limit };
  }

  async insertQuote(q: ConversionQuote): Promise<void> {
    await this.database.db.insert(conversionQuotes).values(quoteRow(q));
  }

  async findQuote(id: string): Promise<ConversionQuote | undefined> {
    const [row] = await this.database.db.select().from(conversionQuotes).where(eq(conversionQuotes.id, id));
    return row ? toQuote(row) : undefined;
  }

  async deleteQuote(id: string): Promise<boolean> {
    const deleted = await this.database.db.delete(conversionQuotes).where(eq(conversionQuotes.id, id)).returning({ id: conversionQuotes.id });
    return deleted.length > 0;
  }

  async purgeQuotes(now: number): Promise<number> {
    const deleted = await this.database.db.delete(conversionQuotes).where(lte(conversionQuotes.expiresAt, now)).returning({ id: conversionQuotes.id });
    return deleted.length;
  }
}
