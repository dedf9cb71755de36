import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { CURRENCIES, type Currency, scaleOf, type Stablecoin } from '../domain/currencies.js';
import type { LineItem, PaymentSession, SessionQuote } from '../domain/session.js';
import type { SessionException, SessionStatus } from '../domain/session-state.js';
import type { Tables } from './tables.js';

/**
 * Session rows to sessions and back, and the amount search (session-repository.ts): both dialects'
 * tables give these rows the same shape (column-kit.ts).
 */
export type SessionRow = Tables['paymentSessions']['$inferSelect'];
export type QuoteRow = Tables['sessionQuotes']['$inferSelect'];

interface StoredLineItem {
  quantity: number;
  unit_amount: string;
  name: string;
  description: string | null;
}

function toLineItems(json: string): LineItem[] {
  return (JSON.parse(json) as StoredLineItem[]).map((i) => ({
    quantity: i.quantity,
    unitAmountMinor: BigInt(i.unit_amount),
    name: i.name,
    description: i.description,
  }));
}

export function fromLineItems(items: readonly LineItem[]): string {
  const stored: StoredLineItem[] = items.map((i) => ({
    quantity: i.quantity,
    unit_amount: i.unitAmountMinor.toString(),
    name: i.name,
    description: i.description,
  }));
  return JSON.stringify(stored);
}

export function toSession(row: SessionRow, quotes: readonly QuoteRow[]): PaymentSession {
  return {
    id: row.id,
    merchantId: row.merchantId,
    merchantDomainId: row.merchantDomainId,
    livemode: row.livemode,
    status: row.status as SessionStatus,
    exception: row.exception as SessionException | null,
    currency: row.currency as Currency,
    amountMinor: row.amountMinor,
    amountReceivedMinor: row.amountReceivedMinor,
    amountRefundedMinor: row.amountRefundedMinor,
    tipMinor: row.tipMinor,
    description: row.description,
    clientReferenceId: row.clientReferenceId,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    lineItems: toLineItems(row.lineItems),
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    resolvedBy: row.resolvedBy as 'owner' | null,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    updatedAt: row.updatedAt,
    shiftId: row.shiftId,
    createdBy: row.createdBy,
    quotes: quotes.map(
      (q): SessionQuote => ({
        currency: q.currency as Stablecoin,
        rateScaled: q.rateScaled,
        rateSource: q.rateSource,
        amountDueMinor: q.amountDueMinor,
        feeFixedMinor: q.feeFixedMinor,
      }),
    ),
  };
}

/** The columns the amount search reads, of either store's `payment_sessions`. */
export interface AmountColumns {
  currency: AnyColumn;
  amountMinor: AnyColumn;
}

/**
 * `amount_minor` equal to `decimal` read at each currency's scale ("12.5" is 1250 cents, 12500000
 * micro-USDT, and no JPY amount): a search by amount without knowing the currency.
 */
export function amountMatches(t: AmountColumns, decimal: string): SQL {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const at = (scale: number) => (fraction.length > scale ? undefined : BigInt(whole + fraction.padEnd(scale, '0')));
  const byScale = new Map<number, string[]>();
  for (const c of CURRENCIES) byScale.set(scaleOf(c), [...(byScale.get(scaleOf(c)) ?? []), c]);
  const parts = [...byScale].flatMap(([scale, codes]) => {
    const minor = at(scale);
    return minor === undefined ? [] : [and(inArray(t.currency, codes), eq(t.amountMinor, minor)) as SQL];
  });
  // A condition no row meets, in words both databases accept (PostgreSQL has no integer truth).
  return (parts.length ? or(...parts) : undefined) ?? sql`1 = 0`;
}

/** A decimal as a search box holds one ("12.50"): the amount filter's own format. */
export const SEARCH_DECIMAL = /^(0|[1-9][0-9]{0,15})(\.[0-9]{1,6})?$/;
