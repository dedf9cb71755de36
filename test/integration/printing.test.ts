/**
 * Receipt printing's API without a chain (docs/api.md, "Printing"): the printer setting (live
 * credentials, owner only, strict URLs, only the shop's own network) and a session's print status and
 * print route before the sale is paid. Printing paid sales, on a devnet: test/chain/printing.test.ts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => t?.stop());

const put = (body: unknown, key?: string | null) => t.api('PUT', '/v1/settings/printer', { key: key === undefined ? t.liveKey : key, body });

test('the printer: set with live credentials, read back normalised, turned off with null', async () => {
  expect((await t.api('GET', '/v1/settings/printer', { key: t.liveKey })).body.data).toEqual({ object: 'printer_settings', url: null, print_on_paid: false });
  const set = await put({ url: 'tcp://192.168.1.50', print_on_paid: true });
  expect(set.status).toBe(200);
  expect(set.body.data).toEqual({ object: 'printer_settings', url: 'tcp://192.168.1.50:9100', print_on_paid: true });
  expect((await t.api('GET', '/v1/settings/printer', { key: t.liveKey })).body.data.url).toBe('tcp://192.168.1.50:9100');
  // Host names are accepted (checked when looked up), as are IPv6 addresses on the shop's network.
  expect((await put({ url: 'tcp://Receipts.local:9101' })).body.data).toEqual({ object: 'printer_settings', url: 'tcp://receipts.local:9101', print_on_paid: false });
  expect((await put({ url: 'tcp://[fd00::50]:9100' })).body.data.url).toBe('tcp://[fd00::50]:9100');
  expect((await put(null)).body.data).toEqual({ object: 'printer_settings', url: null, print_on_paid: false });
  expect((await t.api('GET', '/v1/settings/printer', { key: t.liveKey })).body.data.url).toBeNull();
});

test('bad printer URLs are 400 parameter_invalid naming url; public addresses are refused', async () => {
  for (const url of ['http://192.168.1.50:9100', '192.168.1.50:9100', 'tcp://192.168.1.50:0', 'tcp://192.168.1.50:65536', 'tcp://192.168.1.50:91a', 'tcp://', 'tcp://user:pw@10.0.0.2:9100', 'tcp://10.0.0.2:9100/path', 'tcp://bad_host!:9100', 'tcp://[not-v6]:9100']) {
    expectError(await put({ url }), 400, 'parameter_invalid', 'url');
  }
  const pub = expectError(await put({ url: 'tcp://8.8.8.8:9100' }), 400, 'parameter_invalid', 'url');
  expect(pub.message).toMatch(/public internet address/);
  expectError(await put({ url: 'tcp://[2001:4860:4860::8888]:9100' }), 400, 'parameter_invalid', 'url');
  expectError(await put({ url: 'tcp://10.0.0.2:9100', print_on_paid: 'yes' }), 400, 'parameter_invalid', 'print_on_paid');
  expectError(await put({ url: 'tcp://10.0.0.2:9100', copies: 2 }), 400, 'parameter_unknown', 'copies');
  expectError(await put({}), 400, 'parameter_missing', 'url');
  // Nothing was saved by the refusals.
  expect((await t.api('GET', '/v1/settings/printer', { key: t.liveKey })).body.data.url).toBeNull();
});

test('test credentials get 403 livemode_mismatch; a cashier gets 403 role_forbidden', async () => {
  expectError(await put({ url: 'tcp://10.0.0.2:9100' }, t.testKey), 403, 'livemode_mismatch');
  expectError(await t.api('GET', '/v1/settings/printer'), 403, 'livemode_mismatch');
  const setup = await t.api('POST', '/v1/ui/setup', { key: null, body: { name: 'Olga', pin: '2580', setup_code: await t.setupCode() } });
  const owner = setup.body.data.token;
  expect((await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: true, pin: '2580' } })).status).toBe(200);
  expect((await put({ url: 'tcp://10.0.0.2:9100' }, owner)).status).toBe(200);
  await t.api('POST', '/v1/users', { key: owner, body: { name: 'Cem', role: 'cashier', pin: '4826' } });
  const cashier = (await t.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Cem', pin: '4826' } })).body.data.token;
  expectError(await put({ url: 'tcp://10.0.0.3:9100' }, cashier), 403, 'role_forbidden');
  expectError(await t.api('GET', '/v1/settings/printer', { key: cashier }), 403, 'role_forbidden');
  // The cashier reads a sale's print status and may press Print (an unpaid sale: refused).
  const s = (await t.api('POST', '/v1/payment/sessions', { key: cashier, body: shapeA(t.merchantId) })).body.data;
  const status = await t.api('GET', `/v1/payment/sessions/${s.session_id}/print`, { key: cashier });
  expect(status.body.data).toEqual({
    object: 'receipt_print', session_id: s.session_id, livemode: false, status: 'none', trigger: null, attempted_at: null, error: null, printer_set_up: true, print_on_paid: false,
  });
  expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/print`, { key: cashier }), 409, 'invalid_state');
  await put(null);
});

test('print: 404 for a session of another mode or none; 409 before it is paid and when no printer is set up', async () => {
  const s = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) })).body.data;
  expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/print`, { key: t.liveKey }), 404, 'resource_missing', 'id');
  expectError(await t.api('GET', `/v1/payment/sessions/${s.session_id}/print`, { key: t.liveKey }), 404, 'resource_missing', 'id');
  expectError(await t.api('POST', '/v1/payment/sessions/ps_nope/print'), 404, 'resource_missing', 'id');
  const unpaid = expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/print`), 409, 'invalid_state');
  expect(unpaid.message).toMatch(/PENDING/);
  expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}/print`)).body.data).toMatchObject({ status: 'none', printer_set_up: false });
});
