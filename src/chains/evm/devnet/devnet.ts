import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  http,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { STABLECOINS, type Stablecoin } from '../../../domain/currencies.js';
import { resolveAnvilBinary } from '../../anvil/anvil-binary.js';
import { ANVIL_LOCK_WAIT_MS, type RunningAnvil, spawnAnvil } from '../../anvil/anvil-process.js';
import { lockStateFile } from '../../anvil/devnet-lock.js';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../../anvil/test-token-artifact.js';
import type { EvmNetworkInfo } from '../evm-network.js';
import { EVM_NETWORKS } from '../networks.js';

/**
 * Local EVM devnets for test mode: one anvil per network, with test USDT and USDC whose `mint` anyone
 * may call, so a session can be paid for real, offline. The chain is kept in a state file between runs,
 * which only one anvil at a time may write (devnet-lock.ts); anvil runs under a guardian that ends it
 * when the app dies (devnet-guardian.ts).
 */

type Address = `0x${string}`;

/** The EVM network of this id, which has a devnet; undefined for any other. */
export function devnetNetworkInfo(network: string): EvmNetworkInfo | undefined {
  return EVM_NETWORKS.find((n) => n.id === network);
}

/**
 * Chain ids of the devnets, from the networks' data (EvmNetworkInfo.devnetChainId): not anvil's default
 * 31337, and a different one per network, so that a wallet or a signed transaction meant for one devnet
 * can never be replayed on another.
 */
export const DEVNET_CHAIN_IDS: Readonly<Record<string, number>> = Object.fromEntries(EVM_NETWORKS.map((n) => [n.id, n.devnetChainId]));

/**
 * A devnet's test USDT and USDC carry the live tokens' decimals (6 on Ethereum and the L2s, 18 on BNB
 * Smart Chain), so test amounts exercise the same scaling as real ones. A coin the network does not
 * offer (USDT on Base) is still deployed, so every devnet's tokens sit at the same addresses, with the
 * decimals of the coin it offers.
 */
export function devnetTokenDecimals(info: EvmNetworkInfo): Readonly<Record<Stablecoin, number>> {
  const offered = STABLECOINS.map((coin) => info.tokens[coin]?.decimals).find((d) => d !== undefined);
  if (offered === undefined) throw new Error(`the ${info.id} network offers no coin: a devnet of it would be of no use`);
  return { USDT: info.tokens.USDT?.decimals ?? offered, USDC: info.tokens.USDC?.decimals ?? offered };
}

/** Each network's test USDC decimals (the same as its USDT's wherever it offers both). */
export const DEVNET_TOKEN_DECIMALS: Readonly<Record<string, number>> = Object.fromEntries(EVM_NETWORKS.map((n) => [n.id, devnetTokenDecimals(n).USDC]));

/**
 * anvil's dev account #0 (from the public "test test … junk" mnemonic): deploys the tokens, and must
 * send nothing else, because the token addresses follow from its nonces 0 (USDT) and 1 (USDC).
 */
export const DEVNET_DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const DEVNET_DEPLOYER_ADDRESS: Address = privateKeyToAccount(DEVNET_DEPLOYER_KEY).address;

/** anvil's dev accounts #1–#3, funded with ether at genesis: test wallets that pay sessions. */
export const DEVNET_PAYER_KEYS: readonly Hex[] = [
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
];

/**
 * The "test test … junk" mnemonic's account #10, past anvil's ten accounts funded at genesis (tests
 * use those): the faucet that mints test coins to the test refund wallet, so that wallet never sends a
 * transaction of its own but its payouts. Given ether with anvil_setBalance when used.
 */
export const DEVNET_FAUCET_KEY: Hex = '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897';

/**
 * Deployment order is the deployer's nonce order: never reorder, or existing state files break. DAI
 * came later (issue 17) at the next nonce, so a chain made before it gets it at its next start.
 */
const DEPLOY_ORDER = ['USDT', 'USDC', 'DAI'] as const;
/** A token the devnet deploys: the two coins it offers, and a test DAI that it does not (issue 17). */
export type DevnetToken = (typeof DEPLOY_ORDER)[number];
const TOKEN_NAMES: Readonly<Record<DevnetToken, string>> = { USDT: 'Test Tether USD', USDC: 'Test USD Coin', DAI: 'Test Dai Stablecoin' };

