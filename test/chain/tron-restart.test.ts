/**
 * TRON payments across restarts of the app. A payment made while the app is stopped is found when it
 * starts again: the watcher's scan cursor is persisted, so the new core resumes from where the old one
 * stopped rather than from the chain's head, in java-tron's 5,000-block `eth_getLogs` ranges. The node
 * is the test's own stand-in (an RPC endpoint to the core, which does not stop it), kept running across
 * the restart. Test mode's built-in TRON devnet keeps its chain across a restart of the app; a node
 * that does not answer shows as unreachable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CoreConfig } from '../../src/config.js';
import { type Core, createCore } from '../../src/create-core.js';
import { startTronDevnet, type TronDevnet } from '../../src/chains/tron/devnet/tron-devnet.js';
import { budget, createSession, getSession, outboxEvents, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { headNumber, inclusionMs, mine, TronPayer, tronDevnetOf, tronOption, tronWeb } from '../helpers/tron-chain.js';

const BLOCK_TIME_SECONDS = 0.25;
/** java-tron's largest eth_getLogs range, which the watcher scans in. */
const LOG_RANGE = 5_000;
const PAY_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });

let dir: string;
let devnet: TronDevnet;
let t: TestCore;
let second: Core | undefined;
let networks: CoreConfig['networks'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-tron-restart-'));
  devnet = await startTronDevnet({ stateFile: join(dir, 'devnet', 'tron.json'), blockTimeSeconds: BLOCK_TIME_SECONDS });
  networks = {
    test: {
      tron: { rpcUrl: devnet.httpUrl, chainId: devnet.chainId, tokens: { USDT: devnet.tokens.USDT } },
      ethereum: 'off',
      bsc: 'off',
      solana: 'off',
    },
  };
  t = await startTestCore({ dataDir: join(dir, 'data'), networks, confirmations: { tron: 2 } });
}, 60_000);

