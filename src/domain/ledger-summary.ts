import { localDate, startOfLocalDay } from './calendar.js';
import { type Currency, STABLECOINS } from './currencies.js';
import type { BalanceTransactionType } from './ledger.js';

/**
 * What a sum of ledger entries is made of, in words an owner uses: the payments' gross, the fees
 * taken, the refunds paid back and the conversions in or out (docs/balances.md, "What the money is
 * made of"). `net` is what the entries add to their funds account, so the parts of every pending
 * entry add up to the account's `pending`.
 */
export interface MoneyParts {
  readonly currency: Currency;
  readonly grossMinor: bigint;
  /** The customers' tips inside `gross` (not on top of it); refunds do not take them back (docs/balances.md, "Tips"). */
  readonly tipsMinor: bigint;
  readonly feesMinor: bigint;
  /** Refunds debited, less the debits given back when a refund failed or was canceled. */
  readonly refundsMinor: bigint;
  /** Conversions into (positive) or out of (negative) the account. */
  readonly conversionsMinor: bigint;
  readonly netMinor: bigint;
}

/** Entries of one currency and type, summed. */
export interface LedgerSum {
  readonly currency: Currency;
  readonly type: BalanceTransactionType;
  readonly amountMinor: bigint;
  readonly feeMinor: bigint;
  readonly tipMinor: bigint;
}

interface Parts {
  grossMinor: bigint;
  tipsMinor: bigint;
  feesMinor: bigint;
  refundsMinor: bigint;
  conversionsMinor: bigint;
}

const zero = (): Parts => ({ grossMinor: 0n, tipsMinor: 0n, feesMinor: 0n, refundsMinor: 0n, conversionsMinor: 0n });

/** Adds one sum to its parts, by what the entry type means. */
function add(p: Parts, s: Pick<LedgerSum, 'type' | 'amountMinor' | 'feeMinor' | 'tipMinor'>): void {
  switch (s.type) {
    case 'payment':
      p.grossMinor += s.amountMinor;
      p.tipsMinor += s.tipMinor;
      p.feesMinor += s.feeMinor;
      break;
    case 'fee': // a conversion's fee line: amount = −fee
      p.feesMinor -= s.amountMinor;
      break;
    case 'refund': // negative: the debit
    case 'adjustment': // positive: a failed or canceled refund's debit given back (the only adjustments written)
      p.refundsMinor -= s.amountMinor;
      break;
    case 'conversion':
      p.conversionsMinor += s.amountMinor;
      break;
  }
}

const finish = (currency: Currency, p: Parts): MoneyParts => ({
  currency,
  ...p,
  netMinor: p.grossMinor - p.feesMinor - p.refundsMinor + p.conversionsMinor,
});

/** The parts of each currency's sums; `always` lists currencies shown even with nothing in them. */
export function moneyParts(sums: readonly LedgerSum[], always: readonly Currency[] = []): MoneyParts[] {
  const by = new Map<Currency, Parts>(always.map((c) => [c, zero()]));
  for (const s of sums) {
    let p = by.get(s.currency);
    if (!p) by.set(s.currency, (p = zero()));
    add(p, s);
  }
  return [...by].map(([currency, p]) => finish(currency, p));
}

/** `a − b`, currency by currency (all-time sums less the pending part: the available part). */
export function subtractParts(a: readonly MoneyParts[], b: readonly MoneyParts[]): MoneyParts[] {
  return a.map((x) => {
    const y = b.find((p) => p.currency === x.currency);
    if (!y) return x;
    return finish(x.currency, {
      grossMinor: x.grossMinor - y.grossMinor,
      tipsMinor: x.tipsMinor - y.tipsMinor,
      feesMinor: x.feesMinor - y.feesMinor,
      refundsMinor: x.refundsMinor - y.refundsMinor,
      conversionsMinor: x.conversionsMinor - y.conversionsMinor,
    });
  });
}

/** A ledger entry as the daily series needs it. */
export interface DatedEntry {
  readonly createdAt: number;
  readonly currency: Currency;
  readonly type: BalanceTransactionType;
  readonly amountMinor: bigint;
  readonly feeMinor: bigint;
  readonly tipMinor: bigint;
}

/** One calendar day's sales in one currency. */
export interface DayVolume {
  /** `YYYY-MM-DD` in the merchant's time zone. */
  readonly date: string;
  readonly currency: Currency;
  readonly grossMinor: bigint;
  /** The tips inside `gross`. */
  readonly tipsMinor: bigint;
  readonly feesMinor: bigint;
  readonly refundsMinor: bigint;
  /** gross − fees − refunds. */
  readonly netMinor: bigint;
}

/** The first instant of the oldest of the last `days` calendar days (today included) in `timeZone`. */
export function seriesStart(now: number, days: number, timeZone: string): number {
  let start = startOfLocalDay(now, timeZone);
  for (let i = 1; i < days; i++) start = startOfLocalDay(start - 1, timeZone);
  return start;
}

/**
 * Daily sales volume for the last `days` calendar days in `timeZone`, oldest first, one row per day
 * and currency (the stablecoins always, others once they have an entry). Only sales count: payments
 * (gross and fee) and refunds (less reversed ones); a conversion moves money between accounts and is
 * not volume, so neither it nor its fee line is in the series.
 */
export function dailyVolume(entries: readonly DatedEntry[], days: number, now: number, timeZone: string): DayVolume[] {
  const dates: string[] = [];
  let start = startOfLocalDay(now, timeZone);
  for (let i = 0; i < days; i++) {
    dates.unshift(localDate(start, timeZone));
    start = startOfLocalDay(start - 1, timeZone);
  }
  const currencies = new Set<Currency>(STABLECOINS);
  const cells = new Map<string, Parts>();
  for (const e of entries) {
    if (e.type === 'conversion' || e.type === 'fee') continue;
    currencies.add(e.currency);
    const key = `${localDate(e.createdAt, timeZone)} ${e.currency}`;
    let p = cells.get(key);
    if (!p) cells.set(key, (p = zero()));
    add(p, e);
  }
  const out: DayVolume[] = [];
  for (const date of dates) {
    for (const currency of currencies) {
      const p = cells.get(`${date} ${currency}`) ?? zero();
      out.push({ date, currency, grossMinor: p.grossMinor, tipsMinor: p.tipsMinor, feesMinor: p.feesMinor, refundsMinor: p.refundsMinor, netMinor: p.grossMinor - p.feesMinor - p.refundsMinor });
    }
  }
  return out;
}
