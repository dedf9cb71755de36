/**
 * Helpers for tests of the app on Solana, with an independent wallet library (@solana/web3.js 1.x and
 * @solana/spl-token) doing everything a customer's wallet or the test does on chain: test coins
 * (the built-in devnet's mints, or mints a test makes on a surfnet of its own), payers that pay Solana
 * Pay transfer requests (the reference appended as a read-only key), balances, and a surfnet outside
 * the core (kept running while the core stops) configured as the core's `solana` RPC.
 */
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createInitializeMint2Instruction,
  createMintToCheckedInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMinimumBalanceForRentExemptMint,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TokenAccountNotFoundError,
} from '@solana/spl-token';
import {
  Connection,
  Keypair,
  PublicKey,
  type SignatureStatus,
  SystemProgram,
  Transaction,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { base58 } from '@scure/base';
import type { ChainIntegration } from '../../src/chain-integration.js';
import { testMerchantWallet } from '../../src/chains/solana/accounts.js';
import type { RunningSolanaDevnet } from '../../src/chains/solana/devnet/index.js';
import { startSurfnet, type Surfnet } from '../../src/chains/solana/devnet/surfnet.js';
import type { SolanaWatcher } from '../../src/chains/solana/watcher.js';
import type { CoreConfig } from '../../src/config.js';
import type { Stablecoin } from '../../src/domain/currencies.js';
import { option, waitFor } from './evm-chain.js';

export const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
export const LAMPORTS_PER_SOL = 1_000_000_000;
const DECIMALS = 6;
/** A transaction confirmed: a few slots, with room for a loaded machine. */
export const CONFIRM_MS = 10_000;

/** A web3.js connection to `rpcUrl`, as a wallet makes one. */
export function connectionOf(rpcUrl: string, wsUrl: string): Connection {
  // surfnet's websocket is not on the RPC's port + 1, where web3.js would look for it by default.
  const connection = new Connection(rpcUrl, { commitment: 'confirmed', wsEndpoint: wsUrl });
  // web3.js reuses a blockhash for 30 s, made for mainnet's 0.4 s slots; at the tests' 0.05 s slots a
  // blockhash lives ~7 s: a reused one would be refused.
  (connection as unknown as { _disableBlockhashCaching: boolean })._disableBlockhashCaching = true;
  return connection;
}

/** A web3.js keypair from a devnet key (base58 of the 64 secret-key bytes). */
export const keypairOf = (key: string): Keypair => Keypair.fromSecretKey(base58.decode(key));

/** A test coin: a mint of the Token or Token-2022 program, 6 decimals unless said, and who may mint it. */
export interface TestCoin {
  /** Null for a token the app does not support (the devnet's test DAI). */
  currency: Stablecoin | null;
  mint: PublicKey;
  program: PublicKey;
  /** Default 6, the stablecoins'. */
  decimals?: number;
}

/**
 * A chain the test can mint on: a connection, the coins, their mint authority, and a fee payer with SOL
 * (the built-in devnet's faucet, or the surfnet's genesis payer), plus surfnet's SOL cheatcode.
 */
export interface SolanaTestChain {
  connection: Connection;
  coins: Readonly<Record<Stablecoin, TestCoin>>;
  mintAuthority: Keypair;
  feePayer: Keypair;
  /** Sets an account's SOL balance (surfnet's cheatcode: no transaction). */
  fundSol(owner: PublicKey, sol?: number): void;
}

/** The built-in devnet's test DAI (Token-2022, 8 decimals): watched by the app, never offered. */
export const devnetDai = (devnet: RunningSolanaDevnet): TestCoin => ({ currency: null, mint: new PublicKey(devnet.dai.mint), program: new PublicKey(devnet.dai.program), decimals: devnet.dai.decimals });

/** The running Solana devnet of a test core, as its own type. @throws Error when the core runs none */
export function solanaDevnetOf(chains: ChainIntegration | undefined): RunningSolanaDevnet {
  const devnet = chains?.devnets.find((d) => d.network === 'solana');
  if (!devnet || !('genesisHash' in devnet)) throw new Error('no solana devnet is running');
  return devnet;
}

/** The built-in devnet seen through web3.js: its two classic Token-program mints, its mint authority and faucet. */
export function devnetChain(devnet: RunningSolanaDevnet): SolanaTestChain {
  const coin = (currency: Stablecoin): TestCoin => ({ currency, mint: new PublicKey(devnet.mints[currency]), program: TOKEN_PROGRAM_ID });
  return {
    connection: connectionOf(devnet.rpcUrl, devnet.wsUrl),
    coins: { USDT: coin('USDT'), USDC: coin('USDC') },
    mintAuthority: keypairOf(devnet.mintAuthorityKey),
    feePayer: keypairOf(devnet.faucetKey),
    fundSol: (owner, sol = 10) => devnet.surfnet.fundSolMany([{ address: owner.toBase58(), lamports: sol * LAMPORTS_PER_SOL }]),
  };
}

/** The app's watcher of `network` in test mode, with its Solana counters. */
export function solanaWatcherOf(chains: ChainIntegration | undefined, network = 'solana'): SolanaWatcher {
  const watcher = chains?.watchers.get(`${network}:test`);
  if (!watcher || !('unattributedTransfers' in watcher.stats)) throw new Error(`no Solana watcher of ${network} in test mode`);
  return watcher as SolanaWatcher;
}

/** A session's Solana option of `currency`. */
export const solanaOption = (session: any, currency: Stablecoin = 'USDT'): any => option(session, 'solana', currency);

/** `owner`'s associated token account of `coin`. */
export const ataOf = (coin: TestCoin, owner: PublicKey): PublicKey => getAssociatedTokenAddressSync(coin.mint, owner, true, coin.program);

/** `owner`'s balance of `coin` in its associated token account (0 when the account does not exist). */
export async function tokenBalance(chain: Pick<SolanaTestChain, 'connection'>, coin: TestCoin, owner: PublicKey): Promise<bigint> {
  try {
    return (await getAccount(chain.connection, ataOf(coin, owner), 'confirmed', coin.program)).amount;
  } catch (error) {
    if (error instanceof TokenAccountNotFoundError) return 0n;
    throw error;
  }
}

/** Whether `owner`'s associated token account of `coin` exists. */
export async function hasTokenAccount(chain: Pick<SolanaTestChain, 'connection'>, coin: TestCoin, owner: PublicKey): Promise<boolean> {
  return (await chain.connection.getAccountInfo(ataOf(coin, owner), 'confirmed')) !== null;
}

/** Opens `owner`'s associated token account of `coin` (the chain's fee payer pays the rent). */
export async function openTokenAccount(chain: SolanaTestChain, coin: TestCoin, owner: PublicKey): Promise<PublicKey> {
  const account = ataOf(coin, owner);
  await sendTransaction(chain.connection, chain.feePayer, [createAssociatedTokenAccountIdempotentInstruction(chain.feePayer.publicKey, account, owner, coin.mint, coin.program)]);
  return account;
}

/** Mints `amount` base units of `coin` to `owner`'s associated token account, opening it if missing. */
export async function mintCoins(chain: SolanaTestChain, coin: TestCoin, owner: PublicKey, amount: bigint): Promise<void> {
  const account = ataOf(coin, owner);
  await sendTransaction(
    chain.connection,
    chain.feePayer,
    [
      createAssociatedTokenAccountIdempotentInstruction(chain.feePayer.publicKey, account, owner, coin.mint, coin.program),
      createMintToCheckedInstruction(coin.mint, account, chain.mintAuthority.publicKey, amount, coin.decimals ?? DECIMALS, [], coin.program),
    ],
    { signers: [chain.mintAuthority] },
  );
}

/** Makes a new 6-decimal mint of `program`, minted by `mintAuthority`. */
export async function createTestMint(connection: Connection, feePayer: Keypair, mintAuthority: PublicKey, program: PublicKey): Promise<PublicKey> {
  const mint = Keypair.generate();
  await sendTransaction(
    connection,
    feePayer,
    [
      SystemProgram.createAccount({ fromPubkey: feePayer.publicKey, newAccountPubkey: mint.publicKey, space: MINT_SIZE, lamports: await getMinimumBalanceForRentExemptMint(connection), programId: program }),
      createInitializeMint2Instruction(mint.publicKey, DECIMALS, mintAuthority, null, program),
    ],
    { signers: [mint] },
  );
  return mint.publicKey;
}

export interface SendOptions {
  /** Who signs besides the fee payer. */
  signers?: Keypair[];
  /** A v0 transaction (default: legacy, as most wallets still send). */
  v0?: boolean;
  /** Skip the node's simulation, so a transaction that fails lands (failed) in a block. */
  skipPreflight?: boolean;
  /** Whether the transaction is expected to fail (asserted). */
  expectFailure?: boolean;
}

/**
 * A customer's wallet, in web3.js and spl-token: a keypair with SOL (surfnet's cheatcode) that pays
 * Solana Pay transfer requests with `transferChecked` from its associated token account to the
 * recipient's, the references appended as read-only non-signer keys.
 */
export class SolanaPayer {
  readonly keypair: Keypair;

  constructor(
    readonly chain: SolanaTestChain,
    keypair = Keypair.generate(),
  ) {
    this.keypair = keypair;
    chain.fundSol(keypair.publicKey);
  }

  get address(): string {
    return this.keypair.publicKey.toBase58();
  }

  /** Its own associated token account of `coin`, the source of its payments (`from` in the app). */
  accountOf(coin: TestCoin): PublicKey {
    return ataOf(coin, this.keypair.publicKey);
  }

  /** Gets `amount` of `coin` minted to it. */
  receive(coin: TestCoin, amount: bigint): Promise<void> {
    return mintCoins(this.chain, coin, this.keypair.publicKey, amount);
  }

  /** A Solana Pay transfer: `amount` of `coin` into `recipient`'s associated token account, carrying `references`. */
  transfer(coin: TestCoin, recipient: string | PublicKey, amount: bigint, references: readonly string[] = []): TransactionInstruction {
    const destination = ataOf(coin, new PublicKey(recipient));
    const ix = createTransferCheckedInstruction(this.accountOf(coin), coin.mint, destination, this.keypair.publicKey, amount, coin.decimals ?? DECIMALS, [], coin.program);
    for (const r of references) ix.keys.push({ pubkey: new PublicKey(r), isSigner: false, isWritable: false });
    return ix;
  }

  /**
   * Any token sent as a wallet sends it to someone it was never asked by: the recipient's associated
   * token account opened if missing (Phantom does, the sender paying the rent), then the transfer.
   */
  sendAnyToken(coin: TestCoin, recipient: string | PublicKey, amount: bigint, references: readonly string[] = []): Promise<string> {
    const owner = new PublicKey(recipient);
    return this.send([
      createAssociatedTokenAccountIdempotentInstruction(this.keypair.publicKey, ataOf(coin, owner), owner, coin.mint, coin.program),
      this.transfer(coin, owner, amount, references),
    ]);
  }

  /** Signs and sends `instructions` in one transaction, as the fee payer; resolves with its signature once confirmed. */
  send(instructions: TransactionInstruction[], options: SendOptions = {}): Promise<string> {
    return sendTransaction(this.chain.connection, this.keypair, instructions, options);
  }

  /** Receives `amount` of the option's coin, then pays it to the option's request: the usual customer. */
  async pay(coin: TestCoin, o: { address: string; reference: string }, amount: bigint, options: SendOptions = {}): Promise<string> {
    await this.receive(coin, amount);
    return this.send([this.transfer(coin, o.address, amount, [o.reference])], options);
  }

  /** Closes its (empty) token account of `coin`, the rent back to itself: the account is gone. */
  async closeAccount(coin: TestCoin): Promise<void> {
    const me = this.keypair.publicKey;
    await this.send([createCloseAccountInstruction(this.accountOf(coin), me, me, [], coin.program)]);
  }
}

/**
 * Signs `instructions` with `feePayer` (and `signers`) and sends them in one legacy or v0 transaction;
 * resolves with its signature once confirmed, failed or not as expected. Confirmation is polled
 * (getSignatureStatuses), not web3.js's block-height strategy, which assumes mainnet's slot pace.
 */
export async function sendTransaction(
  connection: Connection,
  feePayer: Keypair,
  instructions: TransactionInstruction[],
  { signers = [], v0 = false, skipPreflight = false, expectFailure = false }: SendOptions = {},
): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash('confirmed');
  let signature: string;
  if (v0) {
    const tx = new VersionedTransaction(new TransactionMessage({ payerKey: feePayer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message());
    tx.sign([feePayer, ...signers]);
    signature = await connection.sendTransaction(tx, { skipPreflight, preflightCommitment: 'confirmed' });
  } else {
    const tx = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash: blockhash }).add(...instructions);
    tx.sign(feePayer, ...signers);
    signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight, preflightCommitment: 'confirmed' });
  }
  return waitForConfirmed(connection, signature, expectFailure);
}

