/**
 * Payments on test mode's Solana devnet (surfnet in the core, 0.05 s slots, so `finalized` comes ~1.5 s
 * after `confirmed`), end to end over real HTTP: Solana Pay transfer requests paid by customers'
 * wallets built on an independent library (@solana/web3.js 1.x and @solana/spl-token, and @solana/pay's
 * own createTransfer), found by the core's watcher through the merchant's token accounts and turned
 * into session states. The option itself (the request parsed by @solana/pay), exact, partial then
 * top-up, overpaid, two transfers in one transaction, USDC for a USDT or USD price, a v0 transaction
 * with a memo, a failed transaction, a transfer without reference (unattributed), unrelated transfers,
 * and /v1/networks.
 */
import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, type PublicKey, TransactionInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import type { RunningSolanaDevnet } from '../../src/chains/solana/devnet/index.js';
import { budget, createSession, getSession, outboxEvents, paymentRows, waitFor, waitForSession } from '../helpers/evm-chain.js';
import {
  ataOf,
  baseUnits,
  CONFIRM_MS,
  createTestMint,
  devnetChain,
  MEMO_PROGRAM,
  mintCoins,
  openTokenAccount,
  SolanaPayer,
  type SolanaTestChain,
  solanaDevnetOf,
  solanaOption,
  solanaWatcherOf,
  surfnetCall,
  testMerchantWalletOf,
  tokenBalance,
  waitForConfirmed,
  waitForSolanaPayable,
} from '../helpers/solana-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const E6 = 10n ** 6n;
/** A payment's waits: confirmed (a few slots), then the session reaching its state (finalized 30 slots later). */
const PAYMENT = [CONFIRM_MS, 10_000];

let t: TestCore;
let devnet: RunningSolanaDevnet;
let chain: SolanaTestChain;
let wallet: PublicKey;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), solana: 'devnet' } },
    devnetBlockTimeSeconds: 0.05,
  });
  devnet = solanaDevnetOf(t.core.chains);
  chain = devnetChain(devnet);
  wallet = testMerchantWalletOf(t.dataDir);
  await waitForSolanaPayable(t);
}, 60_000);
afterAll(async () => t?.stop());

const succeeded = (s: any) => s.status === 'SUCCEEDED';
const types = async (id: string) => (await outboxEvents(t.dataDir, id)).map((e) => e.type);
const usdt = () => chain.coins.USDT;
const usdc = () => chain.coins.USDC;

test('a session offers USDT and USDC on Solana as Solana Pay requests that @solana/pay parses; an exact payment is PROCESSING at confirmed, SUCCEEDED at finalized', async () => {
  const s = await createSession(t, '12.50', 'USD', { description: 'Order 42 · flat white' });
  expect(s.payment_options.map((o: any) => `${o.network}:${o.currency}`).sort()).toEqual(['solana:USDC', 'solana:USDT']);
  const o = solanaOption(s, 'USDT');
  expect(o).toMatchObject({
    network: 'solana',
    token_standard: 'SPL',
    currency: 'USDT',
    amount_due: '12.500000',
    token_contract: devnet.mints.USDT,
    // The money goes to the merchant's one wallet; the session is told apart by its reference.
    address: wallet.toBase58(),
    qr: { content: 'uri', payload: o.uri },
  });
  expect(o.reference).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  expect(o.reference).not.toBe(o.address);
  expect(solanaOption(s, 'USDC').reference).toBe(o.reference);

  const request = parseURL(o.uri) as TransferRequestURL;
  expect(request.recipient.toBase58()).toBe(wallet.toBase58());
  expect(request.amount?.toString()).toBe('12.5');
  expect(request.splToken?.toBase58()).toBe(devnet.mints.USDT);
  expect(request.reference?.map((r) => r.toBase58())).toEqual([o.reference]);
  const merchantName = (await t.api('GET', '/v1/merchant')).body.data.name;
  expect([request.label, request.message]).toEqual([merchantName, 'Order 42 · flat white']);

  const payer = new SolanaPayer(chain);
  const paid = await payer.pay(usdt(), o, 12_500_000n);
  // Seen at `confirmed`: PROCESSING, not yet counted as final. The chain's clock is held meanwhile, so
  // no slot is finalized while the test looks (30 slots, 1.5 s, would otherwise race a loaded machine).
  await surfnetCall(devnet.rpcUrl, 'surfnet_pauseClock');
  try {
    const processing = await waitForSession(t, s.session_id, (x) => x.status === 'PROCESSING' || succeeded(x));
    expect(processing.status).toBe('PROCESSING');
    expect(processing.payments).toEqual([expect.objectContaining({ tx_hash: paid, status: 'detected', confirmations: 0 })]);
  } finally {
    await surfnetCall(devnet.rpcUrl, 'surfnet_resumeClock');
  }
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done.exception).toBeNull();
  expect(done.amount_received).toEqual({ value: '12.50', currency: 'USD' });
  expect(done.payments).toEqual([
    {
      network: 'solana',
      currency: 'USDT',
      tx_hash: paid,
      log_index: expect.any(Number),
      block_number: expect.any(Number),
      // The payer is the owner of the source token account: the wallet, where a refund goes.
      from: payer.address,
      amount: '12.500000',
      confirmations: expect.any(Number),
      status: 'confirmed',
      explorer_url: null,
      created_at: expect.any(String),
    },
  ]);
  // One "confirmation" is the finalized commitment; the count may have grown by the time it is read.
  expect(done.payments[0].confirmations).toBeGreaterThanOrEqual(1);
  expect(await tokenBalance(chain, usdt(), wallet)).toBeGreaterThanOrEqual(12_500_000n);
  expect((await types(s.session_id))).toEqual(['payment_session.created', 'payment_session.payment_detected', 'payment_session.processing', 'payment_session.succeeded']);
  // The row stores the reference as the deposit it paid.
  expect((await paymentRows(t.dataDir)).find((r) => r.tx_hash === paid)).toMatchObject({ to_address: o.reference, token_contract: devnet.mints.USDT });
}, budget(PAYMENT));

