import type { Currency, Stablecoin } from '../domain/currencies.js';
import { formatMoney } from '../domain/money.js';
import type { Receipt } from '../domain/receipt.js';

/** "12.50 EUR", "500 JPY": an amount in the session's currency, as every receipt prints it. */
export const moneyText = (minor: bigint, currency: Currency): string => {
  const { value } = formatMoney({ minor, currency });
  return `${value} ${currency}`;
};

/**
 * "7.58 USDT": a coin's 6-decimal amount with trailing zeros dropped down to two decimals (as the
 * checkout page shows coins: "12.505000" → "12.505").
 */
export const coinText = (minor: bigint, coin: Stablecoin): string =>
  `${formatMoney({ minor, currency: coin }).value.replace(/(\.\d\d\d*?)0+$/, '$1')} ${coin}`;

/** "1 EUR = 1.0834 USDT": the rate a payment's coin amount was quoted at. */
export const rateText = (rate: string, currency: Currency, coin: Stablecoin): string => `1 ${currency} = ${rate} ${coin}`;

/** Refund states in words for the customer. */
export const REFUND_STATUS_TEXT: Readonly<Record<Receipt['refunds'][number]['status'], string>> = {
  PENDING: 'pending',
  REQUIRES_ACTION: 'pending',
  PROCESSING: 'on its way',
  SUCCEEDED: 'refunded',
  FAILED: 'failed',
  CANCELED: 'canceled',
};

/** The receipt's public page, where its QR leads (`/pay/{id}/receipt`). */
export const receiptUrl = (publicBaseUrl: string, sessionId: string): string => `${publicBaseUrl}/pay/${sessionId}/receipt`;
