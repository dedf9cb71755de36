import type { WatcherStats } from '../../src/chains/family.js';
import type { Stablecoin } from '../../src/domain/currencies.js';

/** What the parent asks of the core child (core-child.ts) and what it answers, over IPC. */

/** The networks the chain sections run the core on: ethereum for the EVM family, tron for TRON. */
export type BenchNetworkId = 'ethereum' | 'tron';

/** The part of CoreConfig the chain sections choose; JSON, passed as the child's second argument. */
export interface ChainCoreOptions {
  /** The core's only network (test mode), given as an RPC endpoint; every other one is off. */
  network: BenchNetworkId;
  /** The node's URL: anvil's JSON-RPC, or a TRON node's base URL (the watcher reads its /jsonrpc). */
  rpcUrl: string;
  /** As the family writes it: EVM a number, TRON the decimal text of what /jsonrpc answers. */
  chainId: number | string;
  /** Token contracts as the family writes them (EVM hex, TRON base58 `T…`). */
  tokens: Partial<Record<Stablecoin, string>>;
  pollMs: number;
  confirmations: number;
}

/** The network part of the options: which network, and where its node is. */
export type CoreNetwork = Pick<ChainCoreOptions, 'network' | 'rpcUrl' | 'chainId' | 'tokens'>;

export type ToChild = { type: 'stats' } | { type: 'stop' };

export type FromChild =
  | {
      type: 'ready';
      url: string;
      apiKey: string;
      merchantId: string;
      /** performance.timeOrigin + performance.now() when core.start() resolved (watchers started). */
      startedAt: number;
    }
  | { type: 'stats'; watchers: Record<string, WatcherStats> };
