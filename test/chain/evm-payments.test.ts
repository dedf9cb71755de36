/**
 * Payments on the test-mode EVM devnets (interval mining every 0.2 s), end to end over real HTTP:
 * really signed transactions from outside wallets, seen by the core's watchers, turned into session
 * states. Partial payments and top-ups, overpayment, paying in the other coin or a mix of both,
 * 18-decimal tokens on bsc, transfers that must be ignored, /v1/networks, and the live stream.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import {
  budget,
  createSession,
  devAccountKey,
  getSession,
  openStream,
  option,
  outboxEvents,
  PAY_MS,
  paymentRows,
  receipt,
  RECEIPT_MS,
  testTokenCreationCode,
  TestWallet,
  uriAmount,
  waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const CONFIRMATIONS = { ethereum: 2, bsc: 2 };
const E6 = 10n ** 6n;
const E18 = 10n ** 18n;

let t: TestCore;
let eth: Devnet;
let bsc: Devnet;
// mintAndPay reads the payer's nonce from the chain each time; the wallets below track their own,
// so no key is shared between the two.
const PAYER_A = DEVNET_PAYER_KEYS[0]!;
const PAYER_B = DEVNET_PAYER_KEYS[1]!;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0.2, confirmations: CONFIRMATIONS });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  bsc = evmDevnetOf(t.core.chains, 'bsc');
}, 60_000);
afterAll(async () => t?.stop());

const succeeded = (s: any) => s.status === 'SUCCEEDED';
/** The waits of one payment, for a test's budget: mintAndPay, then the session's next state (waitForSession's 10 s). */
const PAYMENT = [PAY_MS, 10_000];

describe('partial payment, then the rest', () => {
  test('a part keeps the session PENDING/UNDERPAID and every option asks for exactly the rest; the top-up completes it', async () => {
    const s = await createSession(t, '12.50');
    expect(s.payment_options).toHaveLength(4);
    const first = await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 5n * E6 });

    const partial = await waitForSession(t, s.session_id, (x) => x.payments.length === 1 && x.payments[0].status === 'confirmed');
    expect(partial.status).toBe('PENDING');
    expect(partial.exception).toBe('UNDERPAID');
    expect(partial.amount_received).toEqual({ value: '5.00', currency: 'USD' });
    expect(partial.payments[0]).toMatchObject({ network: 'ethereum', currency: 'USDT', tx_hash: first.txHash, from: first.from, amount: '5.000000' });
    // The rest, in both coins and on both networks, and in each EIP-681 URI's base units.
    for (const network of ['ethereum', 'bsc'] as const) {
      for (const coin of ['USDT', 'USDC'] as const) {
        const o = option(partial, network, coin);
        expect(o.amount_due, `${network} ${coin}`).toBe('7.500000');
        expect(uriAmount(o.uri), `${network} ${coin} uri`).toBe(network === 'bsc' ? 7_500_000_000_000_000_000n : 7_500_000n);
      }
    }

    // The top-up in the other coin, on the other network (same deposit address on both EVM chains).
    await mintAndPay(bsc, { payerKey: PAYER_B, token: 'USDC', to: option(partial, 'bsc', 'USDC').address, amountBaseUnits: uriAmount(option(partial, 'bsc', 'USDC').uri) });
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.amount_received).toEqual({ value: '12.50', currency: 'USD' });
    expect(done.payments).toHaveLength(2);
    expect(done.payments.map((p: any) => [p.network, p.currency, p.amount, p.status])).toEqual([
      ['ethereum', 'USDT', '5.000000', 'confirmed'],
      ['bsc', 'USDC', '7.500000', 'confirmed'],
    ]);
    for (const o of done.payment_options) expect(o.amount_due).toBe('0.000000');

    const types = (await outboxEvents(t.dataDir, s.session_id)).map((e) => e.type);
    expect(types).toContain('payment_session.exception');
    expect(types.at(-1)).toBe('payment_session.succeeded');
  }, budget([...PAYMENT, ...PAYMENT]));
});

