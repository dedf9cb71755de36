import { STABLECOINS } from '../../domain/currencies.js';
import { formatMoney } from '../../domain/money.js';
import { networkName } from '../../chains/registry.js';
import { explorerUrl } from '../presenters/session-presenter.js';
import type { Payment } from '../../domain/payment.js';
import type { SessionView } from '../../services/session-view.js';
import { totalMinor } from '../../domain/session.js';

/**
 * A stablecoin amount for people: its 6-decimal value with trailing zeros dropped down to two
 * decimals ("12.500000" → "12.50", "12.505000" → "12.505"). The checkout script applies the same rule.
 */
export const coinAmount = (value: string): string => value.replace(/(\.\d\d\d*?)0+$/, '$1');

/** "1 confirmation", "3 confirmations". */
const confirmations = (n: number): string => `${n} confirmation${n === 1 ? '' : 's'}`;

/**
 * What is still due, for the "Partly paid" line: per coin from the payment options (each coin's
 * remaining amount is the same on every network), else in the pricing currency.
 */
function stillDue(view: SessionView): string {
  const perCoin = STABLECOINS.flatMap((coin) => {
    const option = view.options.find((o) => o.currency === coin);
    return option ? [`${coinAmount(formatMoney({ minor: option.amountDueMinor, currency: coin }).value)} ${coin}`] : [];
  });
  // "8.50 USDT or USDC" when both coins ask for the same amount, as they do for a USD price.
  if (perCoin.length > 1 && perCoin.every((p) => p.split(' ')[0] === perCoin[0]!.split(' ')[0])) {
    return `${perCoin[0]} or ${perCoin.slice(1).map((p) => p.split(' ')[1]).join(' or ')}`;
  }
  if (perCoin.length) return perCoin.join(' or ');
  const s = view.session;
  const total = totalMinor(s);
  const rest = total > s.amountReceivedMinor ? total - s.amountReceivedMinor : 0n;
  const { value, currency } = formatMoney({ minor: rest, currency: s.currency });
  return `${value} ${currency}`;
}

/** The headline of the status area and a line under it, for the session's status and exception. */
export function describeStatus(view: SessionView): { text: string; detail: string | null } {
  const s = view.session;
  switch (s.status) {
    case 'PENDING':
      if (s.exception === 'UNDERPAID') {
        return { text: `Partly paid: ${stillDue(view)} still due`, detail: 'Pay the rest with the updated request before the time runs out.' };
      }
      return { text: 'Waiting for payment', detail: null };
    case 'PROCESSING': {
      // The required count is the network's setting, which the customer's view does not carry:
      // the payment furthest from it is the one the session waits for.
      const waiting = view.payments.filter((p) => p.status === 'detected');
      const fewest = waiting.length ? Math.min(...waiting.map((p) => p.confirmations)) : null;
      return { text: 'Payment received, confirming…', detail: fewest === null ? null : `${confirmations(fewest)} so far` };
    }
    case 'SUCCEEDED':
      if (s.exception === 'OVERPAID') return { text: 'Paid', detail: 'You sent more than was due; ask the shop about the difference.' };
      if (s.resolvedBy === 'owner') return { text: 'Paid', detail: 'The shop has accepted this payment.' };
      return { text: 'Paid', detail: 'Thank you!' };
    case 'EXPIRED':
      if (s.exception === 'PAID_LATE') return { text: 'Payment received after expiry; the shop will contact you', detail: null };
      if (s.exception === 'UNDERPAID') {
        return { text: 'This payment request has expired', detail: 'Part of the amount was received; the shop will contact you about it. Do not send more to this address.' };
      }
      return { text: 'This payment request has expired', detail: 'Do not send anything to this address. Ask the shop for a new payment link.' };
    case 'CANCELED':
      if (s.exception === 'PAID_LATE') return { text: 'Payment received after the request was canceled; the shop will contact you', detail: null };
      return { text: 'This payment request was canceled', detail: 'Do not send anything to this address.' };
  }
}

/** A payment as the customer sees it. */
export function publicPayment(p: Payment, livemode: boolean) {
  return {
    network: p.network,
    network_name: networkName(p.network),
    currency: p.currency,
    amount: formatMoney({ minor: p.amountMinor, currency: p.currency }).value,
    confirmations: p.confirmations,
    status: p.status,
    tx_hash: p.txId,
    // Devnet and testnet transactions are not on the public explorers.
    explorer_url: explorerUrl(livemode, p.network, p.txId),
  };
}

/**
 * What the checkout page and its status feed show a customer: nothing beyond this session.
 * `payment_options` carry what is still due, so the live page can update after a partial payment.
 */
export function publicStatus(view: SessionView) {
  const s = view.session;
  const { text, detail } = describeStatus(view);
  return {
    session_id: s.id,
    status: s.status,
    status_text: text,
    detail,
    exception: s.exception,
    livemode: s.livemode,
    amount: formatMoney({ minor: s.amountMinor, currency: s.currency }),
    tip: formatMoney({ minor: s.tipMinor, currency: s.currency }),
    amount_total: formatMoney({ minor: totalMinor(s), currency: s.currency }),
    amount_received: formatMoney({ minor: s.amountReceivedMinor, currency: s.currency }),
    expires_at: new Date(s.expiresAt).toISOString(),
    success_url: s.status === 'SUCCEEDED' ? s.successUrl : null,
    cancel_url: s.cancelUrl,
    payment_options: view.options.map((o) => ({
      network: o.network,
      network_name: networkName(o.network),
      token_standard: o.tokenStandard,
      currency: o.currency,
      amount_due: formatMoney({ minor: o.amountDueMinor, currency: o.currency }).value,
      address: o.address,
      // Solana: the session's Solana Pay reference. A screen that sees one knows the address is the
      // shop's wallet, shared by every sale, so it must not offer the address to be copied and paid by hand.
      reference: o.reference ?? null,
      uri: o.uri,
      // What the QR encodes: the till and the display draw `payload`, and show the amount beside it
      // when that is the bare address.
      qr: { content: o.qr.content, payload: o.qr.payload },
      delayed: o.delayed ?? null,
    })),
    payments: view.payments.map((p) => publicPayment(p, s.livemode)),
  };
}

export type PublicStatus = ReturnType<typeof publicStatus>;
