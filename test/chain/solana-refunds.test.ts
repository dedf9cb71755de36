/**
 * Refunds on Solana end to end, through POST /v1/refunds, on a surfnet the test runs itself (0.1 s
 * slots: a blockhash lives ~15 s, longer than a restart of the core) given to the core as its `solana`
 * RPC endpoint, with USDT a Token-2022 mint and USDC a classic Token one. The refund wallet is a key
 * the test makes, imported through PUT /v1/refund_wallets/solana and funded by the test (SOL by
 * surfnet's cheatcode, coins minted). Payers are web3.js wallets; what arrives is read through
 * spl-token. Partial then full refunds reach the payer's token account; a payer whose token account
 * was closed after paying gets it opened again by the refund; and a payout is never paid twice across
 * a crash of the app between storing it and sending it, or just after sending it (the restarts keep
 * the chain: it runs outside the core).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base58 } from '@scure/base';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { SolanaPayoutChain } from '../../src/chains/solana/refund-payout.js';
import type { CoreConfig } from '../../src/config.js';
import { budget, createSession, outboxEvents, waitFor, waitForSession } from '../helpers/evm-chain.js';
import {
  CONFIRM_MS,
  hasTokenAccount,
  mintCoins,
  openTokenAccount,
  type OwnSurfnet,
  SolanaPayer,
  solanaOption,
  startOwnSurfnet,
  testMerchantWalletOf,
  tokenBalance,
  waitForSolanaPayable,
} from '../helpers/solana-chain.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

/** A refund paid: signed and sent on the worker's next pass (100 ms), confirmed a few slots later; room for a loaded machine. */
const REFUND_MS = 15_000;
/** A core on an RPC endpoint: the database, the server, the first watcher pass. */
const CORE_MS = 15_000;
const E6 = 10n ** 6n;

let dir: string;
let chain: OwnSurfnet;
let config: Partial<CoreConfig>;
let t: TestCore;
const refundWallet = Keypair.generate();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-solana-refunds-'));
  chain = await startOwnSurfnet({ slotTimeMs: 100 });
  config = {
    dataDir: join(dir, 'data'),
    networks: { test: { ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), solana: chain.network } },
    chainPollMs: 100,
    refundPollMs: 100,
  };
  t = await startTestCore(config);
  const wallet = testMerchantWalletOf(t.dataDir);
  await openTokenAccount(chain, chain.coins.USDT, wallet);
  await openTokenAccount(chain, chain.coins.USDC, wallet);
  const put = await t.api('PUT', '/v1/refund_wallets/solana', { body: { private_key: base58.encode(refundWallet.secretKey) } });
  expect(put.status, put.text).toBe(200);
  expect(put.body.data.address).toBe(refundWallet.publicKey.toBase58());
  chain.fundSol(refundWallet.publicKey, 10);
  await mintCoins(chain, chain.coins.USDT, refundWallet.publicKey, 1_000n * E6);
  await mintCoins(chain, chain.coins.USDC, refundWallet.publicKey, 1_000n * E6);
  await waitForSolanaPayable(t);
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.stop().catch(() => undefined);
  chain?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const refundOf = async (id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;
const waitRefund = (id: string, check: (r: any) => boolean, what: string) =>
  waitFor(async () => {
    const r = await refundOf(id);
    return check(r) ? r : false;
  }, REFUND_MS, what);
const settled = (r: any) => r.status === 'SUCCEEDED' || r.status === 'FAILED';

/** A session paid in full in `currency` by a fresh payer, SUCCEEDED. */
async function paidSession(value: string, currency: 'USDT' | 'USDC' = 'USDT') {
  const s = await createSession(t, value, 'USD');
  const payer = new SolanaPayer(chain);
  const o = solanaOption(s, currency);
  await payer.pay(chain.coins[currency], o, BigInt(o.amount_due.replace('.', '')));
  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED');
  return { s: done, payer };
}

test('a partial then a full refund (Token-2022 USDT) reach the payer\'s token account, from the refund wallet', async () => {
  const { s, payer } = await paidSession('20.00');
  const usdt = chain.coins.USDT;
  expect(await tokenBalance(chain, usdt, payer.keypair.publicKey)).toBe(0n);

  const partial = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '5.00', currency: 'USD' }, reason: 'one coffee returned' } });
  expect(partial.status, partial.text).toBe(200);
  expect(partial.body.data).toMatchObject({
    status: 'PENDING',
    amount: { value: '5.000000', currency: 'USDT' },
    network: 'solana',
    destination_address: payer.address,
    destination_source: 'payer',
    payout: { method: 'wallet' },
  });
  const p = await waitRefund(partial.body.data.id, settled, 'the partial refund');
  expect(p.status, p.failure_reason).toBe('SUCCEEDED');
  expect(p.payout.from).toBe(refundWallet.publicKey.toBase58());
  expect(await tokenBalance(chain, usdt, payer.keypair.publicKey)).toBe(5n * E6);
  // On chain: the refund wallet signed a transfer to the payer's account, under the Token-2022 program.
  const tx = await chain.connection.getParsedTransaction(p.payout.tx_hash, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  expect(tx!.meta!.err).toBeNull();
  expect(tx!.transaction.message.accountKeys[0]!.pubkey.toBase58()).toBe(refundWallet.publicKey.toBase58());
  expect(tx!.meta!.postTokenBalances!.find((b) => b.owner === payer.address)).toMatchObject({ mint: usdt.mint.toBase58(), uiTokenAmount: { amount: '5000000' } });

  const full = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } });
  expect(full.body.data.amount).toEqual({ value: '15.000000', currency: 'USDT' });
  const f = await waitRefund(full.body.data.id, settled, 'the full refund');
  expect(f.status, f.failure_reason).toBe('SUCCEEDED');
  expect(f.payout.tx_hash).not.toBe(p.payout.tx_hash);
  expect(await tokenBalance(chain, usdt, payer.keypair.publicKey)).toBe(20n * E6);
  expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.amount_refunded).toEqual({ value: '20.00', currency: 'USD' });
  expectError(await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id } }), 409, 'amount_too_large');
  expect((await outboxEvents(t.dataDir, p.id)).map((e) => e.type)).toEqual(['refund.created', 'refund.processing', 'refund.succeeded']);
}, budget([CONFIRM_MS, 10_000, REFUND_MS, REFUND_MS]));