test('overpayment: SUCCEEDED with exception OVERPAID, amount_received shows all of it', async () => {
  const s = await createSession(t, '12.50');
  await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDC', to: option(s, 'ethereum', 'USDC').address, amountBaseUnits: 13n * E6 });
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done.exception).toBe('OVERPAID');
  expect(done.amount_received).toEqual({ value: '13.00', currency: 'USD' });
  expect(done.payments).toHaveLength(1);
  const types = (await outboxEvents(t.dataDir, s.session_id)).map((e) => e.type);
  expect(types).toContain('payment_session.exception');
}, budget(PAYMENT));

describe('either coin counts at its locked rate', () => {
  test('a session priced in USDT, paid in full with USDC (1:1), SUCCEEDS', async () => {
    const s = await createSession(t, '10.00', 'USDT');
    expect(option(s, 'ethereum', 'USDC').amount_due).toBe('10.000000');
    await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDC', to: option(s, 'ethereum', 'USDC').address, amountBaseUnits: 10n * E6 });
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.amount_received).toEqual({ value: '10.000000', currency: 'USDT' });
    expect(done.payments[0]).toMatchObject({ currency: 'USDC', amount: '10.000000' });
  }, budget(PAYMENT));

  test('5 USDT + 5.50 USDC pay a 10.50 USD session exactly', async () => {
    const s = await createSession(t, '10.50');
    const address = option(s, 'ethereum', 'USDT').address;
    await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDT', to: address, amountBaseUnits: 5n * E6 });
    const mid = await waitForSession(t, s.session_id, (x) => x.payments.length === 1);
    expect(mid.status).toBe('PENDING');
    expect(option(mid, 'ethereum', 'USDC').amount_due).toBe('5.500000');
    await mintAndPay(eth, { payerKey: PAYER_B, token: 'USDC', to: address, amountBaseUnits: 5_500_000n });
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.amount_received).toEqual({ value: '10.50', currency: 'USD' });
  }, budget([...PAYMENT, ...PAYMENT]));
});

describe('fiat-priced sessions pay at the locked rate', () => {
  test('999 JPY: amount_due rounded up to 0.01 of the coin (6.70), paying it SUCCEEDS and 999 JPY is received', async () => {
    const s = await createSession(t, '999', 'JPY');
    const o = option(s, 'ethereum', 'USDC');
    expect(o.rate).toBe('0.0067');
    // 999 × 0.0067 = 6.6933 → 6.70
    expect(o.amount_due).toBe('6.700000');
    expect(uriAmount(o.uri)).toBe(6_700_000n);
    await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDC', to: o.address, amountBaseUnits: uriAmount(o.uri) });
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.amount_received).toEqual({ value: '999', currency: 'JPY' });
  }, budget(PAYMENT));

  test('10.00 EUR: half paid in USDT on bsc, the rest as the options then ask, in USDC on ethereum', async () => {
    const s = await createSession(t, '10.00', 'EUR');
    expect(option(s, 'bsc', 'USDT').amount_due).toBe('10.800000');
    await mintAndPay(bsc, { payerKey: PAYER_A, token: 'USDT', to: option(s, 'bsc', 'USDT').address, amountBaseUnits: 5_400_000_000_000_000_000n });
    const half = await waitForSession(t, s.session_id, (x) => x.payments.length === 1);
    expect(half).toMatchObject({ status: 'PENDING', exception: 'UNDERPAID', amount_received: { value: '5.00', currency: 'EUR' } });
    const rest = option(half, 'ethereum', 'USDC');
    expect(rest.amount_due).toBe('5.400000');
    await mintAndPay(eth, { payerKey: PAYER_B, token: 'USDC', to: rest.address, amountBaseUnits: uriAmount(rest.uri) });
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.amount_received).toEqual({ value: '10.00', currency: 'EUR' });
  }, budget([...PAYMENT, ...PAYMENT]));
});

