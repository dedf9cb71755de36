/**
 * Chain reorganisations on test mode's TRON devnet, whose blocks the test mines itself (the stand-in's
 * interval mining paused underneath). A TRON transaction carries no EVM signature, so `anvil_reorg`
 * cannot re-include it: a reorganisation here is a snapshot taken before the payment's block
 * (`evm_snapshot`), a revert after the app has seen the payment (`evm_revert`), and new blocks. The
 * dropped transaction is gone from the chain and the pool, as on TRON, until the wallet broadcasts the
 * very same signed bytes again. A reorganisation that drops a payment orphans it and sends the session
 * back to PENDING; one that moves it to a later block keeps it counted once, in its new block.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import { budget, createSession, getSession, outboxEvents, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { anvil, headNumber, inclusionMs, mine, type SignedTronTransaction, TronPayer, tronDevnetOf, tronOption, waitForInfo } from '../helpers/tron-chain.js';

// High enough that nothing confirms while a test reorganises the blocks above a payment.
const REQUIRED = 20;

let t: TestCore;
let tron: RunningTronDevnet;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } }, devnetBlockTimeSeconds: 0.25, confirmations: { tron: REQUIRED } });
  tron = tronDevnetOf(t.core.chains);
  await anvil(tron, 'evm_setIntervalMining', [0]);
}, 60_000);
afterAll(async () => t?.stop());

/** A transaction in the block just mined: one short bound is enough. */
const MINED_MS = inclusionMs({ blockTimeSeconds: 0 });
/** The waits of paidAndDetected, for a test's budget: the mint, the transfer, then the detection. */
const PAID_AND_DETECTED = [MINED_MS, MINED_MS, 5_000];

const eventTypes = async (id: string) => (await outboxEvents(t.dataDir, id)).map((e) => e.type);
const live = (s: any) => s.payments.filter((p: any) => p.status !== 'orphaned');
const head = () => anvil<string>(tron, 'eth_blockNumber').then(Number);

/** Waits until the watcher has seen a head at or above `block` (it may still be scanning up to it). */
async function watcherAt(block: number): Promise<void> {
  await waitFor(async () => {
    const n = (await t.api('GET', '/v1/networks')).body.data.items.find((x: any) => x.network === 'tron');
    return n.last_block >= block;
  }, 5_000, `the watcher to read block ${block}`);
}

/**
 * Waits until the watcher has scanned up to the head `block` and applied what it found: it has seen
 * that head, and then one more block mined here, which a pass sees only once the pass before ended.
 */
async function watcherScanned(block: number): Promise<void> {
  await watcherAt(block);
  await mine(tron);
  await watcherAt(block + 1);
}

/**
 * A session paid in full by `payer`, in a block the test mines, and seen by the app; the snapshot is
 * of the chain just before that block (the payer's tokens minted already), to revert to.
 */
async function paidAndDetected(payer: TronPayer, value = '12.50') {
  const s = await createSession(t, value);
  const amount = BigInt(Math.round(Number(value) * 1e6));
  const mint = await payer.mint(tron.tokens.USDT, payer.address, amount);
  await mine(tron);
  await waitForInfo(payer.web, mint.txID, MINED_MS);
  const snapshot = await anvil<string>(tron, 'evm_snapshot');
  const transfer = await payer.transfer(tron.tokens.USDT, tronOption(s).address, amount);
  await mine(tron);
  const info = await waitForInfo(payer.web, transfer.txID, MINED_MS);
  const seen = await waitForSession(t, s.session_id, (x) => x.status === 'PROCESSING' && x.payments.length === 1, 5_000, 'detection');
  expect(seen.payments[0]).toMatchObject({ tx_hash: transfer.txID, status: 'detected', block_number: info.blockNumber });
  return { s, transfer, block: info.blockNumber as number, snapshot };
}

/** The wallet broadcasts the very same signed transaction again; the node takes it (it is not known any more). */
async function broadcastAgain(payer: TronPayer, signed: SignedTronTransaction): Promise<void> {
  expect(await payer.web.trx.sendRawTransaction(signed as never)).toMatchObject({ result: true, txid: signed.txID });
}

