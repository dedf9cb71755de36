import type { Stablecoin } from './currencies.js';
import { ApiError } from './errors.js';
import type { Network } from './networks.js';
import type { Payment } from './payment.js';
import type { SessionException, SessionStatus } from './session-state.js';

/**
 * Refunds (docs/refunds.md). A refund pays money back by the route it came: the network and coin of
 * one confirmed payment, to that payment's sender unless the owner names another destination.
 *
 *   REQUIRES_ACTION ──destination confirmed──▶ PENDING ──payout broadcast──▶ PROCESSING ──confirmed──▶ SUCCEEDED
 *        │                                      │  ▲                           │
 *        └──────────── cancel ──▶ CANCELED ◀────┘  └── (manual payout dropped) ─┘──▶ FAILED (failure_reason)
 */
export const REFUND_STATUSES = ['PENDING', 'REQUIRES_ACTION', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export type PayoutMethod = 'wallet' | 'manual';

/** A ledger entry written when the refund was made, reversed (by a new entry) if it fails. */
export interface RefundLedgerPart {
  currency: Stablecoin;
  /** Positive: what was debited. */
  amountMinor: string;
  /** When the debited funds were due to settle (taken from pending), or null (taken from available). */
  settlesAt: number | null;
}

export interface Refund {
  readonly id: string;
  readonly merchantId: string;
  readonly livemode: boolean;
  /** Null for a deposit's refund: money no session received (domain/deposit.ts). */
  readonly sessionId: string | null;
  /** The payment whose route it follows; null for a deposit's refund (it follows the deposit's transfer). */
  readonly paymentId: string | null;
  /** The unmatched deposit it sends back, or null for a session's refund. */
  readonly depositId: string | null;
  readonly network: Network;
  readonly currency: Stablecoin;
  readonly tokenContract: string;
  readonly decimals: number;
  readonly amountMinor: bigint;
  readonly amountPricingMinor: bigint;
  readonly amountBase: bigint;
  readonly destination: string | null;
  readonly destinationSource: 'payer' | 'owner';
  readonly status: RefundStatus;
  readonly reason: string | null;
  readonly actionReason: string | null;
  readonly failureReason: string | null;
  readonly payoutMethod: PayoutMethod;
  /** The refund wallet that signed the payout. */
  readonly fromAddress: string | null;
  /** What no other payout of the network may share (EVM: `from:nonce`), set when signed (domain/payout.ts). */
  readonly payoutKey: string | null;
  /** The payout's chain data, JSON its family owns (EVM: the nonce and fees), set when signed. */
  readonly payoutData: string | null;
  /** The signed transaction, stored before its first broadcast: the only bytes ever sent for this refund. */
  readonly rawTx: string | null;
  /** The payout's transaction id (a wallet payout's, or the owner's transfer a watcher matched). */
  readonly txId: string | null;
  readonly blockNumber: number | null;
  readonly confirmations: number;
  readonly broadcasts: number;
  readonly lastError: string | null;
  readonly ledgerEntries: readonly RefundLedgerPart[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Refunds that hold money: every one that has not FAILED or been CANCELED. */
export const holdsMoney = (status: RefundStatus): boolean => status !== 'FAILED' && status !== 'CANCELED';

/**
 * Whether a session's money may be refunded: it must have confirmed money that is settled in the
 * session's story (SUCCEEDED, whatever the exception; EXPIRED with UNDERPAID or PAID_LATE; CANCELED
 * with PAID_LATE). A session still open (PENDING, PROCESSING) is not: it may still complete.
 * @throws ApiError invalid_state
 */
export function assertRefundable(session: { status: SessionStatus; exception: SessionException | null }): void {
  const ok =
    session.status === 'SUCCEEDED' ||
    (session.status === 'EXPIRED' && (session.exception === 'UNDERPAID' || session.exception === 'PAID_LATE')) ||
    (session.status === 'CANCELED' && session.exception === 'PAID_LATE');
  if (!ok) {
    throw new ApiError(
      'invalid_state',
      `A session in status ${session.status}${session.exception ? ` (${session.exception})` : ''} has no money to refund; only SUCCEEDED sessions, and EXPIRED or CANCELED ones that received money, can be refunded.`,
      'session_id',
    );
  }
}

/** What each confirmed payment of a session can still give back: its amount less the refunds on it. */
export function refundableByPayment(payments: readonly Payment[], refunds: readonly Pick<Refund, 'paymentId' | 'amountMinor' | 'status'>[]): Map<string, bigint> {
  const left = new Map<string, bigint>();
  for (const p of payments) if (p.status === 'confirmed' && p.amountMinor > 0n) left.set(p.id, p.amountMinor);
  for (const r of refunds) {
    if (!holdsMoney(r.status)) continue;
    if (r.paymentId === null) continue; // a deposit's refund: no session's payment
    const l = left.get(r.paymentId);
    if (l !== undefined) left.set(r.paymentId, l - r.amountMinor);
  }
  return left;
}

/**
 * The payment a refund follows: of the confirmed payments (in `coin` when given) with something left
 * to refund, the one with the most left; a refund of `amountMinor` (coin units) needs one that can
 * cover it. Without an amount it takes everything left on that payment.
 * @throws ApiError amount_too_large (more than the session has left), invalid_state (no payment left,
 *   or the amount needs several routes)
 */
export function chooseRoute(
  payments: readonly Payment[],
  left: ReadonlyMap<string, bigint>,
  wanted: { coin?: Stablecoin; amountMinor?: (coin: Stablecoin) => bigint },
): { payment: Payment; amountMinor: bigint } {
  const candidates = payments
    .filter((p) => (left.get(p.id) ?? 0n) > 0n && (wanted.coin === undefined || p.currency === wanted.coin))
    .sort((a, b) => Number((left.get(b.id) as bigint) - (left.get(a.id) as bigint)) || a.blockNumber - b.blockNumber);
  const totalLeft = [...left.entries()].reduce((s, [, v]) => s + (v > 0n ? v : 0n), 0n);
  if (candidates.length === 0) {
    if (totalLeft === 0n) throw new ApiError('amount_too_large', 'This session has been refunded in full already.', 'amount.value');
    throw new ApiError('invalid_state', `This session was not paid in ${wanted.coin}; refund it in the coin it was paid in.`, 'amount.currency');
  }
  if (!wanted.amountMinor) {
    const payment = candidates[0] as Payment;
    return { payment, amountMinor: left.get(payment.id) as bigint };
  }
  for (const payment of candidates) {
    const amount = wanted.amountMinor(payment.currency);
    if (amount <= (left.get(payment.id) as bigint)) return { payment, amountMinor: amount };
  }
  const coinLeft = candidates.reduce((s, p) => s + (left.get(p.id) as bigint), 0n);
  const first = candidates[0] as Payment;
  if (wanted.amountMinor(first.currency) > coinLeft) {
    throw new ApiError('amount_too_large', 'The amount is more than this session has left to refund (received less what is already refunded or being refunded).', 'amount.value');
  }
  throw new ApiError(
    'invalid_state',
    'No single payment of this session can cover the amount (a refund goes back by one payment\'s route); refund it in parts, each at most what one payment has left.',
    'amount.value',
  );
}
