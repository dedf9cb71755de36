import type { Stablecoin } from '../domain/currencies.js';
import type { Network } from '../domain/networks.js';
import type { Payment, PaymentStatus } from '../domain/payment.js';
import type { payments } from './schema.js';

/** A payment row as the core's Payment: the same for the SQLite and PostgreSQL stores. */
export type PaymentRow = typeof payments.$inferSelect;

export const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  sessionId: r.sessionId,
  network: r.network as Network,
  livemode: r.livemode,
  currency: r.currency as Stablecoin,
  tokenContract: r.tokenContract,
  txId: r.txId,
  eventIndex: r.eventIndex,
  blockNumber: r.blockNumber,
  blockRef: r.blockRef,
  blockTime: r.blockTime,
  from: r.fromAddress,
  to: r.toAddress,
  amountBase: r.amountBase,
  amountMinor: r.amountMinor,
  confirmations: r.confirmations,
  status: r.status as PaymentStatus,
  detectedAt: r.detectedAt,
});
