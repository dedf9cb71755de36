/**
 * The currencies a session may be priced in, and their scale (number of decimal places).
 *
 * Fiat scales are ISO 4217 exponents, except where the contract fixes them: JPY and VND are 0,
 * every other listed fiat is 2 (IDR's ISO exponent is 2 as well). Stablecoins as a unit of account
 * use 6 decimals; their on-chain decimals (18 on BNB Smart Chain) belong to the chain asset registry.
 */
export const FIAT_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'HKD', 'SGD',
  'IDR', 'PHP', 'VND', 'THB', 'MYR', 'MXN', 'BRL',
] as const;
export const STABLECOINS = ['USDT', 'USDC'] as const;

export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export type Stablecoin = (typeof STABLECOINS)[number];
export type Currency = FiatCurrency | Stablecoin;

export const CURRENCIES: readonly Currency[] = [...FIAT_CURRENCIES, ...STABLECOINS];

const ZERO_DECIMAL: ReadonlySet<string> = new Set(['JPY', 'VND']);

export function isCurrency(code: string): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code);
}

export function isStablecoin(code: string): code is Stablecoin {
  return (STABLECOINS as readonly string[]).includes(code);
}

export function isFiat(code: string): code is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(code);
}

/** Decimal places of a currency's minor unit. */
export function scaleOf(currency: Currency): number {
  if (isStablecoin(currency)) return 6;
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}
