import type { MoneyParts } from '../domain/ledger-summary.js';
import type { Payment } from '../domain/payment.js';
import type { PaymentOption } from '../domain/payment-option.js';
import type { PaymentSession } from '../domain/session.js';

/** A session with what the chains know about it: its payments and how it can be paid now. */
export interface SessionView {
  readonly session: PaymentSession;
  readonly payments: readonly Payment[];
  readonly options: readonly PaymentOption[];
  /** What the session put in the balance, per coin (gross, fees, refunds, net); empty until it succeeded. */
  readonly booked: readonly MoneyParts[];
}
