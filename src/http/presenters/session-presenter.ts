import type { Static } from '@sinclair/typebox';
import type { Stablecoin } from '../../domain/currencies.js';
import { formatMoney } from '../../domain/money.js';
import { networkInfo } from '../../chains/registry.js';
import type { SessionView } from '../../services/session-view.js';
import { totalMinor } from '../../domain/session.js';
import type { SessionOut } from '../schemas/session.js';

export const iso = (ms: number): string => new Date(ms).toISOString();

type PresentedSession = Static<typeof SessionOut>;

/**
 * Renderings already made, per view: a new session is rendered for its `created` event inside the
 * transaction and again for the response, from the same view. Read-only for callers.
 */
const rendered = new WeakMap<SessionView, { base: string; out: PresentedSession }>();

/** The session as every API client and the checkout page see it. */
export function presentSession(view: SessionView, publicBaseUrl: string): PresentedSession {
  const hit = rendered.get(view);
  if (hit && hit.base === publicBaseUrl) return hit.out;
  const out = render(view, publicBaseUrl);
  rendered.set(view, { base: publicBaseUrl, out });
  return out;
}

function render(view: SessionView, publicBaseUrl: string): PresentedSession {
  const s = view.session;
  return {
    session_id: s.id,
    object: 'payment_session',
    status: s.status,
    exception: s.exception,
    payment_url: `${publicBaseUrl}/pay/${s.id}`,
    merchant_id: s.merchantId,
    merchant_domain_id: s.merchantDomainId,
    livemode: s.livemode,
    amount: formatMoney({ minor: s.amountMinor, currency: s.currency }),
    tip: formatMoney({ minor: s.tipMinor, currency: s.currency }),
    amount_total: formatMoney({ minor: totalMinor(s), currency: s.currency }),
    amount_received: formatMoney({ minor: s.amountReceivedMinor, currency: s.currency }),
    amount_refunded: formatMoney({ minor: s.amountRefundedMinor, currency: s.currency }),
    description: s.description,
    client_reference_id: s.clientReferenceId,
    metadata: { ...s.metadata },
    line_items: s.lineItems.map((i) => ({
      quantity: i.quantity,
      price_data: {
        currency: s.currency,
        unit_amount: Number(i.unitAmountMinor),
        product_data: { name: i.name, description: i.description },
      },
      amount_total: Number(BigInt(i.quantity) * i.unitAmountMinor),
    })),
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    payment_options: view.options.map((o) => ({
      network: o.network,
      token_standard: o.tokenStandard,
      currency: o.currency,
      amount_due: formatMoney({ minor: o.amountDueMinor, currency: o.currency }).value,
      address: o.address,
      reference: o.reference ?? null,
      token_contract: o.tokenContract,
      uri: o.uri,
      qr: { content: o.qr.content, payload: o.qr.payload },
      rate: o.rate,
      delayed: o.delayed ?? null,
    })),
    payments: view.payments.map((p) => ({
      network: p.network,
      currency: p.currency,
      tx_hash: p.txId,
      log_index: p.eventIndex,
      block_number: p.blockNumber,
      from: p.from,
      amount: formatMoney({ minor: p.amountMinor, currency: p.currency }).value,
      confirmations: p.confirmations,
      status: p.status,
      // Devnet and testnet transactions are not on the public explorers.
      explorer_url: explorerUrl(s.livemode, p.network, p.txId),
      created_at: iso(p.detectedAt),
    })),
    booked: view.booked.map((b) => ({
      currency: b.currency as Stablecoin,
      gross: formatMoney({ minor: b.grossMinor, currency: b.currency }).value,
      tip: formatMoney({ minor: b.tipsMinor, currency: b.currency }).value,
      fee: formatMoney({ minor: b.feesMinor, currency: b.currency }).value,
      refunded: formatMoney({ minor: b.refundsMinor, currency: b.currency }).value,
      net: formatMoney({ minor: b.netMinor, currency: b.currency }).value,
    })),
    shift_id: s.shiftId,
    resolved_by: s.resolvedBy,
    created_at: iso(s.createdAt),
    expires_at: iso(s.expiresAt),
    updated_at: iso(s.updatedAt),
  };
}

/** The transaction on its network's public explorer; null in test mode (devnets are not on them). */
export function explorerUrl(livemode: boolean, network: string, txId: string): string | null {
  const explorer = livemode ? networkInfo(network)?.liveExplorerTx : undefined;
  return explorer === undefined ? null : explorer + txId;
}
