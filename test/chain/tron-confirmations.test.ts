/**
 * Confirmations and multi-transfer payments on test mode's TRON devnet, whose blocks the test mines
 * itself (the stand-in's interval mining paused underneath): a payment is seen in its block and stays
 * PROCESSING, block by block, until it has the confirmations TRON needs here; two payers in one block,
 * and two transfers in one TRON transaction (a tiny batching contract deployed through anvil, since
 * the stand-in serves no TRON contract creation, then called through TronWeb), each count once.
 * Transactions are built by the node and signed by outside wallets, never by the app.
 */
import { createPublicClient, encodeDeployData, http } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toEvmAddress } from '../../src/chains/tron/address-format.js';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import { budget, compileBatcher, createSession, outboxEvents, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { anvil, deployThroughAnvil, inclusionMs, mine, tokenBalance, TronPayer, tronDevnetOf, tronOption, waitForInfo } from '../helpers/tron-chain.js';

const REQUIRED = 4;
const E6 = 10n ** 6n;

let t: TestCore;
let tron: RunningTronDevnet;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } }, devnetBlockTimeSeconds: 0.25, confirmations: { tron: REQUIRED } });
  tron = tronDevnetOf(t.core.chains);
  // From here on a block exists only when the test mines one.
  await anvil(tron, 'evm_setIntervalMining', [0]);
}, 60_000);
afterAll(async () => t?.stop());

/** A mined transaction's info: it is in the block just mined, so one short bound is enough. */
const MINED_MS = inclusionMs({ blockTimeSeconds: 0 });

test('exact payment: PENDING → PROCESSING while confirmations accrue → SUCCEEDED, with the payment on record and the events in order', async () => {
  const payer = new TronPayer(tron, tron.payerKeys[0]!);
  const s = await createSession(t, '12.50');
  expect(s.status).toBe('PENDING');
  const address = tronOption(s).address;

  const { transfer } = await payer.pay(tron.tokens.USDT, address, 12_500_000n);
  await mine(tron);
  const info = await waitForInfo(payer.web, transfer.txID, MINED_MS);
  expect(info.receipt.result).toBe('SUCCESS');
  // The log's index in its block, as the node's /jsonrpc gives it (the mint before it logged a Transfer too).
  const receipt = await createPublicClient({ transport: http(tron.jsonRpcUrl, { retryCount: 0 }) }).getTransactionReceipt({ hash: `0x${transfer.txID}` });
  expect(receipt.logs).toHaveLength(1);

  const seen = await waitForSession(t, s.session_id, (x) => x.payments.length === 1, 5_000, 'detection');
  expect(seen.status).toBe('PROCESSING');
  expect(seen.exception).toBeNull();
  expect(seen.amount_received).toEqual({ value: '12.50', currency: 'USD' });
  expect(seen.payments[0]).toEqual({
    network: 'tron',
    currency: 'USDT',
    tx_hash: transfer.txID,
    log_index: receipt.logs[0]!.logIndex,
    block_number: info.blockNumber,
    from: payer.address,
    amount: '12.500000',
    confirmations: 1,
    status: 'detected',
    explorer_url: null,
    created_at: expect.any(String),
  });
  expect(seen.payments[0].tx_hash).toMatch(/^[0-9a-f]{64}$/);

  for (let confirmations = 2; confirmations < REQUIRED; confirmations++) {
    await mine(tron);
    const mid = await waitForSession(t, s.session_id, (x) => x.payments[0].confirmations === confirmations, 5_000, `${confirmations} confirmations`);
    expect(mid.status).toBe('PROCESSING');
    expect(mid.payments[0].status).toBe('detected');
  }
  await mine(tron);
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 5_000);
  expect(done.exception).toBeNull();
  expect(done.payments).toHaveLength(1);
  expect(done.payments[0]).toMatchObject({ status: 'confirmed', confirmations: REQUIRED });

  const events = (await outboxEvents(t.dataDir, s.session_id));
  expect(events.map((e) => e.type)).toEqual([
    'payment_session.created',
    'payment_session.payment_detected',
    'payment_session.processing',
    'payment_session.succeeded',
  ]);
  expect(events.map((e) => e.payload.status)).toEqual(['PENDING', 'PROCESSING', 'PROCESSING', 'SUCCEEDED']);
  expect(events[1]!.payload.payments[0].tx_hash).toBe(transfer.txID);
}, budget([MINED_MS, REQUIRED * 5_000]));