describe('payments to a canceled session', () => {
  test('a real payment after cancel: recorded, the session stays CANCELED with PAID_LATE, and the owner may resolve it', async () => {
    const s = await createSession(t, '2.00');
    expect((await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`)).body.data.status).toBe('CANCELED');
    const paid = await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 2n * E6 });
    const after = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'confirmed');
    expect(after).toMatchObject({ status: 'CANCELED', exception: 'PAID_LATE', amount_received: { value: '2.00' } });
    expect(after.payments[0].tx_hash).toBe(paid.txHash);
    const resolved = await t.api('POST', `/v1/payment/sessions/${s.session_id}/resolve`);
    expect(resolved.body.data).toMatchObject({ status: 'SUCCEEDED', resolved_by: 'owner', exception: 'PAID_LATE' });
  }, budget(PAYMENT));

  test('a zero-value transfer (address-poisoning spam) to a canceled session does not make it PAID_LATE', async () => {
    // Transfers of 0 (or of dust below 10^-6 of a coin) are not payments: not recorded, no flag that
    // the owner could then "resolve" into a SUCCEEDED session with nothing received.
    const s = await createSession(t, '2.00');
    expect((await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`)).status).toBe(200);
    await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 0n });
    const sentinel = await createSession(t, '1.00');
    await mintAndPay(eth, { payerKey: PAYER_B, token: 'USDT', to: option(sentinel, 'ethereum', 'USDT').address, amountBaseUnits: 1n * E6 });
    await waitForSession(t, sentinel.session_id, succeeded);
    const after = await getSession(t, s.session_id);
    expect(after.status).toBe('CANCELED');
    expect(after.amount_received.value).toBe('0.00');
    expect(after.exception).toBeNull();
    expect(after.payments).toEqual([]);
  }, budget([PAY_MS, ...PAYMENT]));
});

describe('18-decimal tokens on bsc', () => {
  test('amount_due base units are value × 10^18 in the URI; paying exactly that SUCCEEDS', async () => {
    const s = await createSession(t, '10.50');
    const o = option(s, 'bsc', 'USDT');
    expect(o.amount_due).toBe('10.500000');
    expect(o.token_contract).toBe(bsc.tokens.USDT);
    expect(o.uri).toBe(`ethereum:${bsc.tokens.USDT}@${bsc.chainId}/transfer?address=${o.address}&uint256=10500000000000000000`);
    expect(uriAmount(o.uri)).toBe(105n * E18 / 10n);
    // The ethereum option of the same coin keeps 6 decimals.
    expect(uriAmount(option(s, 'ethereum', 'USDT').uri)).toBe(10_500_000n);

    await mintAndPay(bsc, { payerKey: PAYER_A, token: 'USDT', to: o.address, amountBaseUnits: uriAmount(o.uri) });
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.payments[0]).toMatchObject({ network: 'bsc', currency: 'USDT', amount: '10.500000', status: 'confirmed' });
    expect(done.payments[0].confirmations).toBeGreaterThanOrEqual(CONFIRMATIONS.bsc);
  }, budget(PAYMENT));

  test('1 wei less than the amount is floored to 6 decimals: UNDERPAID by 0.000001, and a 1-wei top-up is dust, not a payment', async () => {
    const s = await createSession(t, '10.50');
    const o = option(s, 'bsc', 'USDT');
    await mintAndPay(bsc, { payerKey: PAYER_A, token: 'USDT', to: o.address, amountBaseUnits: uriAmount(o.uri) - 1n });
    const short = await waitForSession(t, s.session_id, (x) => x.payments.length === 1 && x.payments[0].status === 'confirmed');
    // Observed: the transfer counts as its floor in the 6-decimal unit of account (10.499999), the
    // received amount is rounded down in the pricing currency (10.49 USD), and the options ask for
    // 0.000001 more: 10^12 wei on bsc, 1 base unit on ethereum.
    expect(short.payments[0].amount).toBe('10.499999');
    expect(short.status).toBe('PENDING');
    expect(short.exception).toBe('UNDERPAID');
    expect(short.amount_received).toEqual({ value: '10.49', currency: 'USD' });
    expect(option(short, 'bsc', 'USDT').amount_due).toBe('0.000001');
    expect(uriAmount(option(short, 'bsc', 'USDT').uri)).toBe(10n ** 12n);
    expect(uriAmount(option(short, 'ethereum', 'USDT').uri)).toBe(1n);

    // Sending the missing wei: below 10^-6 of a coin it is dust, not recorded as a payment, although
    // the two transfers together are exactly the amount in base units. (A sentinel payment after it
    // proves the watcher has scanned past it.)
    await mintAndPay(bsc, { payerKey: PAYER_A, token: 'USDT', to: o.address, amountBaseUnits: 1n });
    const sentinel = await createSession(t, '1.00');
    await mintAndPay(bsc, { payerKey: PAYER_A, token: 'USDT', to: option(sentinel, 'bsc', 'USDT').address, amountBaseUnits: 10n ** 18n });
    await waitForSession(t, sentinel.session_id, succeeded);
    const still = await getSession(t, s.session_id);
    expect(still.payments).toHaveLength(1);
    expect(still.status).toBe('PENDING');
    expect(still.exception).toBe('UNDERPAID');

    // Paying what the URI asks for completes it.
    await mintAndPay(bsc, { payerKey: PAYER_A, token: 'USDT', to: o.address, amountBaseUnits: uriAmount(option(still, 'bsc', 'USDT').uri) });
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.amount_received).toEqual({ value: '10.50', currency: 'USD' });
  }, budget([...PAYMENT, PAY_MS, ...PAYMENT, ...PAYMENT]));
});

