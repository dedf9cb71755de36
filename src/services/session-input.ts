import { type Currency, CURRENCIES, isCurrency, scaleOf } from '../domain/currencies.js';
import { ApiError, invalidParam } from '../domain/errors.js';
import { DecimalParseError, MAX_MINOR, parseDecimal } from '../domain/money.js';
import { type LineItem, lineItemsTotal } from '../domain/session.js';
import type { NewSessionInput } from './session-service.js';

/**
 * The two creation shapes (contract "Payment session"), as the HTTP schemas admit them, turned into
 * one NewSessionInput. The schemas check types and sizes; this checks meaning (scale, totals, dates)
 * and names the exact field at fault.
 */
interface CommonFields {
  merchant_domain_id?: string;
  description?: string;
  client_reference_id?: string;
  metadata?: Record<string, string>;
  expires_at?: string;
  success_url?: string;
  cancel_url?: string;
  till?: string;
}

export interface ShapeABody extends CommonFields {
  merchant_id: string;
  amount: { value: string; currency: string };
  tip?: { value: string; currency: string };
}

export interface ShapeBBody extends CommonFields {
  amount?: number;
  tip_amount?: number;
  currency: string;
  mode: 'payment';
  line_items: {
    quantity: number;
    price_data: {
      currency: string;
      unit_amount: number;
      product_data: { name: string; description?: string };
    };
  }[];
}

/** Currency codes are matched case-insensitively ("usd" as Stripe clients send it) and kept upper-case. */
export function parseCurrency(code: string, param: string): Currency {
  const upper = code.toUpperCase();
  if (!isCurrency(upper)) throw invalidParam(param, `must be one of ${CURRENCIES.join(', ')}`);
  return upper;
}

// ISO 8601 date-time with an explicit offset, so "10:00" never silently means the server's zone.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseDateTime(value: string, param: string): number {
  const ms = ISO_DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw invalidParam(param, 'must be an ISO 8601 date-time with a time zone, for example "2026-05-01T10:00:00Z"');
  return ms;
}

/** A decimal amount in a currency's minor units, strictly (docs/api.md); more than zero. */
export function parseAmount(value: string, currency: Currency, param: string): bigint {
  let minor: bigint;
  try {
    minor = parseDecimal(value, scaleOf(currency));
  } catch (err) {
    if (err instanceof DecimalParseError) throw invalidParam(param, err.message);
    throw err;
  }
  if (minor === 0n) throw invalidParam(param, 'must be greater than 0');
  return minor;
}

/**
 * A tip as shape A and the tip route take it (`{"value","currency"}`): in the session's own currency
 * (a tip in another would need a rate of its own), at that currency's scale; "0" is no tip.
 */
export function parseTip(tip: { value: string; currency: string }, sessionCurrency: Currency, param: string): bigint {
  const currency = parseCurrency(tip.currency, `${param}.currency`);
  if (currency !== sessionCurrency) throw invalidParam(`${param}.currency`, `must be the session's currency, ${sessionCurrency}`);
  try {
    return parseDecimal(tip.value, scaleOf(currency));
  } catch (err) {
    if (err instanceof DecimalParseError) throw invalidParam(`${param}.value`, err.message);
    throw err;
  }
}

/** A tip and the amount together must stay within the largest amount accepted. */
function checkTotal(amountMinor: bigint, tipMinor: bigint, param: string): bigint {
  if (amountMinor + tipMinor > MAX_MINOR) throw invalidParam(param, 'the amount plus the tip is larger than the largest amount accepted');
  return tipMinor;
}

function parseUrl(value: string | undefined, param: string): string | null {
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidParam(param, 'must be an absolute http or https URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidParam(param, 'must be an absolute http or https URL');
  return value;
}

function common(body: CommonFields): Omit<NewSessionInput, 'currency' | 'amountMinor' | 'tipMinor' | 'lineItems' | 'amountParam' | 'tipParam'> {
  return {
    merchantDomainId: body.merchant_domain_id ?? null,
    description: body.description ?? null,
    clientReferenceId: body.client_reference_id ?? null,
    metadata: body.metadata ?? {},
    expiresAt: body.expires_at === undefined ? null : parseDateTime(body.expires_at, 'expires_at'),
    successUrl: parseUrl(body.success_url, 'success_url'),
    cancelUrl: parseUrl(body.cancel_url, 'cancel_url'),
    domainParam: 'merchant_domain_id',
    expiresAtParam: 'expires_at',
    ...(body.till !== undefined && { till: body.till }),
  };
}

export function fromShapeA(body: ShapeABody, merchantId: string): NewSessionInput {
  if (body.merchant_id !== merchantId) {
    throw new ApiError('merchant_mismatch', `The API key belongs to merchant '${merchantId}', not '${body.merchant_id}'.`, 'merchant_id');
  }
  const currency = parseCurrency(body.amount.currency, 'amount.currency');
  const amountMinor = parseAmount(body.amount.value, currency, 'amount.value');
  const tipMinor = body.tip === undefined ? 0n : checkTotal(amountMinor, parseTip(body.tip, currency, 'tip'), 'tip.value');
  return { ...common(body), currency, amountMinor, tipMinor, lineItems: [], amountParam: 'amount.value', tipParam: 'tip.value' };
}

export function fromShapeB(body: ShapeBBody): NewSessionInput {
  const currency = parseCurrency(body.currency, 'currency');
  const lineItems: LineItem[] = body.line_items.map((item, i) => {
    const itemCurrency = parseCurrency(item.price_data.currency, `line_items[${i}].price_data.currency`);
    if (itemCurrency !== currency) {
      throw invalidParam(`line_items[${i}].price_data.currency`, `must equal the session currency ${currency}`);
    }
    return {
      quantity: item.quantity,
      unitAmountMinor: BigInt(item.price_data.unit_amount),
      name: item.price_data.product_data.name,
      description: item.price_data.product_data.description ?? null,
    };
  });
  const total = lineItemsTotal(lineItems);
  if (total > MAX_MINOR) throw invalidParam('line_items', 'the total of the line items is larger than the largest amount accepted');
  if (body.amount !== undefined && BigInt(body.amount) !== total) {
    throw invalidParam('amount', `must equal the total of line_items (${total} in minor units of ${currency}), or be left out`);
  }
  if (total === 0n) throw invalidParam(body.amount === undefined ? 'line_items' : 'amount', 'the amount must be greater than 0');
  const tipMinor = checkTotal(total, BigInt(body.tip_amount ?? 0), 'tip_amount');
  return { ...common(body), currency, amountMinor: total, tipMinor, lineItems, amountParam: body.amount === undefined ? 'line_items' : 'amount', tipParam: 'tip_amount' };
}
