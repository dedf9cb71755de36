/**
 * Chain reorganisations on an ethereum devnet whose blocks the test mines itself (automine off),
 * made with anvil's `anvil_reorg(depth, [[signedTx, blockOffset]…])`: it replaces the newest `depth`
 * blocks, keeping the height, and fills the new blocks with the given transactions only (the dropped
 * ones do not go back to the pool). A reorganisation that drops a payment orphans it and sends the
 * session back to PENDING; one that moves it to another block keeps it counted once, in its new block.
 */
import { type Address, encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Devnet } from '../../src/chains/evm/devnet/devnet.js';
import { depositOf, eventTypes as depositEvents, listedOnce, PAST_WINDOW } from '../helpers/deposits.js';
import { budget, compileBatcher, createSession, devAccountKey, devnetRpc, getSession, mine, option, outboxEvents, receipt, RECEIPT_MS, sleep, TestWallet, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

// High enough that nothing confirms while a test reorganises the blocks above a payment.
const REQUIRED = 20;

let t: TestCore;
let eth: Devnet;
let rpc: ReturnType<typeof devnetRpc>;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0, confirmations: { ethereum: REQUIRED }, expiryMaxSleepMs: 100 });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  rpc = devnetRpc(eth);
  await rpc('evm_setAutomine', [false]);
}, 60_000);
afterAll(async () => t?.stop());

const head = async () => Number(await rpc<Hex>('eth_blockNumber'));
const eventTypes = async (id: string) => (await outboxEvents(t.dataDir, id)).map((e) => e.type);

/** The waits of paidAndDetected, for a test's budget: the receipt, then the detection. */
const PAID_AND_DETECTED = [RECEIPT_MS, 5_000];

async function paidAndDetected(payer: TestWallet, value = '12.50') {
  const s = await createSession(t, value);
  const address = option(s, 'ethereum', 'USDT').address;
  const sent = await payer.pay(eth.tokens.USDT, address, BigInt(Math.round(Number(value) * 1e6)));
  await mine(eth);
  const r = await receipt(eth, sent.transfer.hash);
  const seen = await waitForSession(t, s.session_id, (x) => x.status === 'PROCESSING' && x.payments.length === 1, 5_000, 'detection');
  expect(seen.payments[0]).toMatchObject({ tx_hash: sent.transfer.hash, status: 'detected', block_number: Number(r.blockNumber) });
  return { s, sent, block: Number(r.blockNumber) };
}

test('a reorganisation that drops the payment: orphaned, session back to PENDING with the full amount due, event recorded', async () => {
  const payer = new TestWallet(eth, devAccountKey(4));
  const { s, sent, block } = await paidAndDetected(payer);
  await mine(eth); // the payment is one block deep
  await waitForSession(t, s.session_id, (x) => x.payments[0].confirmations === 2, 5_000);

  await rpc('anvil_reorg', [2, []]);
  expect(await head()).toBe(block + 1);
  expect(await rpc('eth_getTransactionReceipt', [sent.transfer.hash])).toBeNull();
  await mine(eth); // the next block: the watcher checks the chain it knew

  const after = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'orphaned', 5_000, 'orphaned payment');
  expect(after.status).toBe('PENDING');
  expect(after.exception).toBeNull();
  expect(after.amount_received.value).toBe('0.00');
  expect(after.payments).toHaveLength(1); // kept on record, counting for nothing
  for (const o of after.payment_options) expect(o.amount_due).toBe('12.500000');
  const types = (await eventTypes(s.session_id));
  expect(types).toEqual(['payment_session.created', 'payment_session.payment_detected', 'payment_session.processing', 'payment_session.payment_orphaned']);
  const orphanedEvent = (await outboxEvents(t.dataDir, s.session_id)).at(-1)!;
  expect(orphanedEvent.payload.status).toBe('PENDING');

  // More blocks do not bring it back (the dropped transaction is gone from the chain and the pool).
  await mine(eth, 3);
  await sleep(400);
  expect((await getSession(t, s.session_id)).payments[0].status).toBe('orphaned');

  // The wallet broadcasts the very same signed transactions again (same nonces, same hash): the
  // transfer is found in its new block as a new entry; the old one stays orphaned on record; the
  // money is counted once.
  await rpc('eth_sendRawTransaction', [sent.mint.raw]);
  await rpc('eth_sendRawTransaction', [sent.transfer.raw]);
  await mine(eth);
  const r = await receipt(eth, sent.transfer.hash);
  expect(Number(r.blockNumber)).toBeGreaterThan(block + 1);
  const live = (x: any) => x.payments.filter((p: any) => p.status !== 'orphaned');
  // The payment row and the session's status are read as one pass wrote them; waited for together
  // (on PostgreSQL under load a read once fell between two passes' reads of the new block).
  const again = await waitForSession(t, s.session_id, (x) => live(x).length === 1 && x.status === 'PROCESSING', 5_000, 'payment in its new block');
  expect(again.payments).toHaveLength(2);
  expect(again.payments[0]).toMatchObject({ tx_hash: sent.transfer.hash, block_number: block, status: 'orphaned' });
  expect(live(again)[0]).toMatchObject({ tx_hash: sent.transfer.hash, block_number: Number(r.blockNumber), confirmations: 1, status: 'detected' });
  expect(again.status).toBe('PROCESSING');
  expect(again.amount_received.value).toBe('12.50');
  expect(again.exception).toBeNull();
  expect((await eventTypes(s.session_id)).slice(-3)).toEqual([
    'payment_session.payment_orphaned',
    'payment_session.payment_detected',
    'payment_session.processing',
  ]);
}, budget([...PAID_AND_DETECTED, 5_000, 5_000, 400, RECEIPT_MS, 5_000]));

