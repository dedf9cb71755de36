import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Devnet, startDevnet } from '../../src/chains/evm/devnet.js';
import { rpcClient, type Rpc } from './rpc.js';

export interface BenchChain {
  devnet: Devnet;
  rpc: Rpc;
}

/**
 * The section's own anvil with the devnet's test USDT and USDC (the app's startDevnet), under `dir`.
 * Automine is turned off once the tokens are deployed: blocks are mined only when the bench says
 * (evm_mine, anvil_mine), so it knows to the millisecond when each one was made. State dumps are
 * pushed out to once an hour: a dump of a long chain is a large JSON file written by anvil while the
 * core is being measured.
 */
export async function startBenchChain(dir: string): Promise<BenchChain> {
  mkdirSync(dir, { recursive: true });
  const devnet = await startDevnet({
    network: 'ethereum',
    chainId: 1337,
    stateFile: join(dir, 'ethereum.json'),
    blockTimeSeconds: 0,
    stateIntervalSeconds: 3600,
  });
  const rpc = rpcClient(devnet.rpcUrl);
  try {
    await rpc.setAutomine(false);
  } catch (err) {
    await devnet.stop();
    throw err;
  }
  return { devnet, rpc };
}

/** The core's view of the chain: an RPC endpoint (not a devnet it runs), the token contracts. */
export function endpointOf(devnet: Devnet, rpcUrl = devnet.rpcUrl): { rpcUrl: string; chainId: number; tokens: { USDT: string; USDC: string } } {
  return { rpcUrl, chainId: devnet.chainId, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } };
}
