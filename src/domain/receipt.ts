import { localDateTime } from './calendar.js';
import { type Currency, isFiat, type Stablecoin } from './currencies.js';
import { ApiError } from './errors.js';
import type { Merchant } from './merchant.js';
import type { Network } from './networks.js';
import type { Payment } from './payment.js';
import { formatRate } from './rates.js';
import type { Refund, RefundStatus } from './refund.js';
import type { PaymentSession } from './session.js';
import type { SessionStatus } from './session-state.js';

/**
 * The receipt the customer keeps (docs/receipts.md): one model, drawn as JSON, a printable page,
 * the public page on the customer's phone and ESC/POS bytes for a receipt printer. Pure: the
 * network facts it needs (names, explorer links) are handed in by the caller, from the chains'
 * registry.
 */
export interface Receipt {
  readonly sessionId: string;
  readonly livemode: boolean;
  readonly shop: { readonly name: string; readonly domain: string | null };
  /** When the sale was paid: the last payment's block time (the chain's clock, as lateness is judged). */
  readonly paidAt: number;
  /** `paidAt` in the shop's time zone, `YYYY-MM-DD HH:MM`. */
  readonly localTime: string;
  readonly timeZone: string;
  readonly currency: Currency;
  readonly description: string | null;
  /** Shape B's line items; empty for a sale charged as one amount. */
  readonly lines: readonly ReceiptLine[];
  /** What was charged before the tip: the amount, or the lines' sum. */
  readonly amountMinor: bigint;
  readonly tipMinor: bigint;
  readonly totalMinor: bigint;
  readonly payments: readonly ReceiptPayment[];
  readonly refunds: readonly ReceiptRefund[];
}

export interface ReceiptLine {
  readonly name: string;
  readonly quantity: number;
  readonly unitAmountMinor: bigint;
  readonly amountMinor: bigint;
}

export interface ReceiptPayment {
  readonly network: Network;
  readonly networkName: string;
  readonly coin: Stablecoin;
  /** The coin's 6-decimal minor units. */
  readonly amountMinor: bigint;
  /** Coin per unit of the session's currency, as locked at creation (the session's quote); null for a stablecoin price. */
  readonly rate: string | null;
  readonly txId: string;
  /** The transfer on the network's public explorer; null in test mode (devnets are on none). */
  readonly explorerUrl: string | null;
}

export interface ReceiptRefund {
  readonly network: Network;
  readonly networkName: string;
  readonly coin: Stablecoin;
  readonly amountMinor: bigint;
  /** Null until the payout is signed (or matched, for one paid by hand). */
  readonly txId: string | null;
  readonly explorerUrl: string | null;
  readonly status: RefundStatus;
}

/** Network facts from the chains' registry: its name and, for live mode, its explorer's transaction link prefix. */
export type NetworkFacts = (network: Network) => { name: string; liveExplorerTx: string | null };

/**
 * **Decision:** only a SUCCEEDED session has a receipt. A receipt says a sale is done: before
 * confirmation a payment may still be dropped by a reorganisation, and money that arrived late or
 * short did not complete a sale (the shop settles it, usually with a refund). A SUCCEEDED session
 * keeps its receipt when refunded: the refunds are printed on it.
 * @throws ApiError invalid_state
 */
export function assertHasReceipt(session: { status: SessionStatus }): void {
  if (session.status !== 'SUCCEEDED') {
    throw new ApiError('invalid_state', `A session in status ${session.status} has no receipt; only a SUCCEEDED (paid) session has one.`, 'id');
  }
}

/**
 * The tip and the total of a receipt: the ONE place they are computed. Tips (issue 30, item 1) are
 * not on the session yet: the tip reads 0n here and the total is the amount. When the session has
 * `tipMinor`, this becomes `{ tipMinor: session.tipMinor, totalMinor: totalMinor(session) }`.
 */
export function tipAndTotal(session: PaymentSession): { tipMinor: bigint; totalMinor: bigint } {
  const tipMinor = 0n;
  return { tipMinor, totalMinor: session.amountMinor + tipMinor };
}

export interface ReceiptInput {
  readonly session: PaymentSession;
  readonly payments: readonly Payment[];
  readonly refunds: readonly Refund[];
  readonly merchant: Merchant;
  readonly networks: NetworkFacts;
}

/** The receipt of a SUCCEEDED session. @throws ApiError invalid_state (see assertHasReceipt) */
export function buildReceipt({ session, payments, refunds, merchant, networks }: ReceiptInput): Receipt {
  assertHasReceipt(session);
  const explorer = (network: Network, txId: string): string | null => {
    const base = session.livemode ? networks(network).liveExplorerTx : null;
    return base === null ? null : base + txId;
  };
  // An orphaned payment was dropped from the chain: it paid nothing.
  const paid = payments.filter((p) => p.status !== 'orphaned').sort((a, b) => a.blockTime - b.blockTime || a.eventIndex - b.eventIndex);
  const paidAt = paid.length ? Math.max(...paid.map((p) => p.blockTime)) : session.updatedAt;
  const rateOf = (coin: Stablecoin): string | null => {
    const quote = isFiat(session.currency) ? session.quotes.find((q) => q.currency === coin) : undefined;
    return quote ? formatRate(quote.rateScaled) : null;
  };
  return {
    sessionId: session.id,
    livemode: session.livemode,
    shop: { name: merchant.name, domain: merchant.domains.find((d) => d.id === session.merchantDomainId)?.domain ?? null },
    paidAt,
    localTime: localDateTime(paidAt, merchant.timeZone),
    timeZone: merchant.timeZone,
    currency: session.currency,
    description: session.description,
    lines: session.lineItems.map((i) => ({ name: i.name, quantity: i.quantity, unitAmountMinor: i.unitAmountMinor, amountMinor: BigInt(i.quantity) * i.unitAmountMinor })),
    amountMinor: session.amountMinor,
    ...tipAndTotal(session),
    payments: paid.map((p) => ({
      network: p.network,
      networkName: networks(p.network).name,
      coin: p.currency,
      amountMinor: p.amountMinor,
      rate: rateOf(p.currency),
      txId: p.txId,
      explorerUrl: explorer(p.network, p.txId),
    })),
    // Oldest first, as they happened; a deposit's refunds never reach here (they name no session).
    refunds: [...refunds]
      .filter((r) => r.sessionId === session.id)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((r) => ({
        network: r.network,
        networkName: networks(r.network).name,
        coin: r.currency,
        amountMinor: r.amountMinor,
        txId: r.txId,
        explorerUrl: r.txId === null ? null : explorer(r.network, r.txId),
        status: r.status,
      })),
  };
}