test('a reorganisation that moves the payment to another block: detected in its new block, counted once, then confirmed', async () => {
  const payer = new TestWallet(eth, devAccountKey(5));
  const { s, sent, block } = await paidAndDetected(payer);

  // Replace the payment's block and its parent; the same signed mint and transfer go into the first
  // new block, one lower than before.
  await rpc('anvil_reorg', [2, [[sent.mint.raw, 0], [sent.transfer.raw, 0]]]);
  const moved = await receipt(eth, sent.transfer.hash);
  expect(Number(moved.blockNumber)).toBe(block - 1);
  await mine(eth);

  // The transfer in its new block is a new entry (a block is part of a payment's identity); the
  // entry in the replaced block stays on record as orphaned. Counted once throughout.
  const live = (x: any) => x.payments.filter((p: any) => p.status !== 'orphaned');
  const after = await waitForSession(t, s.session_id, (x) => live(x)[0]?.block_number === block - 1, 5_000, 'payment in its new block');
  expect(after.payments).toHaveLength(2);
  expect(after.payments.filter((p: any) => p.status === 'orphaned')).toHaveLength(1);
  expect(live(after)).toHaveLength(1);
  expect(live(after)[0]).toMatchObject({ tx_hash: sent.transfer.hash, status: 'detected', block_number: block - 1 });
  expect(after.status).toBe('PROCESSING');
  expect(after.amount_received.value).toBe('12.50');
  expect(after.exception).toBeNull();
  // Confirmations count from the new block: head (block + 1) − (block − 1) + 1.
  await waitForSession(t, s.session_id, (x) => live(x)[0]?.confirmations === 3, 5_000, 'confirmations from the new block');

  await mine(eth, REQUIRED);
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 5_000);
  expect(live(done)).toHaveLength(1);
  expect(live(done)[0].status).toBe('confirmed');
  expect(done.amount_received.value).toBe('12.50');
  expect(done.exception).toBeNull();
  const types = (await eventTypes(s.session_id));
  expect(types.filter((x) => x === 'payment_session.succeeded')).toHaveLength(1);
  expect(types.at(-1)).toBe('payment_session.succeeded');
}, budget([...PAID_AND_DETECTED, RECEIPT_MS, 5_000, 5_000, 5_000]));