/** Waits until `signature` is confirmed; asserts whether it failed. @throws Error otherwise */
export async function waitForConfirmed(connection: Connection, signature: string, expectFailure = false): Promise<string> {
  const status = (await waitFor(async () => {
    const s = (await connection.getSignatureStatuses([signature])).value[0];
    return s && (s.confirmationStatus === 'confirmed' || s.confirmationStatus === 'finalized') ? s : false;
  }, CONFIRM_MS, `${signature} confirmed`)) as SignatureStatus;
  if ((status.err !== null) !== expectFailure) {
    throw new Error(`transaction ${signature} ${expectFailure ? 'succeeded, a failure expected' : `failed: ${JSON.stringify(status.err)}`}`);
  }
  return signature;
}

/** A surfnet cheatcode over its JSON-RPC (`surfnet_pauseClock`, `surfnet_resumeClock`…). */
export async function surfnetCall(rpcUrl: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** The slot a confirmed transaction is in. */
export async function slotOf(connection: Connection, signature: string): Promise<number> {
  const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!tx) throw new Error(`no transaction ${signature}`);
  return tx.slot;
}

/** A surfnet the test runs itself (outside the core) with mints made through spl-token. */
export interface OwnSurfnet extends SolanaTestChain {
  surfnet: Surfnet;
  rpcUrl: string;
  genesisHash: string;
  /** The core's `networks.test.solana`: this surfnet as an RPC endpoint, with its mints as the coins. */
  network: Extract<NonNullable<CoreConfig['networks']>['test'], object>[string];
  stop(): void;
}

