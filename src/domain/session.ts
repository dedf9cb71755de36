import type { Currency, Stablecoin } from './currencies.js';
import { quoteStablecoinAmount } from './rates.js';
import type { SessionException, SessionStatus } from './session-state.js';

/** One line of a shape-B checkout, amounts in the session currency's minor units. */
export interface LineItem {
  readonly quantity: number;
  readonly unitAmountMinor: bigint;
  readonly name: string;
  readonly description: string | null;
}

/** The stablecoin amount locked for a session at creation, and the rate it came from. */
export interface SessionQuote {
  readonly currency: Stablecoin;
  readonly rateScaled: bigint;
  readonly rateSource: string;
  readonly amountDueMinor: bigint;
  /** The merchant's fixed fee per payment (a USD amount) in this coin, at the creation's USD rate. */
  readonly feeFixedMinor: bigint;
}

export interface PaymentSession {
  readonly id: string;
  readonly merchantId: string;
  readonly merchantDomainId: string;
  readonly livemode: boolean;
  readonly status: SessionStatus;
  readonly exception: SessionException | null;
  readonly currency: Currency;
  /** What the shop charges (the sale), without the tip. */
  readonly amountMinor: bigint;
  /** The customer's tip on top of the amount, same currency; 0n = no tip. */
  readonly tipMinor: bigint;
  /** Received so far, in the session currency, counted against the total (amount + tip). */
  readonly amountReceivedMinor: bigint;
  readonly amountRefundedMinor: bigint;
  readonly description: string | null;
  readonly clientReferenceId: string | null;
  readonly metadata: Readonly<Record<string, string>>;
  readonly lineItems: readonly LineItem[];
  readonly successUrl: string | null;
  readonly cancelUrl: string | null;
  readonly resolvedBy: 'owner' | null;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly updatedAt: number;
  readonly quotes: readonly SessionQuote[];
  /** The till's shift open when it was charged there (docs/shifts.md); null otherwise. */
  readonly shiftId: string | null;
  /** Who charged it: `ui:<user id>` for a signed-in staff member, else the API key's id; null before shifts existed. */
  readonly createdBy: string | null;
}

/** What the customer pays: the amount plus the tip (receipts, state machine, options). */
export function totalMinor(session: Pick<PaymentSession, 'amountMinor' | 'tipMinor'>): bigint {
  return session.amountMinor + session.tipMinor;
}

/**
 * What the session asks for in one coin: its total at the rate locked at creation. Without a tip it is
 * the quote's own amount due (locked then); with one, the total converted at the same locked rate and
 * rounding, so a tip never reprices the sale.
 */
export function totalDueMinor(session: Pick<PaymentSession, 'amountMinor' | 'tipMinor' | 'currency'>, quote: Pick<SessionQuote, 'currency' | 'rateScaled' | 'amountDueMinor'>): bigint {
  if (session.tipMinor === 0n) return quote.amountDueMinor;
  return quoteStablecoinAmount(totalMinor(session), session.currency, quote.currency, quote.rateScaled);
}

/** Sum of quantity × unit amount, exact. */
export function lineItemsTotal(items: readonly LineItem[]): bigint {
  return items.reduce((sum, item) => sum + BigInt(item.quantity) * item.unitAmountMinor, 0n);
}

/** A page request over one merchant's sessions in one mode (cursor pagination, newest first). */
export interface SessionListQuery {
  merchantId: string;
  livemode: boolean;
  limit: number;
  /** Cursor: sessions created before this one (the next page). */
  startingAfter?: string;
  /** Cursor: sessions created after this one (the previous page). */
  endingBefore?: string;
  status?: SessionStatus;
  currency?: Currency;
  createdGte?: number;
  createdLt?: number;
  /** Sessions with a (non-orphaned) payment on this network. */
  network?: string;
  /** Sessions whose amount is this decimal, in whatever currency (as typed in a search box). */
  amount?: string;
  /**
   * What a person typed to find a sale: sessions whose id starts with it, whose description holds it
   * (ignoring the case of A–Z), or, when it is a decimal, whose amount it is (as `amount`).
   */
  search?: string;
}
