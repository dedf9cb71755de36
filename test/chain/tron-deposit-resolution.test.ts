/**
 * Resolving unmatched deposits on test mode's TRON devnet (the java-tron stand-in, 0.25 s blocks), end
 * to end over real HTTP, each transfer made by an unmodified TronWeb wallet (issue 17): three late USDT
 * transfers (after their sessions' monitoring windows), each listed once as unmatched, then a restart
 * before the owner acts changes nothing; attributed, one completes a session waiting for its amount
 * (SUCCEEDED once confirmed, booked once, the session's usual events); refunded, test mode's refund
 * wallet pays the exact amount back to the sender's `T…` address (read through TronWeb), the deposit
 * becomes `refunded` and is never paid twice; dismissed, balances stay as they were. A restart after
 * that changes nothing either: each deposit listed once, in the state it was left in. And (issue 26)
 * a late deposit is refused until it has TRON's confirmations, is orphaned by a reorganisation that
 * drops it (a snapshot and a revert underneath, as test/chain/tron-reorg.test.ts makes one), and,
 * broadcast again and confirmed, is refunded.
 */
import { beforeAll, expect, test } from 'vitest';
import type { RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import type { CoreConfig } from '../../src/config.js';
import { budget, createSession, getSession, waitFor, waitForSession } from '../helpers/evm-chain.js';
import {
  confirmedDeposit,
  depositOf,
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
import { coreWithOwnDataDir, expectError, type TestCore } from '../helpers/test-core.js';
import { anvil, inclusionMs, mine, newAccount, tokenBalance, TronPayer, tronDevnetOf, tronOption, tronWeb, waitForInfo } from '../helpers/tron-chain.js';

const BLOCK_TIME_SECONDS = 0.25;
const PAY_MS = inclusionMs({ blockTimeSeconds: BLOCK_TIME_SECONDS });
/** A transaction in the block the test just mined: one short bound is enough. */
const MINED_MS = inclusionMs({ blockTimeSeconds: 0 });
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
    // As it stays once confirmed (its confirmations no longer counted): what the restart must leave alone.
    listed[k] = await confirmedDeposit(t, deposit.id, CONFIRM_MS);
  }
  found = listed as never;

  await restart();
  const after = await depositsOf(t, 'tron');
  for (const d of Object.values(deposits())) {
    expect(after.filter((x: any) => x.tx_hash === d.tx_hash)).toEqual([d]);
    expect(await eventTypes(t, d.id)).toEqual(['deposit.unmatched']);
  }
}, budget([...Array(3).fill(5_000), ...Array(3).fill(PAY_MS + LISTED_MS + CONFIRM_MS), ...RESTART_WAITS]));

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

