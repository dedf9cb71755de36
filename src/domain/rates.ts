import { type Currency, CURRENCIES, type FiatCurrency, isCurrency, isFiat, isStablecoin, scaleOf } from './currencies.js';
import { divCeil } from './money.js';

/** Rates are fixed-point integers with this many decimals, so conversions stay exact bigint maths. */
export const RATE_SCALE = 12;
export const RATE_ONE = 10n ** BigInt(RATE_SCALE);

export interface Rate {
  /** Units of `quote` for one unit of `base`, times 10^RATE_SCALE. */
  readonly scaled: bigint;
  readonly base: Currency;
  readonly quote: Currency;
  /** Where the rate came from: `test`, `manual`, or a feed's name. */
  readonly source: string;
  readonly asOf: Date;
}

/** Why a pair has no usable rate: no price is held for a currency, or the one held is too old. */
export type UnavailableReason = 'missing' | 'stale';

export interface RateUnavailable {
  readonly reason: UnavailableReason;
  readonly base: Currency;
  readonly quote: Currency;
  /** The currency whose USD price is missing or stale (one leg of the pair). */
  readonly currency: Currency;
  /** For a stale price: where it came from, when, and the limit it broke. */
  readonly source: string | null;
  readonly asOf: Date | null;
  readonly maxAgeMs: number | null;
  /** One sentence naming the pair and why, fit for an API error message. */
  readonly message: string;
}

/** A usable rate, or why there is none. */
export type RateLookup =
  | { readonly rate: Rate; readonly unavailable?: undefined }
  | { readonly rate?: undefined; readonly unavailable: RateUnavailable };

/** A rate source answers from what it already holds: no I/O on the request path. */
export interface RateSource {
  readonly name: string;
  /** A usable rate (present and not stale), or null. */
  rate(base: Currency, quote: Currency): Rate | null;
  /** The same answer, saying why when there is no usable rate. */
  lookup(base: Currency, quote: Currency): RateLookup;
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
 * One currency's price in USD as an exact fraction `num / den` (a feed quoting through EUR gives
 * `usdPerEur / xPerEur`; keeping the fraction lets the EUR leg cancel exactly in a cross rate),
 * with where it came from and how old it may grow before it is refused.
 */
export interface UsdPrice {
  readonly num: bigint;
  readonly den: bigint;
  readonly source: string;
  readonly asOf: Date;
  /** Older than this (ms) and the price is stale; null: never stale (test and manual tables). */
  readonly maxAgeMs: number | null;
}

/** The source name of the 1:1 legs the contract fixes (USD, and USDT/USDC unless the owner sets them). */
export const PAR_SOURCE = 'par';

/** "3 d 4 h", "5 h 2 min", "40 s": an age for a message. */
export function describeAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}

/**
 * A rate source over per-currency USD prices: every pair is derived through USD, rounded down at 12
 * places (far below any amount's scale). A pair is as old as its older leg (1:1 `par` legs aside) and refused when either
 * leg is missing or stale. Its source names the legs' sources, leaving out the 1:1 `par` legs
 * (EUR→USDT priced from the ECB is `ecb`; VND from the manual table against EUR is `manual+ecb`).
 */
export class UsdPriceSource implements RateSource {
  constructor(
    readonly name: string,
    private readonly usdPrice: (currency: Currency) => UsdPrice | null,
    private readonly now: () => number,
  ) {}

  rate(base: Currency, quote: Currency): Rate | null {
    return this.lookup(base, quote).rate ?? null;
  }

