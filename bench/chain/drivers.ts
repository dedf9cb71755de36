import type { BenchNetworkId } from './core-protocol.js';
import type { ChainDriver } from './driver.js';
import { startEvmDriver } from './evm-driver.js';
import { startSolanaDriver } from './solana-driver.js';
import { startTronDriver } from './tron-driver.js';

/**
 * Starts the chain a section measures `network` on; its files (the TRON stand-in's and surfnet's state) go
 * in `dir`. `blockMs` is the section's block interval: surfnet makes its slots at that pace on its own.
 * Every other network is an EVM one (ethereum, the L2) on an anvil of its own; the bench makes its blocks.
 */
export function startChainDriver(network: BenchNetworkId, dir: string, blockMs: number): Promise<ChainDriver> {
  switch (network) {
    case 'tron':
      return startTronDriver(dir);
    case 'solana':
      return startSolanaDriver(dir, blockMs);
    default:
      return startEvmDriver(network);
  }
}

