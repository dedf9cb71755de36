import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError, shapeA, shapeB, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => t.stop());

const create = (body: unknown, key?: string) => t.api('POST', '/v1/payment/sessions', { body, key });

describe('shape A: POST /v1/payment/sessions', () => {
  test('creates a PENDING session in the envelope, with the whole session object', async () => {
    const res = await create(shapeA(t.merchantId, '12.5', 'USD', { description: 'Table 4', client_reference_id: 'order-77', metadata: { till: '2' } }));
    expect(res.status).toBe(200);
    expect(res.body.base).toEqual({ code: 0, message: 'success' });
    const s = res.body.data;
    expect(s.session_id).toMatch(/^ps_[0-9A-Za-z]{32}$/);
    expect(s.status).toBe('PENDING');
    expect(s.payment_url).toBe(`${t.url}/pay/${s.session_id}`);
    expect(s.amount).toEqual({ value: '12.50', currency: 'USD' });
    expect(s.amount_received).toEqual({ value: '0.00', currency: 'USD' });
    expect(s.amount_refunded).toEqual({ value: '0.00', currency: 'USD' });
    expect(s).toMatchObject({
      merchant_id: t.merchantId,
      merchant_domain_id: t.domainId,
      livemode: false,
      exception: null,
      resolved_by: null,
      description: 'Table 4',
      client_reference_id: 'order-77',
      metadata: { till: '2' },
      line_items: [],
      payments: [],
      payment_options: [],
    });
    // Default expiry: 15 minutes.
    expect(Date.parse(s.expires_at) - Date.parse(s.created_at)).toBe(15 * 60 * 1000);
  });

  test('amounts keep each currency\'s scale: JPY 0, USDT 6', async () => {
    const jpy = await create(shapeA(t.merchantId, '500', 'JPY'));
    expect(jpy.body.data.amount).toEqual({ value: '500', currency: 'JPY' });
    const usdt = await create(shapeA(t.merchantId, '0.000001', 'usdt'));
    expect(usdt.body.data.amount).toEqual({ value: '0.000001', currency: 'USDT' });
  });

  test.each([
    ['12.505', 'USD'],
    ['1e3', 'USD'],
    ['-1', 'USD'],
    [' 1', 'USD'],
    ['1,00', 'USD'],
    ['.5', 'USD'],
    ['0', 'USD'],
    ['0.00', 'USD'],
    ['500.5', 'JPY'],
    ['1.0000001', 'USDT'],
    ['99999999999999999', 'USD'],
  ])('refuses amount %s %s with param amount.value', async (value, currency) => {
    expectError(await create(shapeA(t.merchantId, value, currency)), 400, 'parameter_invalid', 'amount.value');
  });

  test('every field error names its exact path', async () => {
    expectError(await create({ amount: { value: '1', currency: 'USD' } }), 400, 'parameter_missing', 'merchant_id');
    expectError(await create({ merchant_id: t.merchantId, amount: { currency: 'USD' } }), 400, 'parameter_missing', 'amount.value');
    expectError(await create(shapeA(t.merchantId, '1', 'XXX')), 400, 'parameter_invalid', 'amount.currency');
    expectError(await create({ merchant_id: t.merchantId, amount: { value: 12.5, currency: 'USD' } }), 400, 'parameter_invalid', 'amount.value');
    expectError(await create(shapeA(t.merchantId, '1', 'USD', { amout: 1 })), 400, 'parameter_unknown', 'amout');
    expectError(await create({ merchant_id: t.merchantId, amount: { value: '1', currency: 'USD', extra: true } }), 400, 'parameter_unknown', 'amount.extra');
    expectError(await create(shapeA(t.merchantId, '1', 'USD', { metadata: { a: 1 } })), 400, 'parameter_invalid', 'metadata.a');
    expectError(await create(shapeA(t.merchantId, '1', 'USD', { success_url: 'javascript:alert(1)' })), 400, 'parameter_invalid', 'success_url');
    expectError(await create(shapeA(t.merchantId, '1', 'USD', { expires_at: 'tomorrow' })), 400, 'parameter_invalid', 'expires_at');
    expectError(await create(shapeA(t.merchantId, '1', 'USD', { expires_at: new Date(Date.now() + 10_000).toISOString() })), 400, 'parameter_invalid', 'expires_at');
    expectError(await create([1, 2]), 400, 'parameter_invalid', null);
  });

  test('another merchant\'s id or domain is refused with 403 merchant_mismatch', async () => {
    expectError(await create(shapeA('mer_someoneelse')), 403, 'merchant_mismatch', 'merchant_id');
    expectError(await create(shapeA(t.merchantId, '1', 'USD', { merchant_domain_id: 'dom_nope' })), 403, 'merchant_mismatch', 'merchant_domain_id');
  });

  test('a caller-chosen expiry within 1 minute to 24 hours is kept', async () => {
    const at = new Date(Date.now() + 3_600_000);
    at.setMilliseconds(0);
    const res = await create(shapeA(t.merchantId, '1', 'USD', { expires_at: at.toISOString().replace('.000Z', 'Z') }));
    expect(res.body.data.expires_at).toBe(at.toISOString());
  });
});

