/**
 * What the owner and the cashier are told when a network's watcher falls behind (issue 27, item 6):
 * GET /v1/networks shows `behind`, `delayed` and `advice`, and a sale's payment options on that network
 * carry `delayed` (the till says it before the customer pays). A real anvil devnet behind a proxy that
 * can hold the watcher's `eth_getLogs` calls: after 3,000 blocks the watcher reads the first 2,000, and
 * its second read is held, so it stays 1,000 blocks behind for as long as the test needs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { budget, createSession, devnetRpc, waitFor } from '../helpers/evm-chain.js';
import { type HoldingProxy, startHoldingProxy } from '../helpers/holding-proxy.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let dir: string;
let devnet: Devnet;
let proxy: HoldingProxy;
let t: TestCore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-network-behind-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
  proxy = await startHoldingProxy(devnet.rpcUrl);
  const rpcUrl = proxy.url;
  const off = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
  t = await startTestCore({
    chainPollMs: 50,
    networks: { test: { ...off, ethereum: { rpcUrl, chainId: 1337, confirmations: 3, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } } } },
  });
}, 60_000);
afterAll(async () => {
  proxy?.release();
  await t?.stop();
  await proxy?.close();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ethereum = async () => (await t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'ethereum');

test('a watcher 1,000 blocks behind: /v1/networks says so in words, and new sales mark their Ethereum options delayed', async () => {
  // A session makes the watcher read logs at all; the first passes catch up with the head.
  const first = await createSession(t, '5.00');
  expect(first.payment_options.every((o: any) => o.delayed === null)).toBe(true);
  const caughtUp = await waitFor(async () => {
    const n = await ethereum();
    return n.behind === 0 && n.last_block !== null ? n : false;
  }, 10_000, 'the watcher caught up');
  // The pool's one endpoint, as it found it (issue 27: filled since the pool reports).
  expect(caughtUp).toMatchObject({ behind: 0, delayed: false, endpoints: [expect.objectContaining({ state: 'ok', reason: null, rate_limited: 0 })], advice: null });

  // Down for 3,000 blocks: the next pass reads 2,000 (the watcher's chunk), then its second read is held.
  proxy.pause();
  await devnetRpc(devnet)('anvil_mine', ['0xbb8']);
  proxy.holdLogsFrom(caughtUp.last_block + 1500);
  const behind = await waitFor(async () => {
    const n = await ethereum();
    return n.behind >= 1000 ? n : false;
  }, 20_000, 'the watcher 1,000 blocks behind');
  expect(behind.delayed).toBe(true);
  expect(behind.advice).toMatch(/^The watcher is 1,00\d blocks behind the chain: payments on this network show late until it catches up\.$/);
  expect(proxy.held(), 'the second read is held').toBeGreaterThan(0);

  const sale = await createSession(t, '7.00');
  const options = sale.payment_options.filter((o: any) => o.network === 'ethereum');
  expect(options.length).toBe(2);
  for (const o of options) expect(o.delayed).toBe('Ethereum is catching up: payments on it will show late');
  // The checkout page's status (what the till and the customer display read) says the same.
  const page = await fetch(`${t.url}/pay/${sale.session_id}/status`);
  const status = ((await page.json()) as { data: any }).data;
  expect(status.payment_options.map((o: any) => o.delayed)).toEqual(['Ethereum is catching up: payments on it will show late', 'Ethereum is catching up: payments on it will show late']);

  // Caught up again: nothing to say, and new sales are not marked.
  proxy.release();
  await waitFor(async () => ((await ethereum()).behind === 0 ? true : false), 20_000, 'the watcher caught up again');
  expect(await ethereum()).toMatchObject({ delayed: false, advice: null });
  expect((await createSession(t, '8.00')).payment_options.every((o: any) => o.delayed === null)).toBe(true);
}, budget([10_000, 20_000, 20_000]));
