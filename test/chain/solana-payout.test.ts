/**
 * Solana refund payouts (SolanaPayoutChain, the payout port) against a real surfnet started here, step
 * by step as the payout worker drives them: prepare, sign, broadcast, confirm. Mints, balances and
 * everything read back go through an independent wallet library (@solana/web3.js 1.x and
 * @solana/spl-token), never through the code under test. Expiry is driven by the chain's own block
 * height (surfnet makes about a dozen blocks a second), never by the wall clock.
 */
import { createRequire } from 'node:module';
import { createSolanaRpc } from '@solana/kit';
import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import {
  createMint,
  getAccount,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  transferChecked,
} from '@solana/spl-token';
import { Connection, Keypair, type PublicKey, sendAndConfirmTransaction, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LAMPORTS_PER_SIGNATURE, TOKEN_2022_ACCOUNT_SIZE, TOKEN_ACCOUNT_SIZE } from '../../src/chains/solana/payout-costs.js';
import { SolanaPayoutChain } from '../../src/chains/solana/refund-payout.js';
import type { PayoutRequest, PayoutState, SignedPayout } from '../../src/domain/payout.js';
import { budget, waitFor } from '../helpers/evm-chain.js';

/** Confirmed within a few slots (~70 ms each on surfnet). */
const INCLUDED_MS = 10_000;
/** A blockhash lives 150 blocks, and finalization lags 30 more: ~15 s at surfnet's pace, with room. */
const EXPIRED_MS = 45_000;
/** SOL for a refund wallet: ~20,000 fees. surfnet's faucet holds 10 SOL for the whole file. */
const WALLET_SOL = 100_000_000n;
const USD = 1_000_000n;

interface Surfnet {
  rpcUrl: string;
  wsUrl: string;
  payerSecretKey: number[];
  stop(): void;
}

let surfnet: Surfnet;
let connection: Connection;
let faucet: Keypair;
let port: SolanaPayoutChain;
let mints: { token: PublicKey; token2022: PublicKey };

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  let native: { Surfnet: { start(config: object): Surfnet } };
  try {
    native = require('@solana/surfpool-linux-x64-gnu');
  } catch (error) {
    // An optional dependency, native and Linux x64 only (like anvil's binary).
    throw new Error(`surfnet is missing: install the optional dependency @solana/surfpool-linux-x64-gnu (Linux x64) to run this suite (${(error as Error).message})`);
  }
  // Offline: surfnet would otherwise fetch unknown accounts from mainnet.
  surfnet = native.Surfnet.start({ offline: true });
  connection = new Connection(surfnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: surfnet.wsUrl });
  // web3.js reuses a blockhash for 30 s, made for mainnet's 400 ms slots; surfnet's are about 6 times
  // faster, and its 150 blocks pass in ~12 s: a reused blockhash would be refused after the expiry test.
  (connection as unknown as { _disableBlockhashCaching: boolean })._disableBlockhashCaching = true;
  faucet = Keypair.fromSecretKey(Uint8Array.from(surfnet.payerSecretKey));
  port = new SolanaPayoutChain({ rpc: createSolanaRpc(surfnet.rpcUrl), name: 'Solana' });
  mints = {
    token: await createMint(connection, faucet, faucet.publicKey, null, 6, undefined, undefined, TOKEN_PROGRAM_ID),
    token2022: await createMint(connection, faucet, faucet.publicKey, null, 6, undefined, undefined, TOKEN_2022_PROGRAM_ID),
  };
}, 30_000);

afterAll(() => {
  surfnet?.stop();
});

