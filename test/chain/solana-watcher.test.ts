/**
 * The Solana watcher against a real Solana JSON-RPC (surfnet, in-process), paid as an independent
 * wallet library would pay (web3.js 1.x + spl-token): Solana Pay transfers with the session's reference
 * as a read-only key, a v0 transaction with a memo, a Token-2022 mint, a failed transaction, two
 * transfers in one transaction, a transfer without reference, an unrelated transfer, and payments made
 * while the watcher was stopped, found from its cursor across several pages of signatures. The ports
 * are in memory: the test reads what the payment recorder would receive.
 */
import { createRequire } from 'node:module';
import { createSolanaRpc } from '@solana/kit';
import {
  createMint,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import {
  Connection,
  Keypair,
  PublicKey,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type MerchantTokenAccount, SolanaWatcher, type SolanaWatcherOptions } from '../../src/chains/solana/watcher.js';
import { FakeWatcherPorts } from '../helpers/fake-watcher-ports.js';

interface Surfnet {
  rpcUrl: string;
  wsUrl: string;
  payerSecretKey: number[];
  timeTravelToSlot(slot: number): void;
  stop(): void;
}

function startSurfnet(): Surfnet {
  const require = createRequire(import.meta.url);
  try {
    return (require('@solana/surfpool-linux-x64-gnu') as { Surfnet: { start(): Surfnet } }).Surfnet.start();
  } catch (err) {
    throw new Error(`surfnet (@solana/surfpool-linux-x64-gnu, an optional dependency) could not start: ${(err as Error).message}`);
  }
}

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const DECIMALS = 6;

let surfnet: Surfnet;
let connection: Connection;
let rpc: ReturnType<typeof createSolanaRpc>;
let genesis: string;
let payer: Keypair;
const merchant = Keypair.generate();
const stranger = Keypair.generate();

/** A test coin: its mint, program, and the payer's, merchant's and a stranger's token accounts. */
interface Coin {
  mint: PublicKey;
  program: PublicKey;
  payerAccount: PublicKey;
  merchantAccount: PublicKey;
  strangerAccount: PublicKey;
}
let usdc: Coin; // the classic Token program
let usdt: Coin; // Token-2022
let accounts: MerchantTokenAccount[];

async function createCoin(program: PublicKey): Promise<Coin> {
  const mint = await createMint(connection, payer, payer.publicKey, null, DECIMALS, undefined, undefined, program);
  const ata = async (owner: PublicKey) => (await getOrCreateAssociatedTokenAccount(connection, payer, mint, owner, false, undefined, undefined, program)).address;
  const coin = { mint, program, payerAccount: await ata(payer.publicKey), merchantAccount: await ata(merchant.publicKey), strangerAccount: await ata(stranger.publicKey) };
  await mintTo(connection, payer, mint, coin.payerAccount, payer, 1_000_000_000n, [], undefined, program);
  return coin;
}

/** A wallet's transfer: `transferChecked` with the Solana Pay references appended as read-only keys. */
function transfer(coin: Coin, amount: bigint, references: PublicKey[] = [], to = coin.merchantAccount): TransactionInstruction {
  const ix = createTransferCheckedInstruction(coin.payerAccount, coin.mint, to, payer.publicKey, amount, DECIMALS, [], coin.program);
  for (const r of references) ix.keys.push({ pubkey: r, isSigner: false, isWritable: false });
  return ix;
}

/** Sends a legacy (or v0) transaction of `instructions`, signed by the payer; resolves with its signature once confirmed. */
async function send(instructions: TransactionInstruction[], { v0 = false, expectFailure = false } = {}): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash();
  let signature: string;
  if (v0) {
    const tx = new VersionedTransaction(new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message());
    tx.sign([payer]);
    signature = await connection.sendTransaction(tx, { skipPreflight: expectFailure });
  } else {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions);
    tx.sign(payer);
    signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: expectFailure });
  }
  // web3.js at times rejects with a failed transaction's error instead of returning it: the status says.
  await connection.confirmTransaction(signature, 'confirmed').catch(() => undefined);
  const status = (await connection.getSignatureStatuses([signature])).value[0];
  expect(status?.confirmationStatus).toMatch(/^(confirmed|finalized)$/);
  expect(status?.err != null).toBe(expectFailure);
  return signature;
}

async function slotOf(signature: string): Promise<number> {
  const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  return (tx as { slot: number }).slot;
}

