/**
 * Expiry and late payments against a real devnet. Two clocks are involved, and the tests move each on
 * purpose: the core's clock (`t.advance`) decides when a session EXPIRES, while a payment's timeliness
 * is judged by its block's timestamp (the chain's clock, moved with anvil's `evm_increaseTime`)
 * against `expires_at`. A payment in a block stamped at or before `expires_at` is on time even when
 * the app only sees it after declaring the session EXPIRED (it was closed, or behind).
 *
 * The tests run in order: the chain's clock only moves forward.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { budget, client, createSession, devnetRpc, option, outboxEvents, PAY_MS, paymentRows, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

const MINUTE = 60_000;
const EXPIRY = 15 * MINUTE; // the merchant's default

let t: TestCore;
let eth: Devnet;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } },
    devnetBlockTimeSeconds: 0.2,
    confirmations: { ethereum: 2 },
    // The expiry timer re-reads the (test-advanced) clock at least this often.
    expiryMaxSleepMs: 100,
  });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
}, 60_000);
afterAll(async () => t?.stop());

const pay = (s: any, amount: bigint, coin: 'USDT' | 'USDC' = 'USDT') =>
  mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: coin, to: option(s, 'ethereum', coin).address, amountBaseUnits: amount });
const types = async (id: string) => (await outboxEvents(t.dataDir, id)).map((e) => e.type);
const blockTime = async (n: bigint) => Number((await client(eth).getBlock({ blockNumber: n })).timestamp) * 1000;

test('expired by the app\'s clock, but paid in a block stamped before expires_at: on time, SUCCEEDED', async () => {
  const s = await createSession(t, '12.50');
  expect(Date.parse(s.expires_at) - Date.parse(s.created_at)).toBe(EXPIRY);
  t.advance(EXPIRY + MINUTE);
  await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);

  const paid = await pay(s, 12_500_000n);
  expect(await blockTime(paid.blockNumber)).toBeLessThan(Date.parse(s.expires_at));
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  // Observed: EXPIRED → PROCESSING → SUCCEEDED, no exception.
  expect(done.exception).toBeNull();
  expect(done.resolved_by).toBeNull();
  expect((await types(s.session_id))).toEqual([
    'payment_session.created',
    'payment_session.expired',
    'payment_session.payment_detected',
    'payment_session.processing',
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
  const now = Number((await client(eth).getBlock()).timestamp) * 1000;
  await devnetRpc(eth)('evm_increaseTime', [Math.ceil((expiresAt - now) / 1000) + 60]);
  const paid = await pay(s, 12_500_000n);
  expect(await blockTime(paid.blockNumber)).toBeGreaterThan(expiresAt);

  const late = await waitForSession(t, s.session_id, (x) => x.payments.length === 1 && x.payments[0].status === 'confirmed', 10_000);
  expect(late.status).toBe('EXPIRED');
  expect(late.exception).toBe('PAID_LATE');
  expect(late.amount_received.value).toBe('12.50');
  expect(late.payments[0]).toMatchObject({ tx_hash: paid.txHash, amount: '12.500000' });
  expect((await types(s.session_id))).toEqual([
    'payment_session.created',
    'payment_session.expired',
    'payment_session.payment_detected',
    'payment_session.exception',
  ]);

  const resolved = await t.api('POST', `/v1/payment/sessions/${s.session_id}/resolve`);
  expect(resolved.status).toBe(200);
  expect(resolved.body.data).toMatchObject({ status: 'SUCCEEDED', resolved_by: 'owner', exception: 'PAID_LATE' });
  const after = await waitForSession(t, s.session_id, () => true);
  expect(after).toMatchObject({ status: 'SUCCEEDED', resolved_by: 'owner', exception: 'PAID_LATE' });
  expect((await types(s.session_id)).at(-1)).toBe('payment_session.succeeded');
  // Resolving again is refused: it is not UNDERPAID/PAID_LATE-and-unresolved any more.
  expectError(await t.api('POST', `/v1/payment/sessions/${s.session_id}/resolve`), 409, 'invalid_state');
}, budget([5_000, PAY_MS, 10_000]));

test('underpaid on time, then expired: EXPIRED with UNDERPAID; the owner resolves it', async () => {
  // Both clocks are ahead now; a fresh session's deadline is ahead of the chain's clock again.
  const s = await createSession(t, '12.50');
  const paid = await pay(s, 5_000_000n, 'USDC');
  expect(await blockTime(paid.blockNumber)).toBeLessThan(Date.parse(s.expires_at));
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

test('a zero-value transfer after expiry does not make an expired, unpaid session PAID_LATE', async () => {
  // A transfer of 0 (address-poisoning spam, common with USDT) or of dust below 10^-6 of a coin is
  // not a payment: not recorded, so it cannot flag the session PAID_LATE for the owner to "resolve".
  const s = await createSession(t, '12.50');
  const expiresAt = Date.parse(s.expires_at);
  t.advance(EXPIRY + MINUTE);
  await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);
  const now = Number((await client(eth).getBlock()).timestamp) * 1000;
  if (now <= expiresAt) await devnetRpc(eth)('evm_increaseTime', [Math.ceil((expiresAt - now) / 1000) + 60]);

  const paid = await pay(s, 0n);
  expect(await blockTime(paid.blockNumber)).toBeGreaterThan(expiresAt);
  // A sentinel session paid after it proves the watcher has scanned past the zero transfer.
  const sentinel = await createSession(t, '1.00');
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'USDT', to: option(sentinel, 'ethereum', 'USDT').address, amountBaseUnits: 1_000_000n });
  await waitForSession(t, sentinel.session_id, (x) => x.payments.length === 1, 10_000);
  const after = await waitForSession(t, s.session_id, () => true);
  expect(after.payments).toEqual([]);
  expect(after.amount_received.value).toBe('0.00');
  expect(after.status).toBe('EXPIRED');
  expect(after.exception).toBeNull();
}, budget([5_000, PAY_MS, PAY_MS, 10_000]));

test('after the monitoring window (24 h past expiry) a transfer to the session address is not a payment (it is a late deposit: evm-deposits)', async () => {
  const s = await createSession(t, '12.50');
  t.advance(EXPIRY + 24 * 60 * MINUTE + MINUTE);
  await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);
  const paid = await pay(s, 12_500_000n);
  // A sentinel session created now (its window just opened), paid after the ignored transfer.
  const sentinel = await createSession(t, '1.00');
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'USDT', to: option(sentinel, 'ethereum', 'USDT').address, amountBaseUnits: 1_000_000n });
  await waitForSession(t, sentinel.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  const after = await waitForSession(t, s.session_id, () => true);
  expect(after).toMatchObject({ status: 'EXPIRED', exception: null, payments: [] });
  expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(paid.txHash);
}, budget([5_000, PAY_MS, PAY_MS, 10_000]));

test('a full payment in a block stamped after expires_at, seen while the app\'s clock is still before it, is not UNDERPAID', async () => {
  // The two clocks disagree by a little (a last-second payment, a slightly slow app clock): the block
  // is stamped after the deadline, the app has not reached it yet.
  // The block's stamp proves the deadline has passed even if the app's clock has not reached it:
  // the session is EXPIRED with PAID_LATE at once, never "UNDERPAID with nothing due".
  const s = await createSession(t, '12.50');
  const expiresAt = Date.parse(s.expires_at);
  const chainNow = Number((await client(eth).getBlock()).timestamp) * 1000;
  if (chainNow <= expiresAt) await devnetRpc(eth)('evm_increaseTime', [Math.ceil((expiresAt - chainNow) / 1000) + 60]);
  const paid = await pay(s, 12_500_000n);
  expect(await blockTime(paid.blockNumber)).toBeGreaterThan(expiresAt);

  const seen = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'confirmed', 10_000);
  expect(seen.amount_received.value).toBe('12.50');
  for (const o of seen.payment_options) expect(o.amount_due).toBe('0.000000');
  expect(seen.exception).toBe('PAID_LATE');
  expect(seen.status).toBe('EXPIRED');
}, budget([PAY_MS, 10_000]));