test('partial payment, then a top-up from another wallet by the rest\'s request: UNDERPAID, then SUCCEEDED', async () => {
  const s = await createSession(t, '12.50');
  const o = solanaOption(s);
  const first = await new SolanaPayer(chain).pay(usdt(), o, 5n * E6);
  const partial = await waitForSession(t, s.session_id, (x) => x.payments[0]?.status === 'confirmed');
  expect(partial).toMatchObject({ status: 'PENDING', exception: 'UNDERPAID', amount_received: { value: '5.00', currency: 'USD' } });
  const rest = solanaOption(partial);
  expect(rest).toMatchObject({ amount_due: '7.500000', reference: o.reference, address: o.address });
  expect((parseURL(rest.uri) as TransferRequestURL).amount?.toString()).toBe('7.5');

  const second = await new SolanaPayer(chain).pay(usdt(), rest, baseUnits(rest.amount_due));
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done.exception).toBeNull();
  expect(done.payments.map((p: any) => [p.tx_hash, p.amount])).toEqual([
    [first, '5.000000'],
    [second, '7.500000'],
  ]);
  expect((await types(s.session_id))).toContain('payment_session.exception');
}, budget([...PAYMENT, ...PAYMENT]));

test('overpayment: SUCCEEDED with OVERPAID, all of it received', async () => {
  const s = await createSession(t, '12.50');
  await new SolanaPayer(chain).pay(usdt(), solanaOption(s), 13n * E6);
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done).toMatchObject({ exception: 'OVERPAID', amount_received: { value: '13.00', currency: 'USD' } });
}, budget(PAYMENT));

describe('two transfers in one transaction', () => {
  test('to two sessions, each with its own reference: each is credited its own transfer', async () => {
    const a = await createSession(t, '3.00');
    const b = await createSession(t, '4.00');
    const payer = new SolanaPayer(chain);
    await payer.receive(usdt(), 7n * E6);
    const sig = await payer.send([payer.transfer(usdt(), wallet, 3n * E6, [solanaOption(a).reference]), payer.transfer(usdt(), wallet, 4n * E6, [solanaOption(b).reference])]);
    const [doneA, doneB] = await Promise.all([waitForSession(t, a.session_id, succeeded), waitForSession(t, b.session_id, succeeded)]);
    expect(doneA.payments).toEqual([expect.objectContaining({ tx_hash: sig, amount: '3.000000' })]);
    expect(doneB.payments).toEqual([expect.objectContaining({ tx_hash: sig, amount: '4.000000' })]);
    expect(doneA.payments[0].log_index).not.toBe(doneB.payments[0].log_index);
    expect([doneA.exception, doneB.exception]).toEqual([null, null]);
  }, budget(PAYMENT));

  test('both to one session: two payments of one transaction, summed', async () => {
    const s = await createSession(t, '3.00');
    const payer = new SolanaPayer(chain);
    await payer.receive(usdt(), 3n * E6);
    const ref = solanaOption(s).reference;
    const sig = await payer.send([payer.transfer(usdt(), wallet, 1_500_000n, [ref]), payer.transfer(usdt(), wallet, 1_500_000n, [ref])]);
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.payments.map((p: any) => [p.tx_hash, p.amount])).toEqual([
      [sig, '1.500000'],
      [sig, '1.500000'],
    ]);
    expect(new Set(done.payments.map((p: any) => p.log_index)).size).toBe(2);
  }, budget(PAYMENT));
});

