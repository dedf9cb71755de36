import type { Static } from '@sinclair/typebox';
import { formatMoney } from '../../domain/money.js';
import type { RefundView } from '../../services/refund-service.js';
import type { RefundOut } from '../schemas/refund.js';
import { explorerUrl, iso } from './session-presenter.js';

/** The refund as the API and its events show it. */
export function presentRefund(view: RefundView): Static<typeof RefundOut> {
  const r = view.refund;
  return {
    id: r.id,
    object: 'refund',
    status: r.status,
    session_id: r.sessionId,
    deposit_id: r.depositId,
    amount: formatMoney({ minor: r.amountMinor, currency: r.currency }),
    session_amount: formatMoney({ minor: r.amountPricingMinor, currency: view.session.currency }),
    network: r.network,
    token_contract: r.tokenContract,
    destination_address: r.destination,
    destination_source: r.destinationSource,
    payment: view.payment ? { tx_hash: view.payment.txId, log_index: view.payment.eventIndex, from: view.payment.from } : null,
    reason: r.reason,
    failure_reason: r.failureReason,
    next_action: r.status === 'REQUIRES_ACTION' ? { type: 'confirm_destination', message: r.actionReason ?? 'Confirm the customer\'s wallet address.' } : null,
    payout: {
      method: r.payoutMethod,
      from: r.fromAddress,
      uri: view.uri,
      qr: view.uri !== null && view.uriContent !== null ? { content: view.uriContent, payload: view.uri } : null,
      amount_base: r.amountBase.toString(),
      nonce: view.nonce,
      tx_hash: r.txId,
      explorer_url: r.txId === null ? null : explorerUrl(r.livemode, r.network, r.txId),
      block_number: r.blockNumber,
      confirmations: r.confirmations,
      confirmations_required: view.confirmationsRequired,
      broadcasts: r.broadcasts,
      last_error: r.lastError,
    },
    livemode: r.livemode,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}