test('transfers to unrelated addresses, and of a token that is neither USDT nor USDC, are ignored', async () => {
  const wallet = new TestWallet(eth, devAccountKey(4));
  const s = await createSession(t, '12.50');
  const address = option(s, 'ethereum', 'USDT').address;

  // A third TestStablecoin ("DAI"), deployed by an outside wallet, paid to the session's address.
  const deployed = await receipt(eth, (await wallet.deploy(testTokenCreationCode('Test Dai', 'DAI', 6))).hash);
  const dai = deployed.contractAddress!;
  const wrongToken = await wallet.pay(dai, address, 12_500_000n);
  // USDT to an address no session owns.
  const stranger = privateKeyToAccount(generatePrivateKey()).address;
  const unrelated = await wallet.pay(eth.tokens.USDT, stranger, 12_500_000n);
  await Promise.all([receipt(eth, wrongToken.transfer.hash), receipt(eth, unrelated.transfer.hash)]);

  // A sentinel: a real payment to another session, sent after both. Once it is seen, the blocks of
  // the two ignored transfers have been scanned.
  const sentinel = await createSession(t, '1.00');
  await mintAndPay(eth, { payerKey: PAYER_B, token: 'USDT', to: option(sentinel, 'ethereum', 'USDT').address, amountBaseUnits: 1n * E6 });
  await waitForSession(t, sentinel.session_id, succeeded);

  const after = await getSession(t, s.session_id);
  expect(after.status).toBe('PENDING');
  expect(after.exception).toBeNull();
  expect(after.payments).toEqual([]);
  expect(after.amount_received.value).toBe('0.00');
  const rows = (await paymentRows(t.dataDir));
  const hashes = rows.map((r) => r.tx_hash);
  expect(hashes).not.toContain(wrongToken.transfer.hash);
  expect(hashes).not.toContain(unrelated.transfer.hash);
  expect(rows.filter((r) => r.to_address.toLowerCase() === stranger.toLowerCase())).toEqual([]);
  expect(rows.filter((r) => r.token_contract.toLowerCase() === dai.toLowerCase())).toEqual([]);
  expect((await outboxEvents(t.dataDir, s.session_id)).map((e) => e.type)).toEqual(['payment_session.created']);
}, budget([RECEIPT_MS, RECEIPT_MS, ...PAYMENT]));

