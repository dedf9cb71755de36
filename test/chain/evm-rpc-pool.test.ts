/**
 * The EVM watcher through its endpoint pool (src/chains/rpc-pool/) on a real anvil, behind the
 * fault-injecting endpoint: 429s, 502 HTML pages and dropped connections at random and a 5-block
 * eth_getLogs cap lose no payment; with several endpoints, one of another chain is set aside and one
 * that is down is failed over, and the payment is still counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import type { EndpointReport } from '../../src/chains/family.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';
import { budget, createSession, mine, option, PAY_MS, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let dir: string;
let devnet: Devnet;
let fault: FaultEndpoint;
let otherChain: Server;
let otherChainUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-rpc-pool-'));
  // A block a second: still 12 times Ethereum's pace, which a 5-block cap with 45 % of requests failing must keep up with.
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 1 });
  fault = await startFaultEndpoint(devnet.rpcUrl);
  // A node of another chain (chain id 5): it answers eth_chainId, and anything else with data of its own.
  otherChain = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id, method } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: unknown; method: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: method === 'eth_chainId' ? '0x5' : method === 'eth_getLogs' ? [] : '0x1' }));
    });
  });
  await new Promise<void>((resolve) => otherChain.listen(0, '127.0.0.1', resolve));
  otherChainUrl = `http://127.0.0.1:${(otherChain.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await fault?.close();
  await new Promise<void>((resolve) => (otherChain ? otherChain.close(() => resolve()) : resolve()));
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function core(rpcUrl: string): Promise<TestCore> {
  return startTestCore({
    networks: { test: { ethereum: { rpcUrl, chainId: devnet.chainId, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } }, bsc: 'off', solana: 'off', tron: 'off' } },
    confirmations: { ethereum: 2 },
  });
}

/**
 * Waits for the watcher's first pass: on a first run it starts at the then-current head, so a payment
 * mined before that pass (here, while the faults slow the first calls) would be older than its start.
 */
async function firstPass(t: TestCore): Promise<void> {
  await waitFor(() => t.core.chains?.watchers.get('ethereum:test')?.stats.lastSuccessAt ?? null, 30_000, 'the watcher\'s first pass');
}

const endpointsOf = (t: TestCore): EndpointReport[] => t.core.chains?.watchers.get('ethereum:test')?.stats.endpoints ?? [];

test('429s (30 %), 502s (10 %), dropped connections (5 %) and a 5-block log cap: all 5 payments counted', async () => {
  fault.set({ rate429: 0.3, rate5xx: 0.1, dropRate: 0.05, logRangeCap: 5 });
  const t = await core(fault.url);
  try {
    await firstPass(t);
    const sessions = [];
    for (let i = 0; i < 5; i++) sessions.push(await createSession(t, `${i + 1}.25`, 'USD'));
    for (const [i, s] of sessions.entries()) {
      // 60 blocks at once before each payment: the watcher catches up ranges wider than the cap.
      await mine(devnet, 60);
      await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[i % DEVNET_PAYER_KEYS.length]!, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: BigInt(i + 1) * 1_000_000n + 250_000n });
    }
    for (const s of sessions) {
      const stats = () => JSON.stringify(t.core.chains?.watchers.get('ethereum:test')?.stats);
      const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 60_000, 'the payment to be counted through the faults').catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; watcher: ${stats()}`);
      });
      expect(done.payments).toHaveLength(1);
    }
    const counts = fault.counts();
    expect(counts.refused429 + counts.failed5xx + counts.dropped).toBeGreaterThan(0);
    const [endpoint] = endpointsOf(t);
    expect(endpoint).toMatchObject({ url: fault.url, logRangeCapped: true });
    expect(endpoint!.logRange).toBeLessThanOrEqual(5);
    expect(endpoint!.rateLimited).toBeGreaterThan(0);
  } finally {
    await t.stop();
    fault.set({});
  }
}, budget([PAY_MS * 5, 60_000], 30_000));

test('three endpoints, the first of another chain and the second down: the first is set aside with the reason, the payment is counted through the third', async () => {
  const t = await core(`${otherChainUrl},http://127.0.0.1:9/,${fault.url}`);
  try {
    await firstPass(t);
    const s = await createSession(t, '4.00', 'USD');
    await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDC', to: option(s, 'ethereum', 'USDC').address, amountBaseUnits: 4_000_000n });
    await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 30_000);
    const [other, down, good] = endpointsOf(t);
    expect(other).toMatchObject({ url: otherChainUrl, state: 'set_aside', reason: 'the RPC serves chain id 5, not 1337: check the RPC URL for this network' });
    expect(down).toMatchObject({ url: 'http://127.0.0.1:9' });
    expect(down!.failures).toBeGreaterThan(0);
    expect(good).toMatchObject({ url: fault.url, state: 'ok' });
  } finally {
    await t.stop();
  }
}, budget([PAY_MS, 30_000], 30_000));
