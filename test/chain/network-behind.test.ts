/**
 * What the owner and the cashier are told when a network's watcher falls behind (issue 27, item 6):
 * GET /v1/networks shows `behind`, `delayed` and `advice`, and a sale's payment options on that network
 * carry `delayed` (the till says it before the customer pays). A real anvil devnet behind a proxy that
 * can hold the watcher's `eth_getLogs` calls: after 3,000 blocks the watcher reads the first 2,000, and
 * its second read is held, so it stays 1,000 blocks behind for as long as the test needs.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { budget, createSession, devnetRpc, waitFor } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let dir: string;
let devnet: Devnet;
let proxy: Server;
let t: TestCore;
/** eth_getLogs calls from this block on are held; Infinity: none. */
let holdFrom = Infinity;
const held: (() => void)[] = [];
/** Every call is held (while blocks are mined, so that the watcher sees them all at once). */
let paused = false;

/** Forwards JSON-RPC to the devnet; holds `eth_getLogs` from `holdFrom` on until released. */
async function startProxy(upstream: string): Promise<string> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const forward = async () => {
        const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      };
      const call = JSON.parse(body) as { method: string; params?: [{ fromBlock?: string }] };
      const from = Number(call.params?.[0]?.fromBlock ?? 0);
      if (paused || (call.method === 'eth_getLogs' && from >= holdFrom)) held.push(() => void forward());
      else void forward();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
}

const release = () => {
  holdFrom = Infinity;
  paused = false;
  for (const go of held.splice(0)) go();
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-network-behind-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
  const rpcUrl = await startProxy(devnet.rpcUrl);
  const off = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
  t = await startTestCore({
    chainPollMs: 50,
    networks: { test: { ...off, ethereum: { rpcUrl, chainId: 1337, confirmations: 3, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } } } },
  });
}, 60_000);
afterAll(async () => {
  release();
  await t?.stop();
  proxy?.close();
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
  expect(caughtUp).toMatchObject({ behind: 0, delayed: false, endpoints: [], advice: null });

  // Down for 3,000 blocks: the next pass reads 2,000 (the watcher's chunk), then its second read is held.
  paused = true;
  await devnetRpc(devnet)('anvil_mine', ['0xbb8']);
  holdFrom = caughtUp.last_block + 1500;
  paused = false;
  for (const go of held.splice(0)) go();
  const behind = await waitFor(async () => {
    const n = await ethereum();
    return n.behind >= 1000 ? n : false;
  }, 20_000, 'the watcher 1,000 blocks behind');
  expect(behind.delayed).toBe(true);
  expect(behind.advice).toMatch(/^The watcher is 1,00\d blocks behind the chain: payments on this network show late until it catches up\.$/);
  expect(held.length, 'the second read is held').toBeGreaterThan(0);

  const sale = await createSession(t, '7.00');
  const options = sale.payment_options.filter((o: any) => o.network === 'ethereum');
  expect(options.length).toBe(2);
  for (const o of options) expect(o.delayed).toBe('Ethereum is catching up: payments on it will show late');
  // The checkout page's status (what the till and the customer display read) says the same.
  const page = await fetch(`${t.url}/pay/${sale.session_id}/status`);
  const status = ((await page.json()) as { data: any }).data;
  expect(status.payment_options.map((o: any) => o.delayed)).toEqual(['Ethereum is catching up: payments on it will show late', 'Ethereum is catching up: payments on it will show late']);

  // Caught up again: nothing to say, and new sales are not marked.
  release();
  await waitFor(async () => ((await ethereum()).behind === 0 ? true : false), 20_000, 'the watcher caught up again');
  expect(await ethereum()).toMatchObject({ delayed: false, advice: null });
  expect((await createSession(t, '8.00')).payment_options.every((o: any) => o.delayed === null)).toBe(true);
}, budget([10_000, 20_000, 20_000]));