test('a payer whose token account was closed after paying: the refund opens it again and pays it (USDC, classic Token program)', async () => {
  const { s, payer } = await paidSession('6.00', 'USDC');
  const usdc = chain.coins.USDC;
  // The payer paid everything it held and closed the empty account (its rent back to itself).
  await payer.closeAccount(usdc);
  expect(await hasTokenAccount(chain, usdc, payer.keypair.publicKey)).toBe(false);

  const created = await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '2.50', currency: 'USDC' } } });
  expect(created.status, created.text).toBe(200);
  expect(created.body.data).toMatchObject({ status: 'PENDING', destination_address: payer.address });
  const r = await waitRefund(created.body.data.id, settled, 'the refund to a closed account');
  expect(r.status, r.failure_reason).toBe('SUCCEEDED');
  expect(await hasTokenAccount(chain, usdc, payer.keypair.publicKey)).toBe(true);
  expect(await tokenBalance(chain, usdc, payer.keypair.publicKey)).toBe(2_500_000n);
}, budget([CONFIRM_MS, 10_000, CONFIRM_MS, REFUND_MS]));

async function restartCore(): Promise<void> {
  await t.stop(); // what a kill leaves is the same: the payout is committed before any send
  t = await startTestCore(config);
}

test('a payout stored but never sent before the app died is sent after the restart and paid once, under its stored signature', async () => {
  const { s, payer } = await paidSession('10.00');
  const broadcast = vi.spyOn(SolanaPayoutChain.prototype, 'broadcast').mockRejectedValue(new Error('the app died before sending it'));
  const one = (await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3', currency: 'USDT' } } })).body.data;
  const stored = await waitRefund(one.id, (r) => r.status === 'PROCESSING' && r.payout.last_error !== null, 'the payout to be stored');
  expect(stored.payout).toMatchObject({ broadcasts: 0, last_error: 'the app died before sending it' });
  // Nothing reached the node.
  expect((await chain.connection.getSignatureStatuses([stored.payout.tx_hash], { searchTransactionHistory: true })).value[0]).toBeNull();
  expect(await tokenBalance(chain, chain.coins.USDT, payer.keypair.publicKey)).toBe(0n);
  broadcast.mockRestore();
  await restartCore();

  const after = await waitRefund(one.id, settled, 'the stored payout after the restart');
  expect(after.status, after.failure_reason).toBe('SUCCEEDED');
  expect(after.payout).toMatchObject({ tx_hash: stored.payout.tx_hash, from: stored.payout.from, last_error: null });
  // A Solana node shows no pool: a transaction sent but not yet in a slot reads as unknown, and the next
  // pass sends the same bytes again (as wallets do until the blockhash expires). How many sends a slow
  // machine makes varies; that they are one signature paid once does not.
  expect(after.payout.broadcasts).toBeGreaterThanOrEqual(1);
  expect(await tokenBalance(chain, chain.coins.USDT, payer.keypair.publicKey)).toBe(3n * E6);
  expect((await outboxEvents(t.dataDir, one.id)).map((e) => e.type)).toEqual(['refund.created', 'refund.processing', 'refund.succeeded']);
}, budget([CONFIRM_MS, 10_000, REFUND_MS, CORE_MS, REFUND_MS]));

test('a payout that reached the node just before the app died is found after the restart and paid once', async () => {
  const { s, payer } = await paidSession('10.00');
  const real = SolanaPayoutChain.prototype.broadcast;
  const broadcast = vi.spyOn(SolanaPayoutChain.prototype, 'broadcast').mockImplementation(async function (this: SolanaPayoutChain, raw: string) {
    await real.call(this, raw);
    throw new Error('the app died after sending it');
  });
  const two = (await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '4', currency: 'USDT' } } })).body.data;
  const stored = await waitRefund(two.id, (r) => r.payout?.last_error === 'the app died after sending it', 'the payout to be sent');
  expect(stored.payout.broadcasts).toBe(0);
  broadcast.mockRestore();
  await restartCore();

  const after = await waitRefund(two.id, settled, 'the payout after the restart');
  expect(after.status, after.failure_reason).toBe('SUCCEEDED');
  expect(after.payout.tx_hash).toBe(stored.payout.tx_hash);
  // Paid once: the app found it on chain or sent the same bytes again (which the node takes once).
  await waitFor(async () => (await chain.connection.getSignatureStatuses([after.payout.tx_hash])).value[0]?.confirmationStatus === 'finalized', 10_000, 'the payout finalized');
  expect(await tokenBalance(chain, chain.coins.USDT, payer.keypair.publicKey)).toBe(4n * E6);
  const refunds = (await t.api('GET', `/v1/refunds?session_id=${s.session_id}`)).body.data.items;
  expect(refunds.map((r: any) => r.payout.tx_hash)).toEqual([stored.payout.tx_hash]);
  expect((await t.api('GET', `/v1/payment/sessions/${s.session_id}`)).body.data.amount_refunded.value).toBe('4.00');
}, budget([CONFIRM_MS, 10_000, REFUND_MS, CORE_MS, REFUND_MS, 10_000]));
