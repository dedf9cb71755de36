/**
 * Unmatched deposits on test mode's Solana devnet (surfnet in the core, 0.05 s slots), end to end over
 * real HTTP: a transfer into the merchant's token account that carries no reference, sent by a wallet
 * built on an independent library (@solana/web3.js 1.x and @solana/spl-token), as an exchange
 * withdrawal sends it, is listed once in GET /v1/deposits with its sender and amount, credits no
 * session, and stays out of balances and the ledger; until its slot is finalized (the network's
 * commitment, the surfnet clock held meanwhile) it shows no confirmation and is neither refunded nor
 * attributed (409 deposit_unconfirmed, issue 26). Then the owner resolves such deposits: attributed,
 * one completes a waiting session (counted once in the ledger); refunded, the exact amount reaches the
 * sender's token account by the refund machinery (test mode's refund wallet, funded on the devnet);
 * dismissed, it stays out of balances. A transfer naming the reference of a session whose monitoring
 * window has ended is listed as `late` (issue 17), once, across a restart. The devnet's test DAI, a
 * token the app does not support (Token-2022, 8 decimals), sent to the merchant's wallet by a wallet that
 * opens the merchant's DAI account as it sends, is listed once as `unsupported_token` in raw units with
 * its mint, even when it names an open session's reference (which it does not pay); it cannot be
 * attributed nor refunded, only dismissed, and a restart in between changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import type { CoreConfig } from '../../src/config.js';
import type { RunningSolanaDevnet } from '../../src/chains/solana/devnet/index.js';
import { budget, createSession, getSession, paymentRows, waitFor, waitForSession } from '../helpers/evm-chain.js';
import type { TestCoin } from '../helpers/solana-chain.js';
import {
  ataOf,
  CONFIRM_MS,
  devnetChain,
  devnetDai,
  SolanaPayer,
  type SolanaTestChain,
  solanaDevnetOf,
  solanaOption,
  surfnetCall,
  testMerchantWalletOf,
  tokenBalance,
  waitForSolanaPayable,
} from '../helpers/solana-chain.js';
import { confirmedDeposit } from '../helpers/deposits.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const E6 = 10n ** 6n;
/** One test DAI (8 decimals); less than 10^-6 of it is dust, never recorded. */
const E8 = 10n ** 8n;
/** A refund paid by test mode's refund wallet: signed and sent on the worker's next pass (500 ms), finalized 30 slots later; room for a loaded machine. */
const REFUND_MS = 20_000;

let dir: string;
let t: TestCore;
let devnet: RunningSolanaDevnet;
let chain: SolanaTestChain;
let wallet: PublicKey;
const config: Partial<CoreConfig> = {
  networks: { test: { ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), solana: 'devnet' } },
  devnetBlockTimeSeconds: 0.05,
  refundPollMs: 100,
};