describe('USDC for another coin\'s price', () => {
  test('a USDT-priced session paid in USDC: SUCCEEDED, the payment in USDC', async () => {
    const s = await createSession(t, '10.00', 'USDT');
    const o = solanaOption(s, 'USDC');
    expect(o.amount_due).toBe('10.000000');
    expect((parseURL(o.uri) as TransferRequestURL).splToken?.toBase58()).toBe(devnet.mints.USDC);
    await new SolanaPayer(chain).pay(usdc(), o, 10n * E6);
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done.exception).toBeNull();
    expect(done.payments).toEqual([expect.objectContaining({ currency: 'USDC', amount: '10.000000' })]);
    expect(done.amount_received).toEqual({ value: '10.000000', currency: 'USDT' });
  }, budget(PAYMENT));

  test('a JPY-priced session paid in USDC at the rate locked at creation', async () => {
    const s = await createSession(t, '999', 'JPY');
    const o = solanaOption(s, 'USDC');
    expect(o.rate).toBe('0.0067');
    expect(o.amount_due).toBe('6.700000');
    await new SolanaPayer(chain).pay(usdc(), o, baseUnits(o.amount_due));
    const done = await waitForSession(t, s.session_id, succeeded);
    expect(done).toMatchObject({ exception: null, amount_received: { value: '999', currency: 'JPY' } });
  }, budget(PAYMENT));
});

test('a v0 transaction with a memo instruction before the transfer pays its session', async () => {
  const s = await createSession(t, '2.00');
  const payer = new SolanaPayer(chain);
  await payer.receive(usdt(), 2n * E6);
  const memo = new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from('order 42') });
  const sig = await payer.send([memo, payer.transfer(usdt(), wallet, 2n * E6, [solanaOption(s).reference])], { v0: true });
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done.payments).toEqual([expect.objectContaining({ tx_hash: sig, amount: '2.000000', from: payer.address })]);
}, budget(PAYMENT));

test('a transfer built by @solana/pay\'s createTransfer from the session\'s own URI pays it', async () => {
  const s = await createSession(t, '4.20');
  const o = solanaOption(s);
  const { recipient, amount, splToken, reference } = parseURL(o.uri) as TransferRequestURL;
  const payer = new SolanaPayer(chain);
  await payer.receive(usdt(), 5n * E6);
  // createTransfer (0.2.6) reads the recipient's wallet and both token accounts from the chain first,
  // and refuses a recipient wallet that does not exist (holds no SOL): test mode's merchant wallet has some.
  const tx = await createTransfer(chain.connection, payer.keypair.publicKey, { recipient, amount: amount!, splToken, reference }, { commitment: 'confirmed' });
  tx.feePayer = payer.keypair.publicKey;
  tx.recentBlockhash = (await chain.connection.getLatestBlockhash('confirmed')).blockhash;
  tx.sign(payer.keypair);
  const sig = await waitForConfirmed(chain.connection, await chain.connection.sendRawTransaction(tx.serialize()));
  const done = await waitForSession(t, s.session_id, succeeded);
  expect(done).toMatchObject({ exception: null, amount_received: { value: '4.20', currency: 'USD' } });
  expect(done.payments).toEqual([expect.objectContaining({ tx_hash: sig, amount: '4.200000', from: payer.address })]);
}, budget(PAYMENT));

