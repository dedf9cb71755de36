import { type Currency, CURRENCIES, isStablecoin } from '../domain/currencies.js';
import { ApiError } from '../domain/errors.js';
import { PAR_SOURCE, parseUsdPrices, RATE_ONE, type Rate, type RateLookup, type RateSource, type RateUnavailable, type UsdPrice, UsdPriceSource } from '../domain/rates.js';
import type { Clock } from './ports.js';
import type { RateFeedStatus } from './rate-feed.js';

/** Where the live source gets its prices from the reference feed (the ECB feed, or a stand-in). */
export interface ReferencePrices {
  price(currency: Currency): UsdPrice | null;
  status(): RateFeedStatus;
}

/** One row of a rate listing: base→currency, or why there is no usable rate. */
export interface RateListingEntry {
  readonly currency: Currency;
  readonly rate: Rate | null;
  /** Source, date and age of what is held, also for a stale rate; null when missing. */
  readonly source: string | null;
  readonly asOf: Date | null;
  readonly ageMs: number | null;
  readonly unavailable: RateUnavailable | null;
}

export interface RateListing {
  readonly base: Currency;
  readonly livemode: boolean;
  readonly rates: readonly RateListingEntry[];
  /** The reference feed behind live rates; null in test mode or when the feed is off. */
  readonly feed: RateFeedStatus | null;
}

/**
 * The live source: for each currency, the owner's manual price if set (the owner knows best), else
 * the reference feed's (which may be stale and then refused), else 1 USD for USD, USDT and USDC.
 */
export function liveRateSource(
  manualRates: Partial<Record<string, string>>,
  feed: ReferencePrices | null,
  now: Clock,
  setAt: Date = new Date(now()),
): RateSource {
  const manual = new Map<Currency, UsdPrice>();
  for (const [code, num] of parseUsdPrices('manual', manualRates)) {
    manual.set(code, { num, den: RATE_ONE, source: 'manual', asOf: setAt, maxAgeMs: null });
  }
  const par: UsdPrice = { num: RATE_ONE, den: RATE_ONE, source: PAR_SOURCE, asOf: setAt, maxAgeMs: null };
  const price = (c: Currency): UsdPrice | null =>
    manual.get(c) ?? feed?.price(c) ?? (c === 'USD' || isStablecoin(c) ? par : null);
  return new UsdPriceSource(feed ? 'manual+ecb' : 'manual', price, now);
}

/**
 * Exchange rates for use cases: one source per mode (test: the fixed test table; live: manual
 * prices, the reference feed, 1:1 coins), answered from memory. Balances and conversions use
 * `rate()`; `GET /v1/rates` uses `listRates()`.
 */
export class RateService {
  constructor(
    private readonly d: { test: RateSource; live: RateSource; feed: ReferencePrices | null; now: Clock },
  ) {}

  source(livemode: boolean): RateSource {
    return livemode ? this.d.live : this.d.test;
  }

  /** Units of `quote` per unit of `base`, or why not. */
  lookup(livemode: boolean, base: Currency, quote: Currency): RateLookup {
    return this.source(livemode).lookup(base, quote);
  }

  /**
   * Units of `quote` per unit of `base` (scaled by 10^12), with its source and date.
   * @throws ApiError rate_unavailable (503) naming the pair and why: missing, or stale and how old.
   */
  rate(livemode: boolean, base: Currency, quote: Currency): Rate {
    const found = this.lookup(livemode, base, quote);
    if (found.rate) return found.rate;
    throw new ApiError('rate_unavailable', unavailableMessage(found.unavailable));
  }

  /** Every other currency of the 17 against `base`, in the contract's order. */
  listRates(livemode: boolean, base: Currency): RateListing {
    const now = this.d.now();
    const rates = CURRENCIES.filter((c) => c !== base).map((currency): RateListingEntry => {
      const found = this.lookup(livemode, base, currency);
      const asOf = found.rate?.asOf ?? found.unavailable?.asOf ?? null;
      return {
        currency,
        rate: found.rate ?? null,
        source: found.rate?.source ?? found.unavailable?.source ?? null,
        asOf,
        ageMs: asOf === null ? null : Math.max(0, now - asOf.getTime()),
        unavailable: found.unavailable ?? null,
      };
    });
    return { base, livemode, rates, feed: livemode && this.d.feed ? this.d.feed.status() : null };
  }
}

/** The refusal's message, with what the merchant can do about it. */
export function unavailableMessage(u: RateUnavailable): string {
  const fix =
    u.reason === 'stale'
      ? 'The reference feed has not been refreshed lately (is the app offline?); set a manual rate in Settings → Rates, or price the session in USD, USDT or USDC.'
      : 'Set one in Settings → Rates, or price the session in USD, USDT or USDC.';
  return `${u.message} ${fix}`;
}
