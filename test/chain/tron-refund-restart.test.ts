/**
 * A TRON refund payout is never paid twice across a crash. The app stores the signed transaction and
 * its txID before it broadcasts; after a restart only those bytes are ever sent again, and a TRON node
 * takes one transaction id once (a copy is `DUP_TRANSACTION_ERROR`). Two crashes, each followed by a
 * restart of the app and of its TRON devnet on the same data dir:
 *
 * 1. between storing the payout and broadcasting it: after the restart the stored transaction is sent
 *    and paid, under the txID stored before the crash;
 * 2. after the broadcast reached the node, before the app recorded it (blocks paused, so it is still
 *    waiting, and the restarted node has lost it): after the restart the same bytes are sent again,
 *    and the customer is paid once; a further copy is a duplicate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { TronPayoutChain } from '../../src/chains/tron/refund-payout.js';
import type { CoreConfig } from '../../src/config.js';
import { budget, createSession, outboxEvents, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { anvil, inclusionMs, mine, newAccount, tokenBalance, TronPayer, tronDevnetOf, tronOption, tronWeb } from '../helpers/tron-chain.js';

const BLOCK_TIME_SECONDS = 0.25;
const PAY_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });
const REFUND_MS = 15_000;
/** A core with its TRON devnet: starting (anvil, funding the refund wallet) and stopping (anvil's dump). */
const CORE_MS = 30_000;

const dataDir = mkdtempSync(join(tmpdir(), 'stablepos-tron-refund-restart-'));
const config: Partial<CoreConfig> = {
  dataDir,
  networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } },
  devnetBlockTimeSeconds: BLOCK_TIME_SECONDS,
  confirmations: { tron: 2 },
  testRefundWallet: { fundTokens: 100 },
  refundPollMs: 100,
};
const cores: TestCore[] = [];

