/**
 * Live networks and wallets saved from Settings: live credentials only, validated, applied at the next
 * start, flags win.
 */
import { HDKey } from '@scure/bip32';
import { afterAll, expect, test } from 'vitest';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

const cores: TestCore[] = [];
afterAll(async () => {
  for (const c of cores) await c.stop();
});

const XPUB = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'").publicExtendedKey;

test('a saved live RPC endpoint is shown as pending, and is the one running after a restart', async () => {
  const t = await startTestCore();
  cores.push(t);
  // A test key can neither read live endpoints (they often carry a provider's key) nor change them.
  expectError(await t.api('GET', '/v1/settings/networks'), 403, 'livemode_mismatch');
  expectError(await t.api('PATCH', '/v1/settings/networks/ethereum', { body: { rpc_url: 'http://127.0.0.1:9/' } }), 403, 'livemode_mismatch');
  const live = { key: t.liveKey };
  const before = (await t.api('GET', '/v1/settings/networks', live)).body.data;
  expect(before.networks).toEqual([
    { network: 'ethereum', rpc_url: null, confirmations: 6, running_status: 'not_configured', applies_at_next_start: false },
    { network: 'bsc', rpc_url: null, confirmations: 15, running_status: 'not_configured', applies_at_next_start: false },
  ]);
  // A closed loopback port: the endpoint is configured but cannot answer.
  const saved = await t.api('PATCH', '/v1/settings/networks/ethereum', { ...live, body: { rpc_url: 'http://127.0.0.1:9/', confirmations: 3 } });
  expect(saved.body.data.networks[0]).toEqual({ network: 'ethereum', rpc_url: 'http://127.0.0.1:9/', confirmations: 3, running_status: 'not_configured', applies_at_next_start: true });
  expectError(await t.api('PATCH', '/v1/settings/networks/ethereum', { ...live, body: { rpc_url: 'ftp://x' } }), 400, 'parameter_invalid', 'rpc_url');
  expectError(await t.api('PATCH', '/v1/settings/networks/ethereum', { ...live, body: { confirmations: 0 } }), 400, 'parameter_invalid', 'confirmations');
  expectError(await t.api('PATCH', '/v1/settings/networks/bitcoin', { ...live, body: {} }), 400, 'parameter_invalid', 'network');

  await t.core.stop();
  const again = await startTestCore({ dataDir: t.dataDir });
  cores.push(again);
  const running = (await again.api('GET', '/v1/networks', { key: again.liveKey })).body.data.items.find((n: any) => n.network === 'ethereum');
  expect(running.status).not.toBe('not_configured');
  expect(running.confirmations).toBe(3);
  expect((await again.api('GET', '/v1/settings/networks', { key: again.liveKey })).body.data.networks[0].applies_at_next_start).toBe(false);
});

test('a live xpub applies at once: new live sessions get deposit addresses from it', async () => {
  const t = await startTestCore({ networks: { test: { ethereum: 'off', bsc: 'off' }, live: { ethereum: { rpcUrl: 'http://127.0.0.1:9/' } } } });
  cores.push(t);
  // The attack this guards against: a test key replacing the live wallet, so live deposits go elsewhere.
  expectError(await t.api('PUT', '/v1/settings/wallets/evm', { body: { xpub: XPUB } }), 403, 'livemode_mismatch');
  expectError(await t.api('PUT', '/v1/settings/wallets/evm', { key: t.liveKey, body: { xpub: 'xpub-nonsense' } }), 400, 'parameter_invalid', 'xpub');
  const set = await t.api('PUT', '/v1/settings/wallets/evm', { key: t.liveKey, body: { xpub: XPUB } });
  expect(set.body.data.wallets.evm.xpub).toBe(XPUB);
  const s = await t.api('POST', '/v1/payment/sessions', { key: t.liveKey, body: shapeA(t.merchantId, '5.00', 'USDT') });
  expect(s.status).toBe(200);
  const expected = HDKey.fromExtendedKey(XPUB).deriveChild(0).deriveChild(0);
  const { publicKeyToAddress } = await import('../../src/chains/evm/addresses.js');
  expect(s.body.data.payment_options.every((o: any) => o.address === publicKeyToAddress(expected.publicKey as Uint8Array))).toBe(true);
  expect(s.body.data.payment_options.length).toBeGreaterThan(0);
});

test('a live xpub given at start (--xpub-evm) wins: Settings cannot replace it', async () => {
  const other = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).derive("m/44'/60'/0'").publicExtendedKey;
  const t = await startTestCore({ liveWallets: { evm: XPUB } });
  cores.push(t);
  expectError(await t.api('PUT', '/v1/settings/wallets/evm', { key: t.liveKey, body: { xpub: other } }), 409, 'invalid_state', 'xpub');
  expect((await t.api('GET', '/v1/settings/networks', { key: t.liveKey })).body.data.wallets.evm.xpub).toBe(XPUB);
});
