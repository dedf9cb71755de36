import type { BenchNetworkId } from './core-protocol.js';
import type { ChainDriver } from './driver.js';
import { startEvmDriver } from './evm-driver.js';
import { startTronDriver } from './tron-driver.js';

/** Starts the chain a section measures `network` on; its files (the TRON stand-in's state) go in `dir`. */
export function startChainDriver(network: BenchNetworkId, dir: string): Promise<ChainDriver> {
  return network === 'tron' ? startTronDriver(dir) : startEvmDriver();
}
