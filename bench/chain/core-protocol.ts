import type { WatcherStats } from '../../src/chains/family.js';

/** What the parent asks of the core child (core-child.ts) and what it answers, over IPC. */

/** The part of CoreConfig the chain sections choose; JSON, passed as the child's second argument. */
export interface ChainCoreOptions {
  rpcUrl: string;
  chainId: number;
  tokens: { USDT: string; USDC: string };
  pollMs: number;
  confirmations: number;
}

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