describe('shape B: POST /api/v1/checkout/sessions/create', () => {
  test('line items in minor units; amount may be left out; readable on both prefixes', async () => {
    const res = await t.api('POST', '/api/v1/checkout/sessions/create', { body: shapeB() });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.amount).toEqual({ value: '19.99', currency: 'USD' });
    expect(s.line_items).toEqual([
      { quantity: 2, price_data: { currency: 'USD', unit_amount: 750, product_data: { name: 'Coffee', description: 'Flat white' } }, amount_total: 1500 },
      { quantity: 1, price_data: { currency: 'USD', unit_amount: 499, product_data: { name: 'Cake', description: null } }, amount_total: 499 },
    ]);
    expect(s.success_url).toBe('https://shop.example/success');
    const a = await t.api('GET', `/v1/payment/sessions/${s.session_id}`);
    const b = await t.api('GET', `/api/v1/checkout/sessions/${s.session_id}`);
    expect(a.body).toEqual(res.body);
    expect(b.body).toEqual(res.body);
  });

  test('amount must equal the total; 500 = ¥500', async () => {
    expect((await t.api('POST', '/api/v1/checkout/sessions/create', { body: shapeB({ amount: 1999 }) })).status).toBe(200);
    expectError(await t.api('POST', '/api/v1/checkout/sessions/create', { body: shapeB({ amount: 2000 }) }), 400, 'parameter_invalid', 'amount');
    const yen = await t.api('POST', '/api/v1/checkout/sessions/create', {
      body: { currency: 'JPY', mode: 'payment', amount: 500, line_items: [{ quantity: 1, price_data: { currency: 'JPY', unit_amount: 500, product_data: { name: 'Tea' } } }] },
    });
    expect(yen.body.data.amount).toEqual({ value: '500', currency: 'JPY' });
  });

  test('shape B errors name line_items paths', async () => {
    const post = (body: unknown) => t.api('POST', '/api/v1/checkout/sessions/create', { body });
    const bad = shapeB();
    (bad.line_items as any)[0].quantity = 0;
    expectError(await post(bad), 400, 'parameter_invalid', 'line_items[0].quantity');
    const floaty = shapeB();
    (floaty.line_items as any)[1].price_data.unit_amount = 4.99;
    expectError(await post(floaty), 400, 'parameter_invalid', 'line_items[1].price_data.unit_amount');
    const mixed = shapeB();
    (mixed.line_items as any)[1].price_data.currency = 'EUR';
    expectError(await post(mixed), 400, 'parameter_invalid', 'line_items[1].price_data.currency');
    const nameless = shapeB();
    delete (nameless.line_items as any)[0].price_data.product_data.name;
    expectError(await post(nameless), 400, 'parameter_missing', 'line_items[0].price_data.product_data.name');
    expectError(await post(shapeB({ mode: 'subscription' })), 400, 'parameter_invalid', 'mode');
    expectError(await post(shapeB({ line_items: [] })), 400, 'parameter_invalid', 'line_items');
    expectError(await post(shapeB({ amount: '1999' })), 400, 'parameter_invalid', 'amount');
    expectError(await post(shapeB({ amount: 2 ** 60 })), 400, 'parameter_invalid', 'amount');
    expectError(await post({ ...shapeB(), currency: undefined }), 400, 'parameter_missing', 'currency');
  });
});

