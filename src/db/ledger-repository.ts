import { and, asc, count, desc, eq, lt, lte, sql, sum } from 'drizzle-orm';
import type { Currency } from '../domain/currencies.js';
import type { BalanceTransaction, BalanceTransactionType, FundsBalance } from '../domain/ledger.js';
import type { DatedEntry, LedgerSum } from '../domain/ledger-summary.js';
import type { Conversion, ConversionQuote, LedgerQuery, Settlement } from '../domain/records.js';
import type { Statement } from 'better-sqlite3';
import type { Db } from './open-database.js';
import { quoteRow, toConversion, toEntry, toLedgerSum, toQuote, toSettlement } from './ledger-rows.js';
import { balanceTransactions, conversionQuotes, conversions, fundsAccounts, settlements } from './schema.js';

/** A ledger row as SQLite returns it to a raw statement. */
interface RawEntry {
  seq: number;
  id: string;
  merchant_id: string;
  livemode: number;
  type: string;
  currency: string;
  amount_minor: number;
  fee_minor: number;
  net_minor: number;
  available_on: number;
  settles: number;
  source_id: string;
  description: string;
  created_at: number;
}

const fromRaw = (r: RawEntry): BalanceTransaction => ({
  id: r.id,
  merchantId: r.merchant_id,
  livemode: r.livemode === 1,
  type: r.type as BalanceTransactionType,
  currency: r.currency as Currency,
  amountMinor: BigInt(r.amount_minor),
  feeMinor: BigInt(r.fee_minor),
  netMinor: BigInt(r.net_minor),
  availableOn: r.available_on,
  settles: r.settles === 1,
  sourceId: r.source_id,
  description: r.description,
  createdAt: r.created_at,
});

/** Ledger entries, funds accounts, settlements and conversions. Writes run in the caller's transaction. */
export class LedgerRepository {
  /**
   * Pages of the ledger are read often and over millions of rows: their SQL is written by hand and
   * each shape (which filters are set) prepared once, rather than built and prepared per request.
   */
  private readonly pageStatements = new Map<string, Statement>();
  /** The summaries' statements (sums as bigint), prepared once each. */
  private readonly sumStatements = new Map<string, Statement>();

  constructor(private readonly db: Db) {}

  insertEntry(e: BalanceTransaction): void {
    this.db.insert(balanceTransactions).values(e).run();
  }

  /** Gross already booked per currency for a source (a session's payment entries). */
  bookedBySource(sourceId: string, type: BalanceTransactionType): { currency: Currency; amountMinor: bigint; entries: number }[] {
    const t = balanceTransactions;
    return this.db
      .select({ currency: t.currency, total: sum(t.amountMinor), entries: count() })
      .from(t)
      .where(and(eq(t.sourceId, sourceId), eq(t.type, type)))
      .groupBy(t.currency)
      .all()
      .map((r) => ({ currency: r.currency as Currency, amountMinor: BigInt(r.total ?? 0), entries: r.entries }));
  }

  /** Adds to a funds account, creating it at zero first. */
  adjustAccount(merchantId: string, livemode: boolean, currency: Currency, availableDelta: bigint, pendingDelta: bigint, now: number): void {
    const t = fundsAccounts;
    this.db
      .insert(t)
      .values({ merchantId, livemode, currency, availableMinor: availableDelta, pendingMinor: pendingDelta, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [t.merchantId, t.livemode, t.currency],
        set: {
          availableMinor: sql`${t.availableMinor} + ${availableDelta}`,
          pendingMinor: sql`${t.pendingMinor} + ${pendingDelta}`,
          updatedAt: now,
        },
      })
      .run();
  }

