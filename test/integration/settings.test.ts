/**
 * What the Settings screen changes through the API: keys, domains, expiry and the monitoring window,
 * staff and the mode switch. Settings shared by both modes are changed with live credentials only.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => t?.stop());

test('API keys: created in the caller\'s mode, shown once, listed by prefix, revoked at once', async () => {
  const made = await t.api('POST', '/v1/api_keys', { body: {} });
  expect(made.status).toBe(200);
  const key = made.body.data;
  expect(key.secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
  expect(key.prefix).toBe(key.secret.slice(0, 16));
  expect((await t.api('GET', '/v1/merchant', { key: key.secret })).status).toBe(200);

  const list = (await t.api('GET', '/v1/api_keys')).body.data.items;
  expect(list.map((k: any) => k.id)).toContain(key.id);
  expect(list.every((k: any) => k.livemode === false && !('secret' in k))).toBe(true);
  expect((await t.api('GET', '/v1/api_keys', { key: t.liveKey })).body.data.items.map((k: any) => k.id)).not.toContain(key.id);
  expectError(await t.api('POST', `/v1/api_keys/${key.id}/revoke`, { key: t.liveKey }), 404, 'resource_missing', 'id');

  const revoked = await t.api('POST', `/v1/api_keys/${key.id}/revoke`);
  expect(revoked.body.data.revoked_at).not.toBeNull();
  expectError(await t.api('GET', '/v1/merchant', { key: key.secret }), 401, 'api_key_invalid');
  expectError(await t.api('POST', `/v1/api_keys/${key.id}/revoke`), 404, 'resource_missing', 'id');
  expectError(await t.api('POST', '/v1/api_keys', { body: { mode: 'live' } }), 400, 'parameter_unknown', 'mode');
});

test('domains: added once, as host names, with live credentials only; sessions may then name them', async () => {
  expectError(await t.api('POST', '/v1/merchant/domains', { body: { domain: 'test.example' } }), 403, 'livemode_mismatch');
  const added = await t.api('POST', '/v1/merchant/domains', { key: t.liveKey, body: { domain: 'Shop.Example' } });
  expect(added.status).toBe(200);
  const domain = added.body.data.domains.find((d: any) => d.domain === 'shop.example');
  expect(domain).toBeDefined();
  expectError(await t.api('POST', '/v1/merchant/domains', { key: t.liveKey, body: { domain: 'shop.example' } }), 400, 'parameter_invalid', 'domain');
  expectError(await t.api('POST', '/v1/merchant/domains', { key: t.liveKey, body: { domain: 'https://shop.example/' } }), 400, 'parameter_invalid', 'domain');
  const s = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '1.00', 'USD', { merchant_domain_id: domain.merchant_domain_id }) });
  expect(s.body.data.merchant_domain_id).toBe(domain.merchant_domain_id);
});

test('expiry and monitoring window: set with live credentials, new sessions of both modes use them; bounds are enforced', async () => {
  // They apply to live payments too: a test key cannot change them (nor the fee, which is the same rule).
  expectError(await t.api('PATCH', '/v1/merchant', { body: { settings: { session_expiry_seconds: 300 } } }), 403, 'livemode_mismatch');
  expectError(await t.api('PATCH', '/v1/merchant', { body: { settings: { fee: { percent: '0' } } } }), 403, 'livemode_mismatch');
  const live = { key: t.liveKey };
  const patched = await t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { session_expiry_seconds: 300, monitoring_window_seconds: 3600 } } });
  expect(patched.body.data.settings).toMatchObject({ session_expiry_seconds: 300, monitoring_window_seconds: 3600 });
  const s = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) })).body.data;
  expect(Date.parse(s.expires_at) - Date.parse(s.created_at)).toBe(300_000);
  expectError(await t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { session_expiry_seconds: 30 } } }), 400, 'parameter_invalid', 'settings.session_expiry_seconds');
  expectError(await t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { monitoring_window_seconds: -1 } } }), 400, 'parameter_invalid', 'settings.monitoring_window_seconds');
  await t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { session_expiry_seconds: 900, monitoring_window_seconds: 86_400 } } });
});

test('staff: a live owner adds and removes people; test credentials cannot; weak PINs and the last owner are refused', async () => {
  const setup = await t.api('POST', '/v1/ui/setup', { key: null, body: { name: 'Olga', pin: '2580', setup_code: await t.setupCode() } });
  expect(setup.status).toBe(200);
  const testOwner = setup.body.data.token;
  // Staff and PINs grant access to live money: never through a test key or a test-mode sign-in.
  expectError(await t.api('POST', '/v1/users', { body: { name: 'Mallory', role: 'owner', pin: '8642' } }), 403, 'livemode_mismatch');
  expectError(await t.api('POST', '/v1/users', { key: testOwner, body: { name: 'Mallory', role: 'owner', pin: '8642' } }), 403, 'livemode_mismatch');
  expectError(await t.api('DELETE', `/v1/users/${setup.body.data.user.id}`), 403, 'livemode_mismatch');
  expectError(await t.api('GET', '/v1/users'), 403, 'livemode_mismatch');
  expect((await t.api('PATCH', '/v1/ui/sessions/current', { key: testOwner, body: { livemode: true, pin: '2580' } })).status).toBe(200);
  const owner = testOwner; // now a live sign-in

  const added = await t.api('POST', '/v1/users', { key: owner, body: { name: 'Cem', role: 'cashier', pin: '4826' } });
  expect(added.body.data).toMatchObject({ object: 'user', name: 'Cem', role: 'cashier', disabled_at: null });
  expectError(await t.api('POST', '/v1/users', { key: owner, body: { name: 'Dana', role: 'cashier', pin: '1234' } }), 400, 'parameter_invalid', 'pin');
  expectError(await t.api('POST', '/v1/users', { key: owner, body: { name: 'cem', role: 'cashier', pin: '4826' } }), 400, 'parameter_invalid', 'name');
  expect((await t.api('GET', '/v1/users', { key: owner })).body.data.items.map((u: any) => u.name)).toEqual(['Olga', 'Cem']);
  expect((await t.api('GET', '/v1/users', { key: t.liveKey })).body.data.items.map((u: any) => u.name)).toEqual(['Olga', 'Cem']);

  const cashier = (await t.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Cem', pin: '4826' } })).body.data.token;
  expectError(await t.api('GET', '/v1/users', { key: cashier }), 403, 'role_forbidden');
  expectError(await t.api('DELETE', `/v1/users/${setup.body.data.user.id}`, { key: owner }), 409, 'invalid_state');
  expect((await t.api('DELETE', `/v1/users/${added.body.data.id}`, { key: owner })).body.data.disabled_at).not.toBeNull();
  expectError(await t.api('GET', '/v1/merchant', { key: cashier }), 401, 'api_key_invalid');
  expectError(await t.api('DELETE', '/v1/users/usr_nope', { key: owner }), 404, 'resource_missing');
});

test('mode: an owner switches a UI sign-in to live with their PIN again, back to test without; cashiers and API keys cannot', async () => {
  const owner = (await t.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Olga', pin: '2580' } })).body.data.token;
  expect((await t.api('GET', '/v1/merchant', { key: owner })).body.data.livemode).toBe(false);
  expectError(await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: true } }), 400, 'parameter_missing', 'pin');
  expectError(await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: true, pin: '2581' } }), 400, 'parameter_invalid', 'pin');
  expect((await t.api('GET', '/v1/merchant', { key: owner })).body.data.livemode).toBe(false);
  const live = await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: true, pin: '2580' } });
  expect(live.body.data).toEqual({ object: 'ui_session', livemode: true });
  expect((await t.api('GET', '/v1/merchant', { key: owner })).body.data.livemode).toBe(true);
  // What it sees is live: the test sessions made above are not there.
  expect((await t.api('GET', '/v1/payment/sessions', { key: owner })).body.data.items).toEqual([]);
  await t.api('POST', '/v1/users', { key: owner, body: { name: 'Eli', role: 'cashier', pin: '7391' } });
  expect((await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: false } })).status).toBe(200);
  expect((await t.api('GET', '/v1/payment/sessions', { key: owner })).body.data.items.length).toBeGreaterThan(0);

  const cashier = (await t.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Eli', pin: '7391' } })).body.data.token;
  expectError(await t.api('PATCH', '/v1/ui/sessions/current', { key: cashier, body: { livemode: true, pin: '7391' } }), 403, 'role_forbidden');
  expectError(await t.api('PATCH', '/v1/ui/sessions/current', { body: { livemode: true } }), 409, 'invalid_state');
  expectError(await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: 'yes' } }), 400, 'parameter_invalid', 'livemode');
});

test('mode: wrong PINs at the switch to live count towards the sign-in lockout', async () => {
  const owner = (await t.api('POST', '/v1/ui/sessions', { key: null, body: { user: 'Olga', pin: '2580' } })).body.data.token;
  for (let i = 0; i < 5; i++) {
    expectError(await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: true, pin: '9731' } }), 400, 'parameter_invalid', 'pin');
  }
  const locked = expectError(await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: true, pin: '2580' } }), 429, 'rate_limited');
  expect(locked.message).toMatch(/locked/);
  expect((await t.api('GET', '/v1/merchant', { key: owner })).body.data.livemode).toBe(false);
  t.advance(31_000);
  expect((await t.api('PATCH', '/v1/ui/sessions/current', { key: owner, body: { livemode: true, pin: '2580' } })).status).toBe(200);
});

test('tips: on or off, up to three presets and a custom amount; set with live credentials, shown to both modes; bad presets are 400s', async () => {
  const live = { key: t.liveKey };
  // Off by default, with presets ready for when the shop turns them on.
  expect((await t.api('GET', '/v1/merchant')).body.data.settings.tips).toEqual({ enabled: false, percentages: [10, 15, 20], custom: true });
  // What the till offers live customers: a test key cannot change it, like the fee.
  expectError(await t.api('PATCH', '/v1/merchant', { body: { settings: { tips: { enabled: true } } } }), 403, 'livemode_mismatch');

  const on = await t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { tips: { enabled: true, percentages: [5, 12.5, 18], custom: false } } } });
  expect(on.status).toBe(200);
  expect(on.body.data.settings.tips).toEqual({ enabled: true, percentages: [5, 12.5, 18], custom: false });
  // Fields left out stay; the test mode reads the same settings (the till of either mode offers them).
  await t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { tips: { custom: true } } } });
  expect((await t.api('GET', '/v1/merchant')).body.data.settings.tips).toEqual({ enabled: true, percentages: [5, 12.5, 18], custom: true });
  expect((await t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { tips: { percentages: [] } } } })).body.data.settings.tips.percentages).toEqual([]);

  const bad = (tips: unknown) => t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { tips } } });
  expectError(await bad({ percentages: [10, 15, 20, 25] }), 400, 'parameter_invalid', 'settings.tips.percentages');
  expectError(await bad({ percentages: [10, 0] }), 400, 'parameter_invalid', 'settings.tips.percentages[1]');
  expectError(await bad({ percentages: [-5] }), 400, 'parameter_invalid', 'settings.tips.percentages[0]');
  expectError(await bad({ percentages: [101] }), 400, 'parameter_invalid', 'settings.tips.percentages[0]');
  expectError(await bad({ percentages: [12.125] }), 400, 'parameter_invalid', 'settings.tips.percentages[0]');
  expectError(await bad({ percentages: [10, 10] }), 400, 'parameter_invalid', 'settings.tips.percentages[1]');
  expectError(await bad({ percentages: ['10'] }), 400, 'parameter_invalid');
  expectError(await bad({ enabled: 'yes' }), 400, 'parameter_invalid', 'settings.tips.enabled');
  expectError(await bad({ shown: true }), 400, 'parameter_unknown', 'settings.tips.shown');
  expect((await t.api('GET', '/v1/merchant')).body.data.settings.tips.percentages).toEqual([]);
  await t.api('PATCH', '/v1/merchant', { ...live, body: { settings: { tips: { enabled: false, percentages: [10, 15, 20], custom: true } } } });
});