test('a reorganisation that shifts the log indexes of a transaction paying two sessions: each keeps its own payment', async () => {
  // One transaction (a batching contract, as an exchange's batched withdrawal would be) pays
  // session A 4.00 and session B 6.00. A reorganisation re-includes it in a block where another
  // transaction's log comes first, so both transfers' log indexes move up by one.
  // (A payment's identity includes its block, so re-inclusion elsewhere is a new row and a shifted
  // log index can never make one session's transfer revive another's.)
  const batcher = compileBatcher();
  const wallet = new TestWallet(eth, devAccountKey(8));
  const deploy = await wallet.deploy(encodeDeployData({ abi: batcher.abi, bytecode: batcher.bytecode }));
  await mine(eth);
  const contract = (await receipt(eth, deploy.hash)).contractAddress as Address;

  const a = await createSession(t, '4.00');
  const b = await createSession(t, '6.00');
  const toA = option(a, 'ethereum', 'USDT').address;
  const toB = option(b, 'ethereum', 'USDT').address;
  const batch = await wallet.send(contract, encodeFunctionData({ abi: batcher.abi, functionName: 'payTwo', args: [eth.tokens.USDT, toA, 4_000_000n, toB, 6_000_000n] }), 300_000n);
  await mine(eth);
  const before = await receipt(eth, batch.hash);
  const seenA = await waitForSession(t, a.session_id, (x) => x.status === 'PROCESSING', 5_000);
  const seenB = await waitForSession(t, b.session_id, (x) => x.status === 'PROCESSING', 5_000);
  const [oldA, oldB] = [seenA.payments[0].log_index, seenB.payments[0].log_index];
  expect(oldB).toBe(oldA + 1);

  // A transaction of someone else's (a mint, one Transfer log), signed but never broadcast, goes
  // first in the replacement block; the batch follows it.
  const other = new TestWallet(eth, devAccountKey(9));
  const noise = await other.sign(eth.tokens.USDC, encodeFunctionData({ abi: [{ type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [] }], functionName: 'mint', args: [other.address, 1n] }));
  await rpc('anvil_reorg', [1, [[noise.raw, 0], [batch.raw, 0]]]);
  const after = await receipt(eth, batch.hash);
  expect(after.blockNumber).toBe(before.blockNumber);
  expect(after.blockHash).not.toBe(before.blockHash);
  const transfersTo = (r: typeof after, to: string) => r.logs.find((l) => l.topics[2]?.toLowerCase().endsWith(to.slice(2).toLowerCase()))!.logIndex;
  expect(transfersTo(after, toA)).toBe(oldA + 1);
  expect(transfersTo(after, toB)).toBe(oldB + 1);
  await mine(eth);

  // The watcher has seen the new block once the batch counts two confirmations from it.
  const nowA = await waitForSession(t, a.session_id, (x) => x.payments.some((p: any) => p.status === 'detected' && p.confirmations === 2) || x.status !== 'PROCESSING', 5_000);
  const nowB = await getSession(t, b.session_id);
  const live = (s: any) => s.payments.filter((p: any) => p.status !== 'orphaned');
  // Each session: exactly one live payment, its own amount, at the transfer's new log index.
  expect.soft(live(nowA).map((p: any) => [p.amount, p.log_index])).toEqual([['4.000000', oldA + 1]]);
  expect.soft(live(nowB).map((p: any) => [p.amount, p.log_index])).toEqual([['6.000000', oldB + 1]]);
  expect.soft(nowA).toMatchObject({ status: 'PROCESSING', exception: null, amount_received: { value: '4.00' } });
  expect.soft(nowB).toMatchObject({ status: 'PROCESSING', exception: null, amount_received: { value: '6.00' } });
}, budget([RECEIPT_MS, RECEIPT_MS, 5_000, 5_000, RECEIPT_MS, 5_000]));

test('a reorganisation above the payment\'s block leaves the payment alone', async () => {
  const payer = new TestWallet(eth, devAccountKey(6));
  const { s, block } = await paidAndDetected(payer);
  await mine(eth, 2);
  await waitForSession(t, s.session_id, (x) => x.payments[0].confirmations === 3, 5_000);

  await rpc('anvil_reorg', [2, []]); // replaces block + 1 and block + 2 only
  await mine(eth);
  await waitForSession(t, s.session_id, (x) => x.payments[0].confirmations === 4, 5_000);
  const after = await getSession(t, s.session_id);
  expect(after.payments[0]).toMatchObject({ status: 'detected', block_number: block });
  expect(after.status).toBe('PROCESSING');
  expect((await eventTypes(s.session_id))).not.toContain('payment_session.payment_orphaned');
}, budget([...PAID_AND_DETECTED, 5_000, 5_000]));