function watcher(ports: FakeWatcherPorts, options: Partial<SolanaWatcherOptions> = {}): SolanaWatcher {
  return new SolanaWatcher({ rpc, merchantTokenAccounts: accounts, expectedChainId: genesis, pollMs: 100, ...options }, ports);
}

const reference = () => Keypair.generate().publicKey;

beforeAll(async () => {
  surfnet = startSurfnet();
  connection = new Connection(surfnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: surfnet.wsUrl });
  rpc = createSolanaRpc(surfnet.rpcUrl);
  genesis = await rpc.getGenesisHash().send();
  payer = Keypair.fromSecretKey(Uint8Array.from(surfnet.payerSecretKey));
  usdc = await createCoin(TOKEN_PROGRAM_ID);
  usdt = await createCoin(TOKEN_2022_PROGRAM_ID);
  accounts = [
    { currency: 'USDC', mint: usdc.mint.toBase58(), account: usdc.merchantAccount.toBase58(), decimals: DECIMALS },
    { currency: 'USDT', mint: usdt.mint.toBase58(), account: usdt.merchantAccount.toBase58(), decimals: DECIMALS },
  ];
}, 60_000);

afterAll(() => {
  (connection as unknown as { _rpcWebSocket?: { close(): void } } | undefined)?._rpcWebSocket?.close();
  surfnet?.stop();
});

