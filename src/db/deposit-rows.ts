import type { Stablecoin } from '../domain/currencies.js';
import type { Deposit, DepositReason, DepositStatus } from '../domain/deposit.js';
import type { Network } from '../domain/networks.js';
import type { deposits } from './schema.js';

/** A deposit row as the core's Deposit: the same for the SQLite and PostgreSQL stores. */
export type DepositRow = typeof deposits.$inferSelect;

export const toDeposit = (r: DepositRow): Deposit => ({
  id: r.id,
  merchantId: r.merchantId,
  network: r.network as Network,
  livemode: r.livemode,
  txId: r.txId,
  eventIndex: r.eventIndex,
  blockNumber: r.blockNumber,
  blockRef: r.blockRef,
  blockTime: r.blockTime,
  confirmations: r.confirmations,
  confirmed: r.confirmed,
  from: r.fromAddress,
  to: r.toAddress,
  currency: r.currency as Stablecoin | null,
  tokenContract: r.tokenContract,
  amountBase: r.amountBase,
  decimals: r.decimals,
  reason: r.reason as DepositReason,
  status: r.status as DepositStatus,
  createdAt: r.createdAt,
  resolvedSessionId: r.resolvedSessionId,
  refundId: r.refundId,
  note: r.note,
  resolvedAt: r.resolvedAt,
  resolvedBy: r.resolvedBy,
});
