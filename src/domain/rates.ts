import { type Currency, type FiatCurrency, isFiat, isStablecoin, scaleOf } from './currencies.js';
import { divCeil } from './money.js';

/** Rates are fixed-point integers with this many decimals, so conversions stay exact bigint maths. */
export const RATE_SCALE = 12;
const RATE_ONE = 10n ** BigInt(RATE_SCALE);

export interface Rate {
  /** Units of `quote` for one unit of `base`, times 10^RATE_SCALE. */
  readonly scaled: bigint;
  readonly base: Currency;
  readonly quote: Currency;
  /** Where the rate came from: `test`, `manual`, or a feed's name. */
  readonly source: string;
  readonly asOf: Date;
}

/** A rate source answers from what it already holds: no I/O on the request path. */
export interface RateSource {
  readonly name: string;
  rate(base: Currency, quote: Currency): Rate | null;
}

/** Parses "1.0834" into a scaled rate; null when it is not a positive decimal with ≤ 12 places. */
export function parseRate(text: string): bigint | null {
  const m = /^(0|[1-9]\d{0,11})(?:\.(\d{1,12}))?$/.exec(text);
  if (!m) return null;
  const scaled = BigInt((m[1] as string) + (m[2] ?? '').padEnd(RATE_SCALE, '0'));
  return scaled > 0n ? scaled : null;
}

export function formatRate(scaled: bigint): string {
  const digits = scaled.toString().padStart(RATE_SCALE + 1, '0');
  const fraction = digits.slice(-RATE_SCALE).replace(/0+$/, '');
  return digits.slice(0, -RATE_SCALE) + (fraction ? `.${fraction}` : '');
}

/**
 * A table of USD prices per currency unit; every pair is derived through USD.
 * Stablecoins default to 1 USD (the contract's 1:1), unless the table says otherwise.
 */
export class UsdPriceTable implements RateSource {
  private readonly usdPrice = new Map<Currency, bigint>();

  constructor(
    readonly name: string,
    prices: Partial<Record<Currency, string>>,
    private readonly asOf: Date = new Date(),
  ) {
    this.usdPrice.set('USD', RATE_ONE);
    this.usdPrice.set('USDT', RATE_ONE);
    this.usdPrice.set('USDC', RATE_ONE);
    for (const [code, text] of Object.entries(prices) as [Currency, string][]) {
      const scaled = parseRate(text);
      if (scaled === null) throw new Error(`rate table ${name}: ${code} has an invalid price "${text}"`);
      this.usdPrice.set(code, scaled);
    }
  }

  rate(base: Currency, quote: Currency): Rate | null {
    const b = this.usdPrice.get(base);
    const q = this.usdPrice.get(quote);
    if (b === undefined || q === undefined) return null;
    // base→quote = usd(base) / usd(quote); rounded down at 12 places, far below any amount's scale.
    return { scaled: (b * RATE_ONE) / q, base, quote, source: this.name, asOf: this.asOf };
  }
}

/**
 * The test-mode table: fixed, documented (docs/rates.md) approximations so fiat sessions work
 * offline and tests are repeatable. Never used in live mode.
 */
export const TEST_USD_PRICES: Readonly<Record<FiatCurrency, string>> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  AUD: '0.66',
  CAD: '0.73',
  JPY: '0.0067',
  HKD: '0.128',
  SGD: '0.74',
  IDR: '0.000063',
  PHP: '0.0175',
  VND: '0.00004',
  THB: '0.028',
  MYR: '0.21',
  MXN: '0.058',
  BRL: '0.18',
};

/** The coin amounts a customer may pay are rounded up to 0.01 of the coin (contract: "Payment session"). */
const STABLECOIN_QUOTE_STEP = 10n ** 4n; // 0.01 in 6-decimal minor units

/**
 * Converts a fiat (or stablecoin) amount into a stablecoin's 6-decimal minor units at `rate`,
 * rounded up to 0.01 so the merchant is never short. Same-coin amounts pass through unchanged.
 */
export function quoteStablecoinAmount(minor: bigint, from: Currency, to: Currency, rate: bigint): bigint {
  if (!isStablecoin(to)) throw new Error(`quote target must be a stablecoin, got ${to}`);
  if (from === to) return minor;
  const fromScale = scaleOf(from);
  const toScale = scaleOf(to);
  // minor / 10^fromScale units × rate / 10^12 = x / 10^toScale  ⇒  x = minor × rate × 10^(toScale−fromScale) / 10^12
  const numerator = minor * rate * 10n ** BigInt(Math.max(0, toScale - fromScale));
  const denominator = RATE_ONE * 10n ** BigInt(Math.max(0, fromScale - toScale));
  const exact = divCeil(numerator, denominator);
  return isFiat(from) ? divCeil(exact, STABLECOIN_QUOTE_STEP) * STABLECOIN_QUOTE_STEP : exact;
}
