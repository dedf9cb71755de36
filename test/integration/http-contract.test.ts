import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError, shapeA, shapeB, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => t.stop());

describe('authentication', () => {
  test('no key, a malformed header, an unknown key and a revoked key are 401s', async () => {
    expectError(await t.api('GET', '/v1/merchant', { key: null }), 401, 'api_key_missing', null);
    expectError(await t.api('GET', '/v1/merchant', { key: null, headers: { authorization: 'Basic abc' } }), 401, 'api_key_invalid', null);
    expectError(await t.api('GET', '/v1/merchant', { key: 'sk_test_' + 'a'.repeat(32) }), 401, 'api_key_invalid', null);
    expectError(await t.api('GET', '/v1/merchant', { key: 'nonsense' }), 401, 'api_key_invalid', null);
    // Authentication comes before validation: an anonymous bad body learns nothing about the schema.
    expectError(await t.api('POST', '/v1/payment/sessions', { key: null, body: { nope: 1 } }), 401, 'api_key_missing', null);
  });

  test('bearer scheme is case-insensitive', async () => {
    const res = await t.api('GET', '/v1/merchant', { key: null, headers: { authorization: `bearer ${t.testKey}` } });
    expect(res.status).toBe(200);
  });
});

describe('envelope, errors and headers', () => {
  test('every response carries a Request-Id, success or failure', async () => {
    for (const res of [
      await t.api('GET', '/health', { key: null }),
      await t.api('GET', '/v1/merchant'),
      await t.api('GET', '/v1/nothing-here'),
      await t.api('GET', '/v1/merchant', { key: null }),
    ]) {
      expect(res.headers.get('request-id')).toMatch(/^req_[0-9A-Za-z]{32}$/);
    }
  });

  test('unknown routes are 404 route_not_found', async () => {
    expectError(await t.api('GET', '/v1/nothing-here'), 404, 'route_not_found', null);
    expectError(await t.api('DELETE', '/v1/payment/sessions'), 404, 'route_not_found', null);
  });

  test('invalid JSON, wrong content type and oversized bodies', async () => {
    expectError(await t.api('POST', '/v1/payment/sessions', { rawBody: '{"merchant_id":', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json', null);
    expectError(await t.api('POST', '/v1/payment/sessions', { rawBody: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json', null);
    expectError(await t.api('POST', '/v1/payment/sessions', { rawBody: 'merchant_id=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'content_type_invalid', null);
    expectError(await t.api('POST', '/v1/payment/sessions', { rawBody: 'hello', headers: { 'content-type': 'text/plain' } }), 415, 'content_type_invalid', null);
    const big = JSON.stringify({ ...shapeA(t.merchantId), description: 'x'.repeat(1024 * 1024) });
    expectError(await t.api('POST', '/v1/payment/sessions', { rawBody: big, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large', null);
    expectError(await t.api('POST', '/v1/payment/sessions'), 400, 'parameter_invalid', null);
  });

  test('GET /health is public and in the envelope', async () => {
    const res = await t.api('GET', '/health', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ base: { code: 0, message: 'success' }, data: { status: 'ok', mode: 'test', payment_page_url: t.url } });
  });
});

describe('idempotency', () => {
  const post = (key: string, body: unknown, apiKey?: string) =>
    t.api('POST', body && typeof body === 'object' && 'line_items' in body ? '/api/v1/checkout/sessions/create' : '/v1/payment/sessions', { body, key: apiKey, headers: { 'idempotency-key': key } });

  test('a retry gets the stored response with Idempotent-Replayed, and nothing is created twice', async () => {
    const first = await post('order-1001', shapeA(t.merchantId, '5.00'));
    const again = await post('order-1001', { amount: { currency: 'USD', value: '5.00' }, merchant_id: t.merchantId });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.text).toBe(first.text); // byte for byte: the stored answer is the one that was sent
  });

  test('a created session\'s stored answer is exactly the bytes sent', async () => {
    const first = await post('order-atomic', shapeB(), undefined);
    expect(first.status).toBe(200);
    const db = new Database(join(t.dataDir, 'stablepos.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const stored = db.prepare("SELECT response_body FROM idempotency_keys WHERE key = 'order-atomic'").get() as { response_body: string };
      // Rendered and stored inside the unit of work that created the session, then sent as they are.
      expect(stored.response_body).toBe(first.text);
    } finally {
      db.close();
    }
  });

  test('the same key with a different request is 409 idempotency_key_reused', async () => {
    await post('order-1002', shapeA(t.merchantId, '5.00'));
    expectError(await post('order-1002', shapeA(t.merchantId, '6.00')), 409, 'idempotency_key_reused', null);
    const s = (await post('order-1003', shapeA(t.merchantId, '5.00'))).body.data;
    expectError(
      await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`, { headers: { 'idempotency-key': 'order-1003' } }),
      409,
      'idempotency_key_reused',
      null,
    );
  });

  test('keys are scoped per mode: the same key in live mode is a new request', async () => {
    const a = await post('order-1004', shapeA(t.merchantId, '5.00'));
    const b = await post('order-1004', shapeA(t.merchantId, '5.00'), t.liveKey);
    expect(b.status).toBe(200);
    expect(b.body.data.session_id).not.toBe(a.body.data.session_id);
    expect(b.body.data.livemode).toBe(true);
  });

  test('validation failures are not stored: the fixed request under the same key goes through', async () => {
    expectError(await post('order-1005', shapeA(t.merchantId, '5.005')), 400, 'parameter_invalid', 'amount.value');
    const fixed = await post('order-1005', shapeA(t.merchantId, '5.00'));
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  test('non-validation 4xx answers are stored and replayed', async () => {
    const first = await post('order-1006', shapeA('mer_other'));
    expectError(first, 403, 'merchant_mismatch', 'merchant_id');
    const again = await post('order-1006', shapeA('mer_other'));
    expect(again.status).toBe(403);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  test('concurrent duplicates: exactly one is processed', async () => {
    const before = (await t.api('GET', '/v1/payment/sessions?limit=100&currency=MXN')).body.data.items.length;
    const results = await Promise.all(Array.from({ length: 20 }, () => post('order-concurrent', shapeA(t.merchantId, '7.00', 'MXN'))));
    const ok = results.filter((r) => r.status === 200);
    for (const r of results.filter((r) => r.status !== 200)) expectError(r, 409, 'idempotency_key_in_use', null);
    expect(new Set(ok.map((r) => r.body.data.session_id)).size).toBe(1);
    const after = (await t.api('GET', '/v1/payment/sessions?limit=100&currency=MXN')).body.data.items.length;
    expect(after - before).toBe(1);
  });

  test('a key is kept 24 hours, then may be used afresh', async () => {
    const first = await post('order-1007', shapeA(t.merchantId, '5.00'));
    t.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const later = await post('order-1007', shapeA(t.merchantId, '6.00'));
      expect(later.status).toBe(200);
      expect(later.body.data.session_id).not.toBe(first.body.data.session_id);
    } finally {
      t.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  test('an over-long key is refused', async () => {
    expectError(await post('k'.repeat(256), shapeA(t.merchantId)), 400, 'parameter_invalid', 'Idempotency-Key');
  });
});

test('rate limiting answers 429 rate_limited with Retry-After', async () => {
  const x = await startTestCore({ rateLimit: { max: 5, windowMs: 60_000 } });
  try {
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await x.api('GET', '/v1/merchant'));
    expect(results.slice(0, 5).every((r) => r.status === 200)).toBe(true);
    const limited = results[6]!;
    expectError(limited, 429, 'rate_limited', null);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
    // Answers within the limit do not carry the limit's headers (Stripe's way; docs/api.md).
    expect(results[0]!.headers.get('x-ratelimit-limit')).toBeNull();
    expect(results[0]!.headers.get('x-ratelimit-remaining')).toBeNull();
    // Another key has its own budget.
    expect((await x.api('GET', '/v1/merchant', { key: x.liveKey })).status).toBe(200);
  } finally {
    await x.stop();
  }
});

test('requests without a valid credential are limited per client address, whatever bearer they carry', async () => {
  const x = await startTestCore({ rateLimit: { max: 5, windowMs: 60_000 } });
  const random = () => `Bearer x${randomBytes(12).toString('hex')}`;
  try {
    // A public route: a bearer is no credential there, so a fresh string per request earns nothing.
    const staff = await Promise.all(Array.from({ length: 8 }, () => x.api('GET', '/v1/ui/staff', { key: null, headers: { authorization: random() } })));
    expect(staff.filter((r) => r.status === 429)).toHaveLength(3);
    // The authenticated API: an invalid key is counted against the same address (429 once it is spent).
    expectError(await x.api('GET', '/v1/merchant', { key: null, headers: { authorization: random() } }), 429, 'rate_limited', null);
    expectError(await x.api('GET', '/v1/merchant', { key: `sk_test_${'0'.repeat(32)}` }), 429, 'rate_limited', null);
    expectError(await x.api('GET', '/v1/merchant', { key: null }), 429, 'rate_limited', null);
    // A valid key keeps its own budget.
    expect((await x.api('GET', '/v1/merchant')).status).toBe(200);
  } finally {
    await x.stop();
  }
});

describe('hosted checkout page and docs', () => {
  test('the payment_url page is public and shows amount, merchant, status and expiry', async () => {
    const s = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '9.90', 'USD', { description: 'Latte <b>large</b>' }) })).body.data;
    const page = await fetch(s.payment_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('9.90 USD');
    expect(html).toContain('My shop');
    expect(html).toContain('Waiting for payment');
    expect(html).toContain(`data-expires-at="${s.expires_at}"`);
    expect(html).toContain('Latte &lt;b&gt;large&lt;/b&gt;');
    const status = await t.api('GET', `/pay/${s.session_id}/status`, { key: null });
    expect(status.body.data).toMatchObject({ session_id: s.session_id, status: 'PENDING', amount: { value: '9.90', currency: 'USD' } });
    const script = await fetch(`${t.url}/pay/assets/checkout.js`);
    expect(await script.text()).toContain('/status');
    expect((await fetch(`${t.url}/pay/ps_unknown`)).status).toBe(404);
    expectError(await t.api('GET', '/pay/ps_unknown/status', { key: null }), 404, 'resource_missing', 'id');
  });

  test('/docs serves Swagger UI and /docs/json the OpenAPI description of every route', async () => {
    const ui = await fetch(`${t.url}/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    const spec = (await (await fetch(`${t.url}/docs/json`)).json()) as any;
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/v1/payment/sessions',
      '/v1/payment/sessions/{id}',
      '/v1/payment/sessions/{id}/cancel',
      '/api/v1/checkout/sessions/create',
      '/api/v1/checkout/sessions/{id}',
      '/v1/merchant',
      '/health',
    ]) {
      expect(spec.paths[path], path).toBeDefined();
    }
    const create = spec.paths['/v1/payment/sessions'].post;
    expect(create.requestBody.content['application/json'].schema.properties.amount.properties.value.type).toBe('string');
    expect(create.responses['400']).toBeDefined();
  });
});