/** Where each token lives on every devnet, fresh or reloaded: fixed by the deployer's nonces. */
export const DEVNET_TOKEN_ADDRESSES: Readonly<Record<Stablecoin, Address>> = {
  USDT: getContractAddress({ from: DEVNET_DEPLOYER_ADDRESS, nonce: 0n }),
  USDC: getContractAddress({ from: DEVNET_DEPLOYER_ADDRESS, nonce: 1n }),
};

/**
 * The devnet's test DAI, with live DAI's 18 decimals on both networks: a token the app does not support,
 * watched as an extra token so that unmatched deposits (`unsupported_token`) can be tried in test mode.
 */
export const DEVNET_DAI = { symbol: 'DAI', address: getContractAddress({ from: DEVNET_DEPLOYER_ADDRESS, nonce: 2n }), decimals: 18 } as const;

const addressOf = (token: DevnetToken): Address => (token === 'DAI' ? DEVNET_DAI.address : DEVNET_TOKEN_ADDRESSES[token]);

/** Seconds between state dumps while running, so a crash loses little (a clean stop dumps as well). */
const DEFAULT_STATE_INTERVAL_SECONDS = 5;
// The transfer is signed before the mint that funds it is mined, so its gas cannot be estimated;
// a first transfer to a fresh address costs about 52k.
const TRANSFER_GAS = 100_000n;

export interface DevnetOptions {
  /** An EVM network's id (networks.ts). */
  network: string;
  chainId: number;
  /** Loaded at start when it exists, written on stop and every `stateIntervalSeconds`. */
  stateFile: string;
  /** Interval mining; fractions allowed. 0 mines each transaction as it arrives. */
  blockTimeSeconds: number;
  /** Interface anvil listens on; 127.0.0.1 unless given. */
  host?: string;
  stateIntervalSeconds?: number;
  /** How long to wait for another devnet on `stateFile` to end before failing; default 20 s. */
  lockWaitMs?: number;
}

export interface Devnet {
  readonly network: string;
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly chain: Chain;
  readonly blockTimeSeconds: number;
  readonly tokens: Readonly<Record<Stablecoin, Address>>;
  readonly decimals: Readonly<Record<Stablecoin, number>>;
  /** The coins the network offers (Base: USDC only), of `tokens` the only ones a session is paid in. */
  readonly coins: readonly Stablecoin[];
  /** SIGTERM (anvil dumps its state), then SIGKILL if it has not exited in time; then releases the
   * state file. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts anvil for `network` and makes sure the test tokens are deployed: on a fresh chain USDT, USDC
 * then DAI are deployed and mined; on a chain loaded from `stateFile` nothing is deployed again.
 * @throws Error when anvil is missing, exits early (e.g. an unreadable state file), the state file is
 * still in use by another devnet after `lockWaitMs`, or the chain's tokens are not where they should be.
 */
export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const { network, chainId, stateFile, blockTimeSeconds } = options;
  if (!(blockTimeSeconds >= 0)) throw new Error(`blockTimeSeconds must be >= 0, got ${blockTimeSeconds}`);
  const info = devnetNetworkInfo(network);
  if (!info) throw new Error(`no EVM devnet for ${network}`);
  const host = options.host ?? '127.0.0.1';
  // anvil does not create missing folders: its dumps would fail silently and the chain be lost.
  mkdirSync(dirname(stateFile), { recursive: true });
  const binary = resolveAnvilBinary();
  const lock = await lockStateFile(stateFile, { waitMs: options.lockWaitMs ?? ANVIL_LOCK_WAIT_MS, what: `the ${network} devnet` });

