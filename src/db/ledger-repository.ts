import { and, asc, count, desc, eq, gte, inArray, lt, lte, min, sql } from 'drizzle-orm';
import type { Currency } from '../domain/currencies.js';
import type { BalanceTransaction, BalanceTransactionType, FundsBalance } from '../domain/ledger.js';
import type { DatedEntry, LedgerSum } from '../domain/ledger-summary.js';
import type { Conversion, ConversionQuote, LedgerQuery, Settlement } from '../domain/records.js';
import type { Column } from 'drizzle-orm';
import { paged } from './paged.js';
import type { NamedSql, StoreDb } from './store-db.js';
import { rawBigint, rawBoolean, rawCount } from './store-db.js';

/** Entries per page of the CSV export. */
const EXPORT_PAGE = 1000;

/**
 * A sum of money as decimal text: exact on both drivers (SQLite's sum is a 64-bit integer, which its
 * driver would hand over as a lossy number; PostgreSQL's `sum(bigint)` a NUMERIC), read by BigInt.
 */
const sumText = (column: string) => `CAST(sum(${column}) AS TEXT)`;
/** The same in the query builder. */
const sumOf = (column: Column) => sql<string>`cast(sum(${column}) as text)`;

type Named<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };

/** A ledger entry as a raw statement gives it (store-db.ts's readers even out the drivers). */
interface RawEntry {
  seq: unknown;
  id: string;
  merchant_id: string;
  livemode: unknown;
  type: string;
  currency: string;
  amount_minor: unknown;
  fee_minor: unknown;
  net_minor: unknown;
  tip_minor: unknown;
  available_on: unknown;
  settles: unknown;
  source_id: string;
  description: string;
  created_at: unknown;
}

const ENTRY_COLUMNS = 'seq, id, merchant_id, livemode, type, currency, amount_minor, fee_minor, net_minor, tip_minor, available_on, settles, source_id, description, created_at';

const fromRaw = (r: RawEntry): BalanceTransaction => ({
  id: r.id,
  merchantId: r.merchant_id,
  livemode: rawBoolean(r.livemode),
  type: r.type as BalanceTransactionType,
  currency: r.currency as Currency,
  amountMinor: rawBigint(r.amount_minor),
  feeMinor: rawBigint(r.fee_minor),
  netMinor: rawBigint(r.net_minor),
  tipMinor: rawBigint(r.tip_minor),
  availableOn: rawCount(r.available_on),
  settles: rawBoolean(r.settles),
  sourceId: r.source_id,
  description: r.description,
  createdAt: rawCount(r.created_at),
});

const toEntry = (r: Named<BalanceTransaction, 'type' | 'currency'> & { seq?: number }): BalanceTransaction => ({
  id: r.id,
  merchantId: r.merchantId,
  livemode: r.livemode,
  type: r.type as BalanceTransactionType,
  currency: r.currency as Currency,
  amountMinor: r.amountMinor,
  feeMinor: r.feeMinor,
  netMinor: r.netMinor,
  tipMinor: r.tipMinor,
  availableOn: r.availableOn,
  settles: r.settles,
  sourceId: r.sourceId,
  description: r.description,
  createdAt: r.createdAt,
});

const toSettlement = (r: Named<Settlement, 'currency' | 'status'>): Settlement => ({
  ...r,
  currency: r.currency as Currency,
  status: r.status as Settlement['status'],
});

const toConversion = ({ seq: _seq, ...r }: Named<Conversion, 'fromCurrency' | 'toCurrency'> & { seq: number }): Conversion => ({
  ...r,
  fromCurrency: r.fromCurrency as Currency,
  toCurrency: r.toCurrency as Currency,
});

/** A quote's row: its rate flattened into columns (the rate's pair is the quote's). */
const quoteRow = ({ rate, ...q }: ConversionQuote) => ({
  ...q,
  rateScaled: rate.scaled,
  rateSource: rate.source,
  rateAsOf: rate.asOf.getTime(),
});

