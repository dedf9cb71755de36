import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { formatRate, TEST_USD_PRICES, UsdPriceTable } from '../../src/domain/rates.js';
import { EcbRateFeed, type RateFeedPorts } from '../../src/services/rate-feed.js';
import { liveRateSource, RateService } from '../../src/services/rate-service.js';

const recorded = readFileSync(new URL('../fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const published = Date.parse('2024-06-14T14:00:00Z');
const HOUR = 3_600_000;

/** In-memory ports: answers are queued; the cache is one string. */
function ports(answers: (string | Error | 'hang')[], cache: string | null = null) {
  const state = { cache, fetched: 0 };
  const p: RateFeedPorts = {
    fetchText: (_url, signal) => {
      state.fetched++;
      const next = answers.shift() ?? new Error('no answer queued');
      if (next === 'hang') return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    readCache: () => state.cache,
    writeCache: (text) => {
      state.cache = text;
    },
  };
  return { p, state };
}

function feedWith(p: RateFeedPorts, now: () => number, timeoutMs = 1000) {
  return new EcbRateFeed({ url: 'http://feed.test/daily.xml', refreshMs: HOUR, retryMs: HOUR, timeoutMs, maxAgeMs: 96 * HOUR, now, ports: p });
}

describe('EcbRateFeed', () => {
  test('keeps the previous good document when the next is malformed, an error, or older', async () => {
    const older = recorded.replace("time='2024-06-14'", "time='2024-06-13'").replace("rate='1.0686'", "rate='1.0700'");
    const { p, state } = ports([recorded, recorded.slice(0, 500), new Error('HTTP 502'), older]);
    const feed = feedWith(p, () => published + HOUR);
    expect(feed.price('EUR')).toBeNull();
    expect(await feed.refresh()).toBe(true);
    expect(formatRate(feed.price('EUR')!.num)).toBe('1.0686');
    expect(JSON.parse(state.cache!)).toMatchObject({ source: 'ecb', date: '2024-06-14', url: 'http://feed.test/daily.xml' });
    const cached = state.cache;
    for (const error of [/truncated|ends inside/, /HTTP 502/, /older than the 2024-06-14 one held/]) {
      expect(await feed.refresh()).toBe(false);
      expect(feed.status().lastError).toMatch(error);
      expect(formatRate(feed.price('EUR')!.num)).toBe('1.0686');
      expect(feed.status().date).toBe('2024-06-14');
    }
    expect(state.cache).toBe(cached);
    expect(state.fetched).toBe(4);
  });

  test('a fetch that does not answer in time is abandoned', async () => {
    const { p } = ports(['hang']);
    const feed = feedWith(p, () => published, 50);
    expect(await feed.refresh()).toBe(false);
    expect(feed.status().lastError).toMatch(/no answer within 50 ms/);
  });

  test('the cache of an earlier run is loaded with its fetch time; a corrupt one is ignored', async () => {
    const first = ports([recorded]);
    await feedWith(first.p, () => published + HOUR).refresh();
    const again = feedWith(ports([], first.state.cache).p, () => published + 50 * HOUR);
    again.loadCache();
    expect(again.status()).toMatchObject({ date: '2024-06-14', fetchedAt: new Date(published + HOUR) });
    expect(again.price('GBP')).not.toBeNull();
    for (const bad of ['not json', '{}', JSON.stringify({ source: 'ecb', fetched_at: 'x', xml: recorded }), JSON.stringify({ source: 'ecb', fetched_at: new Date().toISOString(), xml: '<a/>' })]) {
      const warnings: string[] = [];
      const feed = new EcbRateFeed({ url: 'u', refreshMs: HOUR, retryMs: HOUR, timeoutMs: 1000, maxAgeMs: HOUR, now: Date.now, ports: ports([], bad).p, warn: (m) => warnings.push(m) });
      feed.loadCache();
      expect(feed.price('EUR')).toBeNull();
      expect(warnings[0]).toMatch(/ignoring the rate feed cache/);
    }
  });
});

describe('RateService over the live source', () => {
  async function service(manual: Record<string, string>, at: number) {
    let now = at;
    const { p } = ports([recorded]);
    const feed = feedWith(p, () => now);
    await feed.refresh();
    const clock = () => now;
    const rates = new RateService({ test: new UsdPriceTable('test', TEST_USD_PRICES), live: liveRateSource(manual, feed, clock), feed, now: clock });
    return { rates, setNow: (ms: number) => (now = ms) };
  }

  test('rate() answers with source and date, or throws rate_unavailable naming the pair and why', async () => {
    const { rates, setNow } = await service({}, published + HOUR);
    const eur = rates.rate(true, 'EUR', 'USDC');
    expect(formatRate(eur.scaled)).toBe('1.0686');
    expect(eur).toMatchObject({ base: 'EUR', quote: 'USDC', source: 'ecb', asOf: new Date(published) });
    expect(() => rates.rate(true, 'VND', 'EUR')).toThrow(ApiError);
    expect(() => rates.rate(true, 'VND', 'EUR')).toThrow(/No VND→EUR rate: no rate for VND/);
    expect(formatRate(rates.rate(false, 'VND', 'USD').scaled)).toBe('0.00004'); // test mode: the test table
    setNow(published + 97 * HOUR);
    let error: ApiError | undefined;
    try {
      rates.rate(true, 'EUR', 'USDC');
    } catch (err) {
      error = err as ApiError;
    }
    expect(error).toMatchObject({ code: 'rate_unavailable', status: 503 });
    expect(error!.message).toMatch(/ecb rate for EUR is stale .*4 d 1 h old/);
    expect(rates.rate(true, 'USD', 'USDT').source).toBe('par'); // never stale
    expect(rates.rate(false, 'EUR', 'USDT').source).toBe('test'); // test mode never stale
  });

  test('listRates: one row per other currency; VND filled from the manual table; manual overrides the feed', async () => {
    const { rates } = await service({ VND: '0.0000393', JPY: '0.0065' }, published + HOUR);
    const list = rates.listRates(true, 'USD');
    expect(list.rates).toHaveLength(16);
    const by = Object.fromEntries(list.rates.map((r) => [r.currency, r]));
    expect(by.VND).toMatchObject({ source: 'manual', unavailable: null });
    expect(formatRate(by.JPY!.rate!.scaled)).toBe('153.846153846153'); // 1 / 0.0065: the owner's, not the ECB's
    expect(by.EUR).toMatchObject({ source: 'ecb', ageMs: HOUR });
    expect(list.feed).toMatchObject({ source: 'ecb', date: '2024-06-14' });
    expect(rates.listRates(false, 'USD').feed).toBeNull();
    expect(() => liveRateSource({ XYZ: '1' }, null, Date.now)).toThrow(/not a supported currency/);
  });
});
