/**
 * Expiry and late payments on test mode's TRON devnet. Two clocks are involved, and the tests move each
 * on purpose: the core's clock (`t.advance`) decides when a session EXPIRES, while a payment's
 * timeliness is judged by its block's timestamp (the chain's clock, moved with anvil's
 * `evm_increaseTime` under the stand-in) against `expires_at`. A payment in a block stamped at or before
 * `expires_at` is on time even when the app only sees it after declaring the session EXPIRED.
 *
 * A TRON transaction expires 60 s after the block the node built it on, by the chain's clock: after the
 * chain's clock jumps, a wallet builds its transfer on a block stamped after the jump, as a real wallet
 * would (one built before it would be refused as expired).
 *
 * The tests run in order: the chain's clock only moves forward.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import { budget, createSession, outboxEvents, paymentRows, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';
import { anvil, inclusionMs, TronPayer, tronDevnetOf, tronOption } from '../helpers/tron-chain.js';

const MINUTE = 60_000;
const EXPIRY = 15 * MINUTE; // the merchant's default
const BLOCK_TIME_SECONDS = 0.25;
const PAY_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });

let t: TestCore;
let tron: RunningTronDevnet;
let payer: TronPayer;
let other: TronPayer;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } },
    devnetBlockTimeSeconds: BLOCK_TIME_SECONDS,
    confirmations: { tron: 2 },
    // The expiry timer re-reads the (test-advanced) clock at least this often.
    expiryMaxSleepMs: 100,
  });
  tron = tronDevnetOf(t.core.chains);
  payer = new TronPayer(tron, tron.payerKeys[0]!);
  other = new TronPayer(tron, tron.payerKeys[1]!);
}, 60_000);
afterAll(async () => t?.stop());

const pay = (s: any, amount: bigint) => payer.payAndWait(tron, tronOption(s).address, amount);
const types = async (id: string) => (await outboxEvents(t.dataDir, id)).map((e) => e.type);
const headTime = async () => (await payer.web.trx.getCurrentBlock()).block_header.raw_data.timestamp;

/** Moves the chain's clock past `at` (ms), and waits for a block stamped after it to be the head. */
async function chainClockPast(at: number): Promise<void> {
  const now = await headTime();
  if (now <= at) await anvil(tron, 'evm_increaseTime', [Math.ceil((at - now) / 1000) + 60]);
  await waitFor(async () => (await headTime()) > at, PAY_MS, 'a block stamped after the deadline');
}

test('expired by the app\'s clock, but paid in a block stamped before expires_at: on time, SUCCEEDED', async () => {
  const s = await createSession(t, '12.50');
  expect(Date.parse(s.expires_at) - Date.parse(s.created_at)).toBe(EXPIRY);
  t.advance(EXPIRY + MINUTE);
  await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);

  const paid = await pay(s, 12_500_000n);
  expect(paid.blockTime).toBeLessThan(Date.parse(s.expires_at));
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  expect(done.exception).toBeNull();
  expect(done.resolved_by).toBeNull();
  // EXPIRED → (PROCESSING) → SUCCEEDED, no exception. PROCESSING is left out when the watcher first
  // reads the payment with its two confirmations already in (0.25 s blocks on a loaded machine).
  expect((await types(s.session_id)).filter((x) => x !== 'payment_session.processing')).toEqual([
    'payment_session.created',
    'payment_session.expired',
    'payment_session.payment_detected',
    'payment_session.succeeded',
  ]);
}, budget([5_000, PAY_MS, 10_000]));