  accounts(merchantId: string, livemode: boolean): FundsBalance[] {
    const t = fundsAccounts;
    return this.db
      .select({ currency: t.currency, availableMinor: t.availableMinor, pendingMinor: t.pendingMinor })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode)))
      .orderBy(asc(t.currency))
      .all()
      .map((r) => ({ ...r, currency: r.currency as Currency }));
  }

  findSettlementGroup(merchantId: string, livemode: boolean, currency: Currency, availableOn: number): Settlement | undefined {
    const t = settlements;
    const row = this.db
      .select()
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), eq(t.currency, currency), eq(t.availableOn, availableOn)))
      .get();
    return row ? toSettlement(row) : undefined;
  }

  insertSettlement(s: Settlement): void {
    this.db.insert(settlements).values(s).run();
  }

  addToSettlement(id: string, amountMinor: bigint): void {
    const t = settlements;
    this.db
      .update(t)
      .set({ amountMinor: sql`${t.amountMinor} + ${amountMinor}`, entryCount: sql`${t.entryCount} + 1` })
      .where(eq(t.id, id))
      .run();
  }

  /** Scheduled settlements whose time has come, oldest first. */
  dueSettlements(now: number, limit: number): Settlement[] {
    const t = settlements;
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.status, 'scheduled'), lte(t.availableOn, now)))
      .orderBy(asc(t.availableOn))
      .limit(limit)
      .all()
      .map(toSettlement);
  }

  nextSettlementAt(): number | undefined {
    const t = settlements;
    return this.db.select({ at: sql<number | null>`min(${t.availableOn})` }).from(t).where(eq(t.status, 'scheduled')).get()?.at ?? undefined;
  }

  /** Marks a scheduled settlement settled; false if it already was (another sweep got there first). */
  markSettled(id: string, now: number): boolean {
    const t = settlements;
    return this.db.update(t).set({ status: 'settled', settledAt: now }).where(and(eq(t.id, id), eq(t.status, 'scheduled'))).run().changes === 1;
  }

  settlementsOf(merchantId: string, livemode: boolean, status: Settlement['status'], limit: number): Settlement[] {
    const t = settlements;
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), eq(t.status, status)))
      .orderBy(status === 'scheduled' ? asc(t.availableOn) : desc(t.availableOn))
      .limit(limit)
      .all()
      .map(toSettlement);
  }

  findEntry(id: string): BalanceTransaction | undefined {
    const row = this.db.select().from(balanceTransactions).where(eq(balanceTransactions.id, id)).get();
    return row ? toEntry(row) : undefined;
  }

  /** WHERE clause and parameters for the filters that are set (column names are fixed, values bound). */
  private where(q: LedgerQuery, extra: { beforeSeq?: number | undefined; afterSeq?: number | undefined } = {}): { sql: string; params: unknown[] } {
    const parts = ['merchant_id = ?', 'livemode = ?'];
    const params: unknown[] = [q.merchantId, q.livemode ? 1 : 0];
    const add = (clause: string, value: unknown) => {
      parts.push(clause);
      params.push(value);
    };
    if (q.type) add('type = ?', q.type);
    if (q.currency) add('currency = ?', q.currency);
    if (q.sourceId) add('source_id = ?', q.sourceId);
    if (q.createdGte !== undefined) add('created_at >= ?', q.createdGte);
    if (q.createdLt !== undefined) add('created_at < ?', q.createdLt);
    if (q.availableOnGte !== undefined) add('available_on >= ?', q.availableOnGte);
    if (q.availableOnLt !== undefined) add('available_on < ?', q.availableOnLt);
    if (extra.beforeSeq !== undefined) add('seq < ?', extra.beforeSeq);
    if (extra.afterSeq !== undefined) add('seq > ?', extra.afterSeq);
    return { sql: parts.join(' AND '), params };
  }

  private page(where: { sql: string; params: unknown[] }, ascending: boolean, limit: number): RawEntry[] {
    const text = `SELECT * FROM balance_transactions WHERE ${where.sql} ORDER BY seq ${ascending ? 'ASC' : 'DESC'} LIMIT ?`;
    let statement = this.pageStatements.get(text);
    if (!statement) {
      statement = this.db.$client.prepare(text);
      this.pageStatements.set(text, statement);
    }
    return statement.all(...where.params, limit) as RawEntry[];
  }

  private seqOf(id: string): number | undefined {
    return this.db.select({ seq: balanceTransactions.seq }).from(balanceTransactions).where(eq(balanceTransactions.id, id)).get()?.seq;
  }

  /** One page, newest first; cursors are entry ids (resolved to their sequence number). */
  listEntries(q: LedgerQuery & { limit: number; startingAfter?: string; endingBefore?: string }): { items: BalanceTransaction[]; hasMore: boolean } {
    const backwards = q.endingBefore !== undefined && q.startingAfter === undefined;
    const cursorId = q.startingAfter ?? q.endingBefore;
    let cursor: number | undefined;
    if (cursorId !== undefined) {
      cursor = this.seqOf(cursorId);
      if (cursor === undefined) return { items: [], hasMore: false };
    }
    const rows = this.page(this.where(q, backwards ? { afterSeq: cursor } : { beforeSeq: cursor }), backwards, q.limit + 1);
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    if (backwards) page.reverse();
    return { items: page.map(fromRaw), hasMore };
  }

  /**
   * One page of every matching entry, newest first, below `beforeSeq`; `next` is where the following
   * page starts (undefined after the last). The CSV export reads page by page (sqlite-async.ts), so
   * an export of any size never sits in memory, and no statement stays open between two pages.
   */
  entryPage(q: LedgerQuery, beforeSeq: number | undefined): { items: BalanceTransaction[]; next: number | undefined } {
    const BATCH = 1000;
    const rows = this.page(this.where(q, { beforeSeq }), false, BATCH);
    return { items: rows.map(fromRaw), next: rows.length < BATCH ? undefined : (rows[rows.length - 1] as RawEntry).seq };
  }

  /** Raw sums grouped by currency and type, as the summaries below read them. */
  private sums(text: string, ...params: unknown[]): LedgerSum[] {
    let statement = this.sumStatements.get(text);
    if (!statement) {
      statement = this.db.$client.prepare(text);
      this.sumStatements.set(text, statement);
    }
    // safeIntegers: sums of minor units stay exact (they are bigint everywhere else too).
    return (statement.safeIntegers(true).all(...params) as { currency: string; type: string; amount: bigint; fee: bigint }[]).map(toLedgerSum);
  }

  /** A session's payment entries and those of its refunds (debits and their reversals), summed. */
  sessionSums(sessionId: string): LedgerSum[] {
    return this.sums(
      `SELECT currency, type, sum(amount_minor) AS amount, sum(fee_minor) AS fee FROM balance_transactions
       WHERE source_id = ? AND type = 'payment'
          OR source_id IN (SELECT id FROM refunds WHERE session_id = ?) AND type IN ('refund', 'adjustment')
       GROUP BY currency, type`,
      sessionId,
      sessionId,
    );
  }

  /** What is pending: the entries of settlements still scheduled, summed (their nets add up to the accounts' pending). */
  pendingSums(merchantId: string, livemode: boolean): LedgerSum[] {
    return this.sums(
      `SELECT b.currency, b.type, sum(b.amount_minor) AS amount, sum(b.fee_minor) AS fee
       FROM settlements s JOIN balance_transactions b
         ON b.merchant_id = s.merchant_id AND b.livemode = s.livemode AND b.available_on = s.available_on AND b.currency = s.currency
       WHERE s.merchant_id = ? AND s.livemode = ? AND s.status = 'scheduled' AND b.settles = 1
       GROUP BY b.currency, b.type`,
      merchantId,
      livemode ? 1 : 0,
    );
  }

  /** Every entry of a merchant's mode, summed (a scan of its ledger: read on the Balances screen, not per request of the API's hot paths). */
  allSums(merchantId: string, livemode: boolean): LedgerSum[] {
    return this.sums(
      `SELECT currency, type, sum(amount_minor) AS amount, sum(fee_minor) AS fee FROM balance_transactions
       WHERE merchant_id = ? AND livemode = ? GROUP BY currency, type`,
      merchantId,
      livemode ? 1 : 0,
    );
  }

  /** Entries created at or after `since` (the daily series), oldest first. */
  entriesSince(merchantId: string, livemode: boolean, since: number): DatedEntry[] {
    return this.db.$client
      .prepare('SELECT created_at, currency, type, amount_minor, fee_minor FROM balance_transactions WHERE merchant_id = ? AND livemode = ? AND created_at >= ? ORDER BY created_at')
      .safeIntegers(true)
      .all(merchantId, livemode ? 1 : 0, since)
      .map((r) => {
        const row = r as { created_at: bigint; currency: string; type: string; amount_minor: bigint; fee_minor: bigint };
        return { createdAt: Number(row.created_at), currency: row.currency as Currency, type: row.type as BalanceTransactionType, amountMinor: row.amount_minor, feeMinor: row.fee_minor };
      });
  }

  insertConversion(c: Conversion): void {
    this.db.insert(conversions).values(c).run();
  }

  findConversion(id: string): Conversion | undefined {
    const row = this.db.select().from(conversions).where(eq(conversions.id, id)).get();
    return row ? toConversion(row) : undefined;
  }

  listConversions(merchantId: string, livemode: boolean, limit: number, startingAfter?: string): { items: Conversion[]; hasMore: boolean } {
    const t = conversions;
    const c = [eq(t.merchantId, merchantId), eq(t.livemode, livemode)];
    if (startingAfter !== undefined) {
      const seq = this.db.select({ seq: t.seq }).from(t).where(eq(t.id, startingAfter)).get()?.seq;
      if (seq === undefined) return { items: [], hasMore: false };
      c.push(lt(t.seq, seq));
    }
    const rows = this.db.select().from(t).where(and(...c)).orderBy(desc(t.seq)).limit(limit + 1).all();
    return { items: rows.slice(0, limit).map(toConversion), hasMore: rows.length > limit };
  }

  insertQuote(q: ConversionQuote): void {
    this.db.insert(conversionQuotes).values(quoteRow(q)).run();
  }

  findQuote(id: string): ConversionQuote | undefined {
    const row = this.db.select().from(conversionQuotes).where(eq(conversionQuotes.id, id)).get();
    return row ? toQuote(row) : undefined;
  }

  deleteQuote(id: string): boolean {
    return this.db.delete(conversionQuotes).where(eq(conversionQuotes.id, id)).run().changes > 0;
  }

  purgeQuotes(now: number): number {
    return this.db.delete(conversionQuotes).where(lte(conversionQuotes.expiresAt, now)).run().changes;
  }
}
