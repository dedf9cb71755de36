/**
 * What a refund of a session would do, for the confirmation before it is sent: how much is left, and
 * the route(s) it takes (network, coin and the sender the money goes back to), from the session alone.
 * The API picks the route (docs/refunds.md, "one route per refund"); with one paid transfer, as
 * nearly every sale has, that is exactly the route shown here.
 */
import type { Network, Payment, Session } from '../api-types.js';
import { type Money, subtractMoney } from '../format.js';
import { i18n } from '../i18n/index.js';
import { money } from '../i18n/locale-format.js';
import { networkName } from '../networks.js';

export interface RefundRoute {
  network: string;
  /** The network as people name it ("TRON"). */
  networkName: string;
  coin: string;
  from: string;
}

/** The confirmed transfers a refund can follow, one per network, coin and sender. */
export function refundRoutes(session: Session, networks: readonly Network[]): RefundRoute[] {
  const seen = new Map<string, RefundRoute>();
  for (const p of session.payments.filter((x: Payment) => x.status === 'confirmed')) {
    seen.set(`${p.network}:${p.currency}:${p.from}`, { network: p.network, networkName: networkName(networks, p.network), coin: p.currency, from: p.from });
  }
  return [...seen.values()];
}

/** What the session received and has not refunded yet, in its own currency. */
export const leftToRefund = (s: Session): Money => subtractMoney(s.amount_received, s.amount_refunded);

const isPositive = (m: Money) => /[1-9]/.test(m.value) && !m.value.startsWith('-');

/**
 * Why no refund can be made now, in plain words, or undefined when one can. The API decides in the
 * end (docs/refunds.md, "Which sessions"); this keeps the form away from sales it would refuse.
 */
export function whyNoRefund(s: Session): string | undefined {
  if (!isPositive(s.amount_received)) return i18n.t('refunds:sale.nothingReceived');
  if (!isPositive(leftToRefund(s))) return i18n.t('refunds:sale.allRefunded', { received: money(s.amount_received) });
  if (s.status === 'PENDING' || s.status === 'PROCESSING') return i18n.t('refunds:sale.stillPaying');
  return undefined;
}
