import type { Currency, FiatCurrency } from './currencies.js';

export interface MerchantDomain {
  readonly id: string;
  readonly domain: string;
  readonly createdAt: number;
}

export interface Merchant {
  readonly id: string;
  readonly name: string;
  readonly timeZone: string;
  readonly reportingCurrency: FiatCurrency;
  readonly defaultCurrency: Currency;
  readonly feeBps: number;
  readonly feeFixedUsdCents: number;
  readonly sessionExpirySeconds: number;
  readonly monitoringWindowSeconds: number;
  readonly createdAt: number;
  readonly domains: readonly MerchantDomain[];
}

/** Who is calling: a merchant in one mode, through an API key or the app's own UI. */
export interface Caller {
  readonly merchantId: string;
  readonly livemode: boolean;
  /** API key id, or `ui` for the app's own window. */
  readonly via: string;
}
