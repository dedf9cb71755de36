/**
 * Resolving unmatched deposits on test mode's TRON devnet (the java-tron stand-in, 0.25 s blocks), end
 * to end over real HTTP, each transfer made by an unmodified TronWeb wallet (issue 17): three late USDT
 * transfers (after their sessions' monitoring windows), each listed once as unmatched, then a restart
 * before the owner acts changes nothing; attributed, one completes a session waiting for its amount
 * (SUCCEEDED once confirmed, booked once, the session's usual events); refunded, test mode's refund
 * wallet pays the exact amount back to the sender's `T…` address (read through TronWeb), the deposit
 * becomes `refunded` and is never paid twice; dismissed, balances stay as they were. A restart after
 * that changes nothing either: each deposit listed once, in the state it was left in.
 */
import { beforeAll, expect, test } from 'vitest';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import type { CoreConfig } from '../../src/config.js';
import { budget, createSession, waitForSession } from '../helpers/evm-chain.js';
import {
  depositsOf,
  eventTypes,
  expectAttributionCompletesSession,
  expectDismissedOutOfBalances,
  expectRefundPaysSenderBack,
  LISTED_MS,
  ledger,
  listedOnce,
  PAST_WINDOW,
} from '../helpers/deposits.js';
import { coreWithOwnDataDir, type TestCore } from '../helpers/test-core.js';
import { inclusionMs, newAccount, tokenBalance, TronPayer, tronDevnetOf, tronOption, tronWeb } from '../helpers/tron-chain.js';

const BLOCK_TIME_SECONDS = 0.25;
const PAY_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });
/** Two confirmations at 0.25 s blocks, seen by the watcher's next passes; room for a loaded machine. */
const CONFIRM_MS = 15_000;
/** A refund paid: signed and sent on the worker's next pass (100 ms), in the next block, two confirmations; room for a loaded machine. */
const REFUND_MS = 15_000;
/** A core stopped and started again on the same data dir (the stand-in restarts with it). */
const RESTART_MS = 30_000;

let t: TestCore;
const config: Partial<CoreConfig> = {
  networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off' } },
  devnetBlockTimeSeconds: BLOCK_TIME_SECONDS,
  confirmations: { tron: 2 },
  refundPollMs: 100,
  // The expiry timer re-reads the (test-advanced) clock at least this often.
  expiryMaxSleepMs: 100,
};

const core = coreWithOwnDataDir('tron-deposit-resolution', config);
beforeAll(async () => {
  t = await core.start();
}, 60_000);

const tron = (): RunningTronDevnet => tronDevnetOf(t.core.chains);

/** The three late deposits as first listed, one for each resolution. */
let found: { attribute: any; refund: any; dismiss: any } | undefined;
const deposits = () => {
  if (!found) throw new Error('the first test did not run');
  return found;
};

/** Stops the core and starts it again on the same data dir, its clock past the sessions' windows again; a payment to a new session then completes it, so the watcher has scanned past what it found before (and the payment is booked before the tests look at balances). @returns that session's id */
async function restart(): Promise<string> {
  t = await core.restart();
  t.advance(PAST_WINDOW);
  const sentinel = await createSession(t, '1.00');
  await new TronPayer(tron(), newAccount().privateKey).payAndWait(tron(), tronOption(sentinel).address, 1_000_000n);
  await waitForSession(t, sentinel.session_id, (x) => x.status === 'SUCCEEDED', CONFIRM_MS);
  return sentinel.session_id;
}
const RESTART_WAITS = [RESTART_MS, PAY_MS, CONFIRM_MS];

test('three late USDT transfers are each listed once as unmatched; a restart before the owner acts changes nothing', async () => {
  const amounts = { attribute: 2_500_000n, refund: 1_750_001n, dismiss: 900_000n } as const;
  const kinds = Object.keys(amounts) as (keyof typeof amounts)[];
  const sessions = Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await createSession(t, '1.00')] as const)));
  t.advance(PAST_WINDOW);
  for (const s of Object.values(sessions)) await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);

  const listed: Record<string, any> = {};
  for (const k of kinds) {
    // A wallet nobody else uses: what it holds later came from the test.
    const payer = new TronPayer(tron(), newAccount().privateKey);
    const to = tronOption(sessions[k]).address;
    const paid = await payer.payAndWait(tron(), to, amounts[k]);
    const [deposit, ...again] = await listedOnce(t, 'tron', paid.txId);
    expect(again).toEqual([]);
    expect(deposit).toMatchObject({ status: 'unmatched', reason: 'late', network: 'tron', currency: 'USDT', amount_base: String(amounts[k]), from: payer.address, to, refund_id: null });
    listed[k] = deposit;
  }
  found = listed as never;

  await restart();
  const after = await depositsOf(t, 'tron');
  for (const d of Object.values(deposits())) {
    expect(after.filter((x: any) => x.tx_hash === d.tx_hash)).toEqual([d]);
    expect(await eventTypes(t, d.id)).toEqual(['deposit.unmatched']);
  }
}, budget([...Array(3).fill(5_000), ...Array(3).fill(PAY_MS + LISTED_MS), ...RESTART_WAITS]));

test('attributed to a session waiting for its amount, a late deposit completes it: SUCCEEDED once confirmed, in the ledger once', async () => {
  await expectAttributionCompletesSession(t, deposits().attribute, '2.50', CONFIRM_MS);
}, budget([CONFIRM_MS]));

test('refunded, the exact amount goes back to the sender\'s T… address from the test refund wallet; the deposit is refunded, never paid twice', async () => {
  const d = deposits().refund;
  await expectRefundPaysSenderBack(t, d, () => tokenBalance(tronWeb(tron()), tron().tokens.USDT, d.from), REFUND_MS);
}, budget([REFUND_MS]));

test('dismissed with a note, a late deposit stays out of balances', async () => {
  await expectDismissedOutOfBalances(t, deposits().dismiss, 'paid again in cash; customer asked us to keep it');
});

test('a restart after the owner acted changes nothing: each deposit listed once in the state it was left in, the ledger as it was', async () => {
  const before = await depositsOf(t, 'tron');
  const ledgerBefore = await ledger(t);
  const sentinel = await restart();
  const listed = await depositsOf(t, 'tron');
  for (const [kind, status] of [['attribute', 'attributed'], ['refund', 'refunded'], ['dismiss', 'dismissed']] as const) {
    const d = deposits()[kind];
    const now = listed.filter((x: any) => x.tx_hash === d.tx_hash);
    expect(now).toEqual(before.filter((x: any) => x.tx_hash === d.tx_hash));
    expect(now).toEqual([expect.objectContaining({ id: d.id, status })]);
  }
  // The new session's payment aside, the ledger is as it was: nothing booked again, nothing undone.
  expect((await ledger(t)).filter((e: any) => e.source !== sentinel)).toEqual(ledgerBefore);
}, budget(RESTART_WAITS));