test('a late deposit (issue 26) is refused (409 deposit_unconfirmed) until it has TRON\'s confirmations; a reorganisation that drops it orphans it; mined again and confirmed, it is refunded', async () => {
  // Last in the file: it mines the blocks itself (the stand-in's interval mining paused), so that each
  // confirmation is counted exactly. TRON's rule, as for payments: head − block + 1 blocks built on it
  // (by default 19, about one solidified block; here the file's 2).
  const devnet = tron();
  const ended = await createSession(t, '1.00');
  t.advance(PAST_WINDOW);
  await waitForSession(t, ended.session_id, (x) => x.status === 'EXPIRED', 5_000);
  const open = await createSession(t, '4.20');
  const payer = new TronPayer(devnet, newAccount().privateKey);
  const amount = 4_200_000n;
  await anvil(devnet, 'evm_setIntervalMining', [0]);
  try {
    const mint = await payer.mint(devnet.tokens.USDT, payer.address, amount);
    await mine(devnet);
    await waitForInfo(payer.web, mint.txID, MINED_MS);
    // The chain just before the deposit's block, to reorganise it away.
    const snapshot = await anvil<string>(devnet, 'evm_snapshot');
    const transfer = await payer.transfer(devnet.tokens.USDT, tronOption(ended).address, amount);
    await mine(devnet);
    const info = await waitForInfo(payer.web, transfer.txID, MINED_MS);

    const [d] = await listedOnce(t, 'tron', transfer.txID);
    expect(d).toMatchObject({ status: 'unmatched', reason: 'late', block_number: info.blockNumber, block_hash: expect.any(String), confirmations: 1, confirmed: false });
    expectError(await t.api('POST', `/v1/deposits/${d.id}/refund`, { body: {} }), 409, 'deposit_unconfirmed');
    expectError(await t.api('POST', `/v1/deposits/${d.id}/attribute`, { body: { session_id: open.session_id } }), 409, 'deposit_unconfirmed');

    // Two new blocks replace the deposit's block: the height is kept, the transfer is gone.
    await anvil(devnet, 'evm_revert', [snapshot]);
    await mine(devnet, 2);
    const gone = await waitFor(async () => { const x = await depositOf(t, d.id); return x.status === 'orphaned' ? x : undefined; }, 5_000, 'the deposit orphaned');
    expect(gone).toMatchObject({ confirmations: 0, confirmed: false });
    expect(await eventTypes(t, d.id)).toEqual(['deposit.orphaned', 'deposit.unmatched']);
    expect((await depositsOf(t, 'tron')).filter((x: any) => x.status === 'unmatched' && x.tx_hash === d.tx_hash)).toEqual([]);
    expectError(await t.api('POST', `/v1/deposits/${d.id}/refund`, { body: {} }), 409, 'invalid_state');
    expectError(await t.api('POST', `/v1/deposits/${d.id}/attribute`, { body: { session_id: open.session_id } }), 409, 'invalid_state');

    // The wallet broadcasts the very same signed bytes again: the money does arrive, in a later block,
    // and is unmatched again, counted from that block.
    await payer.broadcast(transfer);
    await mine(devnet);
    const again = await waitForInfo(payer.web, transfer.txID, MINED_MS);
    expect(again.blockNumber).toBeGreaterThan(info.blockNumber);
    const back = await waitFor(async () => { const x = await depositOf(t, d.id); return x.status === 'unmatched' ? x : undefined; }, 5_000, 'the deposit unmatched again');
    expect(back).toMatchObject({ block_number: again.blockNumber, confirmations: 1, confirmed: false });
    expectError(await t.api('POST', `/v1/deposits/${d.id}/refund`, { body: {} }), 409, 'deposit_unconfirmed');

    await mine(devnet);
    const settled = await confirmedDeposit(t, d.id, 5_000);
    expect(settled).toMatchObject({ status: 'unmatched', confirmations: 2, block_number: again.blockNumber });
    const before = await tokenBalance(tronWeb(devnet), devnet.tokens.USDT, payer.address);
    const res = await t.api('POST', `/v1/deposits/${d.id}/refund`, { body: {} });
    expect(res.status, res.text).toBe(200);
    // The refund wallet pays it in the blocks mined here, and it is confirmed as any payout.
    const refunded = await waitFor(async () => {
      await mine(devnet);
      const x = await depositOf(t, d.id);
      return x.status === 'refunded' ? x : undefined;
    }, REFUND_MS, 'the deposit refunded', 250);
    expect(refunded.refund_id).toBe(res.body.data.id);
    expect(await tokenBalance(tronWeb(devnet), devnet.tokens.USDT, payer.address)).toBe(before + amount);
    expect(await eventTypes(t, d.id)).toEqual(['deposit.refunded', 'deposit.unmatched', 'deposit.orphaned', 'deposit.unmatched']);
    expect((await getSession(t, open.session_id)).payments).toEqual([]);
  } finally {
    await anvil(devnet, 'evm_setIntervalMining', [1]);
  }
}, budget([5_000, MINED_MS, MINED_MS, LISTED_MS, 5_000, MINED_MS, 5_000, 5_000, REFUND_MS]));
