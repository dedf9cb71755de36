/**
 * Refunds end to end on test mode's TRON devnet, paid out by the test refund wallet (generated, sealed
 * and funded with TRX and test USDT automatically in test mode) through the TRON payout port: partial
 * then full refunds arrive at the payer's `T…` address (read through TronWeb), over-refunds and bad
 * destinations are refused, eight concurrent refunds never exceed what was received and are eight
 * distinct TRON transactions, a payer that is a contract needs a confirmed destination, and a wallet
 * without enough USDT, or without energy and TRX, fails cleanly and releases the money.
 */
import { encodeDeployData } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import { budget, compileBatcher, createSession, outboxEvents, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';
import { anvil, deployThroughAnvil, inclusionMs, newAccount, tokenBalance, TronPayer, tronDevnetOf, tronOption, tronWeb, waitForInfo } from '../helpers/tron-chain.js';
import { toEvmAddress } from '../../src/chains/tron/address-format.js';

const BLOCK_TIME_SECONDS = 0.25;
const PAY_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });
/** A refund paid: signed and sent on the worker's next pass (100 ms), in the next block, two confirmations; room for a loaded machine. */
const REFUND_MS = 15_000;

let t: TestCore;
let tron: RunningTronDevnet;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } },
    devnetBlockTimeSeconds: BLOCK_TIME_SECONDS,
    confirmations: { tron: 2 },
    testRefundWallet: { fundTokens: 100 },
    refundPollMs: 100,
  });
  tron = tronDevnetOf(t.core.chains);
}, 60_000);
afterAll(async () => t?.stop());

const usdt = (owner: string) => tokenBalance(tronWeb(tron), tron.tokens.USDT, owner);
const refundOf = async (id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;
const waitRefund = (id: string, check: (r: any) => boolean, what: string, ms = REFUND_MS) =>
  waitFor(async () => {
    const r = await refundOf(id);
    return check(r) ? r : false;
  }, ms, what);
const refundEvents = async (id: string) => (await outboxEvents(t.dataDir, id)).map((e) => e.type);

/** A session paid in full in USDT by `payer` (a fresh account unless given), SUCCEEDED. */
async function paidSession(value: string, payer = new TronPayer(tron, newAccount().privateKey)) {
  const s = await createSession(t, value, 'USD');
  const o = tronOption(s);
  await payer.payAndWait(tron, o.address, BigInt(o.amount_due.replace('.', '')));
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  return { s: done, payer: payer.address };
}

test('a partial then a full refund arrive at the payer\'s T… address as TRON transactions, debit the ledger, and say so with events', async () => {
  const { s, payer } = await paidSession('20.00');
  expect(await usdt(payer)).toBe(0n);

  const partial = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '5.00', currency: 'USD' }, reason: 'one coffee returned' } });
  expect(partial.status).toBe(200);
  expect(partial.body.data).toMatchObject({
    object: 'refund',
    status: 'PENDING',
    session_id: s.session_id,
    amount: { value: '5.000000', currency: 'USDT' },
    session_amount: { value: '5.00', currency: 'USD' },
    network: 'tron',
    destination_address: payer,
    destination_source: 'payer',
    reason: 'one coffee returned',
    payout: { method: 'wallet', uri: null },
  });
  const p = await waitRefund(partial.body.data.id, (r) => r.status === 'SUCCEEDED', 'the partial refund to succeed');
  expect(p.payout).toMatchObject({ confirmations_required: 2, broadcasts: 1, nonce: null });
  // Blocks keep coming while the worker polls: at least the confirmations required, maybe one more.
  expect(p.payout.confirmations).toBeGreaterThanOrEqual(2);
  // The payout's id is its TRON txID; the wallet it came from is the test refund wallet's T… address.
  expect(p.payout.tx_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(p.payout.from).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  expect(await usdt(payer)).toBe(5_000_000n);
  // On chain, as a TRON wallet sees it: a USDT transfer owned by the refund wallet, to the payer.
  const web = tronWeb(tron);
  const info = await waitForInfo(web, p.payout.tx_hash, PAY_MS);
  expect(info.receipt.result).toBe('SUCCESS');
  expect(info.log).toEqual([
    expect.objectContaining({ topics: [expect.any(String), toEvmAddress(p.payout.from).slice(2).padStart(64, '0'), toEvmAddress(payer).slice(2).padStart(64, '0')] }),
  ]);

  // Full: everything left (15 USDT), no amount given.
  const full = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } });
  expect(full.status).toBe(200);
  expect(full.body.data.amount).toEqual({ value: '15.000000', currency: 'USDT' });
  const f = await waitRefund(full.body.data.id, (r) => r.status === 'SUCCEEDED', 'the full refund to succeed');
  expect(f.payout.tx_hash).not.toBe(p.payout.tx_hash);
  expect(f.payout.from).toBe(p.payout.from);
  expect(await usdt(payer)).toBe(20_000_000n);

  const session = (await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data;
  expect(session.amount_refunded).toEqual({ value: '20.00', currency: 'USD' });
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } }), 409, 'amount_too_large');

  expect((await refundEvents(p.id))).toEqual(['refund.created', 'refund.processing', 'refund.succeeded']);
  const ledger = (await t.api('GET', '/v1/balance/transactions?type=refund&limit=100')).body.data.items;
  const mine = ledger.filter((e: any) => e.source === p.id || e.source === f.id);
  expect(mine.reduce((sum: number, e: any) => sum + Number(e.amount.value), 0)).toBeCloseTo(-20, 6);
  expect(mine.every((e: any) => e.amount.currency === 'USDT' && e.fee.value === '0.000000')).toBe(true);
  expect((await t.api('GET', `/v1/refunds?session_id=${s.session_id}`)).body.data.items.map((r: any) => r.id)).toEqual([f.id, p.id]);
}, budget([PAY_MS, 10_000, REFUND_MS, PAY_MS, REFUND_MS]));

