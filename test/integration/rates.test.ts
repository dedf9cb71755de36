/**
 * Rates over real HTTP: a local server stands in for the ECB (tests never reach the internet) and
 * serves a recorded copy of its daily XML; the core fetches it in the background.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CURRENCIES } from '../../src/domain/currencies.js';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

const recorded = readFileSync(new URL('../fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const today = new Date().toISOString().slice(0, 10);
const dated = (date: string) => recorded.replace("time='2024-06-14'", `time='${date}'`);
const DAY_MS = 86_400_000;

/** The ECB stand-in: serves `body` (or a status), counting requests. */
interface FeedServer {
  url: string;
  hits: number;
  body: string;
  status: number;
  close(): Promise<void>;
}

async function feedServer(body: string): Promise<FeedServer> {
  const state = { hits: 0, body, status: 200 };
  const server: Server = createServer((_req, res) => {
    state.hits++;
    res.writeHead(state.status, { 'content-type': 'text/xml' }).end(state.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const rates = async (t: TestCore, query = '?base=EUR', key = t.liveKey) => {
  const res = await t.api('GET', `/v1/rates${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { base: string; livemode: boolean; rates: any[]; feed: any };
};
const row = (data: { rates: any[] }, currency: string) => data.rates.find((r) => r.currency === currency);

describe('test mode', () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.stop());

  test('shows the test table against the merchant\'s reporting currency (USD) by default', async () => {
    const data = await rates(t, '', t.testKey);
    expect(data).toMatchObject({ base: 'USD', livemode: false, feed: null });
    expect(data.rates.map((r) => r.currency)).toEqual(CURRENCIES.filter((c) => c !== 'USD'));
    expect(row(data, 'EUR')).toMatchObject({ rate: '0.925925925925', source: 'test', stale: false, unavailable_reason: null });
    expect(row(data, 'USDT')).toMatchObject({ rate: '1', source: 'test' });
    expect(typeof row(data, 'EUR').age_seconds).toBe('number');
    const eur = await rates(t, '?base=eur', t.testKey);
    expect(eur.base).toBe('EUR');
    expect(row(eur, 'USD').rate).toBe('1.08');
    expect(row(eur, 'VND').rate).toBe('27000');
  });

  test('refuses a bad base and unknown parameters; needs a key', async () => {
    expectError(await t.api('GET', '/v1/rates?base=XXX'), 400, 'parameter_invalid', 'base');
    expectError(await t.api('GET', '/v1/rates?base=EUR&quote=USD'), 400, 'parameter_unknown', 'quote');
    expectError(await t.api('GET', '/v1/rates', { key: null }), 401, 'api_key_missing');
  });

  test('the OpenAPI description lists the route under Rates', async () => {
    const spec = (await (await fetch(`${t.url}/docs/json`)).json()) as any;
    expect(spec.paths['/v1/rates'].get.tags).toEqual(['Rates']);
  });
});

describe('live mode with the ECB feed', () => {
  let feed: FeedServer;
  let dataDir: string;
  beforeAll(async () => {
    feed = await feedServer(dated(today));
    dataDir = mkdtempSync(join(tmpdir(), 'stablepos-rates-'));
  });
  afterAll(async () => {
    await feed.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (extra: Record<string, unknown> = {}) =>
    startTestCore({ dataDir, rateFeed: { source: 'ecb', url: feed.url, refreshMs: 100, retryMs: 100 }, ...extra });

  test('fetched at start: ECB-sourced rates with their age; VND missing; sessions priced from the feed; garbage keeps the good rates', async () => {
    const t = await start();
    try {
      const data = await until('ECB rates', async () => {
        const d = await rates(t);
        return row(d, 'USD').source === 'ecb' && d;
      });
      expect(data.base).toBe('EUR');
      expect(data.livemode).toBe(true);
      expect(row(data, 'USD')).toMatchObject({ rate: '1.0686', source: 'ecb', stale: false, unavailable_reason: null });
      expect(row(data, 'GBP')).toMatchObject({ rate: '0.8438', source: 'ecb' });
      expect(row(data, 'JPY')).toMatchObject({ rate: '168.18', source: 'ecb' });
      expect(row(data, 'USDT')).toMatchObject({ rate: '1.0686', source: 'ecb' });
      expect([`${today}T14:00:00.000Z`, `${today}T15:00:00.000Z`]).toContain(row(data, 'USD').as_of); // 16:00 CEST or CET
      expect(row(data, 'USD').age_seconds).toBeGreaterThanOrEqual(0);
      expect(row(data, 'VND')).toMatchObject({ rate: null, source: null, as_of: null, age_seconds: null, stale: false, unavailable_reason: 'missing' });
      expect(data.feed).toMatchObject({ source: 'ecb', published: today, last_error: null, max_age_seconds: 4 * 86_400 });
      expect(existsSync(join(dataDir, 'rates-ecb.json'))).toBe(true);

      // 12.50 EUR × 1.0686 = 13.3575 → 13.36 USDT, rounded up.
      const session = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'EUR'), key: t.liveKey });
      expect(session.status, session.text).toBe(200);
      expect((await t.api('GET', `/pay/${session.body.data.session_id}`, { key: null })).text).toContain('13.36 USDT');
      const vnd = expectError(
        await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '100000', 'VND'), key: t.liveKey }),
        503, 'rate_unavailable', null,
      );
      expect(vnd.message).toMatch(/No VND→USDT rate: no rate for VND/);

      // The feed turns to garbage, then to an error page: the good rates stay, the failure is reported.
      feed.body = recorded.slice(0, 700);
      const hits = feed.hits;
      const failed = await until('a failed refresh', async () => {
        const d = await rates(t);
        return feed.hits > hits && d.feed.last_error !== null && d;
      });
      expect(failed.feed.last_error).toMatch(/truncated|ends inside/);
      expect(row(failed, 'USD')).toMatchObject({ rate: '1.0686', source: 'ecb' });
      feed.status = 503;
      feed.body = '<html>down</html>';
      await until('an HTTP failure', async () => (await rates(t)).feed.last_error === 'HTTP 503');
      expect(row(await rates(t), 'GBP').rate).toBe('0.8438');
    } finally {
      await t.stop();
      feed.status = 200;
      feed.body = dated(today);
    }
  });

  test('a manual rate fills the ECB\'s gap (VND) and overrides the feed where the owner set one', async () => {
    const t = await start({ manualRates: { VND: '0.0000393', GBP: '1.25' } });
    try {
      const data = await until('ECB rates', async () => {
        const d = await rates(t, '?base=USD');
        return row(d, 'EUR').source === 'ecb' && d;
      });
      expect(row(data, 'VND')).toMatchObject({ rate: '25445.292620865139', source: 'manual', stale: false }); // 1 / 0.0000393
      expect(row(data, 'GBP')).toMatchObject({ rate: '0.8', source: 'manual' });
      const eur = await rates(t);
      expect(row(eur, 'VND').source).toBe('ecb+manual');
      const session = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '100000', 'VND'), key: t.liveKey });
      expect(session.status, session.text).toBe(200);
      expect((await t.api('GET', `/pay/${session.body.data.session_id}`, { key: null })).text).toContain('3.93 USDT');
    } finally {
      await t.stop();
    }
  });

  test('a restart with the feed down still has the cached rates, with their true age', async () => {
    expect(existsSync(join(dataDir, 'rates-ecb.json'))).toBe(true);
    const down = `http://127.0.0.1:1/eurofxref-daily.xml`;
    const t = await startTestCore({ dataDir, rateFeed: { source: 'ecb', url: down, refreshMs: 100, retryMs: 100 } });
    try {
      t.advance(DAY_MS);
      const data = await until('a failed fetch', async () => {
        const d = await rates(t);
        return d.feed.last_error !== null && d;
      });
      expect(row(data, 'USD')).toMatchObject({ rate: '1.0686', source: 'ecb', stale: false });
      expect(row(data, 'USD').age_seconds).toBeGreaterThanOrEqual(86_400 - 16 * 3600);
      expect(data.feed.published).toBe(today);
      const session = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'EUR'), key: t.liveKey });
      expect(session.status, session.text).toBe(200);
    } finally {
      await t.stop();
    }
  });

  test('a feed older than the max age is stale: listed without a rate, live EUR sessions refused with 503', async () => {
    const old = new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10);
    const staleDir = mkdtempSync(join(tmpdir(), 'stablepos-rates-'));
    feed.body = dated(old);
    const t = await startTestCore({ dataDir: staleDir, rateFeed: { source: 'ecb', url: feed.url, refreshMs: 60_000 } });
    try {
      const data = await until('the old document', async () => {
        const d = await rates(t);
        return d.feed.published === old && d;
      });
      expect(row(data, 'USD')).toMatchObject({ rate: null, source: 'ecb', stale: true, unavailable_reason: 'stale' });
      expect(row(data, 'USD').age_seconds).toBeGreaterThan(4 * 86_400);
      expect(row(data, 'USDT')).toMatchObject({ rate: null, unavailable_reason: 'stale' });
      const error = expectError(
        await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'EUR'), key: t.liveKey }),
        503, 'rate_unavailable', null,
      );
      expect(error.message).toMatch(/No EUR→USDT rate: the ecb rate for EUR is stale \(as of .*, [56] d \d+ h old; at most 4 d 0 h/);
      // USD and coin-priced sessions do not need the feed.
      const usd = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'USD'), key: t.liveKey });
      expect(usd.status).toBe(200);
      // Test mode is never stale.
      const eur = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'EUR') });
      expect(eur.status).toBe(200);
    } finally {
      await t.stop();
      rmSync(staleDir, { recursive: true, force: true });
      feed.body = dated(today);
    }
  });
});