  const args = [
    '--host', host,
    // Port 0: the OS picks a free port and anvil prints it, so two devnets (or a second test run)
    // never race for one, as a port probed free beforehand could.
    '--port', '0',
    '--chain-id', String(chainId),
    '--state', stateFile,
    '--state-interval', String(options.stateIntervalSeconds ?? DEFAULT_STATE_INTERVAL_SECONDS),
    // anvil 1.7.1 slows down with every block mined under its default hardfork (Prague's block-hash
    // history contract; foundry-rs/foundry#15715), which a devnet mining every second all day would
    // feel. The test tokens are compiled for Cancun.
    '--hardfork', 'cancun',
  ];
  // Without --block-time anvil mines each transaction on arrival (automine).
  if (blockTimeSeconds > 0) args.push('--block-time', String(blockTimeSeconds));

  let anvil: RunningAnvil;
  try {
    anvil = await spawnAnvil(binary, args, host, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
  try {
    const chain = devnetChain(info, chainId, anvil.rpcUrl);
    const client = createDevnetPublicClient({ chain, rpcUrl: anvil.rpcUrl, blockTimeSeconds });
    const actualChainId = await client.getChainId();
    if (actualChainId !== chainId) {
      throw new Error(`anvil reports chain id ${actualChainId}, expected ${chainId}`);
    }
    const decimals = devnetTokenDecimals(info);
    await ensureTokens(client, chain, anvil.rpcUrl, decimals);
    return {
      network,
      rpcUrl: anvil.rpcUrl,
      chainId,
      chain,
      blockTimeSeconds,
      tokens: DEVNET_TOKEN_ADDRESSES,
      decimals,
      coins: offeredCoins(info),
      stop: anvil.stop,
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/**
 * A public client for a devnet that never answers from cache: the block number is re-read on every
 * call (reorg tests rewind it) and receipts are polled about four times per block.
 */
export function createDevnetPublicClient(
  devnet: Pick<Devnet, 'chain' | 'rpcUrl' | 'blockTimeSeconds'>,
): PublicClient<Transport, Chain> {
  return createPublicClient({
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
    cacheTime: 0,
    pollingInterval: pollingIntervalMs(devnet.blockTimeSeconds),
  });
}

export interface PaymentRequest {
  /** Signs both transactions. Gas is paid in ether, which only anvil's dev accounts hold at genesis:
   * use one of DEVNET_PAYER_KEYS. */
  payerKey: Hex;
  /** A coin the devnet offers, or its test DAI (a token the app does not support). */
  token: DevnetToken;
  to: Address;
  amountBaseUnits: bigint;
}

export interface Payment {
  /** The token transfer to `to`: the transaction a watcher sees as the payment. */
  txHash: Hash;
  blockNumber: bigint;
  from: Address;
}

/**
 * Pays `to` as a customer's wallet would: mints `amountBaseUnits` of the test token to the payer,
 * then transfers them to `to` — two signed transactions, resolved once the transfer is mined.
 * Calls for one payer must not overlap: each reads the payer's next nonce from the chain.
 * @throws Error when either transaction reverts, or is not mined within receiptTimeoutMs.
 */
export async function mintAndPay(devnet: Devnet, request: PaymentRequest): Promise<Payment> {
  const account = privateKeyToAccount(request.payerKey);
  const client = createDevnetPublicClient(devnet);
  const wallet = createWalletClient({ account, chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const token = request.token === 'DAI' ? DEVNET_DAI.address : devnet.tokens[request.token];
  // Both are sent before either is mined, so they usually share one block: a payment costs one
  // block time, not two.
  const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const mintHash = await wallet.writeContract({
    address: token,
    abi: TEST_TOKEN_ABI,
    functionName: 'mint',
    args: [account.address, request.amountBaseUnits],
    nonce,
  });
  const txHash = await wallet.writeContract({
    address: token,
    abi: TEST_TOKEN_ABI,
    functionName: 'transfer',
    args: [request.to, request.amountBaseUnits],
    nonce: nonce + 1,
    gas: TRANSFER_GAS,
  });
  const timeout = receiptTimeoutMs(devnet.blockTimeSeconds);
  const [mint, transfer] = await Promise.all([
    client.waitForTransactionReceipt({ hash: mintHash, timeout }),
    client.waitForTransactionReceipt({ hash: txHash, timeout }),
  ]);
  if (mint.status !== 'success') throw new Error(`mint of test ${request.token} reverted (${mintHash})`);
  if (transfer.status !== 'success') throw new Error(`transfer of test ${request.token} reverted (${txHash})`);
  return { txHash, blockNumber: transfer.blockNumber, from: account.address };
}

/**
 * How long to wait for a transaction sent to a devnet to be mined. It goes into the next block, at most
 * one block time away (at once with automine); ten block times plus 5 s for a loaded machine. A devnet
 * that has not mined it by then is stuck, which is better said then than after viem's default 3 minutes.
 */
export function receiptTimeoutMs(blockTimeSeconds: number): number {
  return 5_000 + Math.ceil(blockTimeSeconds * 10_000);
}

function pollingIntervalMs(blockTimeSeconds: number): number {
  return blockTimeSeconds > 0 ? Math.min(1_000, Math.max(50, Math.round(blockTimeSeconds * 250))) : 50;
}

/** The coins a network offers, in the app's order of coins. */
export function offeredCoins(info: EvmNetworkInfo): Stablecoin[] {
  return STABLECOINS.filter((coin) => info.tokens[coin] !== undefined);
}

/** viem's description of a devnet: its chain id, and the network's gas coin as its native currency. */
export function devnetChain(info: EvmNetworkInfo, chainId: number, rpcUrl: string): Chain {
  const { symbol, decimals } = info.gasCoin;
  return defineChain({
    id: chainId,
    name: `stablepos devnet (${info.id})`,
    nativeCurrency: { name: symbol, symbol, decimals },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

/**
 * Deploys whichever test token is missing at its expected address, at the deployer nonce that puts it
 * there, and checks that every token reports the network's decimals (a state file from a network of
 * other decimals would not).
 */
async function ensureTokens(
  client: PublicClient<Transport, Chain>,
  chain: Chain,
  rpcUrl: string,
  coinDecimals: Readonly<Record<Stablecoin, number>>,
): Promise<void> {
  const decimalsOf = (symbol: DevnetToken): number => (symbol === 'DAI' ? DEVNET_DAI.decimals : coinDecimals[symbol]);
  const codes = await Promise.all(
    DEPLOY_ORDER.map((symbol) => client.getCode({ address: addressOf(symbol) })),
  );
  const missing = DEPLOY_ORDER.map((symbol, nonce) => ({ symbol, nonce })).filter(({ nonce }) => !codes[nonce]);
  if (missing.length > 0) {
    const deployerNonce = await client.getTransactionCount({
      address: DEVNET_DEPLOYER_ADDRESS,
      blockTag: 'pending',
    });
    const account = privateKeyToAccount(DEVNET_DEPLOYER_KEY);
    const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
    const hashes: Hash[] = [];
    for (const { symbol, nonce } of missing) {
      if (nonce < deployerNonce) {
        throw new Error(
          `test ${symbol} is missing at ${addressOf(symbol)} but the deployer's nonce ${nonce} is ` +
            'already spent: the state file holds another chain; remove it to start a fresh devnet',
        );
      }
      // Explicit nonces, sent without waiting: both deployments land in one block.
      hashes.push(
        await wallet.deployContract({
          abi: TEST_TOKEN_ABI,
          bytecode: TEST_TOKEN_BYTECODE,
          args: [TOKEN_NAMES[symbol], symbol, decimalsOf(symbol)],
          nonce,
        }),
      );
    }
    // Mine them now rather than at the next interval block: with a 12 s block time the first start
    // would otherwise wait that long for nothing.
    await createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) }).mine({ blocks: 1 });
    const timeout = receiptTimeoutMs(0); // mined just now, on request
    const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash, timeout })));
    receipts.forEach((receipt, i) => {
      const { symbol } = missing[i]!;
      const expected = addressOf(symbol).toLowerCase();
      if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== expected) {
        throw new Error(`deploying test ${symbol} failed (${receipt.transactionHash})`);
      }
    });
  }
  for (const symbol of DEPLOY_ORDER) {
    const actual = await client.readContract({
      address: addressOf(symbol),
      abi: TEST_TOKEN_ABI,
      functionName: 'decimals',
    });
    if (actual !== decimalsOf(symbol)) {
      throw new Error(`test ${symbol} has ${actual} decimals, expected ${decimalsOf(symbol)}: the state file belongs to another network`);
    }
  }
}
