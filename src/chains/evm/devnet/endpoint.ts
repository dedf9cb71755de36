import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Address } from 'viem';
import type { Stablecoin } from '../../../domain/currencies.js';
import { type Devnet, devnetChain, devnetNetworkInfo, offeredCoins } from './devnet.js';

/**
 * While `serve` runs a devnet, where it listens is written beside its state file, so other
 * commands on the same data dir (`stablepos devnet pay`) can reach it.
 */
interface Endpoint {
  network: string;
  rpcUrl: string;
  chainId: number;
  blockTimeSeconds: number;
  tokens: Record<Stablecoin, Address>;
  decimals: Record<Stablecoin, number>;
  pid: number;
}

const fileOf = (devnetDir: string, network: string) => join(devnetDir, `${network}.endpoint.json`);

export function writeDevnetEndpoint(devnetDir: string, devnet: Devnet): void {
  const endpoint: Endpoint = {
    network: devnet.network,
    rpcUrl: devnet.rpcUrl,
    chainId: devnet.chainId,
    blockTimeSeconds: devnet.blockTimeSeconds,
    tokens: { ...devnet.tokens },
    decimals: { ...devnet.decimals },
    pid: process.pid,
  };
  writeFileSync(fileOf(devnetDir, devnet.network), JSON.stringify(endpoint, null, 2));
}

export function removeDevnetEndpoint(devnetDir: string, network: string): void {
  rmSync(fileOf(devnetDir, network), { force: true });
}

/**
 * A running devnet of another process, as a Devnet whose `stop` does nothing (it is not ours); undefined
 * when none runs, or `network` is no EVM network.
 */
export function readDevnetEndpoint(devnetDir: string, network: string): Devnet | undefined {
  const info = devnetNetworkInfo(network);
  const file = fileOf(devnetDir, network);
  if (!info || !existsSync(file)) return undefined;
  const e = JSON.parse(readFileSync(file, 'utf8')) as Endpoint;
  return {
    network: e.network,
    rpcUrl: e.rpcUrl,
    chainId: e.chainId,
    blockTimeSeconds: e.blockTimeSeconds,
    tokens: e.tokens,
    decimals: e.decimals,
    coins: offeredCoins(info),
    chain: devnetChain(info, e.chainId, e.rpcUrl),
    stop: async () => {},
  };
}