  // Written without arrays, sets or spreads: every session's creation looks up a rate per coin.
  lookup(base: Currency, quote: Currency): RateLookup {
    const b = this.usdPrice(base);
    const q = this.usdPrice(quote);
    if (!b) return this.missing(base, quote, base);
    if (!q) return this.missing(base, quote, quote);
    const now = this.now();
    if (b.maxAgeMs !== null && now - b.asOf.getTime() > b.maxAgeMs) return this.stale(base, quote, base, b, now);
    if (q.maxAgeMs !== null && now - q.asOf.getTime() > q.maxAgeMs) return this.stale(base, quote, quote, q, now);
    // base→quote = usd(base) / usd(quote) = (bn/bd) / (qn/qd)
    const scaled = (b.num * q.den * RATE_ONE) / (b.den * q.num);
    // The legs' sources, each once, leaving out 1:1 par legs; par alone when both are.
    const bNamed = b.source !== PAR_SOURCE;
    const qNamed = q.source !== PAR_SOURCE && q.source !== (bNamed ? b.source : undefined);
    const source = bNamed && qNamed ? `${b.source}+${q.source}` : bNamed ? b.source : qNamed ? q.source : PAR_SOURCE;
    // As of the older dated leg (a par leg has no date of its own); the base's when both are par.
    const bDated = b.source !== PAR_SOURCE;
    const qDated = q.source !== PAR_SOURCE;
    const asOf = bDated && qDated ? (q.asOf.getTime() < b.asOf.getTime() ? q.asOf : b.asOf) : qDated ? q.asOf : b.asOf;
    return { rate: { scaled, base, quote, source, asOf } };
  }

  private missing(base: Currency, quote: Currency, currency: Currency): RateLookup {
    return {
      unavailable: {
        reason: 'missing', base, quote, currency, source: null, asOf: null, maxAgeMs: null,
        message: `No ${base}→${quote} rate: no rate for ${currency} is available (rate source: ${this.name}).`,
      },
    };
  }

  private stale(base: Currency, quote: Currency, currency: Currency, price: UsdPrice, now: number): RateLookup {
    const age = now - price.asOf.getTime();
    return {
      unavailable: {
        reason: 'stale', base, quote, currency, source: price.source, asOf: price.asOf, maxAgeMs: price.maxAgeMs,
        message:
          `No ${base}→${quote} rate: the ${price.source} rate for ${currency} is stale ` +
          `(as of ${price.asOf.toISOString()}, ${describeAge(age)} old; at most ${describeAge(price.maxAgeMs as number)} is accepted).`,
      },
    };
  }
}

/** Parses a table of USD prices per unit ({ EUR: '1.0812' }); throws naming a bad entry. */
export function parseUsdPrices(name: string, prices: Partial<Record<string, string>>): Map<Currency, bigint> {
  const out = new Map<Currency, bigint>();
  for (const [code, text] of Object.entries(prices)) {
    if (text === undefined) continue;
    if (!isCurrency(code)) throw new Error(`rate table ${name}: ${code} is not a supported currency (${CURRENCIES.join(', ')})`);
    const scaled = parseRate(text);
    if (scaled === null) throw new Error(`rate table ${name}: ${code} has an invalid price "${text}"`);
    out.set(code, scaled);
  }
  return out;
}

/**
 * A table of USD prices per currency unit; every pair is derived through USD. Never stale.
 * Stablecoins default to 1 USD (the contract's 1:1), unless the table says otherwise.
 */
export class UsdPriceTable implements RateSource {
  private readonly usdPrice = new Map<Currency, bigint>();
  private readonly source: UsdPriceSource;

  constructor(
    readonly name: string,
    prices: Partial<Record<Currency, string>>,
    private readonly asOf: Date = new Date(),
  ) {
    this.usdPrice.set('USD', RATE_ONE);
    this.usdPrice.set('USDT', RATE_ONE);
    this.usdPrice.set('USDC', RATE_ONE);
    for (const [code, scaled] of parseUsdPrices(name, prices)) this.usdPrice.set(code, scaled);
    this.source = new UsdPriceSource(name, (c) => this.price(c), () => this.asOf.getTime());
  }

  /** The table's entry for a currency, as a never-stale price. */
  price(currency: Currency): UsdPrice | null {
    const num = this.usdPrice.get(currency);
    return num === undefined ? null : { num, den: RATE_ONE, source: this.name, asOf: this.asOf, maxAgeMs: null };
  }

  rate(base: Currency, quote: Currency): Rate | null {
    return this.source.rate(base, quote);
  }

  lookup(base: Currency, quote: Currency): RateLookup {
    return this.source.lookup(base, quote);
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
