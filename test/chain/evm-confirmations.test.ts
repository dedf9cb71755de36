/**
 * Confirmations and multi-transfer payments on an ethereum devnet whose blocks the test mines itself
 * (automine off): a payment is seen in its block and stays PROCESSING, block by block, until it has
 * the confirmations it needs; two payers in one block, and two transfers in one transaction (a tiny
 * batching contract compiled with solc-js), each count once. Transactions are signed by outside
 * wallets (anvil's dev accounts), never by the app.
 */
import { type Address, encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Devnet } from '../../src/chains/evm/devnet/devnet.js';
import { budget, compileBatcher, createSession, devAccountKey, devnetRpc, mine, option, outboxEvents, receipt, RECEIPT_MS, TestWallet, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const REQUIRED = 5;
const E6 = 10n ** 6n;

let t: TestCore;
let eth: Devnet;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0, confirmations: { ethereum: REQUIRED } });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  // From here on a block exists only when the test mines one.
  await devnetRpc(eth)('evm_setAutomine', [false]);
}, 60_000);
afterAll(async () => t?.stop());

test('exact payment: PENDING → PROCESSING while confirmations accrue → SUCCEEDED, with the payment on record and the events in order', async () => {
  const payer = new TestWallet(eth, devAccountKey(4));
  const s = await createSession(t, '12.50');
  expect(s.status).toBe('PENDING');
  const address = option(s, 'ethereum', 'USDT').address;

  const { transfer } = await payer.pay(eth.tokens.USDT, address, 12_500_000n);
  await mine(eth);
  const mined = await receipt(eth, transfer.hash);
  const transferLog = mined.logs.find((l) => l.address.toLowerCase() === eth.tokens.USDT.toLowerCase())!;

  const seen = await waitForSession(t, s.session_id, (x) => x.payments.length === 1, 5_000, 'detection');
  expect(seen.status).toBe('PROCESSING');
  expect(seen.exception).toBeNull();
  expect(seen.amount_received).toEqual({ value: '12.50', currency: 'USD' });
  expect(seen.payments[0]).toEqual({
    network: 'ethereum',
    currency: 'USDT',
    tx_hash: transfer.hash,
    log_index: transferLog.logIndex,
    block_number: Number(mined.blockNumber),
    from: payer.address,
    amount: '12.500000',
    confirmations: 1,
    status: 'detected',
    explorer_url: null, // devnet transactions are on no public explorer
    created_at: expect.any(String),
  });

  // One block at a time: still PROCESSING until the REQUIRED-th confirmation.
  for (let confirmations = 2; confirmations < REQUIRED; confirmations++) {
    await mine(eth);
    const mid = await waitForSession(t, s.session_id, (x) => x.payments[0].confirmations === confirmations, 5_000, `${confirmations} confirmations`);
    expect(mid.status).toBe('PROCESSING');
    expect(mid.payments[0].status).toBe('detected');
  }
  await mine(eth);
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 5_000);
  expect(done.exception).toBeNull();
  expect(done.payments).toHaveLength(1);
  expect(done.payments[0].status).toBe('confirmed');
  expect(done.payments[0].confirmations).toBeGreaterThanOrEqual(REQUIRED);

  const events = (await outboxEvents(t.dataDir, s.session_id));
  expect(events.map((e) => e.type)).toEqual([
    'payment_session.created',
    'payment_session.payment_detected',
    'payment_session.processing',
    'payment_session.succeeded',
  ]);
  // Each event carries the session as it was then.
  expect(events.map((e) => e.payload.status)).toEqual(['PENDING', 'PROCESSING', 'PROCESSING', 'SUCCEEDED']);
  expect(events[1]!.payload.payments[0].tx_hash).toBe(transfer.hash);
}, budget([RECEIPT_MS, REQUIRED * 5_000])); // a receipt, then one session state per block mined

