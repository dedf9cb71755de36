/**
 * A till's shift with paid sales on an ethereum devnet whose blocks the test mines itself (issue 30,
 * item 4): a tipped sale, an underpaid one, one partly refunded by the test refund wallet, and one
 * still unconfirmed at close. The report's sums are checked exactly at close; the unconfirmed
 * payment is reconciled once it has its confirmations: the report is updated, `reconciled_at` set
 * and `shift.reconciled` recorded.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_DAI, type Devnet } from '../../src/chains/evm/devnet/devnet.js';
import { createSession, devAccountKey, devnetRpc, mine, option, sleep, TestWallet, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { depositsOf, eventTypes } from '../helpers/deposits.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const REQUIRED = 3;
const E6 = 10n ** 6n;
const TILL = 'till-chain';

let t: TestCore;
let eth: Devnet;
let payer: TestWallet;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } },
    devnetBlockTimeSeconds: 0,
    confirmations: { ethereum: REQUIRED },
    testRefundWallet: { fundTokens: 100 },
    refundPollMs: 100,
  });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  payer = new TestWallet(eth, devAccountKey(5));
  // The refund wallet was funded at the start; from here on a block exists only when the test mines one.
  await devnetRpc(eth)('evm_setAutomine', [false]);
}, 60_000);
afterAll(async () => t?.stop());

/** Mines a block at a time until `check` holds (the watcher and the payout worker act between blocks). */
async function mineUntil<T>(probe: () => Promise<T | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got !== false) return got;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await mine(eth);
    await sleep(150);
  }
}

/** Sends `amount` (6 decimals) of a coin from the payer to the session's ethereum address (mined with the next block). */
async function pay(session: any, coin: 'USDT' | 'USDC', amount: bigint): Promise<void> {
  const token = eth.tokens[coin];
  await payer.mint(token, payer.address, amount);
  await payer.transfer(token, option(session, 'ethereum', coin).address, amount);
}

const sale = (value: string, extra: Record<string, unknown> = {}) => createSession(t, value, 'USD', { till: TILL, ...extra });
const session = async (id: string) => (await t.api('GET', `/v1/payment/sessions/${id}`)).body.data;

