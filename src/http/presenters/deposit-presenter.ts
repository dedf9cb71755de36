import type { Static } from '@sinclair/typebox';
import type { Deposit } from '../../domain/deposit.js';
import { formatDecimal } from '../../domain/money.js';
import type { DepositOut } from '../schemas/deposit.js';
import { explorerUrl, iso } from './session-presenter.js';

/** An unmatched deposit as the API and its events show it: the amount at the token's own decimals. */
export function presentDeposit(d: Deposit): Static<typeof DepositOut> {
  return {
    id: d.id,
    object: 'deposit',
    status: d.status,
    reason: d.reason,
    network: d.network,
    currency: d.currency,
    token_contract: d.tokenContract,
    amount: formatDecimal(d.amountBase, d.decimals),
    amount_base: d.amountBase.toString(),
    decimals: d.decimals,
    from: d.from,
    to: d.to,
    tx_hash: d.txId,
    log_index: d.eventIndex,
    block_number: d.blockNumber,
    block_hash: d.blockRef,
    confirmations: d.confirmations,
    confirmed: d.confirmed,
    block_time: iso(d.blockTime),
    explorer_url: explorerUrl(d.livemode, d.network, d.txId),
    livemode: d.livemode,
    created_at: iso(d.createdAt),
    session_id: d.resolvedSessionId,
    refund_id: d.refundId,
    note: d.note,
    resolved_at: d.resolvedAt === null ? null : iso(d.resolvedAt),
    resolved_by: d.resolvedBy,
  };
}