test('two payers in the same block: both recorded, distinct log_index, each counted once', async () => {
  const a = new TestWallet(eth, devAccountKey(5));
  const b = new TestWallet(eth, devAccountKey(6));
  const s = await createSession(t, '12.50');
  const address = option(s, 'ethereum', 'USDT').address;

  const payA = await a.pay(eth.tokens.USDT, address, 6n * E6);
  const payB = await b.pay(eth.tokens.USDC, address, 6_500_000n);
  await mine(eth);
  const [ra, rb] = await Promise.all([receipt(eth, payA.transfer.hash), receipt(eth, payB.transfer.hash)]);
  expect(ra.blockNumber).toBe(rb.blockNumber);

  const seen = await waitForSession(t, s.session_id, (x) => x.payments.length === 2, 5_000);
  expect(seen.status).toBe('PROCESSING');
  expect(seen.amount_received.value).toBe('12.50');
  const [p1, p2] = seen.payments;
  expect(p1.block_number).toBe(Number(ra.blockNumber));
  expect(p2.block_number).toBe(Number(ra.blockNumber));
  expect(p1.log_index).not.toBe(p2.log_index);
  expect(new Set(seen.payments.map((p: any) => p.tx_hash))).toEqual(new Set([payA.transfer.hash, payB.transfer.hash]));
  expect(new Set(seen.payments.map((p: any) => p.from))).toEqual(new Set([a.address, b.address]));

  await mine(eth, REQUIRED);
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 5_000);
  expect(done.payments).toHaveLength(2);
  expect(done.exception).toBeNull();
  expect(done.amount_received.value).toBe('12.50');
  const detected = (await outboxEvents(t.dataDir, s.session_id)).filter((e) => e.type === 'payment_session.payment_detected');
  expect(detected).toHaveLength(2);
}, budget([RECEIPT_MS, 5_000, 5_000]));

describe('two transfers in one transaction', () => {
  let batcher: { abi: any[]; bytecode: Hex };
  beforeAll(() => {
    batcher = compileBatcher();
  }, 30_000);

  test('both recorded with the same tx_hash and distinct log_index, from the contract, counted once each', async () => {
    const wallet = new TestWallet(eth, devAccountKey(7));
    const deploy = await wallet.deploy(encodeDeployData({ abi: batcher.abi, bytecode: batcher.bytecode }));
    await mine(eth);
    const contract = (await receipt(eth, deploy.hash)).contractAddress as Address;

    const s = await createSession(t, '10.00');
    const address = option(s, 'ethereum', 'USDC').address;
    const call = await wallet.send(contract, encodeFunctionData({ abi: batcher.abi, functionName: 'payTwo', args: [eth.tokens.USDC, address, 4n * E6, address, 6n * E6] }), 300_000n);
    await mine(eth);
    const r = await receipt(eth, call.hash);
    // The mint to the contract and the two transfers to the session.
    expect(r.logs.filter((l) => l.address.toLowerCase() === eth.tokens.USDC.toLowerCase())).toHaveLength(3);

    const seen = await waitForSession(t, s.session_id, (x) => x.payments.length === 2, 5_000);
    expect(seen.payments.map((p: any) => p.tx_hash)).toEqual([call.hash, call.hash]);
    expect(seen.payments[0].log_index).not.toBe(seen.payments[1].log_index);
    expect(seen.payments.map((p: any) => p.from.toLowerCase())).toEqual([contract.toLowerCase(), contract.toLowerCase()]);
    expect(seen.payments.map((p: any) => p.amount).sort()).toEqual(['4.000000', '6.000000']);
    expect(seen.status).toBe('PROCESSING');
    expect(seen.amount_received.value).toBe('10.00');

    await mine(eth, REQUIRED);
    const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 5_000);
    expect(done.payments).toHaveLength(2);
    expect(done.exception).toBeNull();
    expect(done.amount_received.value).toBe('10.00');
  }, budget([RECEIPT_MS, RECEIPT_MS, 5_000, 5_000]));
});
