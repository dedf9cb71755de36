import type { WatcherStats } from '../../src/chains/family.js';
import type { Stablecoin } from '../../src/domain/currencies.js';

/** What the parent asks of the core child (core-child.ts) and what it answers, over IPC. */

/**
 * A network the chain sections run the core on: ethereum, tron or solana, or another EVM network of
 * the registry (issue 31: an L2 at 0.25 s blocks, `base` by default), on an anvil of its own like
 * ethereum's. Any registered network id: which ones exist is the registry's data, not the bench's.
 */
export type BenchNetworkId = string;

/** The part of CoreConfig the chain sections choose; JSON, passed as the child's second argument. */
export interface ChainCoreOptions {
  /** The core's only network (test mode), given as an RPC endpoint; every other one is off. */
  network: BenchNetworkId;
  /** The node's URL: anvil's or surfnet's JSON-RPC, or a TRON node's base URL (the watcher reads its /jsonrpc). */
  rpcUrl: string;
  /** As the family writes it: EVM a number, TRON the decimal text of what /jsonrpc answers, Solana the genesis hash. */
  chainId: number | string;
  /** Token contracts as the family writes them (EVM hex, TRON base58 `T…`, Solana the mints' base58). */
  tokens: Partial<Record<Stablecoin, string>>;
  /**
   * Tokens watched for customers' mistakes (issue 17); default the network's live list. Solana's
   * driver gives its devnet's test DAI instead: a live mint does not exist on an offline surfnet, and
   * the watcher follows only the accounts of mints that exist (one more signature list per pass each).
   */
  extraTokens?: { symbol: string; contract: string; decimals: number }[];
  pollMs: number;
  confirmations: number;
}

/** The network part of the options: which network, and where its node is. */
export type CoreNetwork = Pick<ChainCoreOptions, 'network' | 'rpcUrl' | 'chainId' | 'tokens' | 'extraTokens'>;

export type ToChild = { type: 'stats' } | { type: 'stop' };

export type FromChild =
  | {
      type: 'ready';
      url: string;
      apiKey: string;
      merchantId: string;
      /**
       * The merchant's test-mode wallet of the network's family, as the core made it from its data dir's
       * seed: where Solana's payments go (the bench opens its token accounts, as the owner would).
       */
      wallet: string | null;
      /** performance.timeOrigin + performance.now() when core.start() resolved (watchers started). */
      startedAt: number;
    }
  | { type: 'stats'; watchers: Record<string, WatcherStats> };
