/**
 * A TRON refund payout dropped by a reorganisation (a revert to a snapshot taken before its block:
 * gone from the chain and from the pool) is sent again as the very same signed transaction, under the
 * same txID, once, and pays the customer exactly once. Blocks are mined by the test (the stand-in's
 * interval mining paused underneath).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import { budget, createSession, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { anvil, inclusionMs, mine, newAccount, tokenBalance, TronPayer, tronDevnetOf, tronOption, tronWeb, waitForInfo } from '../helpers/tron-chain.js';

const REQUIRED = 3;
const MINED_MS = inclusionMs({ blockTimeSeconds: 0 });
const REFUND_MS = 10_000;

let t: TestCore;
let tron: RunningTronDevnet;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } }, devnetBlockTimeSeconds: 0.25, confirmations: { tron: REQUIRED }, refundPollMs: 100 });
  tron = tronDevnetOf(t.core.chains);
  await anvil(tron, 'evm_setIntervalMining', [0]);
}, 60_000);
afterAll(async () => t?.stop());

const usdt = (owner: string) => tokenBalance(tronWeb(tron), tron.tokens.USDT, owner);
const refundOf = async (id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;
const waitRefund = (id: string, check: (r: any) => boolean, what: string) =>
  waitFor(async () => {
    const r = await refundOf(id);
    return check(r) ? r : false;
  }, REFUND_MS, what);

test('a payout dropped by a reorganisation is sent again once, the same transaction, and pays once', async () => {
  const payer = new TronPayer(tron, newAccount().privateKey);
  const s = await createSession(t, '8.00');
  const paid = await payer.pay(tron.tokens.USDT, tronOption(s).address, 8_000_000n);
  await mine(tron, REQUIRED);
  await waitForInfo(payer.web, paid.transfer.txID, MINED_MS);
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  expect(await usdt(payer.address)).toBe(0n);

  const snapshot = await anvil<string>(tron, 'evm_snapshot');
  const created = (await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3', currency: 'USDT' } } })).body.data;
  const sent = await waitRefund(created.id, (r) => r.status === 'PROCESSING' && r.payout.broadcasts === 1, 'the payout broadcast');
  await mine(tron);
  await waitRefund(created.id, (r) => r.payout.confirmations === 1, 'one confirmation');
  expect(await usdt(payer.address)).toBe(3_000_000n);

  // The block holding the payout is replaced by an empty one: the payout is gone, from the pool too.
  await anvil(tron, 'evm_revert', [snapshot]);
  await mine(tron);
  expect(await tronWeb(tron).trx.getUnconfirmedTransactionInfo(sent.payout.tx_hash)).toEqual({});
  expect(await usdt(payer.address)).toBe(0n);

  // Neither in a block nor in the pool, and still valid: the same bytes are sent again, once.
  const resent = await waitRefund(created.id, (r) => r.payout.broadcasts === 2, 'the payout to be sent again');
  expect(resent).toMatchObject({ status: 'PROCESSING', payout: { tx_hash: sent.payout.tx_hash, confirmations: 0 } });
  // It waits in the node's pool (gettransactionfrompending), where the worker finds it on its next
  // passes (every 100 ms) and does not send it again: still 2 broadcasts at the end, below.
  const pending = await tronWeb(tron).fullNode.request<any>('wallet/gettransactionfrompending', { value: sent.payout.tx_hash }, 'post');
  expect(pending.txID).toBe(sent.payout.tx_hash);

  await mine(tron, REQUIRED);
  const done = await waitRefund(created.id, (r) => r.status === 'SUCCEEDED', 'the refund to succeed');
  expect(done.payout).toMatchObject({ tx_hash: sent.payout.tx_hash, broadcasts: 2, confirmations: REQUIRED });
  expect(await usdt(payer.address)).toBe(3_000_000n);
  await mine(tron, 2);
  await waitRefund(created.id, (r) => r.payout.confirmations >= REQUIRED, 'the refund after two more blocks');
  expect(await usdt(payer.address)).toBe(3_000_000n);
  expect((await refundOf(created.id)).payout.broadcasts).toBe(2);
}, budget([MINED_MS, 10_000, REFUND_MS, REFUND_MS, REFUND_MS, REFUND_MS, REFUND_MS]));
