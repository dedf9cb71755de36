/**
 * Refunds end to end on an ethereum devnet, paid out by the test refund wallet (generated, sealed
 * and funded automatically in test mode): partial then full refunds arrive at the payer's address
 * (checked on chain), over-refunds and unpaid sessions are refused, eight concurrent refunds never
 * exceed what was received, a payer that is a contract needs a confirmed destination, and a wallet
 * without enough tokens or gas fails cleanly and releases the money.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { type Address, encodeFunctionData, erc20Abi, getAddress } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { budget, client, compileBatcher, createSession, devAccountKey, devnetRpc, option, PAY_MS, receipt, TestWallet, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let eth: Devnet;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } },
    devnetBlockTimeSeconds: 0.2,
    confirmations: { ethereum: 2 },
    testRefundWallet: { fundTokens: 100 },
    refundPollMs: 100,
    expiryMaxSleepMs: 100, // the expiry timer re-reads the (test-advanced) clock at least this often
  });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
}, 60_000);
afterAll(async () => t?.stop());

const balanceOf = (token: Address, who: Address) => client(eth).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
const refundOf = async (id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;
const waitRefund = (id: string, check: (r: any) => boolean, what: string, ms = 15_000) =>
  waitFor(async () => {
    const r = await refundOf(id);
    return check(r) ? r : false;
  }, ms, what);
const refundEvents = (id: string): string[] => {
  const db = new Database(join(t.dataDir, 'stablepos.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT type FROM events WHERE object_id = ? ORDER BY seq').all(id) as { type: string }[]).map((e) => e.type);
  } finally {
    db.close();
  }
};

async function paidSession(value: string, payerKey = DEVNET_PAYER_KEYS[0]!, coin: 'USDT' | 'USDC' = 'USDT') {
  const s = await createSession(t, value, 'USD');
  const opt = option(s, 'ethereum', coin);
  const paid = await mintAndPay(eth, { payerKey, token: coin, to: opt.address, amountBaseUnits: BigInt(opt.amount_due.replace('.', '')) });
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 15_000);
  return { s: done, payer: paid.from };
}

test('a partial then a full refund arrive at the payer\'s address, debit the ledger, and say so with events', async () => {
  const { s, payer } = await paidSession('20.00');
  const token = eth.tokens.USDT;
  const before = await balanceOf(token, payer);

  const partial = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '5.00', currency: 'USD' }, reason: 'one coffee returned' } });
  expect(partial.status).toBe(200);
  expect(partial.body.data).toMatchObject({
    object: 'refund',
    status: 'PENDING',
    session_id: s.session_id,
    amount: { value: '5.000000', currency: 'USDT' },
    session_amount: { value: '5.00', currency: 'USD' },
    network: 'ethereum',
    destination_address: payer,
    destination_source: 'payer',
    reason: 'one coffee returned',
    payout: { method: 'wallet', uri: null },
  });
  const p = await waitRefund(partial.body.data.id, (r) => r.status === 'SUCCEEDED', 'the partial refund to succeed');
  expect(p.payout).toMatchObject({ confirmations_required: 2, broadcasts: 1 });
  // Blocks keep coming while the worker polls: at least the confirmations required, maybe one more.
  expect(p.payout.confirmations).toBeGreaterThanOrEqual(2);
  expect(p.payout.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(await balanceOf(token, payer)).toBe(before + 5_000_000n);

  // Full: everything left (15 USDT), no amount given.
  const full = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } });
  expect(full.status).toBe(200);
  expect(full.body.data.amount).toEqual({ value: '15.000000', currency: 'USDT' });
  const f = await waitRefund(full.body.data.id, (r) => r.status === 'SUCCEEDED', 'the full refund to succeed');
  expect(f.payout.nonce).toBe(p.payout.nonce + 1);
  expect(await balanceOf(token, payer)).toBe(before + 20_000_000n);

  const session = (await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data;
  expect(session.amount_refunded).toEqual({ value: '20.00', currency: 'USD' });
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } }), 409, 'amount_too_large');

  expect(refundEvents(p.id)).toEqual(['refund.created', 'refund.processing', 'refund.succeeded']);
  const ledger = (await t.api('GET', '/v1/balance/transactions?type=refund&limit=100')).body.data.items;
  const mine = ledger.filter((e: any) => e.source === p.id || e.source === f.id);
  expect(mine.reduce((sum: number, e: any) => sum + Number(e.amount.value), 0)).toBeCloseTo(-20, 6);
  expect(mine.every((e: any) => e.fee.value === '0.000000')).toBe(true);

  const list = (await t.api('GET', `/v1/refunds?session_id=${s.session_id}`)).body.data;
  expect(list.items.map((r: any) => r.id)).toEqual([f.id, p.id]);
  expectError(await t.api('POST', `/v1/refunds/${p.id}/cancel`), 409, 'invalid_state');
  expectError(await t.api('GET', `/v1/refunds/${p.id}`, { key: t.liveKey }), 404, 'resource_missing', 'id');
}, 60_000);

test('over-refunds, unpaid sessions and bad amounts are refused with the contract\'s codes', async () => {
  const { s } = await paidSession('3.00', DEVNET_PAYER_KEYS[1]!);
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3.01', currency: 'USD' } } }), 409, 'amount_too_large', 'amount.value');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3.000001', currency: 'USDT' } } }), 409, 'amount_too_large', 'amount.value');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '1', currency: 'USDC' } } }), 409, 'invalid_state', 'amount.currency');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '1', currency: 'EUR' } } }), 400, 'parameter_invalid', 'amount.currency');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '0', currency: 'USD' } } }), 400, 'parameter_invalid', 'amount.value');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, destination_address: '0x1234' } }), 400, 'parameter_invalid', 'destination_address');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, colour: 'red' } }), 400, 'parameter_unknown', 'colour');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: 'ps_nope' } }), 404, 'resource_missing', 'session_id');
  const unpaid = await createSession(t, '4.00');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: unpaid.session_id } }), 409, 'invalid_state', 'session_id');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id }, key: t.liveKey }), 404, 'resource_missing', 'session_id');
}, 60_000);

test('eight concurrent refunds never add up to more than the session received', async () => {
  const { s } = await paidSession('5.00', DEVNET_PAYER_KEYS[2]!);
  const results = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '1.00', currency: 'USD' } }, headers: { 'Idempotency-Key': `concurrent-${s.session_id}-${i}` } }),
    ),
  );
  const ok = results.filter((r) => r.status === 200);
  expect(ok).toHaveLength(5);
  for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, 'amount_too_large');
  const ids = ok.map((r) => r.body.data.id);
  const done = await Promise.all(ids.map((id) => waitRefund(id, (r) => r.status === 'SUCCEEDED', `refund ${id}`, 30_000)));
  expect(new Set(done.map((r) => r.payout.nonce)).size).toBe(5);
  expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.amount_refunded.value).toBe('5.00');
}, 90_000);

test('a payer that is a contract needs a confirmed destination (REQUIRES_ACTION), validated for the network', async () => {
  const s = await createSession(t, '2.00');
  const { abi, bytecode } = compileBatcher();
  const deployer = new TestWallet(eth, devAccountKey(5));
  const deployed = await receipt(eth, (await deployer.deploy(bytecode)).hash);
  const batcher = deployed.contractAddress as Address;
  const to = option(s, 'ethereum', 'USDT').address;
  const other = '0x000000000000000000000000000000000000dEaD';
  await receipt(eth, (await deployer.send(batcher, encodeFunctionData({ abi, functionName: 'payTwo', args: [eth.tokens.USDT, to, 2_000_000n, other, 1n] }))).hash);
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 15_000);

  const created = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } });
  expect(created.status).toBe(200);
  expect(created.body.data).toMatchObject({ status: 'REQUIRES_ACTION', destination_address: null, next_action: { type: 'confirm_destination' } });
  expect(created.body.data.payment.from).toBe(getAddress(batcher));
  const id = created.body.data.id;
  expectError(await t.api('POST', `/v1/refunds/${id}/confirm_destination`, { body: { destination_address: '0xZZ' } }), 400, 'parameter_invalid', 'destination_address');
  // A mixed-case address with a broken EIP-55 checksum is refused.
  expectError(await t.api('POST', `/v1/refunds/${id}/confirm_destination`, { body: { destination_address: '0x70997970c51812dc3a010c7d01b50e0d17dc79C8' } }), 400, 'parameter_invalid', 'destination_address');
  const customer = new TestWallet(eth, devAccountKey(6)).address;
  const before = await balanceOf(eth.tokens.USDT, customer);
  const confirmed = await t.api('POST', `/v1/refunds/${id}/confirm_destination`, { body: { destination_address: customer.toLowerCase() } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.data).toMatchObject({ status: 'PENDING', destination_address: customer, destination_source: 'owner', next_action: null });
  await waitRefund(id, (r) => r.status === 'SUCCEEDED', 'the confirmed refund');
  expect(await balanceOf(eth.tokens.USDT, customer)).toBe(before + 2_000_000n);
  expectError(await t.api('POST', `/v1/refunds/${id}/confirm_destination`, { body: { destination_address: customer } }), 409, 'invalid_state');
}, 60_000);

test('a refund the wallet cannot pay (tokens, then gas) fails cleanly and releases its money', async () => {
  // The wallet was funded with 100 USDC; a 150 USDC refund cannot be paid.
  const { s } = await paidSession('150.00', DEVNET_PAYER_KEYS[0]!, 'USDC');
  const balanceBefore = (await t.api('GET', '/v1/balance')).body.data.accounts.find((a: any) => a.currency === 'USDC');
  const created = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } });
  expect(created.status).toBe(200);
  const failed = await waitRefund(created.body.data.id, (r) => r.status === 'FAILED', 'the refund to fail');
  expect(failed.failure_reason).toMatch(/^insufficient_token_balance: /);
  expect(failed.payout).toMatchObject({ tx_hash: null, nonce: null, broadcasts: 0 });
  expect(refundEvents(failed.id)).toEqual(['refund.created', 'refund.failed']);
  const session = (await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data;
  expect(session.amount_refunded.value).toBe('0.00');
  const balanceAfter = (await t.api('GET', '/v1/balance')).body.data.accounts.find((a: any) => a.currency === 'USDC');
  expect(balanceAfter).toEqual(balanceBefore);
  const entries = (await t.api('GET', `/v1/balance/transactions?source=${failed.id}`)).body.data.items;
  // Debited from available and then pending funds at creation; each part reversed by an adjustment.
  const refundsOut = entries.filter((e: any) => e.type === 'refund');
  const reversals = entries.filter((e: any) => e.type === 'adjustment');
  expect(refundsOut.length).toBeGreaterThan(0);
  expect(reversals.map((e: any) => e.amount.value).sort()).toEqual(refundsOut.map((e: any) => e.amount.value.slice(1)).sort());
  expect(entries.reduce((sum: number, e: any) => sum + Number(e.net.value), 0)).toBeCloseTo(0, 6);

  // No gas: the wallet's ether is taken away.
  const rpc = devnetRpc(eth);
  const wallet = failed.payout.from ?? (await refundOf((await t.api('GET', '/v1/refunds?status=SUCCEEDED&limit=1')).body.data.items[0].id)).payout.from;
  await rpc('anvil_setBalance', [wallet, '0x0']);
  const noGas = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '1', currency: 'USDC' } } });
  const g = await waitRefund(noGas.body.data.id, (r) => r.status === 'FAILED', 'the gas failure');
  expect(g.failure_reason).toMatch(/^insufficient_gas_balance: /);
  await rpc('anvil_setBalance', [wallet, '0x21e19e0c9bab2400000']);
  // The money is free again: the whole 150 can still be refunded (and now cannot be paid: tokens).
  expect((await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } })).body.data.amount.value).toBe('150.000000');
}, 60_000);

// Last: it moves the core's and the chain's clocks forward.
test('underpaid-then-expired and paid-late sessions are refundable in full, to the payer', async () => {
  const MINUTE = 60_000;
  const token = eth.tokens.USDT;

  const u = await createSession(t, '10.00', 'USD');
  const part = await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[2]!, token: 'USDT', to: option(u, 'ethereum', 'USDT').address, amountBaseUnits: 4_000_000n });
  await waitForSession(t, u.session_id, (x) => x.payments[0]?.status === 'confirmed', 15_000);
  t.advance(16 * MINUTE);
  await waitForSession(t, u.session_id, (x) => x.status === 'EXPIRED' && x.exception === 'UNDERPAID', 5_000);
  const before = await balanceOf(token, part.from);
  const r1 = await t.api('POST', '/v1/refunds', { body: { session_id: u.session_id } });
  expect(r1.status, r1.text).toBe(200);
  expect(r1.body.data.amount).toEqual({ value: '4.000000', currency: 'USDT' });
  await waitRefund(r1.body.data.id, (r) => r.status === 'SUCCEEDED', 'the underpaid session\'s refund');
  expect(await balanceOf(token, part.from)).toBe(before + 4_000_000n);

  const late = await createSession(t, '6.00', 'USD');
  const expiresAt = Date.parse(late.expires_at);
  t.advance(16 * MINUTE);
  await waitForSession(t, late.session_id, (x) => x.status === 'EXPIRED', 5_000);
  const chainNow = Number((await client(eth).getBlock()).timestamp) * 1000;
  await devnetRpc(eth)('evm_increaseTime', [Math.ceil((expiresAt - chainNow) / 1000) + 60]);
  const paid = await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[2]!, token: 'USDT', to: option(late, 'ethereum', 'USDT').address, amountBaseUnits: 6_000_000n });
  await waitForSession(t, late.session_id, (x) => x.exception === 'PAID_LATE' && x.payments[0]?.status === 'confirmed', 15_000);
  const beforeLate = await balanceOf(token, paid.from);
  const r2 = await t.api('POST', '/v1/refunds', { body: { session_id: late.session_id, reason: 'paid after the sale was abandoned' } });
  expect(r2.status, r2.text).toBe(200);
  expect(r2.body.data.amount).toEqual({ value: '6.000000', currency: 'USDT' });
  await waitRefund(r2.body.data.id, (r) => r.status === 'SUCCEEDED', 'the paid-late session\'s refund');
  expect(await balanceOf(token, paid.from)).toBe(beforeLate + 6_000_000n);
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: late.session_id } }), 409, 'amount_too_large');
}, budget([PAY_MS, 15_000, 5_000, 15_000, 5_000, PAY_MS, 15_000, 15_000]));
