/**
 * A payment made while the app is stopped is found when it starts again: the watcher's scan cursor is
 * persisted, so the new core resumes from where the old one stopped rather than from the chain's head.
 * The devnet is the test's own anvil (an RPC endpoint to the core, which does not stop it), kept
 * running across the restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import type { CoreConfig } from '../../src/config.js';
import { type Core, createCore } from '../../src/create-core.js';
import { budget, client, createSession, devnetRpc, getSession, option, outboxEvents, PAY_MS, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let dir: string;
let devnet: Devnet;
let t: TestCore;
let second: Core | undefined;
let networks: CoreConfig['networks'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-restart-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'devnet', 'ethereum.json'), blockTimeSeconds: 0.2 });
  networks = {
    test: {
      ethereum: { rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } },
      bsc: 'off',
      solana: 'off',
    },
  };
  t = await startTestCore({ dataDir: join(dir, 'data'), networks, confirmations: { ethereum: 2 } });
}, 60_000);

afterAll(async () => {
  await second?.stop();
  await t?.core.stop().catch(() => undefined); // stopped already in the test, unless it failed early
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a payment made while the app was stopped is found on the next start (cursor persisted)', async () => {
  const networksNow = (await t.api('GET', '/v1/networks')).body.data.items;
  expect(networksNow.find((n: any) => n.network === 'ethereum')).toMatchObject({ status: 'ready', devnet: false, chain_id: 1337, rpc_url: devnet.rpcUrl });

  // Deadlines far ahead: the backfill below mines thousands of blocks, moving the chain's clock.
  const expires_at = new Date(Date.now() + 23 * 3600_000).toISOString();
  const s = await createSession(t, '12.50', 'USD', { expires_at });
  const later = await createSession(t, '3.00', 'USD', { expires_at });
  const pub = client(devnet);
  const createdAt = Number(await pub.getBlockNumber());
  // Let the watcher scan past the sessions' creation, so its cursor is stored beyond it.
  await waitFor(async () => {
    const eth = (await t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'ethereum');
    return eth.last_block >= createdAt + 2;
  }, 5_000, 'the watcher to scan two blocks past the session');
  await t.core.stop();

  const paid = await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 12_500_000n });
  // Bury the payment far below the head (more than one 2000-block eth_getLogs chunk), so a watcher
  // that started at the head would miss it, and the backfill must go chunk by chunk.
  await devnetRpc(devnet)('anvil_mine', ['0x7da']); // 2010 blocks
  const paidLater = await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'USDC', to: option(later, 'ethereum', 'USDC').address, amountBaseUnits: 3_000_000n });
  expect(paidLater.blockNumber - paid.blockNumber).toBeGreaterThan(2000n);

  second = createCore({ dataDir: t.dataDir, port: 0, networks, confirmations: { ethereum: 2 }, rateLimit: { max: 100_000, windowMs: 1000 } });
  const url = await second.start();
  const api2 = {
    async api(method: string, path: string) {
      const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${t.testKey}` } });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: JSON.parse(text), text };
    },
  };

  const done = await waitForSession(api2 as never, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000, 'the payment found after restart');
  expect(done.exception).toBeNull();
  expect(done.payments).toHaveLength(1);
  expect(done.payments[0]).toMatchObject({ tx_hash: paid.txHash, from: paid.from, block_number: Number(paid.blockNumber), amount: '12.500000', status: 'confirmed' });
  expect((await getSession(api2 as never, s.session_id)).amount_received.value).toBe('12.50');
  const done2 = await waitForSession(api2 as never, later.session_id, (x) => x.status === 'SUCCEEDED', 10_000, 'the later payment, in the second chunk');
  expect(done2.payments[0]).toMatchObject({ tx_hash: paidLater.txHash, currency: 'USDC', block_number: Number(paidLater.blockNumber) });
  expect((await outboxEvents(t.dataDir, s.session_id)).map((e) => e.type)).toEqual([
    'payment_session.created',
    'payment_session.payment_detected',
    // Found with its confirmations already in: straight to SUCCEEDED.
    'payment_session.succeeded',
  ]);
}, budget([5_000, PAY_MS, PAY_MS, 10_000, 10_000]));

test('test mode with the built-in devnet: a restart reloads the chain, keeps what was paid, and payments continue', async () => {
  const dataDir = join(dir, 'builtin');
  const config = { dataDir, networks: { test: { solana: 'off' as const, bsc: 'off' as const, tron: 'off' as const } }, devnetBlockTimeSeconds: 0.2, confirmations: { ethereum: 2 } };
  const first = await startTestCore(config);
  let s1: any;
  let s2: any;
  try {
    const chain = evmDevnetOf(first.core.chains, 'ethereum');
    s1 = await createSession(first, '4.00');
    s2 = await createSession(first, '5.00');
    await mintAndPay(chain, { payerKey: DEVNET_PAYER_KEYS[2]!, token: 'USDT', to: option(s1, 'ethereum', 'USDT').address, amountBaseUnits: 4_000_000n });
    await waitForSession(first, s1.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  } finally {
    await first.core.stop();
  }
  const eventsBefore = (await outboxEvents(dataDir, s1.session_id)).map((e) => e.type);

  const again = await startTestCore(config); // new keys, same merchant and data
  try {
    const chain = evmDevnetOf(again.core.chains, 'ethereum');
    const paid1 = await getSession(again, s1.session_id);
    expect(paid1).toMatchObject({ status: 'SUCCEEDED', exception: null });
    expect(paid1.payments).toHaveLength(1);
    expect(paid1.payments[0].status).toBe('confirmed');
    await mintAndPay(chain, { payerKey: DEVNET_PAYER_KEYS[2]!, token: 'USDC', to: option(s2, 'ethereum', 'USDC').address, amountBaseUnits: 5_000_000n });
    await waitForSession(again, s2.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
    // The reloaded chain is the same chain: nothing about the first payment changed.
    expect((await outboxEvents(dataDir, s1.session_id)).map((e) => e.type)).toEqual(eventsBefore);
    expect((await getSession(again, s1.session_id)).payments).toEqual(paid1.payments);
  } finally {
    await again.core.stop();
  }
}, budget([PAY_MS, 10_000, PAY_MS, 10_000], 30_000)); // two starts and a stop of the core and its devnet besides

test('an RPC endpoint that does not answer: the network shows unreachable with the error', async () => {
  const down = await startTestCore({
    networks: { test: { solana: 'off', ethereum: { rpcUrl: 'http://127.0.0.1:9/', chainId: 1337, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } }, bsc: 'off', tron: 'off' } },
  });
  try {
    const eth = await waitFor(async () => {
      const n = (await down.api('GET', '/v1/networks')).body.data.items.find((x: any) => x.network === 'ethereum');
      return n.status === 'unreachable' ? n : false;
    }, 5_000, 'the network to show unreachable');
    expect(eth.last_error).toEqual(expect.any(String));
    expect(eth.rpc_url).toBe('http://127.0.0.1:9/');
  } finally {
    await down.stop();
  }
});