test('two payers in the same block: both recorded, distinct log_index, each counted once', async () => {
  const a = new TronPayer(tron, tron.payerKeys[1]!);
  const b = new TronPayer(tron, tron.payerKeys[2]!);
  const s = await createSession(t, '12.50');
  const address = tronOption(s).address;

  const payA = await a.pay(tron.tokens.USDT, address, 6n * E6);
  const payB = await b.pay(tron.tokens.USDT, address, 6_500_000n);
  await mine(tron);
  const [ia, ib] = await Promise.all([waitForInfo(a.web, payA.transfer.txID, MINED_MS), waitForInfo(b.web, payB.transfer.txID, MINED_MS)]);
  expect(ia.blockNumber).toBe(ib.blockNumber);

  const seen = await waitForSession(t, s.session_id, (x) => x.payments.length === 2, 5_000);
  expect(seen.status).toBe('PROCESSING');
  expect(seen.amount_received.value).toBe('12.50');
  const [p1, p2] = seen.payments;
  expect([p1.block_number, p2.block_number]).toEqual([ia.blockNumber, ia.blockNumber]);
  expect(p1.log_index).not.toBe(p2.log_index);
  expect(new Set(seen.payments.map((p: any) => p.tx_hash))).toEqual(new Set([payA.transfer.txID, payB.transfer.txID]));
  expect(new Set(seen.payments.map((p: any) => p.from))).toEqual(new Set([a.address, b.address]));

  await mine(tron, REQUIRED);
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 5_000);
  expect(done.payments).toHaveLength(2);
  expect(done.exception).toBeNull();
  expect(done.amount_received.value).toBe('12.50');
  expect((await outboxEvents(t.dataDir, s.session_id)).filter((e) => e.type === 'payment_session.payment_detected')).toHaveLength(2);
}, budget([MINED_MS, 5_000, 5_000]));

describe('two transfers in one transaction', () => {
  let batcher: { abi: any[]; bytecode: `0x${string}` };
  beforeAll(() => {
    batcher = compileBatcher();
  }, 30_000);

  test('both recorded with the same TRON txID and distinct log_index, from the contract\'s T… address, counted once each', async () => {
    // Deployed through anvil, then called as a TRON contract.
    const contract = await deployThroughAnvil(tron, encodeDeployData({ abi: batcher.abi, bytecode: batcher.bytecode }));
    expect(contract).toMatch(/^T/);

    const s = await createSession(t, '10.00');
    const address = tronOption(s).address;
    const wallet = new TronPayer(tron, tron.payerKeys[0]!);
    const call = await wallet.send(contract, 'payTwo(address,address,uint256,address,uint256)', [
      { type: 'address', value: tron.tokens.USDT },
      { type: 'address', value: address },
      { type: 'uint256', value: (4n * E6).toString() },
      { type: 'address', value: address },
      { type: 'uint256', value: (6n * E6).toString() },
    ]);
    await mine(tron);
    const info = await waitForInfo(wallet.web, call.txID, MINED_MS);
    expect(info.receipt.result).toBe('SUCCESS');
    // The mint to the contract and the two transfers to the session.
    expect(info.log.filter((l: any) => `0x${l.address}` === toEvmAddress(tron.tokens.USDT))).toHaveLength(3);
    expect(await tokenBalance(wallet.web, tron.tokens.USDT, address)).toBe(10n * E6);

    const seen = await waitForSession(t, s.session_id, (x) => x.payments.length === 2, 5_000);
    expect(seen.payments.map((p: any) => p.tx_hash)).toEqual([call.txID, call.txID]);
    expect(seen.payments[0].log_index).not.toBe(seen.payments[1].log_index);
    expect(seen.payments.map((p: any) => p.from)).toEqual([contract, contract]);
    expect(seen.payments.map((p: any) => p.amount).sort()).toEqual(['4.000000', '6.000000']);
    expect(seen.status).toBe('PROCESSING');
    expect(seen.amount_received.value).toBe('10.00');

    await mine(tron, REQUIRED);
    const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 5_000);
    expect(done.payments).toHaveLength(2);
    expect(done.exception).toBeNull();
    expect(done.amount_received.value).toBe('10.00');
  }, budget([MINED_MS, MINED_MS, 5_000, 5_000]));
});