describe('fiat pricing', () => {
  test('a EUR session locks a quote per stablecoin from the test table, rounded up to 0.01', async () => {
    const res = await create(shapeA(t.merchantId, '12.50', 'EUR'));
    expect(res.status).toBe(200);
    const page = await t.api('GET', `/pay/${res.body.data.session_id}`, { key: null });
    // 12.50 EUR × 1.08 USD/EUR = 13.50 USDT; shown to the customer as the coin amount.
    expect(page.text).toContain('13.50 USDT');
  });

  test('live mode without a configured rate refuses fiat sessions instead of guessing', async () => {
    expectError(await create(shapeA(t.merchantId, '12.50', 'EUR'), t.liveKey), 503, 'rate_unavailable', null);
    expect((await create(shapeA(t.merchantId, '12.50', 'USD'), t.liveKey)).status).toBe(200);
  });
});

describe('reading and listing', () => {
  test('test and live objects never cross', async () => {
    const live = await create(shapeA(t.merchantId, '3.00'), t.liveKey);
    expect(live.body.data.livemode).toBe(true);
    expectError(await t.api('GET', `/v1/payment/sessions/${live.body.data.session_id}`), 404, 'resource_missing', 'id');
    const testList = await t.api('GET', '/v1/payment/sessions?limit=100');
    expect(testList.body.data.items.every((s: any) => s.livemode === false)).toBe(true);
    expectError(await t.api('GET', '/v1/payment/sessions/ps_doesnotexist'), 404, 'resource_missing', 'id');
  });

  test('cursor pagination walks every session once, newest first, both ways', async () => {
    const fresh = await startTestCore();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        ids.push((await fresh.api('POST', '/v1/payment/sessions', { body: shapeA(fresh.merchantId, `${i + 1}.00`) })).body.data.session_id);
      }
      const newestFirst = [...ids].reverse();
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await fresh.api('GET', `/v1/payment/sessions?limit=3${cursor ? `&starting_after=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.data.items.map((s: any) => s.session_id));
        if (!page.body.data.has_more) break;
        cursor = seen.at(-1);
      }
      expect(seen).toEqual(newestFirst);
      const back = await fresh.api('GET', `/v1/payment/sessions?limit=2&ending_before=${newestFirst[4]}`);
      expect(back.body.data.items.map((s: any) => s.session_id)).toEqual(newestFirst.slice(2, 4));
      expect(back.body.data.has_more).toBe(true);
      const defaultPage = await fresh.api('GET', '/v1/payment/sessions');
      expect(defaultPage.body.data.items).toHaveLength(7);
    } finally {
      await fresh.stop();
    }
  });

  test('filters: status, currency, created range', async () => {
    const eur = await create(shapeA(t.merchantId, '1.00', 'EUR'));
    await t.api('POST', `/v1/payment/sessions/${eur.body.data.session_id}/cancel`);
    const canceled = await t.api('GET', '/v1/payment/sessions?status=CANCELED&currency=eur&limit=100');
    expect(canceled.body.data.items.map((s: any) => s.session_id)).toContain(eur.body.data.session_id);
    expect(canceled.body.data.items.every((s: any) => s.status === 'CANCELED' && s.amount.currency === 'EUR')).toBe(true);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await t.api('GET', `/v1/payment/sessions?created_gte=${future}`)).body.data.items).toEqual([]);
    const all = await t.api('GET', `/v1/payment/sessions?created_lt=${future}&limit=1`);
    expect(all.body.data.items).toHaveLength(1);
  });

  test('search by amount finds the amount in any currency\'s scale; network filters by payments', async () => {
    const usd = (await create(shapeA(t.merchantId, '31.40', 'USD'))).body.data.session_id;
    const yen = (await create(shapeA(t.merchantId, '3140', 'JPY'))).body.data.session_id;
    const coin = (await create(shapeA(t.merchantId, '31.4', 'USDT'))).body.data.session_id;
    const ids = async (q: string) => (await t.api('GET', `/v1/payment/sessions?limit=100&${q}`)).body.data.items.map((x: any) => x.session_id).sort();
    expect(await ids('amount=31.4')).toEqual([usd, coin].sort());
    expect(await ids('amount=31.40')).toEqual([usd, coin].sort());
    expect(await ids('amount=3140')).toEqual([yen]);
    expect(await ids('amount=31.4&currency=USDT')).toEqual([coin]);
    expect(await ids('amount=31.401')).toEqual([]);
    expect(await ids('network=ethereum')).toEqual([]); // no payments without chains
    expectError(await t.api('GET', '/v1/payment/sessions?amount=1e3'), 400, 'parameter_invalid', 'amount');
    expectError(await t.api('GET', '/v1/payment/sessions?network=bitcoin'), 400, 'parameter_invalid', 'network');
  });

  test('search: one box finds a session by the start of its id, a word of its description (any case) or its amount', async () => {
    const table = (await create({ ...shapeA(t.merchantId, '12.50', 'EUR'), description: 'Terrace 9: 2% off_peak' })).body.data.session_id;
    const other = (await create({ ...shapeA(t.merchantId, '12.50', 'USDT'), description: 'Counter' })).body.data.session_id;
    const ids = async (q: string) => (await t.api('GET', `/v1/payment/sessions?limit=100&search=${encodeURIComponent(q)}`)).body.data.items.map((x: any) => x.session_id).sort();
    expect(await ids('12.50')).toEqual(expect.arrayContaining([table, other].sort()));
    expect(await ids('terrace 9')).toEqual([table]);
    expect(await ids('TERRACE')).toEqual([table]);
    // `%` and `_` are the description's own characters, not patterns.
    expect(await ids('2% off_')).toEqual([table]);
    expect(await ids('%')).toEqual([table]);
    // Ids start with their time of creation: a prefix long enough to reach the random part.
    expect(await ids(table.slice(0, 20))).toEqual([table]);
    expect(await ids(table.slice(3, 20))).toEqual([]); // the start of an id, not any part of it
    expect(await ids('12.50&currency=USDT')).toEqual([]); // the `&` is searched for: encoded, it is text
    const both = await t.api('GET', '/v1/payment/sessions?limit=100&search=12.50&currency=USDT');
    expect(both.body.data.items.map((x: any) => x.session_id)).toContain(other);
    expect(both.body.data.items.map((x: any) => x.session_id)).not.toContain(table);
    const csv = await t.api('GET', '/v1/payment/sessions.csv?search=terrace%209');
    expect(csv.text.trimEnd().split('\r\n').slice(1).map((l) => l.split(',')[0])).toEqual([table]);
    expectError(await t.api('GET', '/v1/payment/sessions?search='), 400, 'parameter_invalid', 'search');
    expectError(await t.api('GET', `/v1/payment/sessions?search=${'x'.repeat(201)}`), 400, 'parameter_invalid', 'search');
  });

  test('CSV export: every matching session, newest first, one line each (sessions not paid: the booked columns empty)', async () => {
    const csv = await t.api('GET', '/v1/payment/sessions.csv?currency=USD');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="payment-sessions-test.csv"');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('session_id,created_at,status,exception,amount,currency,amount_received,amount_refunded,coin,gross,fee,refunded,net,description,client_reference_id,payments,tip,amount_total,coin_tip');
    const all: string[] = [];
    let after = '';
    for (;;) {
      const page = (await t.api('GET', `/v1/payment/sessions?currency=USD&limit=100${after}`)).body.data;
      all.push(...page.items.map((x: any) => x.session_id));
      if (!page.has_more) break;
      after = `&starting_after=${page.items.at(-1).session_id}`;
    }
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(all);
    expect(lines.slice(1).every((l) => l.split(',')[5] === 'USD')).toBe(true);
    expectError(await t.api('GET', '/v1/payment/sessions.csv?status=PAID'), 400, 'parameter_invalid', 'status');
  });

  test('bad list parameters are 400s naming the parameter', async () => {
    expectError(await t.api('GET', '/v1/payment/sessions?limit=0'), 400, 'parameter_invalid', 'limit');
    expectError(await t.api('GET', '/v1/payment/sessions?limit=101'), 400, 'parameter_invalid', 'limit');
    expectError(await t.api('GET', '/v1/payment/sessions?limit=ten'), 400, 'parameter_invalid', 'limit');
    expectError(await t.api('GET', '/v1/payment/sessions?status=PAID'), 400, 'parameter_invalid', 'status');
    expectError(await t.api('GET', '/v1/payment/sessions?sort=asc'), 400, 'parameter_unknown', 'sort');
    expectError(await t.api('GET', '/v1/payment/sessions?created_gte=yesterday'), 400, 'parameter_invalid', 'created_gte');
    expectError(await t.api('GET', '/v1/payment/sessions?starting_after=ps_unknown'), 404, 'resource_missing', 'starting_after');
  });
});