test('a shift\'s report: a tip, an underpayment, a refund and a payment unconfirmed at close, reconciled as it confirms', async () => {
  const shift = (await t.api('POST', '/v1/shifts', { body: { till: TILL } })).body.data;

  const tipped = await sale('10.00', { tip: { value: '2.00', currency: 'USD' } });
  const under = await sale('10.00');
  const refunded = await sale('20.00');
  for (const s of [tipped, under, refunded]) expect(s.shift_id).toBe(shift.id);
  await pay(tipped, 'USDT', 12n * E6);
  await pay(under, 'USDC', 6n * E6);
  await pay(refunded, 'USDT', 20n * E6);
  await mineUntil(async () => (await session(tipped.session_id)).status === 'SUCCEEDED' && (await session(refunded.session_id)).status === 'SUCCEEDED' && (await session(under.session_id)).exception === 'UNDERPAID' && true, 'the three sales');

  const refund = await t.api('POST', '/v1/refunds', { body: { session_id: refunded.session_id, amount: { value: '5.00', currency: 'USD' } } });
  expect(refund.status, refund.text).toBe(200);
  await mineUntil(async () => (await t.api('GET', `/v1/refunds/${refund.body.data.id}`)).body.data.status === 'SUCCEEDED' && true, 'the refund');

  // A token the app does not take, sent to a sale's address: an unmatched deposit the report lists.
  const daiTo = option(under, 'ethereum', 'USDT').address;
  await payer.mint(DEVNET_DAI.address, payer.address, 10n ** 18n);
  const dai = await payer.transfer(DEVNET_DAI.address, daiTo, 10n ** 18n);
  const deposit = await mineUntil(async () => (await depositsOf(t, 'ethereum')).find((d) => d.tx_hash === dai.hash) ?? false, 'the DAI deposit');

  // The last sale is seen in its block but short of its confirmations when the till closes.
  const late = await sale('5.00');
  await pay(late, 'USDT', 5n * E6);
  await mine(eth);
  await waitForSession(t, late.session_id, (x) => x.payments.length === 1 && x.payments[0].status === 'detected', 10_000, 'the unconfirmed payment');

  const closed = await t.api('POST', `/v1/shifts/${shift.id}/close`);
  expect(closed.status, closed.text).toBe(200);
  const atClose = closed.body.data;
  expect(atClose.status).toBe('closed');
  expect(atClose.reconciled_at).toBeNull();
  const r = atClose.report;
  expect(r.sales).toEqual({
    count: 4,
    by_status: { PENDING: 1, PROCESSING: 1, SUCCEEDED: 2, EXPIRED: 0, CANCELED: 0 },
    by_exception: { UNDERPAID: 1, OVERPAID: 0, PAID_LATE: 0 },
  });
  // Booked: 12 (10 + 2 tip) and 20; fees 1.5% + 0.10 each (0.28 and 0.40); 5 refunded.
  expect(r.by_coin_network).toEqual([
    { currency: 'USDT', network: 'ethereum', sales: 2, gross: '32.000000', tips: '2.000000', refunds: '5.000000', fees: '0.680000', net: '26.320000' },
  ]);
  expect(r.reporting).toEqual({ currency: 'USD', gross: '32.00', tips: '2.00', refunds: '5.00', fees: '0.68', net: '26.32', rates: { USDT: expect.any(String) }, missing_rates: [] });
  expect(r.staff).toEqual([{ staff: shift.opened_by, name: shift.opened_by, sessions: 4, succeeded: 2, gross: '32.00', tips: '2.00', refunds: '5.00', fees: '0.68', net: '26.32' }]);
  expect(r.reconciliation.charged).toEqual([{ currency: 'USD', charged: '47.00', received: '43.00', difference: '-4.00' }]);
  expect(r.reconciliation.underpaid).toEqual([{ session_id: under.session_id, currency: 'USD', amount_total: '10.00', amount_received: '6.00', difference: '-4.00' }]);
  expect(r.reconciliation.overpaid).toEqual([]);
  expect(r.reconciliation.late).toEqual([]);
  expect(r.reconciliation.unconfirmed).toEqual([
    { payment_id: expect.stringMatching(/^pay_/), session_id: late.session_id, network: 'ethereum', currency: 'USDT', amount: '5.000000', tx_id: expect.stringMatching(/^0x/), confirmations: 1 },
  ]);
  expect(r.reconciliation.unmatched_deposits).toEqual([
    { deposit_id: deposit.id, network: 'ethereum', currency: null, amount_base: String(10n ** 18n), decimals: 18, to: daiTo, tx_id: dai.hash, reason: 'unsupported_token', status: 'unmatched' },
  ]);
  expect(await eventTypes(t, shift.id)).toEqual(['shift.closed', 'shift.opened']);

  // The payment confirms: the shift is reconciled, its report updated, and `shift.reconciled` goes out.
  const reconciled = await mineUntil(async () => {
    const s = (await t.api('GET', `/v1/shifts/${shift.id}`)).body.data;
    return s.status === 'reconciled' ? s : false;
  }, 'the reconciliation');
  expect(reconciled.reconciled_at).not.toBeNull();
  expect(reconciled.closed_at).toBe(atClose.closed_at);
  expect(reconciled.report.reconciliation.unconfirmed).toEqual([]);
  expect(reconciled.report.sales.by_status).toMatchObject({ PENDING: 1, PROCESSING: 0, SUCCEEDED: 3 });
  // 5 more booked, with its fee of 0.175.
  expect(reconciled.report.by_coin_network).toEqual([
    { currency: 'USDT', network: 'ethereum', sales: 3, gross: '37.000000', tips: '2.000000', refunds: '5.000000', fees: '0.855000', net: '31.145000' },
  ]);
  expect(await eventTypes(t, shift.id)).toEqual(['shift.reconciled', 'shift.closed', 'shift.opened']);
  const event = (await t.api('GET', `/v1/events?object_id=${shift.id}&type=shift.reconciled`)).body.data.items[0];
  expect(event.data.object).toMatchObject({ id: shift.id, status: 'reconciled', report: { reconciliation: { unconfirmed: [] } } });
  // Reconciled once: more blocks change nothing.
  await mine(eth, 2);
  await sleep(300);
  expect((await t.api('GET', `/v1/shifts/${shift.id}`)).body.data.reconciled_at).toBe(reconciled.reconciled_at);
  await waitFor(async () => (await eventTypes(t, shift.id)).length === 3, 1_000, 'no second shift.reconciled');
}, 120_000);
