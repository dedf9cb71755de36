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
  /** What the till offers the customer as a tip after the cashier charges (docs/payments.md, "Tips"). */
  readonly tips: TipSettings;
  readonly createdAt: number;
  readonly domains: readonly MerchantDomain[];
}

/** The shop's tip choices: on or off, up to three preset percentages of the amount, and a custom amount. */
export interface TipSettings {
  readonly enabled: boolean;
  /** Percentages of the amount (e.g. 10, 15, 20), at most MAX_TIP_PRESETS, each > 0 and ≤ 100, ≤ 2 decimals. */
  readonly percentages: readonly number[];
  /** Whether the customer may type an amount of their own. */
  readonly custom: boolean;
}

export const MAX_TIP_PRESETS = 3;

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
  tipsEnabled?: boolean;
  tipPercentages?: readonly number[];
  tipsCustom?: boolean;
}
