/** What the Settings screen changes through the API: keys, domains, expiry and the monitoring window. */
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

test('domains: added once, as host names; sessions may then name them', async () => {
  const added = await t.api('POST', '/v1/merchant/domains', { body: { domain: 'Shop.Example' } });
  expect(added.status).toBe(200);
  const domain = added.body.data.domains.find((d: any) => d.domain === 'shop.example');
  expect(domain).toBeDefined();
  expectError(await t.api('POST', '/v1/merchant/domains', { body: { domain: 'shop.example' } }), 400, 'parameter_invalid', 'domain');
  expectError(await t.api('POST', '/v1/merchant/domains', { body: { domain: 'https://shop.example/' } }), 400, 'parameter_invalid', 'domain');
  const s = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '1.00', 'USD', { merchant_domain_id: domain.merchant_domain_id }) });
  expect(s.body.data.merchant_domain_id).toBe(domain.merchant_domain_id);
});

test('expiry and monitoring window: new sessions use them; bounds are enforced', async () => {
  const patched = await t.api('PATCH', '/v1/merchant', { body: { settings: { session_expiry_seconds: 300, monitoring_window_seconds: 3600 } } });
  expect(patched.body.data.settings).toMatchObject({ session_expiry_seconds: 300, monitoring_window_seconds: 3600 });
  const s = (await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) })).body.data;
  expect(Date.parse(s.expires_at) - Date.parse(s.created_at)).toBe(300_000);
  expectError(await t.api('PATCH', '/v1/merchant', { body: { settings: { session_expiry_seconds: 30 } } }), 400, 'parameter_invalid', 'settings.session_expiry_seconds');
  expectError(await t.api('PATCH', '/v1/merchant', { body: { settings: { monitoring_window_seconds: -1 } } }), 400, 'parameter_invalid', 'settings.monitoring_window_seconds');
  await t.api('PATCH', '/v1/merchant', { body: { settings: { session_expiry_seconds: 900, monitoring_window_seconds: 86_400 } } });
});
