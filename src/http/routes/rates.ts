import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CURRENCIES } from '../../domain/currencies.js';
import { formatRate } from '../../domain/rates.js';
import { parseCurrency } from '../../services/session-input.js';
import type { RateListing } from '../../services/rate-service.js';
import { ok } from '../envelope.js';
import { CASHIER_TOO, callerOf } from '../plugins/auth.js';
import { CurrencyCode, DateTime, Envelope, Nullable } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const RateOut = Type.Object({
  currency: Type.String({ enum: [...CURRENCIES] }),
  rate: Nullable(Type.String({
    description: 'Units of `currency` for one unit of `base`: a decimal string with at most 12 decimals, trailing zeros trimmed. Null when no usable rate is held.',
    examples: ['1.0686'],
  })),
  source: Nullable(Type.String({
    description: '`ecb` (the ECB\'s daily reference rates), `manual` (the owner\'s table), `test` (the test-mode table), `par` (USD, USDT and USDC at 1:1), or two joined with `+` when the legs differ (e.g. `manual+ecb`). Null when missing.',
  })),
  as_of: Nullable({ ...DateTime, description: 'When the rate was set (for the ECB, 16:00 Frankfurt time on its publication day). Null when missing.' }),
  age_seconds: Nullable(Type.Integer({ minimum: 0 })),
  stale: Type.Boolean({ description: 'True when the rate held is older than the feed\'s maximum age: it is refused for new sessions.' }),
  unavailable_reason: Nullable(Type.String({ enum: ['missing', 'stale'], description: 'Why `rate` is null; null when it is not.' })),
});

const FeedOut = Type.Object({
  source: Type.String({ examples: ['ecb'] }),
  published: Nullable(Type.String({ description: 'Date of the document held, YYYY-MM-DD; null before any good fetch.' })),
  as_of: Nullable(DateTime),
  fetched_at: Nullable({ ...DateTime, description: 'When the document held was fetched (perhaps by an earlier run, from the cache).' }),
  last_attempt_at: Nullable(DateTime),
  last_error: Nullable(Type.String({ description: 'Why the last fetch failed (the previous rates are kept); null when it succeeded.' })),
  max_age_seconds: Type.Integer(),
});

const RatesOut = Type.Object({
  base: Type.String({ enum: [...CURRENCIES] }),
  livemode: Type.Boolean(),
  rates: Type.Array(RateOut, { description: 'One per other currency of the 15 fiat currencies and USDT/USDC, in that order.' }),
  feed: Nullable(FeedOut),
});

const RatesQuery = Type.Object(
  { base: Type.Optional({ ...CurrencyCode, description: `${CurrencyCode.description} Default: the merchant's reporting currency.` }) },
  { additionalProperties: false },
);

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function present(listing: RateListing) {
  return {
    base: listing.base,
    livemode: listing.livemode,
    rates: listing.rates.map((r) => ({
      currency: r.currency,
      rate: r.rate ? formatRate(r.rate.scaled) : null,
      source: r.source,
      as_of: iso(r.asOf),
      age_seconds: r.ageMs === null ? null : Math.floor(r.ageMs / 1000),
      stale: r.unavailable?.reason === 'stale',
      unavailable_reason: r.unavailable?.reason ?? null,
    })),
    feed: listing.feed && {
      source: listing.feed.source,
      published: listing.feed.date,
      as_of: iso(listing.feed.asOf),
      fetched_at: iso(listing.feed.fetchedAt),
      last_attempt_at: iso(listing.feed.lastAttemptAt),
      last_error: listing.feed.lastError,
      max_age_seconds: Math.floor(listing.feed.maxAgeMs / 1000),
    },
  };
}

export const rateRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/rates', {
    config: CASHIER_TOO,
    schema: {
      tags: ['Rates'],
      summary: 'Current exchange rates against a base currency, with source and age',
      description:
        'Rates between `base` and every other currency the app prices in, in the key\'s mode: test mode shows the fixed test table; ' +
        'live mode the owner\'s manual rates, the ECB\'s daily reference rates and USDT/USDC at 1:1. ' +
        'A pair with no usable rate has `rate: null` and an `unavailable_reason` (`missing`, or `stale` when the rate held is too old); ' +
        'a session priced in such a currency is refused with 503 `rate_unavailable`. See docs/rates.md.',
      querystring: RatesQuery,
      response: { 200: Envelope(RatesOut) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const base = request.query.base === undefined
      ? (await services.merchants.get(caller.merchantId)).reportingCurrency
      : parseCurrency(request.query.base, 'base');
    return ok(present(services.rates.listRates(caller.livemode, base)));
  });
};