const toQuote = ({ rateScaled, rateSource, rateAsOf, ...r }: Named<ReturnType<typeof quoteRow>, 'fromCurrency' | 'toCurrency'>): ConversionQuote => ({
  ...r,
  fromCurrency: r.fromCurrency as Currency,
  toCurrency: r.toCurrency as Currency,
  rate: { scaled: rateScaled, base: r.fromCurrency as Currency, quote: r.toCurrency as Currency, source: rateSource, asOf: new Date(rateAsOf) },
});

/** A sum row of the summaries (sums as decimal text, see sumText). */
const toLedgerSum = (r: { currency: string; type: string; amount: string; fee: string; tip: string }): LedgerSum => ({
  currency: r.currency as Currency,
  type: r.type as BalanceTransactionType,
  amountMinor: BigInt(r.amount),
  feeMinor: BigInt(r.fee),
  tipMinor: BigInt(r.tip),
});

// The summaries: named, each prepared once per connection.
const SESSION_SUMS: NamedSql = {
  name: 'stablepos_ledger_session_sums',
  text: `SELECT currency, type, ${sumText('amount_minor')} AS amount, ${sumText('fee_minor')} AS fee, ${sumText('tip_minor')} AS tip FROM balance_transactions
    WHERE source_id = $1 AND type = 'payment'
       OR source_id IN (SELECT id FROM refunds WHERE session_id = $1) AND type IN ('refund', 'adjustment')
    GROUP BY currency, type`,
};
const PENDING_SUMS: NamedSql = {
  name: 'stablepos_ledger_pending_sums',
  text: `SELECT b.currency, b.type, ${sumText('b.amount_minor')} AS amount, ${sumText('b.fee_minor')} AS fee, ${sumText('b.tip_minor')} AS tip
    FROM settlements s JOIN balance_transactions b
      ON b.merchant_id = s.merchant_id AND b.livemode = s.livemode AND b.available_on = s.available_on AND b.currency = s.currency
    WHERE s.merchant_id = $1 AND s.livemode = $2 AND s.status = 'scheduled' AND b.settles = $3
    GROUP BY b.currency, b.type`,
};
const ALL_SUMS: NamedSql = {
  name: 'stablepos_ledger_all_sums',
  text: `SELECT currency, type, ${sumText('amount_minor')} AS amount, ${sumText('fee_minor')} AS fee, ${sumText('tip_minor')} AS tip FROM balance_transactions
    WHERE merchant_id = $1 AND livemode = $2 GROUP BY currency, type`,
};

/**
 * A page of the ledger as a named statement: pages are read often and over millions of rows, so
 * each shape (which filters are set, which way) is written once and prepared once per connection,
 * rather than built per request. Column names are fixed, values bound.
 */
function entryPageSql(q: LedgerQuery, cursor: { beforeSeq?: number | undefined; afterSeq?: number | undefined }, ascending: boolean, limit: number): { statement: NamedSql; params: unknown[] } {
  const parts = ['merchant_id = $1', 'livemode = $2'];
  const params: unknown[] = [q.merchantId, q.livemode];
  let shape = '';
  const add = (flag: string, clause: string, value: unknown) => {
    params.push(value);
    parts.push(`${clause} $${params.length}`);
    shape += flag;
  };
  if (q.type) add('t', 'type =', q.type);
  if (q.currency) add('c', 'currency =', q.currency);
  if (q.sourceId) add('s', 'source_id =', q.sourceId);
  if (q.createdGte !== undefined) add('g', 'created_at >=', q.createdGte);
  if (q.createdLt !== undefined) add('l', 'created_at <', q.createdLt);
  if (q.availableOnGte !== undefined) add('G', 'available_on >=', q.availableOnGte);
  if (q.availableOnLt !== undefined) add('L', 'available_on <', q.availableOnLt);
  if (cursor.beforeSeq !== undefined) add('b', 'seq <', cursor.beforeSeq);
  if (cursor.afterSeq !== undefined) add('a', 'seq >', cursor.afterSeq);
  params.push(limit);
  const text = `SELECT ${ENTRY_COLUMNS} FROM balance_transactions WHERE ${parts.join(' AND ')} ORDER BY seq ${ascending ? 'ASC' : 'DESC'} LIMIT $${params.length}`;
  return { statement: { name: `stablepos_ledger_page_${shape}_${ascending ? 'asc' : 'desc'}`, text }, params };
}

