/**
 * Sizes and knobs of the chain sections, read from the environment so a quick local run
 * (BENCH_BACKFILL_BLOCKS=1000) and the full one share code. Defaults are the figures.
 */

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export interface ChainBenchSettings {
  /** Watcher poll interval given to the core, ms (BENCH_CHAIN_POLL_MS; the devnet default is 100). */
  pollMs: number;
  /** Confirmations a payment needs in the chain sections (BENCH_CHAIN_CONFIRMATIONS). */
  confirmations: number;
  /** chain-latency: measured payments (BENCH_LATENCY_PAYMENTS). */
  latencyPayments: number;
  /** chain-latency: block interval, ms (BENCH_LATENCY_BLOCK_MS). */
  latencyBlockMs: number;
  /** chain-rpc: blocks mined per phase (BENCH_RPC_BLOCKS). */
  rpcBlocks: number;
  /** chain-rpc: open sessions in the large phase (BENCH_RPC_SESSIONS; the small phase has 10). */
  rpcSessions: number;
  /** chain-rpc: block interval, ms (BENCH_RPC_BLOCK_MS). */
  rpcBlockMs: number;
  /** chain-backfill: blocks mined while the core is stopped (BENCH_BACKFILL_BLOCKS). */
  backfillBlocks: number;
  /** chain-backfill: transfers to session addresses among them (BENCH_BACKFILL_TRANSFERS). */
  backfillTransfers: number;
  /** chain-backfill: sessions the transfers go to (BENCH_BACKFILL_SESSIONS). */
  backfillSessions: number;
}

export function readChainSettings(): ChainBenchSettings {
  return {
    pollMs: positiveInt('BENCH_CHAIN_POLL_MS', 100),
    confirmations: positiveInt('BENCH_CHAIN_CONFIRMATIONS', 1),
    latencyPayments: positiveInt('BENCH_LATENCY_PAYMENTS', 40),
    latencyBlockMs: positiveInt('BENCH_LATENCY_BLOCK_MS', 1000),
    rpcBlocks: positiveInt('BENCH_RPC_BLOCKS', 50),
    rpcSessions: positiveInt('BENCH_RPC_SESSIONS', 10_000),
    rpcBlockMs: positiveInt('BENCH_RPC_BLOCK_MS', 1000),
    backfillBlocks: positiveInt('BENCH_BACKFILL_BLOCKS', 10_000),
    backfillTransfers: positiveInt('BENCH_BACKFILL_TRANSFERS', 2_000),
    backfillSessions: positiveInt('BENCH_BACKFILL_SESSIONS', 500),
  };
}

/** The lines for `npm run bench -- --help`. */
export const CHAIN_ENV_USAGE = [
  '  Chain sections: BENCH_CHAIN_POLL_MS (watcher poll, default 100 as on a devnet), BENCH_CHAIN_CONFIRMATIONS (1),',
  '  BENCH_LATENCY_PAYMENTS (40), BENCH_LATENCY_BLOCK_MS (1000), BENCH_RPC_BLOCKS (50), BENCH_RPC_SESSIONS (10000),',
  '  BENCH_RPC_BLOCK_MS (1000), BENCH_BACKFILL_BLOCKS (10000), BENCH_BACKFILL_TRANSFERS (2000), BENCH_BACKFILL_SESSIONS (500).',
];
