import { spawn } from 'node:child_process';
import { type Address, encodeDeployData, type Hex, keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { resolveAnvilBinary } from '../../src/chains/anvil/anvil-binary.js';
import { DEVNET_CHAIN_IDS, DEVNET_DEPLOYER_KEY, DEVNET_TOKEN_ADDRESSES } from '../../src/chains/evm/devnet/devnet.js';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../../src/chains/anvil/test-token-artifact.js';
import { familyOf, networkInfo } from '../../src/chains/registry.js';
import type { Stablecoin } from '../../src/domain/currencies.js';
import type { BenchNetworkId, CoreNetwork } from './core-protocol.js';
import { minedReceipt, rpcClient, type Rpc } from './rpc.js';

/** The coins the devnet deploys, in its deployer's nonce order (their addresses are the devnet's). */
const DEPLOYED = ['USDT', 'USDC'] as const;
/** The sections pay in amounts of 6-decimal base units (12.50 = 12_500_000). */
const BENCH_DECIMALS = 6;
const LISTEN_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * Why not the app's startDevnet: the bench needs two anvil options it does not pass.
 * - Mining only when told (`--no-mining`): the bench knows to the millisecond when each block was made.
 * - `--hardfork cancun --prune-history`: anvil 1.7.1 spends time growing with the chain's height on
 *   every block it mines (from Prague on, its EIP-2935 block-hash history contract fills up, and it
 *   rebuilds the tries and clones the whole retained state per block; fixed upstream after 1.7.1 in
 *   foundry-rs/foundry#15715). Mining 10,000 blocks takes ~95 s that way against ~0.4 s here. The
 *   watcher reads blocks and logs, which neither option changes; old states are not kept, so calls at
 *   a past block fail, which nothing here makes.
 * No state file either: nothing is kept, and no dump runs while the core is measured.
 */
const anvilArgs = (chainId: number) => ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId), '--no-mining', '--hardfork', 'cancun', '--prune-history'];

export interface BenchChain {
  /** The EVM network it stands for: ethereum, or another of the registry's (issue 31: an L2). */
  readonly network: BenchNetworkId;
  readonly rpcUrl: string;
  /** The network's devnet chain id, so the core sees the chain it would in test mode. */
  readonly chainId: number;
  /** The coins the network offers, in the order the sections pay with them (sessions in the first). */
  readonly coins: readonly Stablecoin[];
  /** The devnet's test tokens of those coins, at the devnet's addresses, with the live coins' 6 decimals. */
  readonly tokens: Readonly<Partial<Record<Stablecoin, Address>>>;
  readonly rpc: Rpc;
  /** Stops anvil (SIGTERM, then SIGKILL if it lingers). Idempotent. */
  stop(): Promise<void>;
}

/**
 * What the bench's anvil for `network` is: the network's devnet chain id (the devnet's data) and the
 * coins it offers, each with the 6 decimals the sections pay in.
 * @throws Error for a network that is not an EVM one of the registry, has no devnet chain id, or offers another precision
 */
export function benchNetwork(network: BenchNetworkId): { chainId: number; coins: Stablecoin[] } {
  const info = networkInfo(network);
  if (!info || familyOf(network)?.id !== 'evm') throw new Error(`${network} is not an EVM network of the registry`);
  const chainId = DEVNET_CHAIN_IDS[network];
  if (chainId === undefined) throw new Error(`${network} has no devnet chain id`);
  const coins = DEPLOYED.filter((c) => info.tokens[c]);
  for (const c of coins) {
    const decimals = info.tokens[c]?.decimals;
    if (decimals !== BENCH_DECIMALS) throw new Error(`${c} on ${network} has ${decimals} decimals; the chain sections pay in ${BENCH_DECIMALS}-decimal amounts`);
  }
  if (!coins.length) throw new Error(`${network} offers neither USDT nor USDC`);
  return { chainId, coins };
}

/**
 * Starts the section's own anvil for `network` (ethereum unless said: chain-backfill) and deploys the
 * devnet's test tokens, mined in its first block. Every devnet deploys USDT then USDC (their addresses
 * follow from the deployer's nonces); the core is given only the coins the network offers.
 */
export async function startBenchChain(network: BenchNetworkId = 'ethereum'): Promise<BenchChain> {
  const { chainId, coins } = benchNetwork(network);
  const child = spawn(resolveAnvilBinary(), anvilArgs(chainId), { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const onParentExit = () => child.kill('SIGKILL');
  process.on('exit', onParentExit);
  void exited.then(() => process.off('exit', onParentExit));
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    })());

  try {
    const port = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`anvil did not listen within ${LISTEN_TIMEOUT_MS} ms:\n${out.slice(-1000)}`)), LISTEN_TIMEOUT_MS);
      child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        const m = /Listening on \S+:(\d+)\r?\n/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1] as string);
        }
      });
      child.once('error', (err) => reject(new Error(`anvil could not be started: ${err.message}`)));
      void exited.then(() => reject(new Error(`anvil exited before listening:\n${out.slice(-1000)}`)));
    });
    // Keep draining its output (a block log line per block): a full pipe would stall anvil.
    child.stdout.resume();
    child.stderr.resume();

    const rpcUrl = `http://127.0.0.1:${port}`;
    const rpc = rpcClient(rpcUrl);
    await deployTokens(rpc, chainId);
    const tokens = Object.fromEntries(coins.map((c) => [c, DEVNET_TOKEN_ADDRESSES[c]]));
    return { network, rpcUrl, chainId, coins, tokens, rpc, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The devnet's deployment: USDT then USDC from dev account #0 at nonces 0 and 1, so their addresses are the devnet's. */
async function deployTokens(rpc: Rpc, chainId: number): Promise<void> {
  const deployer = privateKeyToAccount(DEVNET_DEPLOYER_KEY);
  const hashes: Hex[] = [];
  for (const [nonce, symbol] of DEPLOYED.entries()) {
    const data = encodeDeployData({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE, args: [`Test ${symbol}`, symbol, BENCH_DECIMALS] });
    const raw = await deployer.signTransaction({
      type: 'eip1559',
      chainId,
      data,
      nonce,
      gas: 3_000_000n,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
    hashes.push((await rpc.sendRaw(raw)) as Hex);
    if (hashes.at(-1) !== keccak256(raw)) throw new Error(`anvil reports another hash for the ${symbol} deployment`);
  }
  await rpc.mine();
  for (const hash of hashes) await minedReceipt(rpc, hash);
  for (const symbol of DEPLOYED) {
    const code = await rpc.call<string>('eth_getCode', [DEVNET_TOKEN_ADDRESSES[symbol], 'latest']);
    if (!code || code === '0x') throw new Error(`test ${symbol} is not at ${DEVNET_TOKEN_ADDRESSES[symbol]}`);
  }
}

/** The core's view of the chain: its network at an RPC endpoint (not a devnet it runs itself) with the token contracts. */
export function endpointOf(chain: BenchChain, rpcUrl = chain.rpcUrl): CoreNetwork {
  return { network: chain.network, rpcUrl, chainId: chain.chainId, tokens: { ...chain.tokens } };
}