test('paid in a block stamped after expires_at: EXPIRED with PAID_LATE; the owner resolves it to SUCCEEDED', async () => {
  const s = await createSession(t, '12.50');
  const expiresAt = Date.parse(s.expires_at);
  t.advance(EXPIRY + MINUTE);
  await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);
  expect((await waitForSession(t, s.session_id, () => true)).exception).toBeNull();

  // Move the chain's clock past expires_at too (the core's clock is already there).
  await chainClockPast(expiresAt);
  const paid = await pay(s, 12_500_000n);
  expect(paid.blockTime).toBeGreaterThan(expiresAt);

  const late = await waitForSession(t, s.session_id, (x) => x.payments.length === 1 && x.payments[0].status === 'confirmed', 10_000);
  expect(late.status).toBe('EXPIRED');
  expect(late.exception).toBe('PAID_LATE');
  expect(late.amount_received.value).toBe('12.50');
  expect(late.payments[0]).toMatchObject({ network: 'tron', tx_hash: paid.txId, from: payer.address, amount: '12.500000' });
  expect((await types(s.session_id))).toEqual([
    'payment_session.created',
    'payment_session.expired',
    'payment_session.payment_detected',
    'payment_session.exception',
  ]);

  const resolved = await t.api('POST', `/v1/payment/sessions/${s.session_id}/resolve`);
  expect(resolved.status).toBe(200);
  expect(resolved.body.data).toMatchObject({ status: 'SUCCEEDED', resolved_by: 'owner', exception: 'PAID_LATE' });
  expect((await types(s.session_id)).at(-1)).toBe('payment_session.succeeded');
  expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/resolve`), 409, 'invalid_state');
}, budget([5_000, PAY_MS, PAY_MS, 10_000]));

test('underpaid on time, then expired: EXPIRED with UNDERPAID; the owner resolves it', async () => {
  // Both clocks are ahead now; a fresh session's deadline is ahead of the chain's clock again.
  const s = await createSession(t, '12.50');
  const paid = await pay(s, 5_000_000n);
  expect(paid.blockTime).toBeLessThan(Date.parse(s.expires_at));
  const partial = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'confirmed', 10_000);
  expect(partial).toMatchObject({ status: 'PENDING', exception: 'UNDERPAID' });

  t.advance(EXPIRY + MINUTE);
  const expired = await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);
  expect(expired.exception).toBe('UNDERPAID');
  expect(expired.amount_received.value).toBe('5.00');

  const resolved = await t.api('POST', `/v1/payment/sessions/${s.session_id}/resolve`);
  expect(resolved.status).toBe(200);
  expect(resolved.body.data).toMatchObject({ status: 'SUCCEEDED', resolved_by: 'owner', exception: 'UNDERPAID', amount_received: { value: '5.00', currency: 'USD' } });
}, budget([PAY_MS, 10_000, 5_000]));

test('after the monitoring window (24 h past expiry) a transfer to the session address is not a payment (it is a late deposit: tron-deposits)', async () => {
  const s = await createSession(t, '12.50');
  t.advance(EXPIRY + 24 * 60 * MINUTE + MINUTE);
  await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);
  const paid = await pay(s, 12_500_000n);
  // A sentinel session created now (its window just opened), paid after the ignored transfer.
  const sentinel = await createSession(t, '1.00');
  await other.payAndWait(tron, tronOption(sentinel).address, 1_000_000n);
  await waitForSession(t, sentinel.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  const after = await waitForSession(t, s.session_id, () => true);
  expect(after).toMatchObject({ status: 'EXPIRED', exception: null, payments: [] });
  expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(paid.txId);
}, budget([5_000, PAY_MS, PAY_MS, 10_000]));

test('a full payment in a block stamped after expires_at, seen while the app\'s clock is still before it, is EXPIRED with PAID_LATE, not UNDERPAID', async () => {
  // The two clocks disagree by a little (a last-second payment, a slightly slow app clock): the block
  // is stamped after the deadline, the app has not reached it yet. The block's stamp proves the
  // deadline has passed: PAID_LATE at once, never "UNDERPAID with nothing due".
  const s = await createSession(t, '12.50');
  const expiresAt = Date.parse(s.expires_at);
  await chainClockPast(expiresAt);
  const paid = await pay(s, 12_500_000n);
  expect(paid.blockTime).toBeGreaterThan(expiresAt);

  const seen = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'confirmed', 10_000);
  expect(seen.amount_received.value).toBe('12.50');
  expect(tronOption(seen).amount_due).toBe('0.000000');
  expect(seen.exception).toBe('PAID_LATE');
  expect(seen.status).toBe('EXPIRED');
}, budget([PAY_MS, PAY_MS, 10_000]));