describe('one watcher, pass by pass', () => {
  const ports = new FakeWatcherPorts();
  let w: SolanaWatcher;

  beforeAll(async () => {
    w = watcher(ports);
    // Paid before the watcher first ran: older than its starting point, so never reported.
    const early = reference();
    ports.watched.add(early.toBase58());
    await send([transfer(usdc, 1_000_000n, [early])]);
    await w.tick();
    expect(ports.applied).toHaveLength(1);
    expect(ports.transfers()).toEqual([]);
  });

  test('a Solana Pay transfer (transferChecked, reference as a read-only key) is reported at confirmed to the reference, final at finalized', async () => {
    const ref = reference();
    ports.watched.add(ref.toBase58());
    const before = ports.applied.length;
    const signature = await send([transfer(usdc, 12_340_000n, [ref])]);
    const slot = await slotOf(signature);
    await w.tick();

    const scans = ports.applied.slice(before);
    const reported = scans.flatMap((s) => s.transfers);
    const block = await rpc.getBlock(BigInt(slot), { transactionDetails: 'none', rewards: false, commitment: 'confirmed' }).send();
    expect(reported).toEqual([
      {
        txId: signature,
        eventIndex: 0,
        blockNumber: slot,
        blockRef: block?.blockhash,
        blockTime: expect.any(Number),
        currency: 'USDC',
        tokenContract: usdc.mint.toBase58(),
        decimals: DECIMALS,
        from: payer.publicKey.toBase58(),
        to: ref.toBase58(),
        amountBase: 12_340_000n,
      },
    ]);
    expect(Math.abs((reported[0]?.blockTime ?? 0) - Date.now())).toBeLessThan(5 * 60_000);
    const scan = scans.find((s) => s.transfers.length > 0);
    expect(scan?.blocks).toContainEqual({ number: slot, hash: block?.blockhash });
    // `head` is the finalized slot: not there yet, so the recorder counts no confirmation (PROCESSING).
    expect(scan?.head).toBeLessThan(slot);
    expect(w.stats.lastHead).toBeGreaterThanOrEqual(slot);

    surfnet.timeTravelToSlot(slot + 40);
    await w.tick();
    const last = ports.applied.at(-1);
    // Finalized: head - slot + 1 >= 1, the network's one confirmation (SUCCEEDED); nothing reported twice.
    expect(last?.head).toBeGreaterThanOrEqual(slot);
    expect(ports.transfers().filter((t) => t.txId === signature)).toHaveLength(1);
  });

  test('a v0 transaction with a memo, on a Token-2022 mint, is reported, its event index that of its instruction (the memo is the first)', async () => {
    const ref = reference();
    ports.watched.add(ref.toBase58());
    const memo = new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from('order 42') });
    const signature = await send([memo, transfer(usdt, 5_000_000n, [ref])], { v0: true });
    await w.tick();
    const reported = ports.transfers().filter((t) => t.txId === signature);
    expect(reported).toMatchObject([{ eventIndex: 1000, currency: 'USDT', tokenContract: usdt.mint.toBase58(), to: ref.toBase58(), amountBase: 5_000_000n, from: payer.publicKey.toBase58() }]);
  });

  test('a failed transaction is ignored, and not even read', async () => {
    const ref = reference();
    ports.watched.add(ref.toBase58());
    const calls = w.stats.rpcCalls;
    // More than the payer holds: the transaction lands (its fee is paid) and fails.
    const signature = await send([transfer(usdc, 10_000_000_000n, [ref])], { expectFailure: true });
    const listed = await connection.getSignaturesForAddress(usdc.merchantAccount, { limit: 5 });
    expect(listed.find((s) => s.signature === signature)?.err).not.toBeNull();
    await w.tick();
    expect(ports.transfers().filter((t) => t.txId === signature)).toEqual([]);
    // The accounts' balances (one getMultipleAccounts) and the finalized slot: a failed transaction moved
    // no balance, so no account is even listed, and no getTransaction for it.
    expect(w.stats.rpcCalls - calls).toBe(2);
  });

  test('two transfers in one transaction are two payments, each to its own reference and of its own amount', async () => {
    const [a, b] = [reference(), reference()];
    ports.watched.add(a.toBase58());
    ports.watched.add(b.toBase58());
    const signature = await send([transfer(usdc, 1_500_000n, [a]), transfer(usdc, 2_250_000n, [b])]);
    await w.tick();
    expect(ports.transfers().filter((t) => t.txId === signature)).toMatchObject([
      { eventIndex: 0, to: a.toBase58(), amountBase: 1_500_000n },
      { eventIndex: 1000, to: b.toBase58(), amountBase: 2_250_000n },
    ]);
  });

  test('a transfer without a known reference pays no session: counted, and reported as unmatched (no_reference) into the merchant\'s account; a plain `transfer` with one is reported', async () => {
    const unattributed = w.stats.unattributedTransfers;
    const unknown = reference(); // a reference no open session has
    const none = await send([transfer(usdt, 700_000n)]);
    const stale = await send([transfer(usdt, 800_000n, [unknown])]);
    const ref = reference();
    ports.watched.add(ref.toBase58());
    const plain = createTransferInstruction(usdc.payerAccount, usdc.merchantAccount, payer.publicKey, 900_000n, [], usdc.program);
    plain.keys.push({ pubkey: ref, isSigner: false, isWritable: false });
    const unchecked = await send([plain]);
    await w.tick();
    expect(ports.transfers().filter((t) => t.txId === none || t.txId === stale)).toEqual([]);
    expect(w.stats.unattributedTransfers - unattributed).toBe(2);
    const unmatched = ports.applied.flatMap((scan) => scan.unmatched ?? []).filter((t) => t.txId === none || t.txId === stale);
    expect(unmatched).toMatchObject([
      { txId: none, eventIndex: 0, reason: 'no_reference', to: usdt.merchantAccount.toBase58(), from: payer.publicKey.toBase58(), amountBase: 700_000n, currency: 'USDT', decimals: 6 },
      { txId: stale, eventIndex: 0, reason: 'no_reference', to: usdt.merchantAccount.toBase58(), from: payer.publicKey.toBase58(), amountBase: 800_000n, currency: 'USDT', decimals: 6 },
    ]);
    expect(ports.transfers().filter((t) => t.txId === unchecked)).toMatchObject([{ to: ref.toBase58(), amountBase: 900_000n, currency: 'USDC' }]);
  });

  test('a transfer to someone else, even carrying a watched reference, is not reported (not even as unmatched) nor counted', async () => {
    const ref = reference();
    ports.watched.add(ref.toBase58());
    const unattributed = w.stats.unattributedTransfers;
    const signature = await send([transfer(usdc, 3_000_000n, [ref], usdc.strangerAccount)]);
    await w.tick();
    expect(ports.transfers().filter((t) => t.txId === signature)).toEqual([]);
    expect(ports.applied.flatMap((scan) => scan.unmatched ?? []).filter((t) => t.txId === signature)).toEqual([]);
    expect(w.stats.unattributedTransfers).toBe(unattributed);
  });

  test('the RPC calls of a pass do not depend on how many references are watched', async () => {
    const pass = async (watched: number) => {
      const ref = reference();
      ports.watched.clear();
      ports.watched.add(ref.toBase58());
      // Other sessions' references: only their number matters here (a key per session costs seconds to make).
      for (let i = 1; i < watched; i++) ports.watched.add(`other-session-${i}`);
      const signature = await send([transfer(usdc, 1_000_000n, [ref])]);
      const calls = w.stats.rpcCalls;
      await w.tick();
      expect(ports.transfers().filter((t) => t.txId === signature)).toHaveLength(1);
      return w.stats.rpcCalls - calls;
    };
    const few = await pass(1);
    const many = await pass(10_000);
    // The balances and the finalized slot, the paid account's signatures (the other's balance did not
    // move), getTransaction and getBlock for the payment.
    expect(few).toBe(2 + 1 + 2);
    expect(many).toBe(few);
  });
});