/** Ledger entries, funds accounts, settlements and conversions. Writes run in the caller's unit of work. */
export class LedgerRepository {
  constructor(private readonly store: StoreDb) {}

  async insertEntry(e: BalanceTransaction): Promise<void> {
    await this.store.db.insert(this.store.t.balanceTransactions).values(e);
  }

  /** Gross already booked per currency for a source (a session's payment entries). */
  async bookedBySource(sourceId: string, type: BalanceTransactionType): Promise<{ currency: Currency; amountMinor: bigint; entries: number }[]> {
    const t = this.store.t.balanceTransactions;
    const rows = await this.store.db
      .select({ currency: t.currency, total: sumOf(t.amountMinor), entries: count() })
      .from(t)
      .where(and(eq(t.sourceId, sourceId), eq(t.type, type)))
      .groupBy(t.currency);
    return rows.map((r) => ({ currency: r.currency as Currency, amountMinor: BigInt(r.total), entries: r.entries }));
  }

  /** Adds to a funds account, creating it at zero first: one statement, so concurrent adjustments add up. */
  async adjustAccount(merchantId: string, livemode: boolean, currency: Currency, availableDelta: bigint, pendingDelta: bigint, now: number): Promise<void> {
    const t = this.store.t.fundsAccounts;
    await this.store.db
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
    const t = this.store.t.fundsAccounts;
    const rows = await this.store.db
      .select({ currency: t.currency, availableMinor: t.availableMinor, pendingMinor: t.pendingMinor })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode)))
      .orderBy(asc(t.currency));
    return rows.map((r) => ({ ...r, currency: r.currency as Currency }));
  }

  /**
   * The settlement a new entry joins (read to add to it or create it: `FOR UPDATE`, so on
   * PostgreSQL the group stays this unit's until it commits).
   */
  async findSettlementGroup(merchantId: string, livemode: boolean, currency: Currency, availableOn: number): Promise<Settlement | undefined> {
    const t = this.store.t.settlements;
    const [row] = await this.store.forUpdate(
      this.store.db
        .select()
        .from(t)
        .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), eq(t.currency, currency), eq(t.availableOn, availableOn))),
    );
    return row ? toSettlement(row) : undefined;
  }

  async insertSettlement(s: Settlement): Promise<void> {
    await this.store.db.insert(this.store.t.settlements).values(s);
  }

  async addToSettlement(id: string, amountMinor: bigint): Promise<void> {
    const t = this.store.t.settlements;
    await this.store.db
      .update(t)
      .set({ amountMinor: sql`${t.amountMinor} + ${amountMinor}`, entryCount: sql`${t.entryCount} + 1` })
      .where(eq(t.id, id));
  }

  /** Scheduled settlements whose time has come, oldest first. */
  async dueSettlements(now: number, limit: number): Promise<Settlement[]> {
    const t = this.store.t.settlements;
    const rows = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.status, 'scheduled'), lte(t.availableOn, now)))
      .orderBy(asc(t.availableOn))
      .limit(limit);
    return rows.map(toSettlement);
  }

  async nextSettlementAt(): Promise<number | undefined> {
    const t = this.store.t.settlements;
    const [row] = await this.store.db.select({ at: min(t.availableOn) }).from(t).where(eq(t.status, 'scheduled'));
    return row?.at ?? undefined;
  }

  /** Marks a scheduled settlement settled; false if it already was (another sweep got there first). */
  async markSettled(id: string, now: number): Promise<boolean> {
    const t = this.store.t.settlements;
    const done = await this.store.db
      .update(t)
      .set({ status: 'settled', settledAt: now })
      .where(and(eq(t.id, id), eq(t.status, 'scheduled')));
    return this.store.affected(done) === 1;
  }

  async settlementsOf(merchantId: string, livemode: boolean, status: Settlement['status'], limit: number): Promise<Settlement[]> {
    const t = this.store.t.settlements;
    const rows = await this.store.db
      .select()
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), eq(t.status, status)))
      .orderBy(status === 'scheduled' ? asc(t.availableOn) : desc(t.availableOn))
      .limit(limit);
    return rows.map(toSettlement);
  }

  async findEntry(id: string): Promise<BalanceTransaction | undefined> {
    const t = this.store.t.balanceTransactions;
    const [row] = await this.store.db.select().from(t).where(eq(t.id, id));
    return row ? toEntry(row) : undefined;
  }

  private async page(q: LedgerQuery, cursor: { beforeSeq?: number | undefined; afterSeq?: number | undefined }, ascending: boolean, limit: number): Promise<RawEntry[]> {
    const { statement, params } = entryPageSql(q, cursor, ascending, limit);
    return this.store.named<RawEntry>(statement, params);
  }

  private async seqOf(id: string): Promise<number | undefined> {
    const t = this.store.t.balanceTransactions;
    const [row] = await this.store.db.select({ seq: t.seq }).from(t).where(eq(t.id, id));
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
    const rows = await this.page(q, backwards ? { afterSeq: cursor } : { beforeSeq: cursor }, backwards, q.limit + 1);
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    if (backwards) page.reverse();
    return { items: page.map(fromRaw), hasMore };
  }

  /**
   * One page of every matching entry, newest first, below `beforeSeq`; `next` is where the following
   * page starts (undefined after the last). The CSV export reads page by page (ledgerStore below), so
   * an export of any size never sits in memory, and no statement stays open between two pages.
   */
  async entryPage(q: LedgerQuery, beforeSeq: number | undefined): Promise<{ items: BalanceTransaction[]; next: number | undefined }> {
    const rows = await this.page(q, { beforeSeq }, false, EXPORT_PAGE);
    const last = rows[rows.length - 1];
    return { items: rows.map(fromRaw), next: rows.length < EXPORT_PAGE || last === undefined ? undefined : rawCount(last.seq) };
  }

  /** A session's payment entries and those of its refunds (debits and their reversals), summed. */
  async sessionSums(sessionId: string): Promise<LedgerSum[]> {
    return (await this.store.named<{ currency: string; type: string; amount: string; fee: string; tip: string }>(SESSION_SUMS, [sessionId])).map(toLedgerSum);
  }

  /**
   * `sessionSums` for several sessions at once, each row naming its session: their payment entries,
   * then the refund and adjustment entries of their refunds (two statements whatever their number).
   */
  async sessionSumsMany(sessionIds: readonly string[]): Promise<(LedgerSum & { sessionId: string })[]> {
    if (sessionIds.length === 0) return [];
    const { balanceTransactions: b, refunds: r } = this.store.t;
    const ids = [...sessionIds];
    const sums = { currency: b.currency, type: b.type, amount: sumOf(b.amountMinor), fee: sumOf(b.feeMinor), tip: sumOf(b.tipMinor) };
    const [paid, refunded] = await Promise.all([
      this.store.db
        .select({ sessionId: b.sourceId, ...sums })
        .from(b)
        .where(and(inArray(b.sourceId, ids), eq(b.type, 'payment')))
        .groupBy(b.sourceId, b.currency, b.type)
        .orderBy(asc(b.currency)),
      this.store.db
        .select({ sessionId: r.sessionId, ...sums })
        .from(b)
        .innerJoin(r, eq(b.sourceId, r.id))
        .where(and(inArray(r.sessionId, ids), inArray(b.type, ['refund', 'adjustment'])))
        .groupBy(r.sessionId, b.currency, b.type)
        .orderBy(asc(b.currency)),
    ]);
    // Never null: a row is there because its session id is one of `ids`.
    return [...paid, ...refunded].map((row) => ({ sessionId: row.sessionId as string, ...toLedgerSum(row) }));
  }

  /** What is pending: the entries of settlements still scheduled, summed (their nets add up to the accounts' pending). */
  async pendingSums(merchantId: string, livemode: boolean): Promise<LedgerSum[]> {
    return (await this.store.named<{ currency: string; type: string; amount: string; fee: string; tip: string }>(PENDING_SUMS, [merchantId, livemode, true])).map(toLedgerSum);
  }

  /** Every entry of a merchant's mode, summed (a scan of its ledger: read on the Balances screen, not per request of the API's hot paths). */
  async allSums(merchantId: string, livemode: boolean): Promise<LedgerSum[]> {
    return (await this.store.named<{ currency: string; type: string; amount: string; fee: string; tip: string }>(ALL_SUMS, [merchantId, livemode])).map(toLedgerSum);
  }

  /** Entries created at or after `since` (the daily series), oldest first. */
  async entriesSince(merchantId: string, livemode: boolean, since: number): Promise<DatedEntry[]> {
    const t = this.store.t.balanceTransactions;
    const rows = await this.store.db
      .select({ createdAt: t.createdAt, currency: t.currency, type: t.type, amountMinor: t.amountMinor, feeMinor: t.feeMinor, tipMinor: t.tipMinor })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode), gte(t.createdAt, since)))
      .orderBy(asc(t.createdAt), asc(t.seq));
    return rows.map((r) => ({ ...r, currency: r.currency as Currency, type: r.type as BalanceTransactionType }));
  }

  async insertConversion(c: Conversion): Promise<void> {
    await this.store.db.insert(this.store.t.conversions).values(c);
  }

  async findConversion(id: string): Promise<Conversion | undefined> {
    const t = this.store.t.conversions;
    const [row] = await this.store.db.select().from(t).where(eq(t.id, id));
    return row ? toConversion(row) : undefined;
  }

  async listConversions(merchantId: string, livemode: boolean, limit: number, startingAfter?: string): Promise<{ items: Conversion[]; hasMore: boolean }> {
    const t = this.store.t.conversions;
    const c = [eq(t.merchantId, merchantId), eq(t.livemode, livemode)];
    if (startingAfter !== undefined) {
      const [row] = await this.store.db.select({ seq: t.seq }).from(t).where(eq(t.id, startingAfter));
      if (row === undefined) return { items: [], hasMore: false };
      c.push(lt(t.seq, row.seq));
    }
    const rows = await this.store.db.select().from(t).where(and(...c)).orderBy(desc(t.seq)).limit(limit + 1);
    return { items: rows.slice(0, limit).map(toConversion), hasMore: rows.length > limit };
  }

  async insertQuote(q: ConversionQuote): Promise<void> {
    await this.store.db.insert(this.store.t.conversionQuotes).values(quoteRow(q));
  }

  async findQuote(id: string): Promise<ConversionQuote | undefined> {
    const t = this.store.t.conversionQuotes;
    const [row] = await this.store.db.select().from(t).where(eq(t.id, id));
    return row ? toQuote(row) : undefined;
  }

  /** Takes the quote out; false when it was gone already (one statement: a quote converts once). */
  async deleteQuote(id: string): Promise<boolean> {
    const t = this.store.t.conversionQuotes;
    return this.store.affected(await this.store.db.delete(t).where(eq(t.id, id))) > 0;
  }

  async purgeQuotes(now: number): Promise<number> {
    const t = this.store.t.conversionQuotes;
    return this.store.affected(await this.store.db.delete(t).where(lte(t.expiresAt, now)));
  }
}

/** What the ledger's port is built from: the repository, or its SQLite port (each method in its turn). */
type LedgerPages = Pick<LedgerRepository, 'entryPage'>;

/**
 * The ledger's store port over `repo`: its methods, and the CSV export read page by page through
 * `entryPage`, each page one store call (on SQLite one turn of the connection: other flows' calls run
 * between two pages, and no statement stays open across the reader's awaits).
 */
export function ledgerStore<R extends LedgerPages>(repo: R): R & { iterateEntries(q: LedgerQuery): AsyncIterable<BalanceTransaction> } {
  const port = Object.create(repo) as R & { iterateEntries(q: LedgerQuery): AsyncIterable<BalanceTransaction> };
  port.iterateEntries = (q) => paged((beforeSeq: number | undefined) => repo.entryPage(q, beforeSeq));
  return port;
}