/**
 * Starts an offline surfnet with clock-paced slots of `slotTimeMs` (finalized 30 slots after
 * confirmed), and makes test USDT and USDC (6 decimals) under the programs given (default: USDT on
 * Token-2022, USDC on the classic Token program, so both are exercised).
 */
export async function startOwnSurfnet({
  slotTimeMs = 50,
  programs = { USDT: TOKEN_2022_PROGRAM_ID, USDC: TOKEN_PROGRAM_ID },
}: { slotTimeMs?: number; programs?: Record<Stablecoin, PublicKey> } = {}): Promise<OwnSurfnet> {
  const feePayer = Keypair.generate();
  const surfnet = startSurfnet(slotTimeMs, feePayer.secretKey);
  try {
    const connection = connectionOf(surfnet.rpcUrl, surfnet.wsUrl);
    const mintAuthority = Keypair.generate();
    const coin = async (currency: Stablecoin): Promise<TestCoin> => {
      const program = programs[currency];
      return { currency, mint: await createTestMint(connection, feePayer, mintAuthority.publicKey, program), program };
    };
    const coins = { USDT: await coin('USDT'), USDC: await coin('USDC') };
    const genesisHash = await connection.getGenesisHash();
    return {
      surfnet,
      rpcUrl: surfnet.rpcUrl,
      genesisHash,
      connection,
      coins,
      mintAuthority,
      feePayer,
      fundSol: (owner, sol = 10) => surfnet.fundSolMany([{ address: owner.toBase58(), lamports: sol * LAMPORTS_PER_SOL }]),
      network: { rpcUrl: surfnet.rpcUrl, chainId: genesisHash, tokens: { USDT: coins.USDT.mint.toBase58(), USDC: coins.USDC.mint.toBase58() } },
      stop: () => surfnet.stop(),
    };
  } catch (error) {
    surfnet.stop();
    throw error;
  }
}

/**
 * Waits until the core offers Solana's coins (`currencies`, both by default): after the watcher's
 * first look at the merchant's token accounts, which follows the start by a pass. A session made
 * before that has no Solana option.
 */
export async function waitForSolanaPayable(t: { api: (method: string, path: string) => Promise<{ body: any }> }, currencies: readonly Stablecoin[] = ['USDT', 'USDC']): Promise<void> {
  await waitFor(
    async () => {
      const solana = (await t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'solana');
      return currencies.every((c) => solana?.tokens.find((k: any) => k.currency === c)?.payable === true) ? solana : false;
    },
    10_000,
    `Solana ${currencies.join(' and ')} payable`,
  );
}

/** The merchant's Solana wallet in test mode: made from the data dir's test seed, as the app makes it. */
export function testMerchantWalletOf(dataDir: string): PublicKey {
  const seed = Buffer.from(JSON.parse(readFileSync(join(dataDir, 'test-wallet.json'), 'utf8')).seed, 'hex');
  return new PublicKey(testMerchantWallet(seed));
}

/** Base units of a 6-decimal amount as the API writes it ("12.500000"). */
export const baseUnits = (value: string): bigint => {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole as string) * 10n ** 6n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
};
