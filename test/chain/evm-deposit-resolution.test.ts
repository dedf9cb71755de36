/**
 * Resolving unmatched deposits on test mode's EVM devnets (ethereum, 6-decimal USDT, and bsc, 18-decimal
 * USDT; anvil in the core, 0.2 s blocks), end to end over real HTTP (issue 17): three late USDT
 * transfers per network (after their sessions' monitoring windows), each listed once as unmatched, then
 * a restart before the owner acts changes nothing; attributed, one completes a session waiting for its
 * amount (SUCCEEDED once confirmed, booked once, the session's usual events); refunded, test mode's
 * refund wallet pays the exact base units back to the sender (read from the chain), the deposit becomes
 * `refunded` and is never paid twice; dismissed, balances stay as they were. A restart after that
 * changes nothing either: each deposit listed once, in the state it was left in.
 */
import { type Address, erc20Abi } from 'viem';
import { beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import type { CoreConfig } from '../../src/config.js';
import { budget, client, createSession, evmDevnetOf, option, PAY_MS, waitForSession } from '../helpers/evm-chain.js';
import {
  confirmedDeposit,
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

const NETWORKS = ['ethereum', 'bsc'] as const;
type Net = (typeof NETWORKS)[number];
/** Two confirmations at 0.2 s blocks, seen by the watcher's next passes; room for a loaded machine. */
const CONFIRM_MS = 15_000;
/** A refund paid: signed and sent on the worker's next pass (100 ms), in the next block, two confirmations; room for a loaded machine. */
const REFUND_MS = 15_000;
/** A core stopped and started again on the same data dir (both devnets restart with it). */
const RESTART_MS = 30_000;

let t: TestCore;
const config: Partial<CoreConfig> = {
  networks: { test: { solana: 'off', tron: 'off' } },
  devnetBlockTimeSeconds: 0.2,
  confirmations: { ethereum: 2, bsc: 2 },
  refundPollMs: 100,
  // The expiry timer re-reads the (test-advanced) clock at least this often.
  expiryMaxSleepMs: 100,
};

const core = coreWithOwnDataDir('evm-deposit-resolution', config);
beforeAll(async () => {
  t = await core.start();
}, 60_000);

const devnet = (network: Net): Devnet => evmDevnetOf(t.core.chains, network);
/** `micro` (millionths of a USDT) in the network's USDT base units, plus `extra` of them. */
const usdt = (network: Net, micro: bigint, extra = 0n) => micro * 10n ** BigInt(devnet(network).decimals.USDT - 6) + extra;
const usdtBalance = (network: Net, owner: Address) =>
  client(devnet(network)).readContract({ address: devnet(network).tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

/** Each network's three late deposits as first listed, one for each resolution. */
const found: Partial<Record<Net, { attribute: any; refund: any; dismiss: any }>> = {};
const deposits = (network: Net) => {
  const f = found[network];
  if (!f) throw new Error('the first test did not run');
  return f;
};

/** Stops the core and starts it again on the same data dir, its clock past the sessions' windows again; a payment to a new session on each network then completes it, so each watcher has scanned past what it found before (and the payment is booked before the tests look at balances). */
async function restart(): Promise<string[]> {
  t = await core.restart();
  t.advance(PAST_WINDOW);
  const sentinels: string[] = [];
  for (const n of NETWORKS) {
    const sentinel = await createSession(t, '1.00');
    await mintAndPay(devnet(n), { payerKey: DEVNET_PAYER_KEYS[2]!, token: 'USDT', to: option(sentinel, n, 'USDT').address, amountBaseUnits: usdt(n, 1_000_000n) });
    await waitForSession(t, sentinel.session_id, (x) => x.status === 'SUCCEEDED', CONFIRM_MS);
    sentinels.push(sentinel.session_id);
  }
  return sentinels;
}
const RESTART_WAITS = [RESTART_MS, PAY_MS, CONFIRM_MS, PAY_MS, CONFIRM_MS];

test('three late USDT transfers per network are each listed once as unmatched; a restart before the owner acts changes nothing', async () => {
  const amounts = { attribute: 2_500_000n, refund: 1_750_001n, dismiss: 900_000n } as const;
  const kinds = Object.keys(amounts) as (keyof typeof amounts)[];
  const sessions = Object.fromEntries(
    await Promise.all(NETWORKS.flatMap((n) => kinds.map(async (k) => [`${n}:${k}`, await createSession(t, '1.00')] as const))),
  );
  t.advance(PAST_WINDOW);
  for (const s of Object.values(sessions)) await waitForSession(t, s.session_id, (x) => x.status === 'EXPIRED', 5_000);

  for (const n of NETWORKS) {
    const listed: Record<string, any> = {};
    for (const k of kinds) {
      // The refunded one on bsc carries base units below a micro-USDT: paid back exactly, not rounded.
      const amountBaseUnits = usdt(n, amounts[k], k === 'refund' && n === 'bsc' ? 1n : 0n);
      const payerKey = k === 'refund' ? DEVNET_PAYER_KEYS[1]! : DEVNET_PAYER_KEYS[0]!;
      const to = option(sessions[`${n}:${k}`], n, 'USDT').address;
      const paid = await mintAndPay(devnet(n), { payerKey, token: 'USDT', to, amountBaseUnits });
      const [deposit, ...again] = await listedOnce(t, n, paid.txHash);
      expect(again).toEqual([]);
      expect(deposit).toMatchObject({ status: 'unmatched', reason: 'late', network: n, currency: 'USDT', amount_base: String(amountBaseUnits), from: paid.from, to, refund_id: null });
      // As it stays once confirmed (its confirmations no longer counted): what the restart must leave alone.
      listed[k] = await confirmedDeposit(t, deposit.id, CONFIRM_MS);
    }
    found[n] = listed as never;
  }

  await restart();
  for (const n of NETWORKS) {
    const listed = await depositsOf(t, n);
    for (const d of Object.values(deposits(n))) {
      expect(listed.filter((x: any) => x.tx_hash === d.tx_hash)).toEqual([d]);
      expect(await eventTypes(t, d.id)).toEqual(['deposit.unmatched']);
    }
  }
}, budget([...Array(6).fill(5_000), ...Array(6).fill(PAY_MS + LISTED_MS + CONFIRM_MS), ...RESTART_WAITS]));

test.each(NETWORKS)('%s: attributed to a session waiting for its amount, a late deposit completes it: SUCCEEDED once confirmed, in the ledger once', async (n) => {
  await expectAttributionCompletesSession(t, deposits(n).attribute, '2.50', CONFIRM_MS);
}, budget([CONFIRM_MS]));

test.each(NETWORKS)('%s: refunded, the exact base units go back to the sender from the test refund wallet; the deposit is refunded, never paid twice', async (n) => {
  const d = deposits(n).refund;
  await expectRefundPaysSenderBack(t, d, () => usdtBalance(n, d.from), REFUND_MS);
}, budget([REFUND_MS]));

test.each(NETWORKS)('%s: dismissed with a note, a late deposit stays out of balances', async (n) => {
  await expectDismissedOutOfBalances(t, deposits(n).dismiss, 'paid again in cash; customer asked us to keep it');
});

test('a restart after the owner acted changes nothing: each deposit listed once in the state it was left in, the ledger as it was', async () => {
  const before = Object.fromEntries(await Promise.all(NETWORKS.map(async (n) => [n, await depositsOf(t, n)] as const)));
  const ledgerBefore = await ledger(t);
  const sentinels = await restart();
  for (const n of NETWORKS) {
    const listed = await depositsOf(t, n);
    for (const [kind, status] of [['attribute', 'attributed'], ['refund', 'refunded'], ['dismiss', 'dismissed']] as const) {
      const d = deposits(n)[kind];
      const now = listed.filter((x: any) => x.tx_hash === d.tx_hash);
      expect(now).toEqual(before[n]!.filter((x: any) => x.tx_hash === d.tx_hash));
      expect(now).toEqual([expect.objectContaining({ id: d.id, status })]);
    }
  }
  // The new sessions' payments aside, the ledger is as it was: nothing booked again, nothing undone.
  expect((await ledger(t)).filter((e: any) => !sentinels.includes(e.source))).toEqual(ledgerBefore);
}, budget(RESTART_WAITS));