test('over-refunds, a coin TRON does not offer and destinations that are not TRON addresses are refused with the contract\'s codes', async () => {
  const { s } = await paidSession('3.00');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3.01', currency: 'USD' } } }), 409, 'amount_too_large', 'amount.value');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3.000001', currency: 'USDT' } } }), 409, 'amount_too_large', 'amount.value');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '1', currency: 'USDC' } } }), 409, 'invalid_state', 'amount.currency');
  for (const bad of [
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', // an EVM address
    `41${toEvmAddress(newAccount().address).slice(2)}`, // TRON's hex form: wallets show base58
    newAccount().address.toLowerCase(), // base58 is case-sensitive: another checksum
    'T123',
  ]) {
    const error = expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, destination_address: bad } }), 400, 'parameter_invalid', 'destination_address');
    expect(error.message).toMatch(/TRON/);
  }
  const unpaid = await createSession(t, '4.00');
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: unpaid.session_id } }), 409, 'invalid_state', 'session_id');
}, budget([PAY_MS, 10_000]));

test('eight concurrent refunds never add up to more than the session received; the five made are five TRON transactions, each paid once', async () => {
  const { s, payer } = await paidSession('5.00');
  const results = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '1.00', currency: 'USD' } }, headers: { 'Idempotency-Key': `concurrent-${s.session_id}-${i}` } }),
    ),
  );
  const ok = results.filter((r) => r.status === 200);
  expect(ok).toHaveLength(5);
  for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, 'amount_too_large');
  const done = await Promise.all(ok.map((r) => waitRefund(r.body.data.id, (x) => x.status === 'SUCCEEDED', `refund ${r.body.data.id}`, 30_000)));
  // The same amount to the same address, planned from one head block: still five transactions, five ids.
  expect(new Set(done.map((r) => r.payout.tx_hash)).size).toBe(5);
  expect(await usdt(payer)).toBe(5_000_000n);
  expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.amount_refunded.value).toBe('5.00');
}, budget([PAY_MS, 10_000, 30_000]));

