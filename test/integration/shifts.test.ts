/**
 * Shifts over the API (issue 30, items 4 and 6), on both stores: a cashier opens a shift on a till,
 * one open shift per till (two opens at once: one wins, by the store's unique index), sales created
 * with the till belong to its open shift, cashiers read and close only their own (the owner and API
 * keys any), the list by till and day, bad input, and the events `shift.opened`, `shift.closed` and
 * `shift.reconciled`. A shift with paid sales and its report's sums: test/chain/evm-shifts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDate } from '../../src/domain/calendar.js';
import { Webhook } from 'standardwebhooks';
import { eventTypes } from '../helpers/deposits.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { addStaff, expectError, shapeA, shapeB, signInAs, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let cas: string;
let ben: string;
let owner: string;
let casId: string;

beforeAll(async () => {
  t = await startTestCore();
  await addStaff(t, [
    { name: 'Olga', role: 'owner', pin: '2580' },
    { name: 'Cas', role: 'cashier', pin: '1357' },
    { name: 'Ben', role: 'cashier', pin: '2468' },
  ]);
  const c = await signInAs(t, 'Cas', '1357');
  cas = c.token;
  casId = c.user.id;
  ben = (await signInAs(t, 'Ben', '2468')).token;
  owner = (await signInAs(t, 'Olga', '2580')).token;
});
afterAll(async () => t?.stop());

const open = (till: unknown, key?: string) => t.api('POST', '/v1/shifts', { body: { till }, ...(key !== undefined && { key }) });
const close = (id: string, key?: string) => t.api('POST', `/v1/shifts/${id}/close`, { ...(key !== undefined && { key }) });
const get = (id: string, key?: string) => t.api('GET', `/v1/shifts/${id}`, { ...(key !== undefined && { key }) });

describe('opening a shift', () => {
  test('a cashier opens one on a till: open, theirs, in the sign-in\'s mode; `shift.opened` is recorded', async () => {
    const res = await open('till-open', cas);
    expect(res.status, res.text).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({ object: 'shift', status: 'open', till: 'till-open', livemode: false, opened_by: `ui:${casId}`, closed_at: null, closed_by: null, reconciled_at: null, report: null });
    expect(s.id).toMatch(/^shift_/);
    expect(await eventTypes(t, s.id)).toEqual(['shift.opened']);
    const event = (await t.api('GET', `/v1/events?object_id=${s.id}`)).body.data.items[0];
    expect(event.data.object).toMatchObject({ id: s.id, object: 'shift', status: 'open' });
  });

  test('one open shift per till: a second is 409 invalid_state naming the open one; another till is free', async () => {
    const first = (await open('till-one', cas)).body.data;
    const again = await open('till-one', ben);
    expectError(again, 409, 'invalid_state', null);
    expect(again.body.error.message).toContain(first.id);
    expect((await open('till-two', ben)).status).toBe(200);
  });

  test('two opens of one till at once: exactly one wins', async () => {
    const answers = await Promise.all([open('till-race', cas), open('till-race', ben), open('till-race'), open('till-race', owner)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error.code).toBe('invalid_state');
  });

  test.each([['Till-1'], [''], ['a'.repeat(33)], ['till 1'], [12], [null]])('till %j is refused with param till', async (till) => {
    expectError(await open(till, cas), 400, 'parameter_invalid', 'till');
  });

  test('no till, or an unknown field, is refused', async () => {
    expectError(await t.api('POST', '/v1/shifts', { body: {} }), 400, 'parameter_missing', 'till');
    expectError(await t.api('POST', '/v1/shifts', { body: { till: 'x1', note: 'hi' } }), 400, 'parameter_unknown', 'note');
  });

  test('each mode has its own tills: a live key opens the same till, a test key cannot see that shift', async () => {
    expect((await open('till-modes')).status).toBe(200);
    const live = await open('till-modes', t.liveKey);
    expect(live.status).toBe(200);
    expect(live.body.data.livemode).toBe(true);
    expectError(await get(live.body.data.id), 404, 'resource_missing', 'id');
    expect((await get(live.body.data.id, t.liveKey)).status).toBe(200);
  });
});

describe('sales belong to the till\'s open shift', () => {
  test('`till` on either shape puts the sale in the open shift; no till, or a till with no shift, in none', async () => {
    const shift = (await open('till-sales', cas)).body.data;
    const a = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '5.00', 'USD', { till: 'till-sales' }), key: cas })).body.data;
    expect(a.shift_id).toBe(shift.id);
    const b = (await t.api('POST', '/api/v1/checkout/sessions/create', { body: shapeB({ till: 'till-sales' }), key: cas })).body.data;
    expect(b.shift_id).toBe(shift.id);
    expect((await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '5.00') })).body.data.shift_id).toBeNull();
    expect((await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '5.00', 'USD', { till: 'till-nobody' }) })).body.data.shift_id).toBeNull();
    expectError(await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '5.00', 'USD', { till: 'NOPE' }) }), 400, 'parameter_invalid', 'till');

    // Open, its read shows the report so far; the list does not compute one.
    const sofar = (await get(shift.id, cas)).body.data;
    expect(sofar.status).toBe('open');
    expect(sofar.report.sales.count).toBe(2);
    expect((await t.api('GET', '/v1/shifts?till=till-sales')).body.data.items[0].report).toBeNull();
    const closed = (await close(shift.id, cas)).body.data;
    expect(closed.report.sales.count).toBe(2);
    expect(closed.report.sales.by_status.PENDING).toBe(2);
    expect(closed.report.staff).toMatchObject([{ staff: `ui:${casId}`, name: 'Cas', sessions: 2, succeeded: 0, gross: '0.00' }]);
    expect(closed.report.reconciliation.charged).toEqual([{ currency: 'USD', charged: '24.99', received: '0.00', difference: '-24.99' }]);
    // After the close, the till sells into no shift.
    expect((await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '5.00', 'USD', { till: 'till-sales' }) })).body.data.shift_id).toBeNull();
  });

  test('sales created at once (one group commit: one statement on PostgreSQL) keep their till\'s shift and who charged them', async () => {
    const shift = (await open('till-burst', ben)).body.data;
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, `${i + 1}.00`, 'USD', i % 2 ? { till: 'till-burst' } : {}), key: i < 3 ? ben : cas })),
    );
    expect(made.map((r) => r.body.data.shift_id)).toEqual([null, shift.id, null, shift.id, null, shift.id]);
    const report = (await close(shift.id, ben)).body.data.report;
    expect(report.sales.count).toBe(3);
    expect(report.staff.map((m: any) => [m.name, m.sessions])).toEqual(expect.arrayContaining([['Ben', 1], ['Cas', 2]]));
    expect(report.reconciliation.charged).toEqual([{ currency: 'USD', charged: '12.00', received: '0.00', difference: '-12.00' }]);
  });
});

describe('closing, reading and listing', () => {
  test('the cashier closes their own: the report, reconciled at once with nothing unconfirmed; `shift.closed` then `shift.reconciled`', async () => {
    const shift = (await open('till-close', cas)).body.data;
    const res = await close(shift.id, cas);
    expect(res.status, res.text).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({ status: 'reconciled', closed_by: `ui:${casId}` });
    expect(s.closed_at).toBe(s.reconciled_at);
    expect(s.report).toMatchObject({
      object: 'shift_report',
      reporting_currency: 'USD',
      sales: { count: 0 },
      by_coin_network: [],
      reporting: { currency: 'USD', gross: '0.00', tips: '0.00', refunds: '0.00', fees: '0.00', net: '0.00', missing_rates: [] },
      staff: [],
      reconciliation: { charged: [], underpaid: [], overpaid: [], late: [], unconfirmed: [], unmatched_deposits: [] },
    });
    expect((await eventTypes(t, s.id)).sort()).toEqual(['shift.closed', 'shift.opened', 'shift.reconciled']);
    expect((await get(s.id, cas)).body.data).toEqual(s);
    expectError(await close(s.id, cas), 409, 'invalid_state', null);
    // The till is free again.
    expect((await open('till-close', ben)).status).toBe(200);
  });

  test('a cashier reads and closes only their own (403 role_forbidden); the owner and API keys any', async () => {
    const shift = (await open('till-rights', cas)).body.data;
    expectError(await get(shift.id, ben), 403, 'role_forbidden', null);
    expectError(await close(shift.id, ben), 403, 'role_forbidden', null);
    expect((await get(shift.id, owner)).status).toBe(200);
    expect((await get(shift.id)).status).toBe(200);
    const closed = await close(shift.id, owner);
    expect(closed.status).toBe(200);
    expect(closed.body.data.closed_by).toMatch(/^ui:usr_/);
    const byKey = (await open('till-rights')).body.data;
    expect(byKey.opened_by).toMatch(/^key_/);
    expect((await close(byKey.id)).body.data.closed_by).toBe(byKey.opened_by);
  });

  test('unknown ids are 404 resource_missing', async () => {
    expectError(await get('shift_nope'), 404, 'resource_missing', 'id');
    expectError(await close('shift_nope'), 404, 'resource_missing', 'id');
  });

  test('the list: newest first, by till and by day in the shop\'s time zone; a cashier sees their own', async () => {
    const mine = (await open('till-list', ben)).body.data;
    const all = (await t.api('GET', '/v1/shifts?limit=100')).body.data.items;
    expect(all[0].id).toBe(mine.id);
    expect(all.length).toBeGreaterThan(5);
    const byTill = (await t.api('GET', '/v1/shifts?till=till-list')).body.data;
    expect(byTill).toEqual({ items: [mine], has_more: false });
    const ownOnly = (await t.api('GET', '/v1/shifts?limit=100', { key: ben })).body.data.items;
    expect(ownOnly.length).toBeGreaterThan(0);
    for (const s of ownOnly) expect(s.opened_by).toBe(mine.opened_by);
    const today = localDate(Date.now(), 'UTC');
    expect((await t.api('GET', `/v1/shifts?till=till-list&date=${today}`)).body.data.items.map((s: any) => s.id)).toEqual([mine.id]);
    expect((await t.api('GET', '/v1/shifts?till=till-list&date=2020-01-01')).body.data.items).toEqual([]);
    const page = (await t.api('GET', '/v1/shifts?limit=2')).body.data;
    expect(page.has_more).toBe(true);
    const next = (await t.api('GET', `/v1/shifts?limit=2&starting_after=${page.items[1].id}`)).body.data;
    expect(next.items[0].id).not.toBe(page.items[1].id);
    expectError(await t.api('GET', '/v1/shifts?date=2026-13'), 400, 'parameter_invalid', 'date');
    expectError(await t.api('GET', '/v1/shifts?date=2026-02-30'), 400, 'parameter_invalid', 'date');
    expectError(await t.api('GET', '/v1/shifts?starting_after=shift_nope'), 404, 'resource_missing', 'starting_after');
  });
});

describe('webhooks', () => {
  test('an endpoint subscribed to the shift events receives them in Standard Webhooks form, signed, with the shift as data.object', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const e = (await t.api('POST', '/v1/webhook_endpoints', { body: { url: receiver.url, enabled_events: ['shift.opened', 'shift.closed', 'shift.reconciled'] } })).body.data;
      // A session's events are not among them.
      await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '1.00') });
      const shift = (await open('till-hooks', cas)).body.data;
      await close(shift.id, cas);
      await receiver.waitFor(3);
      const wh = new Webhook(e.secret);
      const payloads = receiver.received.map((r) =>
        wh.verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) }) as any,
      );
      expect(payloads.map((p) => p.type).sort()).toEqual(['shift.closed', 'shift.opened', 'shift.reconciled']);
      for (const p of payloads) {
        expect(Object.keys(p)).toEqual(['id', 'type', 'created_at', 'livemode', 'data']);
        expect(p.data.object).toMatchObject({ id: shift.id, object: 'shift', till: 'till-hooks', livemode: false });
      }
      expect(payloads.find((p) => p.type === 'shift.opened').data.object).toMatchObject({ status: 'open', report: null });
      expect(payloads.find((p) => p.type === 'shift.reconciled').data.object).toMatchObject({ status: 'reconciled', report: { object: 'shift_report' } });
      await t.api('DELETE', `/v1/webhook_endpoints/${e.id}`);
    } finally {
      await receiver.stop();
    }
  });
});
