/**
 * Tips over the API (issue 30, item 1), on both stores: a tip given at creation (shape A's money object,
 * shape B's minor units) or set later with `POST /v1/payment/sessions/{id}/tip`, the session's `tip` and
 * `amount_total`, the bad inputs (another currency, negative, too many decimals, over the cap), the
 * states that refuse it (409 invalid_state), Idempotency-Key on the tip route, and the payment page
 * and its status feed showing the total. What a tip does to the payment options and to a paid
 * session (SUCCEEDED, fee on the total, the tip apart in the ledger) is in test/chain/evm-tips.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError, shapeA, shapeB, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => t.stop());

const create = (body: unknown) => t.api('POST', '/v1/payment/sessions', { body });
const createB = (body: unknown) => t.api('POST', '/api/v1/checkout/sessions/create', { body });
const setTip = (id: string, tip: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
  t.api('POST', `/v1/payment/sessions/${id}/tip`, { body: { tip }, ...options });
const usd = (value: string) => ({ value, currency: 'USD' });

describe('a tip at creation', () => {
  test('shape A: `tip` in the amount\'s currency; the session shows tip and amount_total', async () => {
    const res = await create(shapeA(t.merchantId, '12.50', 'USD', { tip: usd('1.5') }));
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.amount).toEqual(usd('12.50'));
    expect(s.tip).toEqual(usd('1.50'));
    expect(s.amount_total).toEqual(usd('14.00'));
    const read = (await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data;
    expect(read.tip).toEqual(usd('1.50'));
    expect(read.amount_total).toEqual(usd('14.00'));
  });

  test('without a tip: tip 0 and amount_total = amount', async () => {
    const s = (await create(shapeA(t.merchantId, '500', 'JPY'))).body.data;
    expect(s.tip).toEqual({ value: '0', currency: 'JPY' });
    expect(s.amount_total).toEqual({ value: '500', currency: 'JPY' });
  });

  test('the currency is matched like `amount`\'s (case-insensitive)', async () => {
    const s = (await create(shapeA(t.merchantId, '10.00', 'EUR', { tip: { value: '2', currency: 'eur' } }))).body.data;
    expect(s.tip).toEqual({ value: '2.00', currency: 'EUR' });
    expect(s.amount_total).toEqual({ value: '12.00', currency: 'EUR' });
  });

  test('shape B: `tip_amount` in minor units, like its amount', async () => {
    const res = await createB(shapeB({ tip_amount: 150 }));
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.amount).toEqual(usd('19.99'));
    expect(s.tip).toEqual(usd('1.50'));
    expect(s.amount_total).toEqual(usd('21.49'));
    expect((await createB(shapeB({ tip_amount: 0 }))).body.data.tip).toEqual(usd('0.00'));
  });

  test.each([
    [{ value: '1.00', currency: 'EUR' }, 'tip.currency'],
    [{ value: '1.00', currency: 'XXX' }, 'tip.currency'],
    [{ value: '-1', currency: 'USD' }, 'tip.value'],
    [{ value: '1.005', currency: 'USD' }, 'tip.value'],
    [{ value: '1e3', currency: 'USD' }, 'tip.value'],
    [{ value: '99999999999999999', currency: 'USD' }, 'tip.value'],
  ])('shape A refuses tip %j with param %s', async (tip, param) => {
    expectError(await create(shapeA(t.merchantId, '12.50', 'USD', { tip })), 400, 'parameter_invalid', param);
  });

  test('shape A refuses a tip that takes the total past the largest amount', async () => {
    expectError(await create(shapeA(t.merchantId, '900000000.00', 'USD', { tip: usd('200000000.00') })), 400, 'parameter_invalid', 'tip.value');
  });

  test.each([[-1], [1.5], ['150']])('shape B refuses tip_amount %j with param tip_amount', async (tipAmount) => {
    expectError(await createB(shapeB({ tip_amount: tipAmount })), 400, 'parameter_invalid', 'tip_amount');
  });
});

describe('POST /v1/payment/sessions/{id}/tip', () => {
  test('sets, replaces and removes the tip while nothing has been paid; "0" is no tip', async () => {
    const s = (await create(shapeA(t.merchantId, '20.00'))).body.data;
    const first = await setTip(s.session_id, usd('3'));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ session_id: s.session_id, status: 'PENDING', tip: usd('3.00'), amount_total: usd('23.00') });
    expect(Date.parse(first.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(s.updated_at));

    const replaced = (await setTip(s.session_id, usd('4.50'))).body.data;
    expect(replaced.tip).toEqual(usd('4.50'));
    expect(replaced.amount_total).toEqual(usd('24.50'));

    const none = (await setTip(s.session_id, usd('0'))).body.data;
    expect(none.tip).toEqual(usd('0.00'));
    expect(none.amount_total).toEqual(usd('20.00'));
    expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.amount_total).toEqual(usd('20.00'));
  });

  test('bad tips: another currency, negative, too many decimals, missing or extra fields', async () => {
    const s = (await create(shapeA(t.merchantId, '500', 'JPY'))).body.data;
    expectError(await setTip(s.session_id, usd('1.00')), 400, 'parameter_invalid', 'tip.currency');
    expectError(await setTip(s.session_id, { value: '-5', currency: 'JPY' }), 400, 'parameter_invalid', 'tip.value');
    expectError(await setTip(s.session_id, { value: '50.5', currency: 'JPY' }), 400, 'parameter_invalid', 'tip.value');
    expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/tip`, { body: {} }), 400, 'parameter_missing', 'tip');
    expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/tip`, { body: { tip: { value: '1', currency: 'JPY', extra: 1 } } }), 400, 'parameter_unknown', 'tip.extra');
    // Nothing changed.
    expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.tip).toEqual({ value: '0', currency: 'JPY' });
  });

  test('a session that is not PENDING refuses it: 409 invalid_state', async () => {
    const s = (await create(shapeA(t.merchantId, '8.00'))).body.data;
    expect((await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`)).status).toBe(200);
    expectError(await setTip(s.session_id, usd('1.00')), 409, 'invalid_state', null);

    const expiring = (await create(shapeA(t.merchantId, '8.00', 'USD', { expires_at: new Date(Date.now() + 61_000).toISOString() }))).body.data;
    t.advance(62_000);
    // Past its deadline, even before the expiry timer has moved it to EXPIRED.
    expectError(await setTip(expiring.session_id, usd('1.00')), 409, 'invalid_state', null);
    expect((await t.api('GET', `/v1/payment/sessions/${expiring.session_id}`)).body.data.tip).toEqual(usd('0.00'));
  });

  test('another mode\'s or an unknown session is missing: 404', async () => {
    const s = (await create(shapeA(t.merchantId, '8.00'))).body.data;
    expectError(await setTip(s.session_id, usd('1.00'), { key: t.liveKey }), 404, 'resource_missing', 'id');
    expectError(await setTip('ps_missing', usd('1.00')), 404, 'resource_missing', 'id');
  });

  test('Idempotency-Key: a retry replays the answer; the same key with another tip is 409', async () => {
    const s = (await create(shapeA(t.merchantId, '10.00'))).body.data;
    const headers = { 'idempotency-key': `tip-${s.session_id}` };
    const first = await setTip(s.session_id, usd('1.00'), { headers });
    expect(first.status).toBe(200);
    // Another tip in between: the retry still answers what the first request did, without applying it again.
    expect((await setTip(s.session_id, usd('2.00'))).body.data.tip).toEqual(usd('2.00'));
    const again = await setTip(s.session_id, usd('1.00'), { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.tip).toEqual(usd('2.00'));
    expectError(await setTip(s.session_id, usd('3.00'), { headers }), 409, 'idempotency_key_reused', null);
  });
});

describe('the customer sees the total', () => {
  test('the payment page and its status feed show amount_total, and the page says a tip is included', async () => {
    const s = (await create(shapeA(t.merchantId, '12.50'))).body.data;
    await setTip(s.session_id, usd('2.50'));
    const status = await t.api('GET', `/pay/${s.session_id}/status`, { key: null });
    expect(status.body.data).toMatchObject({ amount: usd('12.50'), tip: usd('2.50'), amount_total: usd('15.00') });
    const page = await (await fetch(`${t.url}/pay/${s.session_id}`)).text();
    expect(page).toContain('15.00 USD');
    expect(page).toContain('Includes a tip of 2.50 USD');
  });
});