test('a reorganisation that drops the payment: orphaned, session back to PENDING with the full amount due, event recorded; broadcast again, it counts once in its new block', async () => {
  const payer = new TronPayer(tron, tron.payerKeys[0]!);
  const { s, transfer, block, snapshot } = await paidAndDetected(payer);
  await mine(tron); // the payment is one block deep
  await waitForSession(t, s.session_id, (x) => x.payments[0].confirmations === 2, 5_000);

  // Two new blocks replace the payment's block and the one above it: the height is kept.
  await anvil(tron, 'evm_revert', [snapshot]);
  await mine(tron, 2);
  expect(await head()).toBe(block + 1);
  expect(await payer.web.trx.getUnconfirmedTransactionInfo(transfer.txID)).toEqual({});

  const after = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'orphaned', 5_000, 'orphaned payment');
  expect(after.status).toBe('PENDING');
  expect(after.exception).toBeNull();
  expect(after.amount_received.value).toBe('0.00');
  expect(after.payments).toHaveLength(1); // kept on record, counting for nothing
  expect(tronOption(after).amount_due).toBe('12.500000');
  expect((await eventTypes(s.session_id))).toEqual([
    'payment_session.created',
    'payment_session.payment_detected',
    'payment_session.processing',
    'payment_session.payment_orphaned',
  ]);
  expect((await outboxEvents(t.dataDir, s.session_id)).at(-1)!.payload.status).toBe('PENDING');

  // More blocks do not bring it back: the dropped transaction is gone from the chain and the pool.
  await mine(tron, 3);
  await watcherScanned(block + 4);
  expect((await getSession(t, s.session_id)).payments.map((p: any) => p.status)).toEqual(['orphaned']);

  // The very same signed bytes again: found in its new block as a new entry; the old one stays
  // orphaned on record; the money counts once.
  await broadcastAgain(payer, transfer);
  await mine(tron);
  const info = await waitForInfo(payer.web, transfer.txID, MINED_MS);
  expect(info.blockNumber).toBe(block + 6);
  const again = await waitForSession(t, s.session_id, (x) => live(x).length === 1, 5_000, 'payment in its new block');
  expect(again.payments).toHaveLength(2);
  expect(again.payments[0]).toMatchObject({ tx_hash: transfer.txID, block_number: block, status: 'orphaned' });
  expect(live(again)[0]).toMatchObject({ tx_hash: transfer.txID, block_number: block + 6, confirmations: 1, status: 'detected' });
  expect(again.status).toBe('PROCESSING');
  expect(again.amount_received.value).toBe('12.50');
  expect(again.exception).toBeNull();
  expect((await eventTypes(s.session_id)).slice(-3)).toEqual([
    'payment_session.payment_orphaned',
    'payment_session.payment_detected',
    'payment_session.processing',
  ]);
}, budget([...PAID_AND_DETECTED, 5_000, 5_000, 5_000, 5_000, MINED_MS, 5_000]));

test('a reorganisation that moves the payment to a later block: detected in its new block, counted once, then confirmed from there', async () => {
  const payer = new TronPayer(tron, tron.payerKeys[1]!);
  const { s, transfer, block, snapshot } = await paidAndDetected(payer);

  // The payment's block is replaced by an empty one, another follows, and the same transaction lands
  // in the block after them, two blocks later than before: all before the app looks again, or not.
  await anvil(tron, 'evm_revert', [snapshot]);
  await mine(tron, 2);
  await broadcastAgain(payer, transfer);
  await mine(tron);
  const moved = await waitForInfo(payer.web, transfer.txID, MINED_MS);
  expect(moved.blockNumber).toBe(block + 2);

  // The transfer in its new block is a new entry (a block is part of a payment's identity); the entry
  // in the replaced block stays on record as orphaned. Counted once throughout.
  const after = await waitForSession(t, s.session_id, (x) => live(x)[0]?.block_number === block + 2, 5_000, 'payment in its new block');
  expect(after.payments).toHaveLength(2);
  expect(after.payments.filter((p: any) => p.status === 'orphaned')).toEqual([expect.objectContaining({ tx_hash: transfer.txID, block_number: block })]);
  expect(live(after)).toEqual([expect.objectContaining({ tx_hash: transfer.txID, status: 'detected', block_number: block + 2, confirmations: 1 })]);
  expect(after.status).toBe('PROCESSING');
  expect(after.amount_received.value).toBe('12.50');
  expect(after.exception).toBeNull();

  await mine(tron, REQUIRED - 1);
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 5_000);
  expect(live(done)).toEqual([expect.objectContaining({ status: 'confirmed', block_number: block + 2, confirmations: REQUIRED })]);
  expect(done.amount_received.value).toBe('12.50');
  expect(done.exception).toBeNull();
  const types = (await eventTypes(s.session_id));
  expect(types.filter((x) => x === 'payment_session.succeeded')).toHaveLength(1);
  expect(types.at(-1)).toBe('payment_session.succeeded');
}, budget([...PAID_AND_DETECTED, MINED_MS, 5_000, 5_000]));

test('a reorganisation above the payment\'s block leaves the payment alone', async () => {
  const payer = new TronPayer(tron, tron.payerKeys[2]!);
  const { s, block } = await paidAndDetected(payer);
  const above = await anvil<string>(tron, 'evm_snapshot');
  await mine(tron, 2);
  await waitForSession(t, s.session_id, (x) => x.payments[0].confirmations === 3, 5_000);

  await anvil(tron, 'evm_revert', [above]); // drops block + 1 and block + 2 only
  await mine(tron, 3);
  await waitForSession(t, s.session_id, (x) => x.payments[0].confirmations === 4, 5_000);
  const after = await getSession(t, s.session_id);
  expect(after.payments).toEqual([expect.objectContaining({ status: 'detected', block_number: block })]);
  expect(after.status).toBe('PROCESSING');
  expect((await eventTypes(s.session_id))).not.toContain('payment_session.payment_orphaned');
}, budget([...PAID_AND_DETECTED, 5_000, 5_000]));

test('a reorganisation at the same height is noticed without waiting for a newer block', async () => {
  // An empty block replaces the payment's block at the tip; no newer block exists. The watcher
  // polls every 100 ms on a devnet, so 2 s is twenty chances to notice.
  const payer = new TronPayer(tron, tron.payerKeys[0]!);
  const { s, block, snapshot } = await paidAndDetected(payer);
  await anvil(tron, 'evm_revert', [snapshot]);
  await mine(tron);
  expect(await headNumber(payer.web)).toBe(block);
  // Both in one read: on PostgreSQL a session's row and its payments are read by separate queries,
  // and a read between them can see the orphaned payment with the status before it (docs: noticed).
  const after = await waitForSession(t, s.session_id, (x) => x.payments[0].status === 'orphaned' && x.status === 'PENDING', 2_000, 'orphaned payment and PENDING (same-height reorg)');
  expect(after.status).toBe('PENDING');
});
