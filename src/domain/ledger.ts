import type { Currency, Stablecoin } from './currencies.js';
import { divHalfUp } from './money.js';
import type { Payment } from './payment.js';
import { holdsMoney, type Refund } from './refund.js';

/**
 * The ledger: balance transactions, written once and never edited (a correction is a new entry).
 * Funds accounts (one per merchant, mode and currency) are sums of their entries' `net`, split into
 * `pending` (not yet at its `available_on`) and `available`.
 */
export const BALANCE_TRANSACTION_TYPES = ['payment', 'refund', 'fee', 'conversion', 'adjustment'] as const;
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

export interface BalanceTransaction {
  readonly id: string;
  readonly merchantId: string;
  readonly livemode: boolean;
  readonly type: BalanceTransactionType;
  readonly currency: Currency;
  /** Gross, signed, in the currency's minor units (a refund or the debit of a conversion is negative). */
  readonly amountMinor: bigint;
  /** Fees taken from it, ≥ 0. */
  readonly feeMinor: bigint;
  /** amount − fee: what the entry adds to (or takes from) the funds account. */
  readonly netMinor: bigint;
  /**
   * The customer's tip in `amount` (same coin and sign; 0 for entries without one): a part of the
   * amount, not money on top of it (tipShares; docs/balances.md, "Tips").
   */
  readonly tipMinor: bigint;
  /** When `net` is available (ms). At or before `createdAt` for entries available at once. */
  readonly availableOn: number;
  /** Whether the entry waits in `pending` until `availableOn` (payments) or is available at once. */
  readonly settles: boolean;
  /** The object it comes from: a session (`ps_…`), a refund, a conversion. */
  readonly sourceId: string;
  readonly description: string;
  readonly createdAt: number;
}

export interface FeeSchedule {
  /** Percentage of the gross in basis points (150 = 1.5%). */
  readonly bps: number;
  /** Fixed part per successful payment, in each coin (the merchant's USD fee at the session's rate). */
  readonly fixedMinor: Readonly<Partial<Record<Stablecoin, bigint>>>;
}

/**
 * Fees of a payment, per coin it was paid in (contract: 1.5% of the gross + 0.10 USD per successful
 * payment, rounded half-up to the currency's scale).
 *
 * - The percentage applies to each coin's gross.
 * - The fixed part is charged once per session, in the coin that brought the most (USDT first on a
 *   tie), and only on the first booking (`fixedAlreadyCharged` for later top-ups).
 * - A fee never exceeds the gross it is taken from: a payment smaller than the fee nets zero.
 */
export function paymentFees(
  grossByCoin: Readonly<Partial<Record<Stablecoin, bigint>>>,
  schedule: FeeSchedule,
  fixedAlreadyCharged: boolean,
): Partial<Record<Stablecoin, bigint>> {
  // USDT before USDC, so a tie puts the fixed part on USDT.
  const coins = (['USDT', 'USDC'] as const).filter((c) => (grossByCoin[c] ?? 0n) > 0n);
  let fixedCoin: Stablecoin | undefined;
  if (!fixedAlreadyCharged) {
    for (const c of coins) if (fixedCoin === undefined || (grossByCoin[c] as bigint) > (grossByCoin[fixedCoin] as bigint)) fixedCoin = c;
  }
  const fees: Partial<Record<Stablecoin, bigint>> = {};
  for (const coin of coins) {
    const gross = grossByCoin[coin] as bigint;
    let fee = divHalfUp(gross * BigInt(schedule.bps), 10_000n);
    if (coin === fixedCoin) fee += schedule.fixedMinor[coin] ?? 0n;
    fees[coin] = fee > gross ? gross : fee;
  }
  return fees;
}

/**
 * The tip's share of each coin's newly booked money (docs/balances.md, "Tips"). Every unit of money
 * that covers the session carries the tip in the proportion tip / total, whichever coin it came in:
 * money booked in coin c covers `amount / due[c]` of the session (due: the total in each coin at the
 * locked rates). Coverage is counted from what was booked before (`before`, per coin) and then coin by
 * coin in the order USDT, USDC; money past full coverage (an overpayment) is sale, not tip. Rounded
 * down: the tip is never overstated.
 */
export function tipShares(
  tipMinor: bigint,
  totalMinor: bigint,
  due: Readonly<Partial<Record<Stablecoin, bigint>>>,
  before: Readonly<Partial<Record<Stablecoin, bigint>>>,
  delta: Readonly<Partial<Record<Stablecoin, bigint>>>,
): Partial<Record<Stablecoin, bigint>> {
  const shares: Partial<Record<Stablecoin, bigint>> = {};
  if (tipMinor <= 0n || totalMinor <= 0n) return shares;
  const coins = (['USDT', 'USDC'] as const).filter((c) => (due[c] ?? 0n) > 0n);
  // The uncovered part of the session, as the exact fraction left / den (den: the product of the dues).
  const den = coins.reduce((p, c) => p * (due[c] as bigint), 1n);
  let left = den;
  for (const c of coins) left -= ((before[c] ?? 0n) * den) / (due[c] as bigint);
  for (const c of coins) {
    const amount = delta[c] ?? 0n;
    if (amount <= 0n) continue;
    const d = due[c] as bigint;
    // What of this coin's money still covers the session (the rest overpays it).
    const room = left > 0n ? (left * d) / den : 0n;
    const covering = amount < room ? amount : room;
    shares[c] = (covering * tipMinor) / totalMinor;
    left -= (covering * den) / d;
  }
  return shares;
}

/**
 * What a SUCCEEDED session's money in the ledger is, per coin: its confirmed payments, less what its
 * refunds still holding money paid back without a ledger debit. Every path into SUCCEEDED (its
 * payments confirming, a top-up or an attributed deposit covering it, the owner's `/resolve`) and
 * every later booking goes through this one rule (LedgerService.bookSessionInTransaction), so money
 * is never counted twice (docs/balances.md, "Refunds before success").
 *
 * Why refunds without a debit exist: a session that had not succeeded (EXPIRED UNDERPAID or
 * PAID_LATE, CANCELED PAID_LATE) held the customer's money, outside the balance, so a refund of it
 * wrote no entry (refund-service.ts). If the session succeeds later, that money is gone already.
 * A refund made once the session succeeded debits the ledger itself and so takes nothing off here;
 * one that failed or was canceled holds nothing, and what it held is the shop's again.
 */
export function keptByCoin(
  payments: readonly Pick<Payment, 'currency' | 'amountMinor' | 'status'>[],
  refunds: readonly Pick<Refund, 'currency' | 'amountMinor' | 'status' | 'ledgerEntries'>[],
): Partial<Record<Stablecoin, bigint>> {
  const kept: Partial<Record<Stablecoin, bigint>> = {};
  for (const p of payments) if (p.status === 'confirmed') kept[p.currency] = (kept[p.currency] ?? 0n) + p.amountMinor;
  for (const r of refunds) {
    if (!holdsMoney(r.status)) continue;
    const debited = r.ledgerEntries.reduce((sum, part) => sum + BigInt(part.amountMinor), 0n);
    const unbooked = r.amountMinor - debited;
    if (unbooked > 0n) kept[r.currency] = (kept[r.currency] ?? 0n) - unbooked;
  }
  return kept;
}

/** The balance of one funds account. */
export interface FundsBalance {
  readonly currency: Currency;
  readonly availableMinor: bigint;
  readonly pendingMinor: bigint;
}
