/**
 * With no refund wallet key stored, a refund is paid by hand: it stays PENDING with an EIP-681 wallet
 * QR (`payout.uri`), and the watcher confirms the owner's transfer of exactly that token and amount
 * to the destination (PENDING → PROCESSING → SUCCEEDED). Canceling a PENDING refund releases it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Devnet } from '../../src/chains/evm/devnet/devnet.js';
import { createSession, devAccountKey, option, outboxEvents, TestWallet, uriAmount, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let eth: Devnet;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0.2, confirmations: { ethereum: 2 }, testRefundWallet: false, refundPollMs: 100 });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
}, 60_000);
afterAll(async () => t?.stop());

const refundOf = async (id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;

test('the QR payout path: the owner pays the URI from any wallet and the watcher confirms it', async () => {
  const customer = new TestWallet(eth, devAccountKey(8));
  const s = await createSession(t, '6.00', 'USDC');
  await customer.pay(eth.tokens.USDC, option(s, 'ethereum', 'USDC').address, 6_000_000n);
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 15_000);

  const r = (await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '2.5', currency: 'USDC' } } })).body.data;
  expect(r).toMatchObject({ status: 'PENDING', destination_address: customer.address, payout: { method: 'manual', from: null, tx_hash: null } });
  expect(r.payout.uri).toBe(`ethereum:${eth.tokens.USDC}@1337/transfer?address=${customer.address}&uint256=2500000`);
  expect(r.payout.qr).toEqual({ content: 'uri', payload: r.payout.uri });

  // A transfer of another amount is not the payout.
  const owner = new TestWallet(eth, devAccountKey(9));
  await owner.pay(eth.tokens.USDC, customer.address, 2_400_000n);
  await new Promise((res) => setTimeout(res, 800));
  expect((await refundOf(r.id)).status).toBe('PENDING');

  // The owner pays the QR: exactly that token and amount to the destination.
  const paid = await owner.pay(eth.tokens.USDC, customer.address, uriAmount(r.payout.uri));
  const done = await waitFor(async () => {
    const x = await refundOf(r.id);
    return x.status === 'SUCCEEDED' ? x : false;
  }, 15_000, 'the manual payout to be confirmed');
  expect(done.payout).toMatchObject({ tx_hash: paid.transfer.hash });
  // Blocks keep coming while the watcher polls: at least the confirmations required, maybe one more.
  expect(done.payout.confirmations).toBeGreaterThanOrEqual(2);
  expect((await outboxEvents(t.dataDir, r.id)).map((e) => e.type)).toEqual(['refund.created', 'refund.processing', 'refund.succeeded']);

  // A second refund, canceled while PENDING: its money is free again.
  const second = (await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } })).body.data;
  expect(second.amount.value).toBe('3.500000');
  const canceled = await t.api('POST', `/v1/refunds/${second.id}/cancel`);
  expect(canceled.body.data.status).toBe('CANCELED');
  expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.amount_refunded.value).toBe('2.500000');
  expect((await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } })).body.data.amount.value).toBe('3.500000');
}, 60_000);
