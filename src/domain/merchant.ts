import type { Currency, FiatCurrency } from './currencies.js';
import type { Role } from './users.js';

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

/** Who is calling: a merchant in one mode, through an API key or a signed-in user of the app's own UI. */
export interface Caller {
  readonly merchantId: string;
  readonly livemode: boolean;
  /** API key id, or `ui` for a user signed in to the app's own UI. */
  readonly via: string;
  /** What the caller may do: API keys act as `owner`; a UI user has their own role. */
  readonly role: Role;
  /** The signed-in user (UI sessions only). */
  readonly userId?: string;
  /** The UI session's id (UI sessions only). */
  readonly uiSessionId?: string;
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