test('payments made while the watcher was stopped are found on restart from its cursor, across pages, each once', async () => {
  const ports = new FakeWatcherPorts();
  await watcher(ports).tick(); // the first run: its cursor is where the chain is now
  const refs = Array.from({ length: 5 }, reference);
  for (const r of refs) ports.watched.add(r.toBase58());
  const signatures: string[] = [];
  for (const [i, r] of refs.entries()) signatures.push(await send([transfer(i % 2 === 0 ? usdc : usdt, BigInt(1_000_000 + i), [r])]));
  // A failed one and an unattributed one in between, on the same pages.
  await send([transfer(usdc, 10_000_000_000n, [refs[0] as PublicKey])], { expectFailure: true });
  const unknown = await send([transfer(usdc, 10n)]);

  const restarted = watcher(ports, { pageSize: 2 });
  const before = ports.applied.length;
  await restarted.tick();
  const scans = ports.applied.slice(before);
  const reported = scans.flatMap((s) => s.transfers);
  expect(reported.map((t) => t.txId)).toEqual(signatures);
  expect(reported.map((t) => t.amountBase)).toEqual([1_000_000n, 1_000_001n, 1_000_002n, 1_000_003n, 1_000_004n]);
  expect(reported.map((t) => t.to)).toEqual(refs.map((r) => r.toBase58()));
  // Seven transactions, two per applied scan: the cursor moves as the backfill goes.
  expect(scans.length).toBe(4);
  expect(new Set(scans.map((s) => s.cursor)).size).toBe(4);
  expect(restarted.stats.unattributedTransfers).toBe(1);
  // Reported once, in the scan whose cursor passes it.
  expect(scans.flatMap((s) => s.unmatched ?? []).map((t) => [t.txId, t.amountBase])).toEqual([[unknown, 10n]]);

  // Once caught up, another pass reports nothing again.
  await restarted.tick();
  expect(ports.transfers()).toHaveLength(5);
});

test('a cursor naming a signature the chain does not have (a fresh surfnet: its genesis hash never changes) reads the accounts from their start', async () => {
  const ref = reference();
  const signature = await send([transfer(usdt, 4_000_000n, [ref])]);
  const ports = new FakeWatcherPorts();
  ports.watched.add(ref.toBase58());
  // A real signature's form, of no transaction on this chain.
  const unknown = '5CbSBJqQFCWyzAYwS8LrVgDdSvXqueGqtW7JTs9McQCmz1UR6BTXkdTcYY7pKkP1uCBo3GzuZdjEkaun4fpzE3fi';
  ports.resumeFrom(genesis, JSON.stringify(Object.fromEntries(accounts.map((a) => [a.account, unknown]))));
  await watcher(ports).tick();
  expect(ports.transfers().filter((t) => t.txId === signature)).toHaveLength(1);
});

test('a watcher with commitment `confirmed` counts a payment final as soon as it is confirmed', async () => {
  const ports = new FakeWatcherPorts();
  const w = watcher(ports, { commitment: 'confirmed' });
  await w.tick();
  const ref = reference();
  ports.watched.add(ref.toBase58());
  const signature = await send([transfer(usdt, 2_000_000n, [ref])]);
  await w.tick();
  const scan = ports.applied.find((s) => s.transfers.some((t) => t.txId === signature));
  expect(scan?.head).toBeGreaterThanOrEqual(await slotOf(signature));
});

test('an RPC serving another cluster is refused, never scanned', async () => {
  const ports = new FakeWatcherPorts();
  const w = watcher(ports, { expectedChainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d' });
  await expect(w.tick()).rejects.toThrow(/genesis hash .* not 5eykt4Us.*check the RPC URL/);
  expect(ports.applied).toEqual([]);
});