describe('transfers that pay no session', () => {
  /** A real payment sent after `what`: once its session SUCCEEDS, the watcher has read past `what`. */
  async function sentinel(): Promise<void> {
    const s = await createSession(t, '1.00');
    await new SolanaPayer(chain).pay(usdt(), solanaOption(s), E6);
    await waitForSession(t, s.session_id, succeeded);
  }

  test('a failed transaction (more than the payer holds, sent without preflight) is ignored', async () => {
    const s = await createSession(t, '5.00');
    const payer = new SolanaPayer(chain);
    await payer.receive(usdt(), E6);
    const failed = await payer.send([payer.transfer(usdt(), wallet, 5n * E6, [solanaOption(s).reference])], { skipPreflight: true, expectFailure: true });
    await sentinel();
    expect(await getSession(t, s.session_id)).toMatchObject({ status: 'PENDING', exception: null, payments: [], amount_received: { value: '0.00' } });
    expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(failed);
  }, budget([CONFIRM_MS, ...PAYMENT]));

  test('a transfer to the merchant\'s wallet without reference credits no session and is counted as unattributed', async () => {
    const s = await createSession(t, '3.00');
    const watcher = solanaWatcherOf(t.core.chains);
    const before = watcher.stats.unattributedTransfers;
    const payer = new SolanaPayer(chain);
    await payer.receive(usdt(), 3n * E6);
    // As an exchange withdrawal sends it: the right amount to the right wallet, no reference.
    const sig = await payer.send([payer.transfer(usdt(), wallet, 3n * E6)]);
    await waitFor(() => watcher.stats.unattributedTransfers > before, 10_000, 'the transfer counted as unattributed');
    await sentinel();
    expect(watcher.stats.unattributedTransfers).toBe(before + 1);
    expect(await getSession(t, s.session_id)).toMatchObject({ status: 'PENDING', payments: [] });
    expect((await paymentRows(t.dataDir)).map((r) => r.tx_hash)).not.toContain(sig);
    expect(await tokenBalance(chain, usdt(), wallet)).toBeGreaterThan(0n);
  }, budget([CONFIRM_MS, 10_000, ...PAYMENT]));

  test('the session\'s reference on a transfer to another wallet, or of another mint to the merchant, is ignored', async () => {
    const s = await createSession(t, '2.00');
    const ref = solanaOption(s).reference;
    const stranger = Keypair.generate().publicKey;
    await openTokenAccount(chain, usdt(), stranger);
    // A third coin (6 decimals too) the merchant holds an account of, which the app does not offer.
    const other = { currency: 'USDT' as const, mint: await createTestMint(chain.connection, chain.feePayer, chain.mintAuthority.publicKey, TOKEN_PROGRAM_ID), program: TOKEN_PROGRAM_ID };
    await openTokenAccount(chain, other, wallet);
    const payer = new SolanaPayer(chain);
    await payer.receive(usdt(), 2n * E6);
    await mintCoins(chain, other, payer.keypair.publicKey, 2n * E6);
    const toStranger = await payer.send([payer.transfer(usdt(), stranger, 2n * E6, [ref])]);
    const otherMint = await payer.send([payer.transfer(other, wallet, 2n * E6, [ref])]);
    // Both happened on chain.
    expect(await tokenBalance(chain, usdt(), stranger)).toBe(2n * E6);
    expect(await tokenBalance(chain, other, wallet)).toBe(2n * E6);
    expect(ataOf(other, wallet).equals(ataOf(usdt(), wallet))).toBe(false);
    await sentinel();
    expect(await getSession(t, s.session_id)).toMatchObject({ status: 'PENDING', exception: null, payments: [] });
    const rows = (await paymentRows(t.dataDir)).map((r) => r.tx_hash);
    expect(rows).not.toContain(toStranger);
    expect(rows).not.toContain(otherMint);
    expect((await types(s.session_id))).toEqual(['payment_session.created']);
  }, budget([CONFIRM_MS, CONFIRM_MS, ...PAYMENT], 20_000));
});

describe('GET /v1/networks', () => {
  test('test mode: the Solana devnet ready, its RPC URL, no chain id, both test mints payable', async () => {
    const res = await t.api('GET', '/v1/networks');
    const solana = res.body.data.items.find((n: any) => n.network === 'solana');
    expect(solana).toMatchObject({
      family: 'solana',
      name: 'Solana',
      status: 'ready',
      chain_id: null,
      devnet: true,
      rpc_url: devnet.rpcUrl,
      confirmations: 1,
      token_standard: 'SPL',
      last_error: null,
    });
    expect(solana.tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'USDT', contract: devnet.mints.USDT, decimals: 6, payable: true, unpayable_reason: null }),
        expect.objectContaining({ currency: 'USDC', contract: devnet.mints.USDC, decimals: 6, payable: true, unpayable_reason: null }),
      ]),
    );
    expect(solana.last_block).toBeGreaterThan(0);
  });
});
