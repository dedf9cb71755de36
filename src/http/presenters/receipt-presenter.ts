import type { Static } from '@sinclair/typebox';
import { formatMoney } from '../../domain/money.js';
import type { Receipt } from '../../domain/receipt.js';
import { receiptUrl } from '../../receipt/receipt-text.js';
import type { ReceiptOut } from '../schemas/receipt.js';
import { iso } from './session-presenter.js';

/** The receipt as JSON (GET /v1/payment/sessions/{id}/receipt). */
export function presentReceipt(r: Receipt, publicBaseUrl: string): Static<typeof ReceiptOut> {
  const money = (minor: bigint) => formatMoney({ minor, currency: r.currency });
  return {
    object: 'receipt',
    session_id: r.sessionId,
    livemode: r.livemode,
    receipt_url: receiptUrl(publicBaseUrl, r.sessionId),
    shop: { name: r.shop.name, domain: r.shop.domain },
    paid_at: iso(r.paidAt),
    local_time: r.localTime,
    time_zone: r.timeZone,
    description: r.description,
    line_items: r.lines.map((l) => ({ name: l.name, quantity: l.quantity, unit_amount: money(l.unitAmountMinor), amount: money(l.amountMinor) })),
    amount: money(r.amountMinor),
    tip: money(r.tipMinor),
    total: money(r.totalMinor),
    payments: r.payments.map((p) => ({
      network: p.network,
      network_name: p.networkName,
      currency: p.coin,
      amount: formatMoney({ minor: p.amountMinor, currency: p.coin }).value,
      rate: p.rate,
      tx_hash: p.txId,
      explorer_url: p.explorerUrl,
    })),
    refunds: r.refunds.map((x) => ({
      network: x.network,
      network_name: x.networkName,
      amount: formatMoney({ minor: x.amountMinor, currency: x.coin }),
      tx_hash: x.txId,
      explorer_url: x.explorerUrl,
      status: x.status,
    })),
  };
}
