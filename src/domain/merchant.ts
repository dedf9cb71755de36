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
  /** Currency settled funds convert into automatically; null keeps them as they came. */
  readonly settlementCurrency: Currency | null;
  /** Fee of a conversion between funds accounts, basis points of what it gives. */
  readonly conversionFeeBps: number;
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

/** The settings an owner may change (PATCH /v1/merchant); absent fields stay as they are. */
export interface MerchantSettingsPatch {
  name?: string;
  timeZone?: string;
  reportingCurrency?: FiatCurrency;
  defaultCurrency?: Currency;
  feeBps?: number;
  feeFixedUsdCents?: number;
  settlementCurrency?: Currency | null;
  conversionFeeBps?: number;
  sessionExpirySeconds?: number;
  monitoringWindowSeconds?: number;
}
