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
  const unset = { rpc_url: null, rpc_hint: expect.any(String), api_key_set: false, enabled: true, running_status: 'not_configured', applies_at_next_start: false };
  const byConfirmations = { commitment: null, commitments: [] };
  const offByDefault = { enabled: false, running_status: 'off' };
  expect(before.networks).toEqual([
    { network: 'ethereum', confirmations: 6, api_key_header: null, ...byConfirmations, ...unset },
    { network: 'bsc', confirmations: 15, api_key_header: null, ...byConfirmations, ...unset },
    // Off until the shop turns them on (issue 31): not watched, even once an endpoint is saved.
    { network: 'base', confirmations: 10, api_key_header: null, ...byConfirmations, ...unset, ...offByDefault },
    { network: 'arbitrum', confirmations: 20, api_key_header: null, ...byConfirmations, ...unset, ...offByDefault },
    { network: 'polygon', confirmations: 64, api_key_header: null, ...byConfirmations, ...unset, ...offByDefault },
    { network: 'tron', confirmations: 19, api_key_header: 'TRON-PRO-API-KEY', ...byConfirmations, ...unset },
    { network: 'solana', confirmations: 1, api_key_header: null, commitment: 'finalized', commitments: ['finalized', 'confirmed'], ...unset },
  ]);
  // A closed loopback port: the endpoint is configured but cannot answer.
  const saved = await t.api('PATCH', '/v1/settings/networks/ethereum', { ...live, body: { rpc_url: 'http://127.0.0.1:9/', confirmations: 3 } });
  expect(saved.body.data.networks[0]).toEqual({
    network: 'ethereum',
    rpc_url: 'http://127.0.0.1:9/',
    rpc_hint: expect.any(String),
    api_key_header: null,
    api_key_set: false,
    confirmations: 3,
    ...byConfirmations,
    enabled: true,
    running_status: 'not_configured',
    applies_at_next_start: true,
  });
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
  const t = await startTestCore({ networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off', tron: 'off' }, live: { ethereum: { rpcUrl: 'http://127.0.0.1:9/' } } } });
  cores.push(t);
  // The attack this guards against: a test key replacing the live wallet, so live deposits go elsewhere.
  expectError(await t.api('PUT', '/v1/settings/wallets/evm', { body: { xpub: XPUB } }), 403, 'livemode_mismatch');
  expectError(await t.api('PUT', '/v1/settings/wallets/evm', { key: t.liveKey, body: { xpub: 'xpub-nonsense' } }), 400, 'parameter_invalid', 'xpub');
  const set = await t.api('PUT', '/v1/settings/wallets/evm', { key: t.liveKey, body: { xpub: XPUB } });
  expect(set.body.data.wallets.evm.xpub).toBe(XPUB);
  const s = await t.api('POST', '/v1/payment/sessions', { key: t.liveKey, body: shapeA(t.merchantId, '5.00', 'USDT') });
  expect(s.status).toBe(200);
  const expected = HDKey.fromExtendedKey(XPUB).deriveChild(0).deriveChild(0);
  const { publicKeyToAddress } = await import('../../src/chains/keccak-accounts/xpub-deriver.js');
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

test('an API key is saved sealed for networks whose endpoints take one, never shown again, and sent in its header after a restart', async () => {
  // A stand-in endpoint that records the API-key header of every request (and answers nothing useful).
  const { createServer } = await import('node:http');
  const seen: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers['tron-pro-api-key'] as string | undefined);
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const t = await startTestCore({ chainPollMs: 50 });
    cores.push(t);
    const live = { key: t.liveKey };
    expectError(await t.api('PATCH', '/v1/settings/networks/tron', { body: { api_key: 'k' } }), 403, 'livemode_mismatch');
    expectError(await t.api('PATCH', '/v1/settings/networks/ethereum', { ...live, body: { api_key: 'k' } }), 400, 'parameter_invalid', 'api_key');
    expectError(await t.api('PATCH', '/v1/settings/networks/tron', { ...live, body: { api_key: 'two words' } }), 400, 'parameter_invalid', 'api_key');
    const saved = await t.api('PATCH', '/v1/settings/networks/tron', { ...live, body: { rpc_url: endpoint, api_key: 'tg-secret-1' } });
    const tron = saved.body.data.networks.find((n: any) => n.network === 'tron');
    expect(tron).toMatchObject({ rpc_url: endpoint, api_key_header: 'TRON-PRO-API-KEY', api_key_set: true });
    expect(saved.text).not.toContain('tg-secret-1');
    // Sealed at rest: the database file never holds the key in plain text.
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    await t.core.stop();
    const { existsSync } = await import('node:fs');
    const files = ['stablepos.sqlite', 'stablepos.sqlite-wal'].map((f) => join(t.dataDir, f)).filter((f) => existsSync(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(file).includes(Buffer.from('tg-secret-1')), file).toBe(false);
    // …and the rpc_url is there, so the search itself can find what is stored.
    expect(files.some((f) => readFileSync(f).includes(Buffer.from(endpoint)))).toBe(true);

    const again = await startTestCore({ dataDir: t.dataDir, chainPollMs: 50 });
    cores.push(again);
    await waitForCondition(() => seen.includes('tg-secret-1'));
    // Removed: the key is gone from Settings (it stays in use until the next start, like the endpoint).
    const removed = await again.api('PATCH', '/v1/settings/networks/tron', { key: again.liveKey, body: { api_key: null } });
    expect(removed.body.data.networks.find((n: any) => n.network === 'tron').api_key_set).toBe(false);
  } finally {
    server.close();
  }
});

async function waitForCondition(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('Solana\'s commitment is saved for the next start, refused elsewhere, and checked in the config', async () => {
  const t = await startTestCore();
  cores.push(t);
  const live = { key: t.liveKey };
  expectError(await t.api('PATCH', '/v1/settings/networks/solana', { body: { commitment: 'confirmed' } }), 403, 'livemode_mismatch');
  expectError(await t.api('PATCH', '/v1/settings/networks/solana', { ...live, body: { commitment: 'processed' } }), 400, 'parameter_invalid', 'commitment');
  const onEvm = await t.api('PATCH', '/v1/settings/networks/ethereum', { ...live, body: { commitment: 'finalized' } });
  expectError(onEvm, 400, 'parameter_invalid', 'commitment');
  expect(onEvm.body.error.message).toContain('counts confirmations');
  const saved = await t.api('PATCH', '/v1/settings/networks/solana', { ...live, body: { rpc_url: 'http://127.0.0.1:9/', commitment: 'confirmed' } });
  expect(saved.body.data.networks.find((n: any) => n.network === 'solana')).toMatchObject({ commitment: 'confirmed', applies_at_next_start: true });
  expect((await t.api('GET', '/v1/networks', live)).body.data.items.find((n: any) => n.network === 'solana').commitment).toBe('finalized');

  await t.core.stop();
  const again = await startTestCore({ dataDir: t.dataDir });
  cores.push(again);
  const running = (await again.api('GET', '/v1/networks', { key: again.liveKey })).body.data.items.find((n: any) => n.network === 'solana');
  expect(running).toMatchObject({ commitment: 'confirmed', confirmations: 1, chain_id: null });
  expect((await again.api('GET', '/v1/networks', { key: again.liveKey })).body.data.items.find((n: any) => n.network === 'tron').commitment).toBeNull();

  const { resolveConfig } = await import('../../src/config.js');
  expect(() => resolveConfig({ dataDir: t.dataDir, commitments: { solana: 'processed' } })).toThrow('commitments.solana: must be "finalized" or "confirmed"');
  expect(() => resolveConfig({ dataDir: t.dataDir, commitments: { ethereum: 'finalized' } })).toThrow('commitments.ethereum: ethereum counts confirmations, not commitments');
  expect(() => resolveConfig({ dataDir: t.dataDir, networks: { live: { solana: { rpcUrl: 'http://127.0.0.1:9/', commitment: 'soon' } } } })).toThrow('networks.live.solana.commitment: must be');
});

test('a live Solana wallet is a wallet address: a program-derived one (a multisig vault) is refused; a wallet\'s is not offered before its token accounts were looked up', async () => {
  const { Keypair, PublicKey } = await import('@solana/web3.js');
  const t = await startTestCore({ networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off', tron: 'off' }, live: { solana: { rpcUrl: 'http://127.0.0.1:9/' } } } });
  cores.push(t);
  const [vault] = PublicKey.findProgramAddressSync([Buffer.from('vault')], new PublicKey('SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf'));
  const refused = await t.api('PUT', '/v1/settings/wallets/solana', { key: t.liveKey, body: { xpub: vault.toBase58() } });
  expectError(refused, 400, 'parameter_invalid', 'xpub');
  expect(refused.body.error.message).toContain('program-derived address');
  expectError(await t.api('PUT', '/v1/settings/wallets/solana', { key: t.liveKey, body: { xpub: XPUB } }), 400, 'parameter_invalid', 'xpub');
  const wallet = Keypair.generate().publicKey.toBase58();
  const set = await t.api('PUT', '/v1/settings/wallets/solana', { key: t.liveKey, body: { xpub: wallet } });
  expect(set.body.data.wallets.solana).toEqual({ xpub: wallet, label: expect.stringContaining('address of a Solana wallet') });
  // The endpoint never answers (a closed port), so the wallet's token accounts are never looked up:
  // a payment into one the watcher does not follow yet could be missed, so Solana is not offered, and
  // /v1/networks says why. (Sessions paid on Solana in live form: test/chain/solana-token2022.test.ts.)
  const s = await t.api('POST', '/v1/payment/sessions', { key: t.liveKey, body: shapeA(t.merchantId, '5.00', 'USDC') });
  expect(s.status).toBe(200);
  expect(s.body.data.payment_options.filter((o: any) => o.network === 'solana')).toEqual([]);
  const network = (await t.api('GET', '/v1/networks', { key: t.liveKey })).body.data.items.find((n: any) => n.network === 'solana');
  for (const token of network.tokens) {
    expect(token).toMatchObject({ payable: false, unpayable_reason: expect.stringContaining(`has not looked up the wallet ${wallet}'s ${token.currency} token account yet`) });
  }
});

test('several live RPC endpoints in one rpc_url, separated by commas: saved trimmed, each checked, run as one pool', async () => {
  const t = await startTestCore();
  cores.push(t);
  const live = { key: t.liveKey };
  const saved = await t.api('PATCH', '/v1/settings/networks/bsc', { ...live, body: { rpc_url: ' http://127.0.0.1:9/ , http://127.0.0.1:10/rpc' } });
  expect(saved.status).toBe(200);
  expect(saved.body.data.networks[1]).toMatchObject({ network: 'bsc', rpc_url: 'http://127.0.0.1:9/,http://127.0.0.1:10/rpc', applies_at_next_start: true });
  const refused = await t.api('PATCH', '/v1/settings/networks/bsc', { ...live, body: { rpc_url: 'http://127.0.0.1:9/,ftp://x' } });
  expectError(refused, 400, 'parameter_invalid', 'rpc_url');
  expect(refused.body.error.message).toMatch(/URL 2 of 2 must be an absolute http or https URL/);
  expectError(await t.api('PATCH', '/v1/settings/networks/bsc', { ...live, body: { rpc_url: 'http://a.example,http://a.example' } }), 400, 'parameter_invalid', 'rpc_url');

  await t.core.stop();
  const again = await startTestCore({ dataDir: t.dataDir });
  cores.push(again);
  // Neither endpoint answers: the network runs, its watcher reporting both endpoints, the first preferred.
  const watcher = again.core.chains?.watchers.get('bsc:live');
  expect(watcher).toBeDefined();
  expect(watcher!.stats.endpoints?.map((e) => e.url)).toEqual(['http://127.0.0.1:9', 'http://127.0.0.1:10/rpc']);
  await expect.poll(() => watcher!.stats.endpoints?.every((e) => e.failures > 0), { timeout: 5000 }).toBe(true);
});