afterAll(async () => {
  vi.restoreAllMocks();
  for (const t of cores) await t.core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<TestCore> {
  const t = await startTestCore(config);
  cores.push(t);
  return t;
}

async function stop(t: TestCore): Promise<void> {
  await t.core.stop(); // what a kill leaves is the same: the payout is committed before any send
  cores.splice(cores.indexOf(t), 1);
}

const refundOf = async (t: TestCore, id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;
const waitRefund = (t: TestCore, id: string, check: (r: any) => boolean, what: string) =>
  waitFor(async () => {
    const r = await refundOf(t, id);
    return check(r) ? r : false;
  }, REFUND_MS, what);
const settled = (r: any) => r.status === 'SUCCEEDED' || r.status === 'FAILED';

test('a payout stored but never sent before the app died is sent after the restart and paid once, under its stored txID', async () => {
  const first = await start();
  const tron = tronDevnetOf(first.core.chains);
  const customer = new TronPayer(tron, newAccount().privateKey);
  const s = await createSession(first, '10.00', 'USDT');
  await customer.payAndWait(tron, tronOption(s).address, 10_000_000n);
  await waitForSession(first, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);

  // The payout is signed and stored; the app "dies" before it reaches the node.
  const broadcast = vi.spyOn(TronPayoutChain.prototype, 'broadcast').mockRejectedValue(new Error('the app died before sending it'));
  const one = (await first.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3', currency: 'USDT' } } })).body.data;
  const stored = await waitRefund(first, one.id, (r) => r.status === 'PROCESSING' && r.payout.last_error !== null, 'the payout to be stored');
  expect(stored.payout).toMatchObject({ broadcasts: 0, nonce: null, last_error: 'the app died before sending it' });
  expect(stored.payout.tx_hash).toMatch(/^[0-9a-f]{64}$/);
  // Nothing reached the node.
  expect(await tronWeb(tron).trx.getUnconfirmedTransactionInfo(stored.payout.tx_hash)).toEqual({});
  expect(await tokenBalance(tronWeb(tron), tron.tokens.USDT, customer.address)).toBe(0n);
  await stop(first);
  broadcast.mockRestore();

  const second = await start();
  const after = await waitRefund(second, one.id, settled, 'the stored payout after the restart');
  expect(after.status, after.failure_reason).toBe('SUCCEEDED');
  expect(after.payout).toMatchObject({ tx_hash: stored.payout.tx_hash, from: stored.payout.from, broadcasts: 1, last_error: null });
  const chain = tronDevnetOf(second.core.chains);
  expect(await tokenBalance(tronWeb(chain), chain.tokens.USDT, customer.address)).toBe(3_000_000n);
  expect(((await tronWeb(chain).trx.getUnconfirmedTransactionInfo(after.payout.tx_hash)) as any).receipt.result).toBe('SUCCESS');
  expect((await outboxEvents(dataDir, one.id)).map((e) => e.type)).toEqual(['refund.created', 'refund.processing', 'refund.succeeded']);
  await stop(second);
}, budget([CORE_MS, PAY_MS, 10_000, REFUND_MS, CORE_MS, CORE_MS, REFUND_MS]));

test('a payout that reached the node just before the app died is sent again after the restart, as the same bytes, and pays once', async () => {
  const first = await start();
  const tron = tronDevnetOf(first.core.chains);
  const customer = new TronPayer(tron, newAccount().privateKey);
  const s = await createSession(first, '10.00', 'USDT');
  await customer.payAndWait(tron, tronOption(s).address, 10_000_000n);
  await waitForSession(first, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);

  // No blocks from here, so the payout waits in the node's pool rather than confirming before the "crash".
  await anvil(tron, 'evm_setIntervalMining', [0]);
  // The node takes the transaction; the app dies before it records that it did.
  const real = TronPayoutChain.prototype.broadcast;
  const sent: string[] = [];
  const broadcast = vi.spyOn(TronPayoutChain.prototype, 'broadcast').mockImplementation(async function (this: TronPayoutChain, raw: string) {
    await real.call(this, raw);
    sent.push(raw);
    throw new Error('the app died after sending it');
  });
  const two = (await first.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '4', currency: 'USDT' } } })).body.data;
  const stored = await waitRefund(first, two.id, (r) => r.status === 'PROCESSING' && r.payout.last_error !== null, 'the payout to be sent');
  expect(stored.payout).toMatchObject({ broadcasts: 0, last_error: 'the app died after sending it' });
  expect(JSON.parse(sent[0]!).txID).toBe(stored.payout.tx_hash);
  // The node holds it, not yet in a block.
  expect((await tronWeb(tron).trx.getTransaction(stored.payout.tx_hash).catch((e: Error) => e.message))).toBe('Transaction not found');
  await stop(first);
  broadcast.mockRestore();

  // The devnet starts again, with its blocks, but without the waiting transaction (anvil keeps no
  // pool across a restart, as a restarted java-tron node may lose its own): the app finds it neither in
  // a block nor in the pool, and sends the same stored bytes again. Paid once.
  const second = await start();
  const chain = tronDevnetOf(second.core.chains);
  const after = await waitRefund(second, two.id, settled, 'the payout after the restart');
  expect(after.status, after.failure_reason).toBe('SUCCEEDED');
  expect(after.payout).toMatchObject({ tx_hash: stored.payout.tx_hash, broadcasts: 1 });
  // Two more blocks: still paid once.
  await mine(chain, 2);
  expect(await tokenBalance(tronWeb(chain), chain.tokens.USDT, customer.address)).toBe(4_000_000n);
  expect(await tronWeb(chain).trx.sendRawTransaction(JSON.parse(sent[0]!))).toMatchObject({ code: 'DUP_TRANSACTION_ERROR' });
  expect((await second.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.amount_refunded.value).toBe('4.000000');
  await stop(second);
}, budget([CORE_MS, PAY_MS, 10_000, REFUND_MS, CORE_MS, CORE_MS, REFUND_MS]));
