/**
 * Payments on test mode's TRON devnet (the stand-in, a block every 0.25 s), end to end over real HTTP:
 * transfers built by the node, signed by outside wallets through an unmodified TronWeb and broadcast
 * through `/wallet/broadcasttransaction`, found by the core's watcher on the stand-in's `/jsonrpc`, and
 * turned into session states. The TRON option itself (bare-address QR, `tron:` URI), an exact payment,
 * partial payments and top-ups, overpayment, a fiat price, payments to a canceled session (and the
 * zero-value transfers of address poisoning), transfers that must be ignored, and /v1/networks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { TronWeb } from 'tronweb';
import { encodeDeployData } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../../src/chains/anvil/test-token-artifact.js';
import { TRON_ACCOUNT_PATH } from '../../src/chains/tron/addresses.js';
import { type RunningTronDevnet, tronDevnet as tronDevnetEntry } from '../../src/chains/tron/devnet/index.js';
import { budget, createSession, getSession, outboxEvents, paymentRows, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import {
  deployThroughAnvil,
  inclusionMs,
  newAccount,
  tokenBalance,
  TronPayer,
  tronDevnetOf,
  tronOption,
  tronUriAmount,
  waitForInfo,
} from '../helpers/tron-chain.js';

const CONFIRMATIONS = 2;
const E6 = 10n ** 6n;

let t: TestCore;
let tron: RunningTronDevnet;
let payerA: TronPayer;
let payerB: TronPayer;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } }, devnetBlockTimeSeconds: 0.25, confirmations: { tron: CONFIRMATIONS } });
  tron = tronDevnetOf(t.core.chains);
  payerA = new TronPayer(tron, tron.payerKeys[0]!);
  payerB = new TronPayer(tron, tron.payerKeys[1]!);
}, 60_000);
afterAll(async () => t?.stop());

const succeeded = (s: any) => s.status === 'SUCCEEDED';
/** A payment's bound: its transfer in a block (ten block times plus 5 s). */
const PAY_MS = inclusionMs({ blockTimeSeconds: 0.25 });
/** The waits of one payment, for a test's budget: the transfer in a block, then the session's next state. */
const PAYMENT = [PAY_MS, 10_000];
const types = async (id: string) => (await outboxEvents(t.dataDir, id)).map((e) => e.type);

test('a session offers USDT on TRON: the bare deposit address in the QR, the tron: URI beside it; an exact payment SUCCEEDS with the TRON txID and the payer\'s T… address', async () => {
  const s = await createSession(t, '12.50');
  // ethereum and bsc are off: TRON's USDT is the only option (TRON offers no USDC).
  expect(s.payment_options).toHaveLength(1);
  const o = tronOption(s);
  // The session's deposit is the test wallet's next child m/44'/195'/0'/0/i, spelt base58check.
  expect(o.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  expect(o).toMatchObject({
    network: 'tron',
    token_standard: 'TRC-20',
    currency: 'USDT',
    amount_due: '12.500000',
    token_contract: tron.tokens.USDT,
    uri: `tron:${o.address}?amount=12.5&token=${tron.tokens.USDT}`,
    qr: { content: 'address', payload: o.address },
  });

  const paid = await payerA.payAndWait(tron, o.address, 12_500_000n);
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done.exception).toBeNull();
  expect(done.amount_received).toEqual({ value: '12.50', currency: 'USD' });
  expect(done.payments).toHaveLength(1);
  expect(done.payments[0]).toEqual({
    network: 'tron',
    currency: 'USDT',
    tx_hash: paid.txId,
    log_index: expect.any(Number),
    block_number: paid.blockNumber,
    from: payerA.address,
    amount: '12.500000',
    confirmations: expect.any(Number),
    status: 'confirmed',
    explorer_url: null,
    created_at: expect.any(String),
  });
  // java-tron's txID: 64 hex digits, no 0x.
  expect(done.payments[0].tx_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(done.payments[0].confirmations).toBeGreaterThanOrEqual(CONFIRMATIONS);
  expect(await tokenBalance(payerA.web, tron.tokens.USDT, o.address)).toBe(12_500_000n);
  expect((await types(s.session_id))[0]).toBe('payment_session.created');
  expect((await types(s.session_id)).at(-1)).toBe('payment_session.succeeded');
  expect((await types(s.session_id)).filter((x) => x === 'payment_session.succeeded')).toHaveLength(1);
}, budget(PAYMENT));

test('each session gets its own deposit address: the next child 0/i of the test wallet, whose key tronweb spells the same', async () => {
  const a = tronOption(await createSession(t, '1.00')).address;
  const b = tronOption(await createSession(t, '1.00')).address;
  // The test wallet's seed is in the data dir; its TRON account is m/44'/195'/0'.
  const seed = Buffer.from(JSON.parse(readFileSync(join(t.dataDir, 'test-wallet.json'), 'utf8')).seed, 'hex');
  const external = HDKey.fromMasterSeed(seed).derive(`${TRON_ACCOUNT_PATH}/0`);
  const child = (i: number) => TronWeb.address.fromPrivateKey(Buffer.from(external.deriveChild(i).privateKey!).toString('hex'));
  const index = Array.from({ length: 32 }, (_, i) => child(i)).indexOf(a);
  expect(index, `${a} among the test wallet's first 32 children`).toBeGreaterThanOrEqual(0);
  expect(child(index + 1)).toBe(b);
});

describe('partial payment, then the rest', () => {
  test('a part keeps the session PENDING/UNDERPAID and the option asks for exactly the rest; a top-up from another wallet completes it', async () => {
    const s = await createSession(t, '12.50');
    const address = tronOption(s).address;
    const first = await payerA.payAndWait(tron, address, 5n * E6);

    const partial = await waitForSession(t, s.session_id, (x) => x.payments.length === 1 && x.payments[0].status === 'confirmed');
    expect(partial.status).toBe('PENDING');
    expect(partial.exception).toBe('UNDERPAID');
    expect(partial.amount_received).toEqual({ value: '5.00', currency: 'USD' });
    expect(partial.payments[0]).toMatchObject({ network: 'tron', currency: 'USDT', tx_hash: first.txId, from: payerA.address, amount: '5.000000' });
    const rest = tronOption(partial);
    expect(rest.amount_due).toBe('7.500000');
    expect(rest.uri).toBe(`tron:${address}?amount=7.5&token=${tron.tokens.USDT}`);
    expect(rest.qr).toEqual({ content: 'address', payload: address });

    const second = await payerB.payAndWait(tron, address, tronUriAmount(rest.uri));
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.amount_received).toEqual({ value: '12.50', currency: 'USD' });
    expect(done.payments.map((p: any) => [p.tx_hash, p.from, p.amount, p.status])).toEqual([
      [first.txId, payerA.address, '5.000000', 'confirmed'],
      [second.txId, payerB.address, '7.500000', 'confirmed'],
    ]);
    expect(tronOption(done).amount_due).toBe('0.000000');
    const events = (await types(s.session_id));
    expect(events).toContain('payment_session.exception');
    expect(events.filter((x) => x === 'payment_session.payment_detected')).toHaveLength(2);
    expect(events.at(-1)).toBe('payment_session.succeeded');
  }, budget([...PAYMENT, ...PAYMENT]));
});

