import { ApiError } from './errors.js';

/**
 * The payment session's state machine. Only this module decides which transitions are legal;
 * services ask it and persist the result, chains only report what they saw.
 *
 *   PENDING ──payments cover amount──▶ PROCESSING ──confirmed──▶ SUCCEEDED
 *      │  ▲                               │
 *      │  └────── reorg drops payment ────┘
 *      ├── expires_at passes ──▶ EXPIRED
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
 * Expiry applies to PENDING sessions only (an underpaid one too). A PROCESSING session has been
 * paid in full and is only waiting for confirmations, so the customer is not penalised for block times.
 */
export function canExpire(session: SessionSnapshot): boolean {
  return session.status === 'PENDING';
}
