import type { Stablecoin } from '../domain/currencies.js';
import type { Network } from '../domain/networks.js';
import type { PayoutMethod, Refund, RefundLedgerPart, RefundStatus } from '../domain/refund.js';

/** A refund's row as both stores' query builders return it (the ledger parts as JSON text). */
type Row = Omit<Refund, 'network' | 'currency' | 'destinationSource' | 'status' | 'payoutMethod' | 'ledgerEntries'> & {
  network: string;
  currency: string;
  destinationSource: string;
  status: string;
  payoutMethod: string;
  ledgerEntries: string;
};

/** Maps a refund row to the domain's record; shared by the SQLite and PostgreSQL refund repositories. */
export const toRefund = (r: Row): Refund => ({
  id: r.id,
  merchantId: r.merchantId,
  livemode: r.livemode,
  sessionId: r.sessionId,
  paymentId: r.paymentId,
  depositId: r.depositId,
  network: r.network as Network,
  currency: r.currency as Stablecoin,
  tokenContract: r.tokenContract,
  decimals: r.decimals,
  amountMinor: r.amountMinor,
  amountPricingMinor: r.amountPricingMinor,
  amountBase: r.amountBase,
  destination: r.destination,
  destinationSource: r.destinationSource as Refund['destinationSource'],
  status: r.status as RefundStatus,
  reason: r.reason,
  actionReason: r.actionReason,
  failureReason: r.failureReason,
  payoutMethod: r.payoutMethod as PayoutMethod,
  fromAddress: r.fromAddress,
  payoutKey: r.payoutKey,
  payoutData: r.payoutData,
  rawTx: r.rawTx,
  txId: r.txId,
  blockNumber: r.blockNumber,
  confirmations: r.confirmations,
  broadcasts: r.broadcasts,
  lastError: r.lastError,
  ledgerEntries: JSON.parse(r.ledgerEntries) as RefundLedgerPart[],
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