test('overpayment: SUCCEEDED with exception OVERPAID, amount_received shows all of it', async () => {
  const s = await createSession(t, '12.50');
  await payerA.payAndWait(tron, tronOption(s).address, 13n * E6);
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done.exception).toBe('OVERPAID');
  expect(done.amount_received).toEqual({ value: '13.00', currency: 'USD' });
  expect(done.payments).toHaveLength(1);
  expect((await types(s.session_id))).toContain('payment_session.exception');
}, budget(PAYMENT));

test('999 JPY: amount_due rounded up to 0.01 USDT (6.70), the URI asks for 6.7, paying it SUCCEEDS', async () => {
  const s = await createSession(t, '999', 'JPY');
  const o = tronOption(s);
  expect(o.rate).toBe('0.0067');
  expect(o.amount_due).toBe('6.700000');
  expect(o.uri).toBe(`tron:${o.address}?amount=6.7&token=${tron.tokens.USDT}`);
  await payerB.payAndWait(tron, o.address, tronUriAmount(o.uri));
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done.exception).toBeNull();
  expect(done.amount_received).toEqual({ value: '999', currency: 'JPY' });
}, budget(PAYMENT));

describe('payments to a canceled session', () => {
  test('a real payment after cancel: recorded, the session stays CANCELED with PAID_LATE, and the owner may resolve it', async () => {
    const s = await createSession(t, '2.00');
    expect((await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`)).body.data.status).toBe('CANCELED');
    const paid = await payerA.payAndWait(tron, tronOption(s).address, 2n * E6);
    const after = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'confirmed');
    expect(after).toMatchObject({ status: 'CANCELED', exception: 'PAID_LATE', amount_received: { value: '2.00' } });
    expect(after.payments[0].tx_hash).toBe(paid.txId);
    const resolved = await t.api('POST', `/v1/payment/sessions/${s.session_id}/resolve`);
    expect(resolved.body.data).toMatchObject({ status: 'SUCCEEDED', resolved_by: 'owner', exception: 'PAID_LATE' });
  }, budget(PAYMENT));

  test('a zero-value transfer (TRON USDT\'s address-poisoning spam) to a canceled session does not make it PAID_LATE', async () => {
    const s = await createSession(t, '2.00');
    expect((await t.api('POST', `/v1/payment/sessions/${s.session_id}/cancel`)).status).toBe(200);
    const spam = await payerB.transfer(tron.tokens.USDT, tronOption(s).address, 0n);
    await waitForInfo(payerB.web, spam.txID, PAY_MS);
    // A sentinel payment after it: once it is seen, the spam's block has been scanned.
    const sentinel = await createSession(t, '1.00');
    await payerA.payAndWait(tron, tronOption(sentinel).address, 1n * E6);
    await waitForSession(t, sentinel.session_id, succeeded);
    const after = await getSession(t, s.session_id);
    expect(after).toMatchObject({ status: 'CANCELED', exception: null, payments: [], amount_received: { value: '0.00' } });
    expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(spam.txID);
  }, budget([PAY_MS, ...PAYMENT]));
});

test('transfers to an address that is no session\'s, and of another TRC-20 token to a session\'s address, are ignored', async () => {
  const s = await createSession(t, '12.50');
  const address = tronOption(s).address;

  // A second TRC-20 ("Test Dai", 6 decimals, open mint), deployed through anvil: paid to the session's address.
  const dai = await deployThroughAnvil(tron, encodeDeployData({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE, args: ['Test Dai', 'DAI', 6] }));
  const wrongToken = await payerA.pay(dai, address, 12_500_000n);
  // USDT to an address no session owns.
  const stranger = newAccount().address;
  const unrelated = await payerB.pay(tron.tokens.USDT, stranger, 12_500_000n);
  await Promise.all([waitForInfo(payerA.web, wrongToken.transfer.txID, PAY_MS), waitForInfo(payerB.web, unrelated.transfer.txID, PAY_MS)]);
  // Both really happened on chain.
  expect(await tokenBalance(payerA.web, dai, address)).toBe(12_500_000n);
  expect(await tokenBalance(payerA.web, tron.tokens.USDT, stranger)).toBe(12_500_000n);

  // A sentinel: a real payment to another session, sent after both. Once it is seen, the blocks of
  // the two ignored transfers have been scanned.
  const sentinel = await createSession(t, '1.00');
  await payerA.payAndWait(tron, tronOption(sentinel).address, 1n * E6);
  await waitForSession(t, sentinel.session_id, succeeded);

  const after = await getSession(t, s.session_id);
  expect(after).toMatchObject({ status: 'PENDING', exception: null, payments: [], amount_received: { value: '0.00' } });
  const rows = (await paymentRows(t.dataDir));
  expect(rows.map((r) => r.tx_hash)).not.toContain(wrongToken.transfer.txID);
  expect(rows.map((r) => r.tx_hash)).not.toContain(unrelated.transfer.txID);
  expect(rows.filter((r) => r.to_address === stranger)).toEqual([]);
  expect(rows.filter((r) => r.token_contract === dai)).toEqual([]);
  expect((await types(s.session_id))).toEqual(['payment_session.created']);
  // The sentinel's row is written as TRON writes it: base58 recipient and contract, txID without 0x.
  const sentinelRow = rows.find((r) => r.session_id === sentinel.session_id)!;
  expect(sentinelRow).toMatchObject({ to_address: tronOption(sentinel).address, token_contract: tron.tokens.USDT });
  expect(sentinelRow.tx_hash).toMatch(/^[0-9a-f]{64}$/);
}, budget([PAY_MS, PAY_MS, ...PAYMENT]));

test('devnet pay (what `stablepos devnet pay --network tron` runs) pays a session from a test payer, in USDT only', async () => {
  const s = await createSession(t, '2.00');
  const dir = join(t.dataDir, 'devnet');
  await expect(tronDevnetEntry.pay({ dir, network: 'tron', payer: 3, currency: 'USDC', to: tronOption(s).address, amountMinor: 2_000_000n })).rejects.toThrow('TRON offers no USDC: pay USDT');
  const txId = await tronDevnetEntry.pay({ dir, network: 'tron', payer: 3, currency: 'USDT', to: tronOption(s).address, amountMinor: 2_000_000n });
  expect(txId).toMatch(/^[0-9a-f]{64}$/);
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done.payments).toEqual([expect.objectContaining({ tx_hash: txId, from: new TronPayer(tron, tron.payerKeys[2]!).address, amount: '2.000000' })]);
}, budget([PAY_MS, PAY_MS, 10_000]));

describe('GET /v1/networks', () => {
  test('test mode: the TRON devnet, with its chain id, its test USDT (6 decimals), confirmations, its base URL as rpc_url, ready', async () => {
    const res = await t.api('GET', '/v1/networks');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.items.map((n: any) => [n.network, n]));
    expect(byName.tron).toMatchObject({
      family: 'tron',
      name: 'TRON',
      status: 'ready',
      chain_id: 728126428,
      devnet: true,
      rpc_url: tron.httpUrl,
      confirmations: CONFIRMATIONS,
      token_standard: 'TRC-20',
      tokens: [{ currency: 'USDT', contract: tron.tokens.USDT, decimals: 6, payable: true, unpayable_reason: null }],
      last_error: null,
    });
    expect(byName.tron.last_block).toBeGreaterThan(0);
    // Named `off` in test mode: switched off, listed as such (issue 31).
    expect(byName.ethereum.status).toBe('off');
  });

  test('live mode (no node configured): TRON not_configured, with the mainnet chain id and USDT contract', async () => {
    const res = await t.api('GET', '/v1/networks', { key: t.liveKey });
    const tronLive = res.body.data.items.find((n: any) => n.network === 'tron');
    expect(tronLive).toMatchObject({
      status: 'not_configured',
      chain_id: 728126428,
      devnet: false,
      rpc_url: null,
      last_block: null,
      tokens: [{ currency: 'USDT', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6, payable: true, unpayable_reason: null }],
    });
  });
});
