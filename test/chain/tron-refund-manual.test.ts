/**
 * With no TRON refund wallet key stored, a TRON refund is paid by hand: it stays PENDING with the
 * destination's bare `T…` address as its QR payload (TRON has no payment-URI standard), and the watcher
 * confirms the owner's transfer of exactly that token and amount to it, made from any TRON wallet
 * (PENDING → PROCESSING → SUCCEEDED). A transfer of another amount is not the payout.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import { budget, createSession, outboxEvents, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { inclusionMs, newAccount, TronPayer, tronDevnetOf, tronOption } from '../helpers/tron-chain.js';

const PAY_MS = inclusionMs({ blockTimeSeconds: 0.25 });
const REFUND_MS = 15_000;

let t: TestCore;
let tron: RunningTronDevnet;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } }, devnetBlockTimeSeconds: 0.25, confirmations: { tron: 2 }, testRefundWallet: false, refundPollMs: 100 });
  tron = tronDevnetOf(t.core.chains);
}, 60_000);
afterAll(async () => t?.stop());

const refundOf = async (id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;

test('the QR payout path on TRON: the owner sends exactly the amount to the bare address shown, and the watcher confirms it', async () => {
  const customer = new TronPayer(tron, newAccount().privateKey);
  const s = await createSession(t, '6.00', 'USDT');
  await customer.payAndWait(tron, tronOption(s).address, 6_000_000n);
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);

  const r = (await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '2.5', currency: 'USDT' } } })).body.data;
  expect(r).toMatchObject({ status: 'PENDING', network: 'tron', destination_address: customer.address, payout: { method: 'manual', from: null, tx_hash: null } });
  expect(r.payout.uri).toBe(customer.address);
  expect(r.payout.qr).toEqual({ content: 'address', payload: customer.address });

  // A transfer of another amount to the customer is not the payout; a sentinel payment to a session,
  // sent after it, shows the watcher has scanned its block.
  const owner = new TronPayer(tron, tron.payerKeys[0]!);
  await owner.payAndWait(tron, customer.address, 2_400_000n);
  const sentinel = await createSession(t, '1.00');
  await owner.payAndWait(tron, tronOption(sentinel).address, 1_000_000n);
  await waitForSession(t, sentinel.session_id, (x) => x.payments.length === 1, 10_000);
  expect((await refundOf(r.id)).status).toBe('PENDING');

  // The owner pays: exactly that token and amount, to the address the QR carries.
  const paid = await owner.payAndWait(tron, r.payout.qr.payload, 2_500_000n);
  const done = await waitFor(async () => {
    const x = await refundOf(r.id);
    return x.status === 'SUCCEEDED' ? x : false;
  }, REFUND_MS, 'the manual payout to be confirmed');
  expect(done.payout).toMatchObject({ tx_hash: paid.txId });
  // Blocks keep coming while the watcher polls: at least the confirmations required, maybe one more.
  expect(done.payout.confirmations).toBeGreaterThanOrEqual(2);
  expect((await outboxEvents(t.dataDir, r.id)).map((e) => e.type)).toEqual(['refund.created', 'refund.processing', 'refund.succeeded']);
}, budget([PAY_MS, 10_000, PAY_MS, PAY_MS, 10_000, PAY_MS, REFUND_MS]));