test('a reorganisation at the same height is noticed without waiting for the next block', async () => {
  // A competing block at the tip replaces the payment's block; no newer block exists yet. The
  // watcher polls every 100 ms on a devnet, so 2 s is twenty chances to notice.
  // (The watcher compares the tip's hash, not only its number, on every poll.)
  const payer = new TestWallet(eth, devAccountKey(7));
  const { s } = await paidAndDetected(payer);
  await rpc('anvil_reorg', [1, []]);
  // Both in one read: on PostgreSQL a session's row and its payments are read by separate queries,
  // and a read between them can see the orphaned payment with the status before it (docs: noticed).
  const after = await waitForSession(t, s.session_id, (x) => x.payments[0].status === 'orphaned' && x.status === 'PENDING', 2_000, 'orphaned payment and PENDING (same-height reorg)');
  expect(after.status).toBe('PENDING');
});

test('a late deposit (issue 26): refund and attribution are 409 deposit_unconfirmed while it lacks its confirmations; a reorganisation that drops it orphans it (deposit.orphaned), out of the inbox, never attributed', async () => {
  // Last in the file: it moves the core's clock past the session's monitoring window.
  const ended = await createSession(t, '3.00');
  t.advance(PAST_WINDOW);
  await waitForSession(t, ended.session_id, (x) => x.status === 'EXPIRED', 5_000);
  const payer = new TestWallet(eth, devAccountKey(8));
  const sent = await payer.pay(eth.tokens.USDT, option(ended, 'ethereum', 'USDT').address, 3_000_000n);
  await mine(eth);
  await receipt(eth, sent.transfer.hash);
  const [d] = await listedOnce(t, 'ethereum', sent.transfer.hash);
  expect(d).toMatchObject({ status: 'unmatched', reason: 'late', confirmations: 1, confirmed: false, block_hash: expect.stringMatching(/^0x/) });
  const open = await createSession(t, '3.00');
  expectError(await t.api('POST', `/v1/deposits/${d.id}/refund`, { body: {} }), 409, 'deposit_unconfirmed');
  expectError(await t.api('POST', `/v1/deposits/${d.id}/attribute`, { body: { session_id: open.session_id } }), 409, 'deposit_unconfirmed');
  await mine(eth);
  await waitFor(async () => ((await depositOf(t, d.id)).confirmations === 2 ? true : undefined), 5_000, 'the deposit counted two confirmations');

  await rpc('anvil_reorg', [2, []]); // its block replaced by one without it
  await mine(eth);
  const gone = await waitFor(async () => { const x = await depositOf(t, d.id); return x.status === 'orphaned' ? x : undefined; }, 5_000, 'the deposit orphaned');
  expect(gone).toMatchObject({ confirmations: 0, confirmed: false });
  expect(await depositEvents(t, d.id)).toEqual(['deposit.orphaned', 'deposit.unmatched']);
  expect((await t.api('GET', '/v1/deposits?status=unmatched&limit=100')).body.data.items.some((x: any) => x.id === d.id)).toBe(false);
  expectError(await t.api('POST', `/v1/deposits/${d.id}/attribute`, { body: { session_id: open.session_id } }), 409, 'invalid_state');
  expectError(await t.api('POST', `/v1/deposits/${d.id}/refund`, { body: {} }), 409, 'invalid_state');
  // Blocks later it is still orphaned: never confirmed by height alone.
  await mine(eth, REQUIRED + 1);
  await sleep(500);
  expect(await depositOf(t, d.id)).toMatchObject({ status: 'orphaned', confirmed: false });
  expect((await getSession(t, open.session_id)).payments).toEqual([]);
}, budget([5_000, RECEIPT_MS, 10_000, 5_000, 5_000, 5_000]));