afterAll(async () => {
  await second?.stop();
  await t?.core.stop().catch(() => undefined); // stopped already in the test, unless it failed early
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const tronOf = async (api: Pick<TestCore, 'api'>) => (await api.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'tron');

test('a payment made while the app was stopped is found on the next start (cursor persisted), chunk by chunk, once', async () => {
  expect(await tronOf(t)).toMatchObject({ status: 'ready', devnet: false, chain_id: 728126428, rpc_url: devnet.httpUrl });

  // Deadlines far ahead: the backfill below mines thousands of blocks, moving the chain's clock.
  const expires_at = new Date(Date.now() + 23 * 3600_000).toISOString();
  const s = await createSession(t, '12.50', 'USD', { expires_at });
  const later = await createSession(t, '3.00', 'USD', { expires_at });
  const createdAt = await headNumber(tronWeb(devnet));
  // Let the watcher scan past the sessions' creation, so its cursor is stored beyond it.
  await waitFor(async () => (await tronOf(t)).last_block >= createdAt + 2, 5_000, 'the watcher to scan two blocks past the sessions');
  await t.core.stop();

  const payer = new TronPayer(devnet, devnet.payerKeys[0]!);
  const paid = await payer.payAndWait(devnet, tronOption(s).address, 12_500_000n);
  // Bury the payment more than one java-tron log range below the head, so a watcher that started at
  // the head would miss it, and the backfill must go range by range.
  await mine(devnet, LOG_RANGE + 10);
  const paidLater = await new TronPayer(devnet, devnet.payerKeys[1]!).payAndWait(devnet, tronOption(later).address, 3_000_000n);
  expect(paidLater.blockNumber - paid.blockNumber).toBeGreaterThan(LOG_RANGE);

  second = createCore({ dataDir: t.dataDir, port: 0, networks, confirmations: { tron: 2 }, rateLimit: { max: 100_000, windowMs: 1000 } });
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
  expect(done.payments[0]).toMatchObject({ network: 'tron', tx_hash: paid.txId, from: payer.address, block_number: paid.blockNumber, amount: '12.500000', status: 'confirmed' });
  expect((await getSession(api2 as never, s.session_id)).amount_received.value).toBe('12.50');
  const done2 = await waitForSession(api2 as never, later.session_id, (x) => x.status === 'SUCCEEDED', 10_000, 'the later payment, in the second range');
  expect(done2.payments).toEqual([expect.objectContaining({ tx_hash: paidLater.txId, block_number: paidLater.blockNumber })]);
  expect((await outboxEvents(t.dataDir, s.session_id)).map((e) => e.type)).toEqual([
    'payment_session.created',
    'payment_session.payment_detected',
    // Found with its confirmations already in: straight to SUCCEEDED.
    'payment_session.succeeded',
  ]);
  // The watcher is at the head again, without an error on the way (no range over java-tron's limit).
  const tronNow = await tronOf(api2 as never);
  expect(tronNow).toMatchObject({ status: 'ready', last_error: null });
  expect(tronNow.last_block).toBeGreaterThanOrEqual(paidLater.blockNumber);
}, budget([5_000, PAY_MS, 15_000, PAY_MS, 10_000, 10_000])); // 15 s: mining 5,010 blocks on a loaded machine

test('test mode with the built-in TRON devnet: a restart reloads the chain, keeps what was paid, and payments continue', async () => {
  const dataDir = join(dir, 'builtin');
  const config = { dataDir, networks: { test: { solana: 'off' as const, ethereum: 'off' as const, bsc: 'off' as const } }, devnetBlockTimeSeconds: BLOCK_TIME_SECONDS, confirmations: { tron: 2 } };
  const first = await startTestCore(config);
  let s1: any;
  let s2: any;
  try {
    const chain = tronDevnetOf(first.core.chains);
    s1 = await createSession(first, '4.00');
    s2 = await createSession(first, '5.00');
    await new TronPayer(chain, chain.payerKeys[2]!).payAndWait(chain, tronOption(s1).address, 4_000_000n);
    await waitForSession(first, s1.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  } finally {
    await first.core.stop();
  }
  const eventsBefore = (await outboxEvents(dataDir, s1.session_id)).map((e) => e.type);

  const again = await startTestCore(config); // new keys, same merchant and data
  try {
    const chain = tronDevnetOf(again.core.chains);
    const paid1 = await getSession(again, s1.session_id);
    expect(paid1).toMatchObject({ status: 'SUCCEEDED', exception: null });
    expect(paid1.payments).toEqual([expect.objectContaining({ status: 'confirmed' })]);
    // The reloaded chain is the same chain: the deposit still holds what was paid.
    const payer = new TronPayer(chain, chain.payerKeys[2]!);
    expect(BigInt(await (await payer.web.contract().at(chain.tokens.USDT)).balanceOf(tronOption(s1).address).call())).toBe(4_000_000n);
    await payer.payAndWait(chain, tronOption(s2).address, 5_000_000n);
    await waitForSession(again, s2.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
    // Nothing about the first payment changed.
    expect((await outboxEvents(dataDir, s1.session_id)).map((e) => e.type)).toEqual(eventsBefore);
    expect((await getSession(again, s1.session_id)).payments).toEqual(paid1.payments);
  } finally {
    await again.core.stop();
  }
}, budget([PAY_MS, 10_000, PAY_MS, 10_000], 30_000)); // two starts and a stop of the core and its devnet besides

test('a TRON node that does not answer: the network shows unreachable with the error', async () => {
  const down = await startTestCore({
    networks: { test: { solana: 'off', tron: { rpcUrl: 'http://127.0.0.1:9/', chainId: devnet.chainId, tokens: { USDT: devnet.tokens.USDT } }, ethereum: 'off', bsc: 'off' } },
  });
  try {
    const tron = await waitFor(async () => {
      const n = await tronOf(down);
      return n.status === 'unreachable' ? n : false;
    }, 5_000, 'the network to show unreachable');
    expect(tron.last_error).toEqual(expect.any(String));
    expect(tron.rpc_url).toBe('http://127.0.0.1:9/');
  } finally {
    await down.stop();
  }
});