describe('manual transitions and expiry', () => {
  test('cancel moves PENDING to CANCELED once; again is 409 invalid_state', async () => {
    const s = (await create(shapeA(t.merchantId))).body.data;
    const res = await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('CANCELED');
    expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`), 409, 'invalid_state', null);
    expectError(await t.api('POST', '/v1/payment/sessions/ps_missing/cancel'), 404, 'resource_missing', 'id');
    expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`, { key: t.liveKey }), 404, 'resource_missing', 'id');
  });
});

test('sessions expire at expires_at by the timer, without being read', async () => {
  const x = await startTestCore({ expiryMaxSleepMs: 50 });
  try {
    const s = (await x.api('POST', '/v1/payment/sessions', { body: shapeA(x.merchantId) })).body.data;
    const keep = (await x.api('POST', '/v1/payment/sessions', { body: shapeA(x.merchantId, '2.00', 'USD', { expires_at: new Date(Date.now() + 3_600_000).toISOString() }) })).body.data;
    x.advance(15 * 60 * 1000 + 1);
    // Poll the list (which only reads) until the timer has moved it; the single-session GET never runs first.
    let status = 'PENDING';
    for (let i = 0; i < 100 && status === 'PENDING'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const list = await x.api('GET', '/v1/payment/sessions?status=EXPIRED');
      status = list.body.data.items.some((i: any) => i.session_id === s.session_id) ? 'EXPIRED' : 'PENDING';
    }
    expect(status).toBe('EXPIRED');
    expect((await x.api('GET', `/v1/payment/sessions/${keep.session_id}`)).body.data.status).toBe('PENDING');
    expectError(await x.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`), 409, 'invalid_state', null);
  } finally {
    await x.stop();
  }
});

test('a session that expired while the app was stopped is expired on start', async () => {
  const x = await startTestCore();
  const dataDir = x.dataDir;
  const s = (await x.api('POST', '/v1/payment/sessions', { body: shapeA(x.merchantId) })).body.data;
  await x.core.stop();
  const { createCore } = await import('../../src/create-core.js');
  const later = createCore({ dataDir, databaseUrl: x.databaseUrl, port: 0, networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off', tron: 'off' } }, now: () => Date.now() + 16 * 60 * 1000 });
  const url = await later.start();
  try {
    // The start's first sweep expires it; it runs beside the first requests, so the test gives it a moment.
    const status = async () => ((await (await fetch(`${url}/v1/payment/sessions/${s.session_id}`, { headers: { authorization: `Bearer ${x.testKey}` } })).json()) as any).data.status;
    for (let i = 0; i < 50 && (await status()) !== 'EXPIRED'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toBe('EXPIRED');
  } finally {
    await later.stop();
  }
});

test('GET /v1/merchant describes the key\'s merchant, its domains and settings', async () => {
  const res = await t.api('GET', '/v1/merchant');
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    merchant_id: t.merchantId,
    name: 'My shop',
    livemode: false,
    domains: [{ merchant_domain_id: t.domainId, domain: 'localhost' }],
    settings: {
      time_zone: 'UTC',
      reporting_currency: 'USD',
      fee: { percent: '1.5', fixed: { value: '0.10', currency: 'USD' } },
      session_expiry_seconds: 900,
      monitoring_window_seconds: 86400,
    },
  });
  expect((await t.api('GET', '/v1/merchant', { key: t.liveKey })).body.data.livemode).toBe(true);
});

test('text holding NUL (U+0000) is refused with a 400 naming the field, in a body, a metadata key or a query, and nothing is stored', async () => {
  const before = (await t.api('GET', '/v1/payment/sessions?limit=100')).body.data.items.length;
  expectError(await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '3.00', 'USD', { description: 'tea\u0000' }) }), 400, 'parameter_invalid', 'description');
  expectError(await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '3.00', 'USD', { metadata: { 'a\u0000b': 'x' } }) }), 400, 'parameter_invalid', 'metadata.a\\u0000b');
  expectError(await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '3.00', 'USD', { metadata: { order: 'x\u0000' } }) }), 400, 'parameter_invalid', 'metadata.order');
  expectError(await t.api('GET', '/v1/payment/sessions?search=ab%00'), 400, 'parameter_invalid', 'search');
  expect((await t.api('GET', '/v1/payment/sessions?limit=100')).body.data.items).toHaveLength(before);
});
