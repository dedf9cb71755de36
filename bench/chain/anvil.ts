import { spawn } from 'node:child_process';
import { type Address, encodeDeployData, type Hex, keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { resolveAnvilBinary } from '../../src/chains/anvil/anvil-binary.js';
import { DEVNET_DEPLOYER_KEY, DEVNET_TOKEN_ADDRESSES, DEVNET_TOKEN_DECIMALS } from '../../src/chains/evm/devnet/devnet.js';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../../src/chains/anvil/test-token-artifact.js';
import type { CoreNetwork } from './core-protocol.js';
import { minedReceipt, rpcClient, type Rpc } from './rpc.js';

/** The devnet's chain id for ethereum, so the core sees the chain it would in test mode. */
const CHAIN_ID = 1337;
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
const ANVIL_ARGS = ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(CHAIN_ID), '--no-mining', '--hardfork', 'cancun', '--prune-history'];

export interface BenchChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  /** The devnet's test USDT and USDC, at the devnet's addresses, with ethereum's 6 decimals. */
  readonly tokens: Readonly<{ USDT: Address; USDC: Address }>;
  readonly rpc: Rpc;
  /** Stops anvil (SIGTERM, then SIGKILL if it lingers). Idempotent. */
  stop(): Promise<void>;
}

/** Starts the section's own anvil and deploys the devnet's test tokens, mined in its first block. */
export async function startBenchChain(): Promise<BenchChain> {
  const child = spawn(resolveAnvilBinary(), ANVIL_ARGS, { stdio: ['ignore', 'pipe', 'pipe'] });
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
    await deployTokens(rpc);
    return { rpcUrl, chainId: CHAIN_ID, tokens: DEVNET_TOKEN_ADDRESSES, rpc, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The devnet's deployment: USDT then USDC from dev account #0 at nonces 0 and 1, so their addresses are the devnet's. */
async function deployTokens(rpc: Rpc): Promise<void> {
  const deployer = privateKeyToAccount(DEVNET_DEPLOYER_KEY);
  const decimals = DEVNET_TOKEN_DECIMALS.ethereum!;
  const hashes: Hex[] = [];
  for (const [nonce, symbol] of (['USDT', 'USDC'] as const).entries()) {
    const data = encodeDeployData({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE, args: [`Test ${symbol}`, symbol, decimals] });
    const raw = await deployer.signTransaction({
      type: 'eip1559',
      chainId: CHAIN_ID,
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
  for (const symbol of ['USDT', 'USDC'] as const) {
    const code = await rpc.call<string>('eth_getCode', [DEVNET_TOKEN_ADDRESSES[symbol], 'latest']);
    if (!code || code === '0x') throw new Error(`test ${symbol} is not at ${DEVNET_TOKEN_ADDRESSES[symbol]}`);
  }
}

/** The core's view of the chain: ethereum at an RPC endpoint (not a devnet it runs itself) with the token contracts. */
export function endpointOf(chain: BenchChain, rpcUrl = chain.rpcUrl): CoreNetwork {
  return { network: 'ethereum', rpcUrl, chainId: chain.chainId, tokens: { ...chain.tokens } };
}
