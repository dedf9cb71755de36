/**
 * What the registry of chain families (src/chains/registry.ts) decides outside src/chains: the
 * networks offered, the `{family}` routes (a family the registry does not have is 400
 * `parameter_invalid`, never a crash), what a payment option's QR encodes, and the network and
 * family names the configuration accepts.
 */
import { HDKey } from '@scure/bip32';
import { afterAll, expect, test } from 'vitest';
import { FAMILY_IDS, NETWORK_IDS, NETWORKS } from '../../src/chains/registry.js';
import { resolveConfig } from '../../src/config.js';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

const cores: TestCore[] = [];

/** The first of these names the registry does not have (TRON and Solana until their families land). */
const unregistered = (names: string[], registered: readonly string[]) => names.find((n) => !registered.includes(n)) as string;
const NO_FAMILY = unregistered(['tron', 'solana', 'bitcoin'], FAMILY_IDS);
const NO_NETWORK = unregistered(['tron', 'solana', 'bitcoin'], NETWORK_IDS);
afterAll(async () => {
  for (const c of cores) await c.stop();
});

test('networks and families are the registry\'s: TRON and Solana stay out until their families exist', async () => {
  const t = await startTestCore();
  cores.push(t);
  const live = { key: t.liveKey };
  // Today: the EVM family and its two networks (each family added extends these lists).
  expect(NETWORK_IDS.slice(0, 2)).toEqual(['ethereum', 'bsc']);
  expect(FAMILY_IDS[0]).toBe('evm');
  const networks = (await t.api('GET', '/v1/networks')).body.data.items;
  expect(networks.map((n: any) => [n.network, n.family])).toEqual(NETWORKS.map((n) => [n.id, n.family]));
  const settings = (await t.api('GET', '/v1/settings/networks', live)).body.data;
  expect(settings.networks.map((n: any) => n.network)).toEqual(NETWORK_IDS);
  expect(Object.keys(settings.wallets)).toEqual(FAMILY_IDS);
  expect(settings.wallets.evm).toEqual({ xpub: null, label: "account xpub (m/44'/60'/0')" });

  // Families and networks the registry does not have are bad parameters, in the contract's shape.
  const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(5)).derive("m/44'/60'/0'").publicExtendedKey;
  expectError(await t.api('PUT', `/v1/settings/wallets/${NO_FAMILY}`, { ...live, body: { xpub } }), 400, 'parameter_invalid', 'family');
  expectError(await t.api('GET', `/v1/refund_wallets/${NO_FAMILY}`), 400, 'parameter_invalid', 'family');
  expectError(await t.api('PUT', `/v1/refund_wallets/${NO_FAMILY}`, { body: { private_key: '11'.repeat(32) } }), 400, 'parameter_invalid', 'family');
  expectError(await t.api('PATCH', `/v1/settings/networks/${NO_NETWORK}`, { ...live, body: { confirmations: 19 } }), 400, 'parameter_invalid', 'network');
  expectError(await t.api('GET', `/v1/payment/sessions?network=${NO_NETWORK}`), 400, 'parameter_invalid', 'network');
  expect(networks.map((n: any) => n.network)).not.toContain(NO_NETWORK);

  // The EVM family's routes are the `{family}` routes with `evm`.
  expect((await t.api('GET', '/v1/refund_wallets/evm')).body.data).toMatchObject({ object: 'refund_wallet', family: 'evm', livemode: false });
  const set = await t.api('PUT', '/v1/settings/wallets/evm', { ...live, body: { xpub } });
  expect(set.status, set.text).toBe(200);
  expect(set.body.data.wallets.evm.xpub).toBe(xpub);
});

test('a payment option says what its QR encodes: on EVM, the EIP-681 request itself', async () => {
  // A configured endpoint makes the networks ready; nothing is asked of it to offer options.
  const tokens = { USDT: '0x5FbDB2315678afecb367f032d93F642f64180aa3', USDC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' };
  const t = await startTestCore({ networks: { test: { solana: 'off', ethereum: { rpcUrl: 'http://127.0.0.1:9/', chainId: 1337, tokens }, bsc: 'off', tron: 'off' } } });
  cores.push(t);
  const s = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'USDT') });
  expect(s.status, s.text).toBe(200);
  expect(s.body.data.payment_options).toHaveLength(2);
  for (const o of s.body.data.payment_options) {
    expect(o.uri).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@1337\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=12500000$/);
    expect(o.qr).toEqual({ content: 'uri', payload: o.uri });
  }
});

test('the configuration names only registered networks and families', () => {
  const dataDir = '/nonexistent/never-opened';
  expect(() => resolveConfig({ dataDir, networks: { test: { [NO_NETWORK]: 'devnet' } } })).toThrow(`networks.test: no network "${NO_NETWORK}"; the networks are ${NETWORK_IDS.join(', ')}`);
  expect(() => resolveConfig({ dataDir, confirmations: { [NO_NETWORK]: 32 } })).toThrow(`confirmations: no network "${NO_NETWORK}"`);
  expect(() => resolveConfig({ dataDir, liveWallets: { [NO_FAMILY]: 'xpub' } })).toThrow(`liveWallets: no chain family "${NO_FAMILY}"; the families are ${FAMILY_IDS.join(', ')}`);
  expect(resolveConfig({ dataDir, networks: { live: { bsc: { rpcUrl: 'https://bsc.example' } } } }).networks.live.bsc).toEqual({ rpcUrl: 'https://bsc.example' });
});