test('a payer that is a contract needs a confirmed destination (REQUIRES_ACTION), validated as a TRON address', async () => {
  const s = await createSession(t, '2.00');
  const { abi, bytecode } = compileBatcher();
  const batcher = await deployThroughAnvil(tron, encodeDeployData({ abi, bytecode }));
  const to = tronOption(s).address;
  const caller = new TronPayer(tron, newAccount().privateKey);
  const call = await caller.send(batcher, 'payTwo(address,address,uint256,address,uint256)', [
    { type: 'address', value: tron.tokens.USDT },
    { type: 'address', value: to },
    { type: 'uint256', value: '2000000' },
    { type: 'address', value: newAccount().address },
    { type: 'uint256', value: '1' },
  ]);
  await waitForInfo(caller.web, call.txID, PAY_MS);
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);

  const created = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } });
  expect(created.status).toBe(200);
  expect(created.body.data).toMatchObject({ status: 'REQUIRES_ACTION', destination_address: null, next_action: { type: 'confirm_destination' } });
  expect(created.body.data.payment.from).toBe(batcher);
  const id = created.body.data.id;
  expectError(await t.api('POST', `/v1/refunds/${id}/confirm_destination`, { body: { destination_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } }), 400, 'parameter_invalid', 'destination_address');
  const customer = newAccount().address;
  // One character's case changed: base58check refuses it.
  const flipped = customer.slice(0, -1) + (customer.at(-1) === customer.at(-1)!.toUpperCase() ? customer.at(-1)!.toLowerCase() : customer.at(-1)!.toUpperCase());
  if (flipped !== customer) expectError(await t.api('POST', `/v1/refunds/${id}/confirm_destination`, { body: { destination_address: flipped } }), 400, 'parameter_invalid', 'destination_address');
  const confirmed = await t.api('POST', `/v1/refunds/${id}/confirm_destination`, { body: { destination_address: customer } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.data).toMatchObject({ status: 'PENDING', destination_address: customer, destination_source: 'owner', next_action: null });
  await waitRefund(id, (r) => r.status === 'SUCCEEDED', 'the confirmed refund');
  expect(await usdt(customer)).toBe(2_000_000n);
  expectError(await t.api('POST', `/v1/refunds/${id}/confirm_destination`, { body: { destination_address: customer } }), 409, 'invalid_state');
}, budget([PAY_MS, PAY_MS, 10_000, REFUND_MS]));

test('a refund the wallet cannot pay (USDT, then energy and TRX) fails cleanly, signs nothing and releases its money', async () => {
  // The wallet was funded with 100 USDT; a 150 USDT refund cannot be paid.
  const { s } = await paidSession('150.00');
  const balanceBefore = (await t.api('GET', '/v1/balance')).body.data.accounts.find((a: any) => a.currency === 'USDT');
  const created = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } });
  expect(created.status).toBe(200);
  const failed = await waitRefund(created.body.data.id, (r) => r.status === 'FAILED', 'the refund to fail');
  expect(failed.failure_reason).toMatch(/^insufficient_token_balance: the refund wallet T\w+ holds [\d.]+ USDT on TRON, 150\.000000 needed/);
  expect(failed.payout).toMatchObject({ tx_hash: null, broadcasts: 0 });
  expect((await refundEvents(failed.id))).toEqual(['refund.created', 'refund.failed']);
  expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.amount_refunded.value).toBe('0.00');
  expect((await t.api('GET', '/v1/balance')).body.data.accounts.find((a: any) => a.currency === 'USDT')).toEqual(balanceBefore);
  const entries = (await t.api('GET', `/v1/balance/transactions?source=${failed.id}`)).body.data.items;
  expect(entries.reduce((sum: number, e: any) => sum + Number(e.net.value), 0)).toBeCloseTo(0, 6);

  // No energy, no bandwidth and no TRX: the transfer would burn TRX the wallet does not have.
  const wallet = (await refundOf((await t.api('GET', '/v1/refunds?status=SUCCEEDED&limit=1')).body.data.items[0].id)).payout.from as string;
  tron.setAccountResources(wallet, {});
  await anvil(tron, 'anvil_setBalance', [toEvmAddress(wallet), '0x0']);
  try {
    const noGas = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '1', currency: 'USDT' } } });
    const g = await waitRefund(noGas.body.data.id, (r) => r.status === 'FAILED', 'the energy and TRX failure');
    expect(g.failure_reason).toMatch(/^insufficient_gas_balance: the refund wallet T\w+ has 0 energy and 0 TRX on TRON/);
    expect(g.payout).toMatchObject({ tx_hash: null, broadcasts: 0 });
  } finally {
    tron.setAccountResources(wallet, null);
    await anvil(tron, 'anvil_setBalance', [toEvmAddress(wallet), `0x${(1_000n * 1_000_000n).toString(16)}`]);
  }
  // The money is free again: the whole 150 can still be refunded.
  expect((await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } })).body.data.amount.value).toBe('150.000000');
}, budget([PAY_MS, 10_000, REFUND_MS, REFUND_MS]));