describe('GET /v1/networks', () => {
  test('test mode: the devnets, with chain ids, tokens and decimals, confirmations, rpc_url, ready', async () => {
    const res = await t.api('GET', '/v1/networks');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.items.map((n: any) => [n.network, n]));
    expect(byName.ethereum).toMatchObject({
      status: 'ready',
      chain_id: 1337,
      devnet: true,
      rpc_url: eth.rpcUrl,
      confirmations: CONFIRMATIONS.ethereum,
      token_standard: 'ERC-20',
      tokens: [
        { currency: 'USDT', contract: eth.tokens.USDT, decimals: 6 },
        { currency: 'USDC', contract: eth.tokens.USDC, decimals: 6 },
      ],
      last_error: null,
    });
    expect(byName.bsc).toMatchObject({
      status: 'ready',
      chain_id: 1338,
      devnet: true,
      rpc_url: bsc.rpcUrl,
      confirmations: CONFIRMATIONS.bsc,
      token_standard: 'BEP-20',
      tokens: [
        { currency: 'USDT', contract: bsc.tokens.USDT, decimals: 18 },
        { currency: 'USDC', contract: bsc.tokens.USDC, decimals: 18 },
      ],
      last_error: null,
    });
    expect(byName.ethereum.last_block).toBeGreaterThan(0);
  });

  test('live mode (no RPC configured): not_configured, live chain ids and contracts, no rpc_url', async () => {
    const res = await t.api('GET', '/v1/networks', { key: t.liveKey });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.items.map((n: any) => [n.network, n]));
    for (const [network, chainId, decimals] of [['ethereum', 1, 6], ['bsc', 56, 18]] as const) {
      expect(byName[network]).toMatchObject({ status: 'not_configured', chain_id: chainId, rpc_url: null, devnet: false, last_block: null });
      for (const token of byName[network].tokens) expect(token.decimals).toBe(decimals);
    }
    expect(byName.ethereum.tokens[0].contract).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
  });
});

test('the session stream sends the session now, and again once a payment is detected', async () => {
  const s = await createSession(t, '3.00');
  const stream = await openStream(`${t.url}/v1/payment/sessions/${s.session_id}/stream`, t.testKey);
  try {
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const first = await stream.next((e) => e.event === 'session', 5_000);
    const initial = JSON.parse(first.data);
    expect(initial).toMatchObject({ session_id: s.session_id, status: 'PENDING', payments: [] });

    const paid = await mintAndPay(eth, { payerKey: PAYER_A, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 3n * E6 });
    // Detected within a few blocks; under CI's load it once took over 10 s. On a timeout, the session
    // as the API has it says which failed: the detection (no payment yet), or the stream's notice.
    const detected = await stream.next((e) => e.event === 'session' && JSON.parse(e.data).payments.length > 0, 20_000).catch(async (error: Error) => {
      const now = (await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data;
      throw new Error(`${error.message}; ${stream.events.length} events so far; the session now: ${now.status}, ${now.payments.length} payment(s)`);
    });
    const seen = JSON.parse(detected.data);
    expect(seen.payments[0]).toMatchObject({ tx_hash: paid.txHash, amount: '3.000000' });
    expect(['PROCESSING', 'SUCCEEDED']).toContain(seen.status);
    const final = await stream.next((e) => e.event === 'session' && JSON.parse(e.data).status === 'SUCCEEDED', 10_000);
    expect(JSON.parse(final.data).payments[0].status).toBe('confirmed');
  } finally {
    await stream.close();
  }
  // Without a key the stream is refused.
  const anonymous = await t.api('GET', `/v1/payment/sessions/${s.session_id}/stream`, { key: null });
  expect(anonymous.status).toBe(401);
}, budget([5_000, PAY_MS, 20_000, 10_000]));