async function start(): Promise<void> {
  t = await startTestCore({ ...config, dataDir: join(dir, 'data') });
  devnet = solanaDevnetOf(t.core.chains);
  chain = devnetChain(devnet);
  wallet = testMerchantWalletOf(t.dataDir);
  await waitForSolanaPayable(t);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-solana-deposits-'));
  await start();
}, 60_000);
afterAll(async () => {
  await t?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const deposits = async () => (await t.api('GET', '/v1/deposits?network=solana&limit=100')).body.data.items;

/**
 * The one deposit listed for `signature`, once it is listed and its slot finalized (`confirmed`: the
 * network's commitment), as it then stays: only then may it be attributed or refunded.
 */
async function confirmedOnce(signature: string): Promise<any> {
  const [deposit, ...more] = await waitFor(async () => {
    const found = (await deposits()).filter((d: any) => d.tx_hash === signature);
    return found.length > 0 ? found : false;
  }, 10_000, 'the deposit listed');
  expect(more).toEqual([]);
  return confirmedDeposit(t, deposit.id, CONFIRM_MS);
}

test('a transfer to the merchant\'s token account without reference is listed once as an unmatched deposit, with its sender and amount; no session is credited, nothing reaches balances', async () => {
  // A sale waiting for exactly this amount: the money must still not be guessed to be its.
  const s = await createSession(t, '4.20', 'USDT');
  const payer = new SolanaPayer(chain);
  await payer.receive(chain.coins.USDC, 4_200_000n);
  // As an exchange withdrawal sends it: the right amount to the merchant's wallet, no reference.
  const signature = await payer.send([payer.transfer(chain.coins.USDC, wallet, 4_200_000n)]);

  // Seen at `confirmed`, it is listed at once, but counts no confirmation until its slot is finalized
  // (issue 26): until then it is neither sent back nor counted toward a sale. The chain's clock is held
  // meanwhile, so no slot is finalized while the test looks (30 slots, 1.5 s, would race a loaded machine).
  await surfnetCall(devnet.rpcUrl, 'surfnet_pauseClock');
  try {
    const [early] = await waitFor(async () => {
      const found = (await deposits()).filter((d: any) => d.tx_hash === signature);
      return found.length > 0 ? found : false;
    }, 10_000, 'the deposit listed');
    expect(early).toMatchObject({ status: 'unmatched', confirmations: 0, confirmed: false, block_hash: expect.any(String) });
    for (const [action, body] of [['refund', {}], ['attribute', { session_id: s.session_id }]] as const) {
      const res = await t.api('POST', `/v1/deposits/${early.id}/${action}`, { body });
      expect([res.status, res.body.error?.code], res.text).toEqual([409, 'deposit_unconfirmed']);
    }
  } finally {
    await surfnetCall(devnet.rpcUrl, 'surfnet_resumeClock');
  }
  // Its slot finalized (the network's commitment): confirmed, and from then on as it stays.
  const deposit = await confirmedOnce(signature);
  expect(deposit.confirmations).toBeGreaterThanOrEqual(1);
  expect(deposit).toMatchObject({
    object: 'deposit',
    status: 'unmatched',
    reason: 'no_reference',
    network: 'solana',
    currency: 'USDC',
    token_contract: devnet.mints.USDC,
    amount: '4.200000',
    amount_base: '4200000',
    decimals: 6,
    // The customer's wallet (the owner of the source token account), where money would go back.
    from: payer.address,
    to: ataOf(chain.coins.USDC, wallet).toBase58(),
    explorer_url: null,
    livemode: false,
  });
  expect((await t.api('GET', `/v1/deposits/${deposit.id}`)).body.data).toEqual(deposit);
  const events = (await t.api('GET', `/v1/events?object_id=${deposit.id}`)).body.data.items;
  expect(events.map((e: any) => e.type)).toEqual(['deposit.unmatched']);

  // Never counted: no payment, no session credited, balances and ledger untouched.
  expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(signature);
  expect(await getSession(t, s.session_id)).toMatchObject({ status: 'PENDING', payments: [], amount_received: { value: '0.000000' } });
  const balance = (await t.api('GET', '/v1/balance')).body.data;
  for (const a of balance.accounts) expect([a.currency, a.available.value, a.pending.value]).toEqual([a.currency, expect.stringMatching(/^0\.0+$/), expect.stringMatching(/^0\.0+$/)]);
  expect((await t.api('GET', '/v1/balance/transactions')).body.data.items).toEqual([]);

  // A payment after it, watched through the same accounts, passes and finalizes: still listed once.
  const later = await createSession(t, '1.00');
  await new SolanaPayer(chain).pay(chain.coins.USDT, solanaOption(later), E6);
  await waitForSession(t, later.session_id, (x) => x.status === 'SUCCEEDED');
  expect((await deposits()).filter((d: any) => d.tx_hash === signature)).toEqual([deposit]);
}, budget([CONFIRM_MS, 10_000, CONFIRM_MS, CONFIRM_MS, 10_000]));

/** A customer's transfer of `amount` into the merchant's token account with no reference, once listed as a deposit and confirmed (only then may it be attributed or refunded). */
async function unreferenced(coin: TestCoin, amount: bigint): Promise<{ payer: SolanaPayer; deposit: any }> {
  const payer = new SolanaPayer(chain);
  await payer.receive(coin, amount);
  const signature = await payer.send([payer.transfer(coin, wallet, amount)]);
  return { payer, deposit: await confirmedOnce(signature) };
}

const balances = async () => (await t.api('GET', '/v1/balance')).body.data.accounts;

test('attributed to the session waiting for it, a deposit completes it: SUCCEEDED, in the ledger once', async () => {
  const s = await createSession(t, '2.50', 'USDT');
  const { deposit } = await unreferenced(chain.coins.USDT, 2_500_000n);
  expect((await getSession(t, s.session_id)).status).toBe('PENDING');
  const res = await t.api('POST', `/v1/deposits/${deposit.id}/attribute`, { body: { session_id: s.session_id } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toMatchObject({ status: 'attributed', session_id: s.session_id });

  // Finalized as any payment is (the watcher counts its confirmations).
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', CONFIRM_MS);
  expect(done).toMatchObject({ exception: null, amount_received: { value: '2.500000' } });
  expect(done.payments.map((p: any) => [p.tx_hash, p.status])).toEqual([[deposit.tx_hash, 'confirmed']]);
  const booked = (await t.api('GET', '/v1/balance/transactions?limit=100')).body.data.items.filter((e: any) => e.source === s.session_id);
  expect(booked.map((e: any) => [e.type, e.amount.value])).toEqual([['payment', '2.500000']]);
  // Still one deposit for the transfer, however many passes the watcher made since.
  expect((await deposits()).filter((d: any) => d.tx_hash === deposit.tx_hash)).toHaveLength(1);
  expect((await t.api('GET', `/v1/events?object_id=${deposit.id}`)).body.data.items.map((e: any) => e.type)).toEqual(['deposit.attributed', 'deposit.unmatched']);
  // The session's events, as for a payment sent to it (newest first).
  expect((await t.api('GET', `/v1/events?object_id=${s.session_id}`)).body.data.items.map((e: any) => e.type)).toEqual([
    'payment_session.succeeded',
    'payment_session.processing',
    'payment_session.payment_detected',
    'payment_session.created',
  ]);
}, budget([10_000 + CONFIRM_MS, CONFIRM_MS]));

test('refunded, the exact amount goes back to the sender\'s token account through the refund machinery; the deposit is then refunded', async () => {
  const { payer, deposit } = await unreferenced(chain.coins.USDC, 1_750_001n);
  expect(await tokenBalance(chain, chain.coins.USDC, payer.keypair.publicKey)).toBe(0n);
  const res = await t.api('POST', `/v1/deposits/${deposit.id}/refund`, { body: {} });
  expect(res.status, res.text).toBe(200);
  const refund = res.body.data;
  expect(refund).toMatchObject({ deposit_id: deposit.id, session_id: null, destination_address: payer.address, amount: { value: '1.750001', currency: 'USDC' }, payout: { method: 'wallet' } });
  expect((await t.api('GET', `/v1/deposits/${deposit.id}`)).body.data).toMatchObject({ status: 'unmatched', refund_id: refund.id });

  const after = await waitFor(async () => {
    const d = (await t.api('GET', `/v1/deposits/${deposit.id}`)).body.data;
    return d.status === 'refunded' ? d : false;
  }, REFUND_MS, 'the deposit refunded');
  expect(after.refund_id).toBe(refund.id);
  expect((await t.api('GET', `/v1/refunds/${refund.id}`)).body.data.status).toBe('SUCCEEDED');
  expect(await tokenBalance(chain, chain.coins.USDC, payer.keypair.publicKey)).toBe(1_750_001n);
  // Never paid twice.
  expect((await t.api('POST', `/v1/deposits/${deposit.id}/refund`, { body: {} })).status).toBe(409);
}, budget([10_000 + CONFIRM_MS, REFUND_MS]));

test('dismissed with a note, a deposit stays out of balances', async () => {
  const before = await balances();
  const { deposit } = await unreferenced(chain.coins.USDT, 900_000n);
  const res = await t.api('POST', `/v1/deposits/${deposit.id}/dismiss`, { body: { note: 'staff test transfer' } });
  expect(res.body.data).toMatchObject({ status: 'dismissed', note: 'staff test transfer' });
  // The watcher's later passes (up to a transfer after it, listed too) change nothing.
  const { deposit: later } = await unreferenced(chain.coins.USDT, 100_000n);
  expect(later.block_number).toBeGreaterThan(deposit.block_number);
  expect(await balances()).toEqual(before);
  expect((await t.api('GET', `/v1/deposits/${deposit.id}`)).body.data.status).toBe('dismissed');
}, budget([10_000 + CONFIRM_MS, 10_000 + CONFIRM_MS]));

test('a transfer naming the reference of a session past its monitoring window is listed once as late; a restart changes nothing', async () => {
  const s = await createSession(t, '2.50');
  const o = solanaOption(s);
  // The session's expiry (15 min) and monitoring window (24 h), and a minute more.
  t.advance((15 + 24 * 60 + 1) * 60_000);
  const payer = new SolanaPayer(chain);
  const signature = await payer.pay(chain.coins.USDT, o, 2_500_000n);

  const deposit = await confirmedOnce(signature);
  expect(deposit).toMatchObject({
    status: 'unmatched',
    reason: 'late',
    network: 'solana',
    currency: 'USDT',
    token_contract: devnet.mints.USDT,
    amount: '2.500000',
    amount_base: '2500000',
    decimals: 6,
    from: payer.address,
    // The merchant's token account it landed in: a session's reference is not an account.
    to: ataOf(chain.coins.USDT, wallet).toBase58(),
  });
  expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(signature);
  expect((await getSession(t, s.session_id)).payments).toEqual([]);

  await t.core.stop();
  await start();
  t.advance((15 + 24 * 60 + 1) * 60_000);
  // A payment after the restart, seen: the watcher has passed the late transfer again, or resumed after it.
  const later = await createSession(t, '1.00');
  await new SolanaPayer(chain).pay(chain.coins.USDT, solanaOption(later), E6);
  await waitForSession(t, later.session_id, (x) => x.payments.length === 1);
  expect((await deposits()).filter((d: any) => d.tx_hash === signature)).toEqual([deposit]);
}, budget([CONFIRM_MS, 10_000 + CONFIRM_MS, 60_000, CONFIRM_MS, 10_000]));

test('the test DAI naming an open session\'s reference pays nothing: it is listed once as an unsupported token, the session is not credited', async () => {
  const dai = devnetDai(devnet);
  const s = await createSession(t, '2.00', 'USDT');
  const o = solanaOption(s);
  const payer = new SolanaPayer(chain);
  await payer.receive(dai, 200_000_000n);
  // As a customer who scanned the sale's code and picked the wrong coin: the reference is there.
  const signature = await payer.sendAnyToken(dai, o.address, 200_000_000n, [o.reference]);

  const deposit = await confirmedOnce(signature);
  expect(deposit).toMatchObject({ status: 'unmatched', reason: 'unsupported_token', currency: null, token_contract: devnet.dai.mint, amount_base: '200000000', decimals: 8, to: ataOf(dai, wallet).toBase58() });
  expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(signature);
  expect(await getSession(t, s.session_id)).toMatchObject({ status: 'PENDING', payments: [], amount_received: { value: '0.000000' } });
}, budget([CONFIRM_MS, 10_000 + CONFIRM_MS]));

test('the test DAI sent to the merchant\'s wallet is listed once as an unsupported token in raw units with its mint, never in balances; it cannot be attributed nor refunded, a restart changes nothing, and it can be dismissed', async () => {
  const dai = devnetDai(devnet);
  const s = await createSession(t, '1.25', 'USDT');
  const before = { balances: await balances(), ledger: (await t.api('GET', '/v1/balance/transactions?limit=100')).body.data.items };
  const payer = new SolanaPayer(chain);
  await payer.receive(dai, 125_000_001n);
  const signature = await payer.sendAnyToken(dai, wallet, 125_000_001n);

  const deposit = await confirmedOnce(signature);
  expect(deposit).toMatchObject({
    status: 'unmatched',
    reason: 'unsupported_token',
    network: 'solana',
    // Never converted: the token's own units, its mint and decimals.
    currency: null,
    token_contract: devnet.dai.mint,
    amount: '1.25000001',
    amount_base: '125000001',
    decimals: 8,
    from: payer.address,
    // The merchant's DAI account, which the sender's wallet opened.
    to: ataOf(dai, wallet).toBase58(),
    livemode: false,
  });
  expect((await t.api('GET', `/v1/events?object_id=${deposit.id}`)).body.data.items.map((e: any) => e.type)).toEqual(['deposit.unmatched']);
  expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(signature);

  // Neither counted toward a sale nor sent back by the app (as on EVM and TRON).
  for (const [action, body] of [['attribute', { session_id: s.session_id }], ['refund', {}]] as const) {
    const res = await t.api('POST', `/v1/deposits/${deposit.id}/${action}`, { body });
    expect([res.status, res.body.error?.code], res.text).toEqual([409, 'invalid_state']);
  }

  await t.core.stop();
  await start();
  // A DAI transfer after the restart, listed: the new core's watcher has passed the first one again, or resumed after it.
  const again = new SolanaPayer(chain);
  await again.receive(dai, E8);
  await confirmedOnce(await again.sendAnyToken(dai, wallet, E8));
  expect((await deposits()).filter((d: any) => d.tx_hash === signature)).toEqual([deposit]);

  const res = await t.api('POST', `/v1/deposits/${deposit.id}/dismiss`, { body: { note: 'DAI: sent back by hand' } });
  expect(res.body.data).toMatchObject({ status: 'dismissed', note: 'DAI: sent back by hand' });
  expect(await getSession(t, s.session_id)).toMatchObject({ status: 'PENDING', payments: [] });
  expect(await balances()).toEqual(before.balances);
  expect((await t.api('GET', '/v1/balance/transactions?limit=100')).body.data.items).toEqual(before.ledger);
}, budget([CONFIRM_MS, 10_000 + CONFIRM_MS, 60_000, CONFIRM_MS, 10_000 + CONFIRM_MS]));
