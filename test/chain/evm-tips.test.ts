/**
 * Tips end to end on the test-mode EVM devnets (issue 30, item 1): a tip set after creation changes
 * every option's amount and wallet request (and the live feed says so at once), the state machine
 * judges payments against the total, the fee is charged on the total, and a session that has seen a
 * payment refuses a new tip (409 invalid_state).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { budget, createSession, evmDevnetOf, openStream, option, PAY_MS, uriAmount, waitForSession } from '../helpers/evm-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

const E6 = 10n ** 6n;

let t: TestCore;
let eth: Devnet;
const PAYER_A = DEVNET_PAYER_KEYS[0]!;
const PAYER_B = DEVNET_PAYER_KEYS[1]!;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0.2, confirmations: { ethereum: 2, bsc: 2 } });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
}, 60_000);
afterAll(async () => t?.stop());

const PAYMENT = [PAY_MS, 10_000];
const usd = (value: string) => ({ value, currency: 'USD' });
/** A CSV's rows as objects by header (the exports here have no quoted commas). */
const rows = (csv: string): Record<string, string>[] => {
  const [header, ...lines] = csv.replace(/^\uFEFF/, '').trim().split(/\r\n/);
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [header!.split(',')[i], cell])));
};
const setTip = (id: string, value: string) => t.api('POST', `/v1/payment/sessions/${id}/tip`, { body: { tip: usd(value) } });

test('a tip set at the till: the options and their requests ask for the total, the live feed redraws, paid in full it SUCCEEDS with the fee on the total', async () => {
  const s = await createSession(t, '10.00');
  expect(option(s, 'ethereum', 'USDT').amount_due).toBe('10.000000');
  const stream = await openStream(`${t.url}/v1/payment/sessions/${s.session_id}/stream`, t.testKey);
  try {
    await stream.next((e) => e.event === 'session', 5_000);
    const tipped = (await setTip(s.session_id, '2.00')).body.data;
    expect(tipped.amount_total).toEqual(usd('12.00'));
    for (const network of ['ethereum', 'bsc'] as const) {
      for (const coin of ['USDT', 'USDC'] as const) {
        const o = option(tipped, network, coin);
        expect(o.amount_due, `${network} ${coin}`).toBe('12.000000');
        expect(uriAmount(o.uri), `${network} ${coin} uri`).toBe(network === 'bsc' ? 12n * 10n ** 18n : 12n * E6);
      }
    }
    // The till, the customer display and the payment page follow the session's feed: it carries the tip.
    const pushed = JSON.parse((await stream.next((e) => e.event === 'session' && JSON.parse(e.data).tip.value === '2.00', 5_000)).data);
    expect(option(pushed, 'ethereum', 'USDT').amount_due).toBe('12.000000');
  } finally {
    await stream.close();
  }

  const paid = await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 12n * E6 });
  expect(paid.txHash).toMatch(/^0x/);
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED');
  expect(done.exception).toBeNull();
  expect(done.amount_received).toEqual(usd('12.00'));
  // The fee on what was paid, the total: 1.5% of 12 + 0.10 (the test merchant's defaults).
  expect(done.booked).toEqual([{ currency: 'USDT', gross: '12.000000', tip: '2.000000', fee: '0.280000', refunded: '0.000000', net: '11.720000' }]);
  expectError(await setTip(s.session_id, '1.00'), 409, 'invalid_state', null);

  // The ledger keeps the tip apart: the entry, its CSV, the sessions' CSV and the balance summary.
  const entries = (await t.api('GET', `/v1/balance/transactions?source=${s.session_id}`)).body.data.items;
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ type: 'payment', amount: { value: '12.000000', currency: 'USDT' }, fee: { value: '0.280000', currency: 'USDT' }, tip: { value: '2.000000', currency: 'USDT' } });
  const ledgerCsv = rows((await t.api('GET', `/v1/balance/transactions.csv?source=${s.session_id}`)).text);
  expect(ledgerCsv).toEqual([expect.objectContaining({ type: 'payment', amount: '12.000000', fee: '0.280000', tip: '2.000000' })]);
  const sessionsCsv = rows((await t.api('GET', '/v1/payment/sessions.csv?status=SUCCEEDED')).text).filter((r) => r.session_id === s.session_id);
  expect(sessionsCsv).toEqual([expect.objectContaining({ amount: '10.00', tip: '2.00', amount_total: '12.00', coin: 'USDT', gross: '12.000000', coin_tip: '2.000000', fee: '0.280000' })]);
  const summary = (await t.api('GET', '/v1/balance/summary')).body.data;
  const usdt = summary.accounts.find((a: any) => a.currency === 'USDT');
  expect(usdt.pending.tips).toEqual({ value: '2.000000', currency: 'USDT' });
  expect(usdt.pending.gross).toEqual({ value: '12.000000', currency: 'USDT' });
  expect(summary.days.filter((d: any) => d.currency === 'USDT').at(-1).tips).toEqual({ value: '2.000000', currency: 'USDT' });
}, budget(PAYMENT));

test('paid in two coins: each coin\'s entry carries its share of the tip', async () => {
  const s = await createSession(t, '10.00', 'USD', { tip: usd('2.00') });
  await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 5n * E6 });
  await waitForSession(t, s.session_id, (x) => x.payments.length === 1);
  await mintAndPay(eth, { payerKey: PAYER_B, token: 'USDC', to: option(s, 'ethereum', 'USDC').address, amountBaseUnits: 7n * E6 });
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED');
  expect(done.booked.map((b: any) => [b.currency, b.gross, b.tip]).sort()).toEqual([
    ['USDC', '7.000000', '1.166666'],
    ['USDT', '5.000000', '0.833333'],
  ]);
}, budget([...PAYMENT, ...PAYMENT]));

test('paying the amount without the tip leaves it UNDERPAID for exactly the tip; the tip can no longer change', async () => {
  const s = await createSession(t, '10.00', 'USD', { tip: usd('1.50') });
  expect(option(s, 'ethereum', 'USDC').amount_due).toBe('11.500000');
  await mintAndPay(eth, { payerKey: PAYER_B, token: 'USDC', to: option(s, 'ethereum', 'USDC').address, amountBaseUnits: 10n * E6 });
  const partial = await waitForSession(t, s.session_id, (x) => x.payments.length === 1);
  expect(partial.status).toBe('PENDING');
  expect(partial.exception).toBe('UNDERPAID');
  for (const coin of ['USDT', 'USDC'] as const) expect(option(partial, 'ethereum', coin).amount_due).toBe('1.500000');
  // A payment was seen: no new tip, not even "no tip" (which would turn the payment into an overpayment).
  expectError(await setTip(s.session_id, '0'), 409, 'invalid_state', null);
  expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.tip).toEqual(usd('1.50'));
}, budget(PAYMENT));
