/**
 * Issue 27, item 1, on TRON in test mode: the watcher reads the stand-in's `/jsonrpc` through the fault
 * endpoint (test/helpers/fault-endpoint.ts) as a load-balanced pool in which one node is a block behind
 * and gets half the requests: it reports its own head, answers null for the block it has not got yet,
 * and answers eth_getLogs only up to its head, with no error (TRON's nodes and many provider caches
 * still do). Before, a short answer over a payment's block moved the cursor past it for good; now every
 * pass reads again the blocks not yet deep enough (docs/payments.md), and each payment counts once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTronDevnet, type TronDevnet } from '../../src/chains/tron/devnet/tron-devnet.js';
import { depositsOf } from '../helpers/deposits.js';
import { budget, createSession, outboxEvents, waitForSession } from '../helpers/evm-chain.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { inclusionMs, TronPayer, tronOption } from '../helpers/tron-chain.js';

const BLOCK_TIME_SECONDS = 0.25;
const REQUIRED = 3;
const PAY_MS = 2 * inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });

let dir: string;
let devnet: TronDevnet;
let fault: FaultEndpoint;
let t: TestCore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-tron-lagging-'));
  devnet = await startTronDevnet({ stateFile: join(dir, 'tron.json'), blockTimeSeconds: BLOCK_TIME_SECONDS });
  fault = await startFaultEndpoint(devnet.httpUrl, { lagBlocks: 1, lagRate: 0.5 });
  t = await startTestCore({
    dataDir: join(dir, 'data'),
    networks: { test: { tron: { rpcUrl: fault.url, chainId: devnet.chainId, tokens: { USDT: devnet.tokens.USDT } }, ethereum: 'off', bsc: 'off', solana: 'off' } },
    confirmations: { tron: REQUIRED },
    // A devnet's pace (an RPC network's default is 1 s): several passes at each head.
    chainPollMs: 100,
  });
}, 60_000);

afterAll(async () => {
  await t?.stop();
  await fault?.close();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const count = (types: string[], type: string) => types.filter((x) => x === type).length;

test('a pool node a block behind, answering short half the time: 12 payments, all SUCCEEDED, each counted once, none orphaned', async () => {
  const payer = new TronPayer(devnet, devnet.payerKeys[0]!);
  const paid: { id: string; txId: string; block: number }[] = [];
  for (let i = 0; i < 12; i++) {
    const s = await createSession(t, '2.00');
    const p = await payer.payAndWait(devnet, tronOption(s).address, 2_000_000n);
    paid.push({ id: s.session_id, txId: p.txId, block: p.blockNumber });
  }
  for (const p of paid) {
    const s = await waitForSession(t, p.id, (x) => x.status === 'SUCCEEDED', 10_000, `payment in block ${p.block} counted`);
    expect(s.payments).toEqual([expect.objectContaining({ tx_hash: p.txId, block_number: p.block, status: 'confirmed' })]);
    expect(s.amount_received.value).toBe('2.00');
    const types = (await outboxEvents(t.dataDir, p.id)).map((e) => e.type);
    expect(count(types, 'payment_session.payment_detected')).toBe(1);
    expect(count(types, 'payment_session.succeeded')).toBe(1);
    expect(types).not.toContain('payment_session.payment_orphaned');
  }
  expect(fault.counts().short).toBeGreaterThan(0);
  expect(t.core.chains?.watchers.get('tron:test')?.stats.lastError).toBeNull();
  expect(await depositsOf(t, 'tron')).toEqual([]);
}, budget([...Array(12).fill(PAY_MS), 12 * 10_000]));
