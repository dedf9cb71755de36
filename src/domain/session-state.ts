import type { Stablecoin } from './currencies.js';
import { ApiError } from './errors.js';
import type { Payment } from './payment.js';

/**
 * The payment session's state machine. Only this module decides a session's status: chains report
 * payments, and `deriveState` says what the session is given them and the time.
 *
 *   PENDING ──payments cover amount──▶ PROCESSING ──confirmed──▶ SUCCEEDED
 *      │  ▲                               │
 *      │  └────── reorg drops payment ────┘
 *      ├── expires_at passes ──▶ EXPIRED  (payments after it: PAID_LATE; owner may resolve)
 *      └── cancel (nothing received) ──▶ CANCELED
 */
export const SESSION_STATUSES = ['PENDING', 'PROCESSING', 'SUCCEEDED', 'EXPIRED', 'CANCELED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_EXCEPTIONS = ['UNDERPAID', 'OVERPAID', 'PAID_LATE'] as const;
export type SessionException = (typeof SESSION_EXCEPTIONS)[number];

export interface SessionSnapshot {
  readonly status: SessionStatus;
  /** Received so far, in the session's pricing currency's minor units. */
  readonly amountReceivedMinor: bigint;
}

export const isTerminal = (status: SessionStatus): boolean =>
  status === 'SUCCEEDED' || status === 'EXPIRED' || status === 'CANCELED';

/**
 * A session may be canceled only while nothing has been received: once a customer has paid
 * anything, canceling would hide money that must be refunded or completed.
 * @throws ApiError invalid_state
 */
export function cancel(session: SessionSnapshot): SessionStatus {
  if (session.status !== 'PENDING') {
    throw new ApiError('invalid_state', `A session in status ${session.status} cannot be canceled; only PENDING sessions can.`);
  }
  if (session.amountReceivedMinor > 0n) {
    throw new ApiError(
      'invalid_state',
      'This session has already received a payment, so it cannot be canceled; wait for it to complete or expire, then refund.',
    );
  }
  return 'CANCELED';
}

/**
 * A tip may be set or replaced only while nothing at all has been paid: the session is PENDING and no
 * payment was ever detected (even one a reorganisation dropped, which may come back), so a customer
 * never pays against one total and is judged against another.
 * @throws ApiError invalid_state
 */
export function assertTipChangeable(session: SessionSnapshot & { expiresAt: number }, paymentsSeen: number, now: number): void {
  // Past its deadline a PENDING session is about to expire (the timer may not have run yet).
  if (session.status !== 'PENDING' || now >= session.expiresAt) {
    throw new ApiError('invalid_state', `The tip of a session in status ${session.status === 'PENDING' ? 'EXPIRED' : session.status} cannot change; only a PENDING session with no payment can take one.`);
  }
  if (paymentsSeen > 0 || session.amountReceivedMinor > 0n) {
    throw new ApiError('invalid_state', 'This session has already seen a payment, so its tip can no longer change.');
  }
}

/**
 * The owner may mark a session SUCCEEDED by hand when the customer paid too little or too late
 * and the shop accepts it (contract: `resolve`).
 * @throws ApiError invalid_state
 */
export function resolve(session: { status: SessionStatus; exception: SessionException | null }): SessionStatus {
  const resolvable =
    (session.exception === 'UNDERPAID' && (session.status === 'PENDING' || session.status === 'EXPIRED')) ||
    (session.exception === 'PAID_LATE' && (session.status === 'EXPIRED' || session.status === 'CANCELED'));
  if (!resolvable) {
    throw new ApiError(
      'invalid_state',
      `Only an UNDERPAID or PAID_LATE session can be resolved by hand; this one is ${session.status}${session.exception ? ` (${session.exception})` : ''}.`,
    );
  }
  return 'SUCCEEDED';
}

/** What the session asks for in each coin (locked at creation). */
export type AmountsDue = Readonly<Partial<Record<Stablecoin, bigint>>>;

/**
 * How much of the session payments cover, as an exact fraction: each payment counts toward the
 * amount at its own coin's locked rate, so 5 USDT + 5 USDC pay a 10 USD session.
 * Returned as numerator/denominator over the product of the amounts due.
 */
export function coverage(payments: readonly Pick<Payment, 'currency' | 'amountMinor'>[], due: AmountsDue): { num: bigint; den: bigint } {
  const coins = Object.keys(due) as Stablecoin[];
  const den = coins.reduce((p, c) => p * (due[c] as bigint), 1n);
  let num = 0n;
  for (const p of payments) {
    const d = due[p.currency];
    if (d === undefined || d === 0n) continue;
    num += p.amountMinor * (den / d);
  }
  return { num, den };
}

export interface DerivedState {
  status: SessionStatus;
  exception: SessionException | null;
  /** Received, in the pricing currency's minor units, rounded down (never overstated). */
  amountReceivedMinor: bigint;
}

export interface StateInputs {
  /** The stored status: CANCELED and a hand-resolved SUCCEEDED are sticky. */
  status: SessionStatus;
  resolvedBy: 'owner' | null;
  amountMinor: bigint;
  expiresAt: number;
  due: AmountsDue;
  payments: readonly Pick<Payment, 'currency' | 'amountMinor' | 'status' | 'blockTime'>[];
  now: number;
}

/**
 * The session's status and exception from its payments and the time. Pure, so every path (watcher,
 * expiry timer, cancel, restart) agrees, and re-deriving is always safe.
 *
 * - Orphaned payments (dropped by a reorganisation) count for nothing.
 * - Payments included in a block at or before `expires_at` are on time, even if we saw them later
 *   (the app was closed): the customer paid in time.
 * - Covered on time → PROCESSING until the covering payments are confirmed, then SUCCEEDED;
 *   OVERPAID when more than the amount arrived.
 * - Not covered: PENDING (UNDERPAID if anything arrived) until the deadline, then EXPIRED, with
 *   PAID_LATE when something arrived after it, else UNDERPAID when something arrived on time.
 */
export function deriveState(s: StateInputs): DerivedState {
  const derived = deriveFromPayments(s);
  // Resolving by hand keeps the exception on record (why the owner had to step in).
  return s.resolvedBy === 'owner' ? { ...derived, status: 'SUCCEEDED' } : derived;
}

function deriveFromPayments(s: StateInputs): DerivedState {
  const live = s.payments.filter((p) => p.status !== 'orphaned');
  // A block stamped after the deadline proves the deadline has passed, whatever our clock says.
  const now = live.reduce((latest, p) => Math.max(latest, p.blockTime), s.now);
  const onTime = live.filter((p) => p.blockTime <= s.expiresAt);
  const lateCount = live.length - onTime.length;
  const all = coverage(live, s.due);
  const amountReceivedMinor = all.den === 0n ? 0n : (all.num * s.amountMinor) / all.den;
  const timely = coverage(onTime, s.due);
  const covered = timely.den > 0n && timely.num >= timely.den;

  if (s.status === 'CANCELED') return { status: 'CANCELED', exception: live.length > 0 ? 'PAID_LATE' : null, amountReceivedMinor };
  if (covered) {
    const confirmed = coverage(onTime.filter((p) => p.status === 'confirmed'), s.due);
    return {
      status: confirmed.num >= confirmed.den ? 'SUCCEEDED' : 'PROCESSING',
      exception: all.num > all.den ? 'OVERPAID' : null,
      amountReceivedMinor,
    };
  }
  if (now < s.expiresAt) return { status: 'PENDING', exception: all.num > 0n ? 'UNDERPAID' : null, amountReceivedMinor };
  return {
    status: 'EXPIRED',
    exception: lateCount > 0 ? 'PAID_LATE' : timely.num > 0n ? 'UNDERPAID' : null,
    amountReceivedMinor,
  };
}

/**
 * What is still due in one coin, rounded up to the coin's minor unit, so an UNDERPAID session's
 * options ask for exactly the rest.
 */
export function remainingDue(coin: Stablecoin, payments: readonly Pick<Payment, 'currency' | 'amountMinor' | 'status'>[], due: AmountsDue): bigint {
  const d = due[coin];
  if (d === undefined) return 0n;
  const { num, den } = coverage(payments.filter((p) => p.status !== 'orphaned'), due);
  if (num >= den) return 0n;
  // d × (1 − num/den), rounded up.
  return (d * (den - num) + den - 1n) / den;
}
