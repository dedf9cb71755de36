/**
 * Issue 27: a watcher's first run (no stored cursor) starts no later than the oldest watched session's
 * creation, not at the head of its first successful pass. With the endpoint failing from the start
 * (the RPC pool retries, a provider down for minutes), a session created and paid before the watcher
 * read anything was never seen: its first pass started above the payment's block (docs/payments.md,
 * "Nothing counted as scanned that a node may not have had", the first run's Decision).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { budget, client, createSession, mine, option, PAY_MS, sleep, waitForSession } from '../helpers/evm-chain.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let dir: string;
let devnet: Devnet;
let fault: FaultEndpoint;
let t: TestCore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-evm-first-run-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
  // Every request fails until the test lets the endpoint recover: the watcher reads nothing at first.
  fault = await startFaultEndpoint(devnet.rpcUrl, { rate5xx: 1 });
  t = await startTestCore({
    dataDir: join(dir, 'data'),
    networks: { test: { ethereum: { rpcUrl: fault.url, chainId: devnet.chainId, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } }, bsc: 'off', tron: 'off', solana: 'off' } },
    confirmations: { ethereum: 2 },
    chainPollMs: 100,
  });
}, 60_000);

afterAll(async () => {
  await t?.stop();
  await fault?.close();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a session created and paid while the endpoint failed from the start is found once it recovers (the first run starts at the session, not the head)', async () => {
  const s = await createSession(t, '7.00');
  const paid = await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 7_000_000n });
  // Buried well below the head the watcher's first successful pass will see.
  await mine(devnet, 25);
  await sleep(300);
  const stats = () => t.core.chains?.watchers.get('ethereum:test')?.stats;
  // Nothing was read yet: the endpoint has failed every pass.
  expect(stats()?.lastSuccessAt ?? null).toBeNull();
  expect(fault.counts().failed5xx).toBeGreaterThan(0);

  fault.set({});
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 15_000, 'the payment made before the first successful pass');
  expect(done.exception).toBeNull();
  expect(done.payments).toHaveLength(1);
  expect(done.payments[0]).toMatchObject({ tx_hash: paid.txHash, block_number: Number(paid.blockNumber), amount: '7.000000', status: 'confirmed' });
  expect(Number(await client(devnet).getBlockNumber()) - Number(paid.blockNumber)).toBeGreaterThanOrEqual(25);
}, budget([PAY_MS, 5_000, 15_000]));