/** A surfnet cheatcode, over its JSON-RPC. */
async function surfnetCall(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(surfnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

const programOf = (mint: PublicKey) => (mint.equals(mints.token2022) ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID);

/** A fresh keypair given `lamports` by the faucet and `tokens` of `mint` minted to its associated token account. */
async function fundedWallet(o: { lamports?: bigint; tokens?: bigint; mint?: PublicKey }): Promise<Keypair> {
  const wallet = Keypair.generate();
  if (o.lamports) {
    await sendAndConfirmTransaction(connection, new Transaction().add(SystemProgram.transfer({ fromPubkey: faucet.publicKey, toPubkey: wallet.publicKey, lamports: o.lamports })), [faucet]);
  }
  if (o.tokens !== undefined) {
    const mint = o.mint ?? mints.token;
    const account = await getOrCreateAssociatedTokenAccount(connection, faucet, mint, wallet.publicKey, false, 'confirmed', undefined, programOf(mint));
    if (o.tokens > 0n) await mintTo(connection, faucet, mint, account.address, faucet, o.tokens, [], undefined, programOf(mint));
  }
  return wallet;
}

async function tokenBalance(owner: PublicKey, mint = mints.token): Promise<bigint | null> {
  const address = getAssociatedTokenAddressSync(mint, owner, true, programOf(mint));
  return getAccount(connection, address, 'confirmed', programOf(mint)).then(
    (a) => a.amount,
    () => null,
  );
}

async function lamports(owner: PublicKey): Promise<bigint> {
  return BigInt(await connection.getBalance(owner, 'confirmed'));
}

function request(wallet: Keypair, to: PublicKey, amountBase: bigint, extra: Partial<PayoutRequest> = {}): PayoutRequest {
  return { from: wallet.publicKey.toBase58(), token: mints.token.toBase58(), currency: 'USDC', decimals: 6, to: to.toBase58(), amountBase, inFlight: [], previous: [], ...extra };
}

/** prepare then sign, as the worker does; fails the test when prepare refuses. */
async function signPayout(wallet: Keypair, r: PayoutRequest): Promise<SignedPayout> {
  const prepared = await port.prepare(r);
  if (!prepared.ok) throw new Error(`prepare refused: ${prepared.failure}`);
  return port.sign(wallet.secretKey, r, prepared.plan);
}

const trackOf = (wallet: Keypair, signed: SignedPayout) => ({ from: wallet.publicKey.toBase58(), data: signed.data });

function waitForState(txId: string, signed: { from: string; data: string } | null, state: PayoutState['state'], timeoutMs = INCLUDED_MS): Promise<PayoutState> {
  return waitFor(
    async () => {
      const s = await port.confirm(txId, signed);
      // Thrown, so that a timeout says which state it saw last.
      if (s.state !== state) throw new Error(`confirm says ${JSON.stringify(s)}`);
      return s;
    },
    timeoutMs,
    `payout ${txId} ${state}`,
  );
}

async function failureOf(r: PayoutRequest): Promise<string> {
  const prepared = await port.prepare(r);
  if (prepared.ok) throw new Error(`prepare accepted ${prepared.plan}`);
  return prepared.failure;
}

async function rent(bytes: number): Promise<bigint> {
  return BigInt(await connection.getMinimumBalanceForRentExemption(bytes, 'confirmed'));
}

describe('Solana refund payouts on surfnet', () => {
  test(
    'pays a customer without a token account exactly, opening it at the refund wallet’s cost',
    async () => {
      const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 50n * USD });
      const customer = Keypair.generate();
      const amount = 12_345_678n;
      const r = request(wallet, customer.publicKey, amount);
      const prepared = await port.prepare(r);
      if (!prepared.ok) throw new Error(prepared.failure);
      const plan = JSON.parse(prepared.plan);
      expect(plan).toMatchObject({ createAta: true, tokenProgram: TOKEN_PROGRAM_ID.toBase58(), memo: null });
      const latest = await connection.getLatestBlockhash('confirmed');
      expect(plan.lastValidBlockHeight).toBeLessThanOrEqual(latest.lastValidBlockHeight);

      const signed = await port.sign(wallet.secretKey, r, prepared.plan);
      expect(signed.key).toBe(signed.txId);
      expect(signed.data).toBe(prepared.plan);
      // Built from the plan alone: the same key signs the very same bytes again, its 32-byte seed too.
      expect(await port.sign(wallet.secretKey, r, prepared.plan)).toEqual(signed);
      expect(await port.sign(wallet.secretKey.slice(0, 32), r, prepared.plan)).toEqual(signed);
      // Nothing sent yet.
      expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toEqual({ state: 'missing' });
      expect(await tokenBalance(customer.publicKey)).toBeNull();

      const solBefore = await lamports(wallet.publicKey);
      await port.broadcast(signed.raw);
      const included = await waitForState(signed.txId, trackOf(wallet, signed), 'included');
      const tx = await connection.getTransaction(signed.txId, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      expect(included).toEqual({ state: 'included', success: true, blockNumber: tx?.slot });
      expect(await port.head()).toBeGreaterThanOrEqual(tx?.slot ?? Infinity);

      expect(await tokenBalance(customer.publicKey)).toBe(amount);
      expect(await tokenBalance(wallet.publicKey)).toBe(50n * USD - amount);
      // The customer owns the account opened for them; the wallet paid its rent and one signature.
      const opened = await getAccount(connection, getAssociatedTokenAddressSync(mints.token, customer.publicKey), 'confirmed');
      expect(opened.owner.equals(customer.publicKey)).toBe(true);
      expect(solBefore - (await lamports(wallet.publicKey))).toBe(LAMPORTS_PER_SIGNATURE + (await rent(TOKEN_ACCOUNT_SIZE)));
    },
    budget([INCLUDED_MS]),
  );

  test(
    'pays a customer who has a token account exactly, for the fee alone',
    async () => {
      const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 10n * USD });
      const customer = await fundedWallet({ tokens: 1n * USD });
      const r = request(wallet, customer.publicKey, 2_500_000n);
      const signed = await signPayout(wallet, r);
      expect(JSON.parse(signed.data)).toMatchObject({ createAta: false });
      const solBefore = await lamports(wallet.publicKey);
      await port.broadcast(signed.raw);
      await waitForState(signed.txId, trackOf(wallet, signed), 'included');
      expect(await tokenBalance(customer.publicKey)).toBe(3_500_000n);
      expect(await tokenBalance(wallet.publicKey)).toBe(7_500_000n);
      expect(solBefore - (await lamports(wallet.publicKey))).toBe(LAMPORTS_PER_SIGNATURE);
    },
    budget([INCLUDED_MS]),
  );

  test(
    'the same bytes sent again, before and after they landed, pay once',
    async () => {
      const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 10n * USD });
      const customer = Keypair.generate();
      const signed = await signPayout(wallet, request(wallet, customer.publicKey, 1_000_000n));
      await port.broadcast(signed.raw);
      await port.broadcast(signed.raw);
      await waitForState(signed.txId, trackOf(wallet, signed), 'included');
      // "Already processed": no error, nothing more paid.
      await port.broadcast(signed.raw);
      await port.broadcast(signed.raw);
      expect(await waitForState(signed.txId, trackOf(wallet, signed), 'included')).toMatchObject({ success: true });
      expect(await tokenBalance(customer.publicKey)).toBe(1_000_000n);
      expect(await tokenBalance(wallet.publicKey)).toBe(9_000_000n);
    },
    budget([INCLUDED_MS * 2]),
  );

  test(
    'two payouts of one amount to one customer planned on one blockhash are two transactions, both paid',
    async () => {
      const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 10n * USD });
      const customer = Keypair.generate();
      const r = request(wallet, customer.publicKey, 1_000_000n);
      // The clock held: both plans name the same blockhash.
      await surfnetCall('surfnet_pauseClock');
      let first: SignedPayout;
      let second: SignedPayout;
      let unaware: SignedPayout;
      try {
        first = await signPayout(wallet, r);
        second = await signPayout(wallet, { ...r, previous: [first.data] });
        unaware = await signPayout(wallet, r);
      } finally {
        await surfnetCall('surfnet_resumeClock');
      }
      expect(JSON.parse(second.data).blockhash).toBe(JSON.parse(first.data).blockhash);
      expect(JSON.parse(first.data).memo).toBeNull();
      expect(JSON.parse(second.data).memo).toBe('refund 2');
      expect(second.key).not.toBe(first.key);
      // Without the earlier payout in view it is the same transaction, which the unique key would refuse.
      expect(unaware.key).toBe(first.key);
      await port.broadcast(first.raw);
      await port.broadcast(second.raw);
      await waitForState(first.txId, trackOf(wallet, first), 'included');
      await waitForState(second.txId, trackOf(wallet, second), 'included');
      expect(await tokenBalance(customer.publicKey)).toBe(2_000_000n);
    },
    budget([INCLUDED_MS * 2]),
  );

  test('too few tokens, counting payouts on their way, is insufficient_token_balance; nothing is planned', async () => {
    const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 5n * USD });
    const to = Keypair.generate().publicKey;
    expect(await failureOf(request(wallet, to, 6n * USD))).toBe(
      `insufficient_token_balance: the refund wallet ${wallet.publicKey.toBase58()} holds 5.000000 USDC on Solana, 6.000000 needed; fund it and create the refund again`,
    );
    const inFlight = [{ token: mints.token.toBase58(), amountBase: 3n * USD }];
    expect(await failureOf(request(wallet, to, 3n * USD, { inFlight }))).toMatch(/^insufficient_token_balance: .* holds 5\.000000 USDC on Solana, 6\.000000 needed;/);
    // Another mint's payouts on their way draw on another balance.
    expect((await port.prepare(request(wallet, to, 3n * USD, { inFlight: [{ token: mints.token2022.toBase58(), amountBase: 3n * USD }] }))).ok).toBe(true);
    // A wallet without a token account holds none.
    const empty = await fundedWallet({ lamports: WALLET_SOL });
    expect(await failureOf(request(empty, to, 1n))).toMatch(/^insufficient_token_balance: .* holds 0\.000000 USDC on Solana, 0\.000001 needed;/);
  });

  test('too little SOL for the fee, the customer’s new account and the wallet’s own rent is insufficient_gas_balance, naming SOL', async () => {
    const fee = LAMPORTS_PER_SIGNATURE;
    const reserve = await rent(0);
    const accountRent = await rent(TOKEN_ACCOUNT_SIZE);
    // Enough for a customer who has an account; not for one who has none.
    const wallet = await fundedWallet({ lamports: reserve + fee, tokens: 5n * USD });
    const withAccount = await fundedWallet({ tokens: 0n });
    const withoutAccount = Keypair.generate().publicKey;
    expect((await port.prepare(request(wallet, withAccount.publicKey, 1n * USD))).ok).toBe(true);
    const failure = await failureOf(request(wallet, withoutAccount, 1n * USD));
    const sol = (l: bigint) => (Number(l) / 1e9).toString();
    expect(failure).toBe(
      `insufficient_gas_balance: the refund wallet ${wallet.publicKey.toBase58()} holds ${sol(reserve + fee)} SOL on Solana; ` +
        `this refund takes ${sol(reserve + fee + accountRent)} SOL (0.000005 SOL fee, ${sol(accountRent)} SOL rent to open the customer's USDC account, which they do not have yet, ` +
        `and ${sol(reserve)} SOL the wallet must keep to stay rent-exempt); send SOL to the wallet and create the refund again`,
    );
    // A payout on its way counts as opening an account too.
    const inFlight = [{ token: mints.token.toBase58(), amountBase: 1n }];
    expect(await failureOf(request(wallet, withAccount.publicKey, 1n * USD, { inFlight }))).toMatch(/^insufficient_gas_balance: .* up to [0-9.]+ SOL for the payouts still on their way, /);
    // A wallet that never received SOL has no account: 0.
    const broke = await fundedWallet({ tokens: 5n * USD });
    expect(await failureOf(request(broke, withAccount.publicKey, 1n * USD))).toMatch(/^insufficient_gas_balance: the refund wallet \S+ holds 0 SOL on Solana;/);
  });

  test(
    'a Token-2022 mint: planned with its program, paid exactly, the new account’s rent at its size',
    async () => {
      const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 20n * USD, mint: mints.token2022 });
      const customer = Keypair.generate();
      const r = request(wallet, customer.publicKey, 7_654_321n, { token: mints.token2022.toBase58(), currency: 'USDT' });
      const signed = await signPayout(wallet, r);
      expect(JSON.parse(signed.data)).toMatchObject({ createAta: true, tokenProgram: TOKEN_2022_PROGRAM_ID.toBase58() });
      const solBefore = await lamports(wallet.publicKey);
      await port.broadcast(signed.raw);
      expect(await waitForState(signed.txId, trackOf(wallet, signed), 'included')).toMatchObject({ success: true });
      expect(await tokenBalance(customer.publicKey, mints.token2022)).toBe(7_654_321n);
      expect(await tokenBalance(wallet.publicKey, mints.token2022)).toBe(20n * USD - 7_654_321n);
      expect(solBefore - (await lamports(wallet.publicKey))).toBe(LAMPORTS_PER_SIGNATURE + (await rent(TOKEN_2022_ACCOUNT_SIZE)));
    },
    budget([INCLUDED_MS]),
  );

  test(
    'a payout the node would fail is refused with its reason; landed anyway, it is included and unsuccessful',
    async () => {
      const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 2n * USD });
      const customer = Keypair.generate();
      const signed = await signPayout(wallet, request(wallet, customer.publicKey, 2n * USD));
      // The wallet's tokens leave it between signing and sending.
      const walletAccount = getAssociatedTokenAddressSync(mints.token, wallet.publicKey);
      const elsewhere = await getOrCreateAssociatedTokenAccount(connection, faucet, mints.token, faucet.publicKey);
      await transferChecked(connection, faucet, walletAccount, mints.token, elsewhere.address, wallet, 2n * USD, 6);
      await expect(port.broadcast(signed.raw)).rejects.toThrow(new RegExp(`^the Solana node refused payout ${signed.txId}: `));
      expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toEqual({ state: 'missing' });
      // A wallet that sends without preflight lands it; it fails on chain, and nothing is paid.
      await connection.sendRawTransaction(Buffer.from(signed.raw, 'base64'), { skipPreflight: true });
      expect(await waitForState(signed.txId, trackOf(wallet, signed), 'included')).toMatchObject({ success: false });
      expect(await tokenBalance(customer.publicKey)).toBeNull();
    },
    budget([INCLUDED_MS]),
  );

  test(
    'a signed payout never sent is missing while its blockhash is valid, and dead once the finalized chain is past it',
    async () => {
      const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 5n * USD });
      const customer = Keypair.generate();
      const signed = await signPayout(wallet, request(wallet, customer.publicKey, 1n * USD));
      const { lastValidBlockHeight } = JSON.parse(signed.data);
      expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toEqual({ state: 'missing' });
      // Past the last valid height but not yet finalized past it: still missing.
      await waitFor(async () => (await connection.getBlockHeight('confirmed')) > lastValidBlockHeight, EXPIRED_MS, 'the confirmed chain past the blockhash');
      if ((await connection.getBlockHeight('finalized')) <= lastValidBlockHeight) {
        expect(await port.confirm(signed.txId, trackOf(wallet, signed))).toEqual({ state: 'missing' });
      }
      const dead = await waitForState(signed.txId, trackOf(wallet, signed), 'dead', EXPIRED_MS);
      expect(dead).toEqual({ state: 'dead', failure: expect.stringMatching(new RegExp(`^blockhash_expired: payout ${signed.txId} was not taken into a block by block height ${lastValidBlockHeight}, .* so it can never land; nothing was paid$`)) });
      // And indeed it cannot: the node refuses the bytes, and nothing was paid.
      await expect(port.broadcast(signed.raw)).rejects.toThrow(/refused payout \w+: Transaction simulation failed: Blockhash not found/);
      expect(await tokenBalance(customer.publicKey)).toBeNull();
      // A transfer the owner made by hand (no signed bytes) is never declared dead: only missing.
      expect(await port.confirm(signed.txId, null)).toEqual({ state: 'missing' });
    },
    budget([EXPIRED_MS * 2]),
  );

  test('isContract: a keypair’s address is a wallet; programs, their accounts and program-derived addresses are not', async () => {
    const wallet = await fundedWallet({ lamports: WALLET_SOL, tokens: 1n });
    expect(await port.isContract(wallet.publicKey.toBase58())).toBe(false);
    expect(await port.isContract(Keypair.generate().publicKey.toBase58())).toBe(false);
    expect(await port.isContract(TOKEN_PROGRAM_ID.toBase58())).toBe(true);
    expect(await port.isContract(mints.token.toBase58())).toBe(true);
    // A token account (owned by the Token program, off-curve), and an off-curve address with no account yet.
    expect(await port.isContract(getAssociatedTokenAddressSync(mints.token, wallet.publicKey).toBase58())).toBe(true);
    expect(await port.isContract(getAssociatedTokenAddressSync(mints.token2022, Keypair.generate().publicKey, false, TOKEN_2022_PROGRAM_ID).toBase58())).toBe(true);
  });

  test(
    'the QR payout, paid by a wallet that reads Solana Pay (@solana/pay), refunds the customer exactly',
    async () => {
      const owner = await fundedWallet({ lamports: WALLET_SOL, tokens: 10n * USD });
      // @solana/pay 0.2.6's createTransfer wants a customer that exists on chain with a token account.
      const customer = await fundedWallet({ lamports: WALLET_SOL, tokens: 0n });
      const uri = port.request(mints.token.toBase58(), customer.publicKey.toBase58(), 2_500_000n);
      const parsed = parseURL(uri) as TransferRequestURL;
      expect(parsed.recipient.equals(customer.publicKey)).toBe(true);
      expect(parsed.splToken?.equals(mints.token)).toBe(true);
      expect(parsed.amount?.toString()).toBe('2.5');
      const transaction = await createTransfer(connection, owner.publicKey, { recipient: parsed.recipient, amount: parsed.amount!, splToken: parsed.splToken }, { commitment: 'confirmed' });
      const signature = await sendAndConfirmTransaction(connection, transaction, [owner]);
      // The owner's transfer, followed by its signature alone (no signed bytes): included.
      expect(await waitForState(signature, null, 'included')).toMatchObject({ success: true });
      expect(await tokenBalance(customer.publicKey)).toBe(2_500_000n);
    },
    budget([INCLUDED_MS]),
  );

  test('the QR payout is a Solana Pay transfer request to the customer’s wallet', () => {
    const to = Keypair.generate().publicKey.toBase58();
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(port.requestContent).toBe('uri');
    expect(port.request(usdc, to, 2_500_000n)).toBe(`solana:${to}?amount=2.5&spl-token=${usdc}`);
    expect(port.request(usdc, to, 3_000_000n)).toBe(`solana:${to}?amount=3&spl-token=${usdc}`);
    expect(port.request(usdc, to, 1n)).toBe(`solana:${to}?amount=0.000001&spl-token=${usdc}`);
  });
});
