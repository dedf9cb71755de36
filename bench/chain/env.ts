import { familyOf, networkInfo } from '../../src/chains/registry.js';
import type { Faults } from '../../test/helpers/fault-endpoint.js';
import type { BenchNetworkId } from './core-protocol.js';

/**
 * Sizes and knobs of the chain sections, read from the environment so a quick local run
 * (BENCH_BACKFILL_BLOCKS=1000) and the full one share code. Defaults are the issues' figures.
 */

/**
 * The L2 measured by default (issue 31): an EVM network at an L2's pace. Any EVM network of the
 * registry other than ethereum may be named in BENCH_CHAIN_NETWORKS instead; it runs with the L2 knobs.
 */
export const DEFAULT_L2 = 'base';
/** One network per family, each with knobs of its own, measured first in this order. */
const FAMILY_NETWORKS: readonly BenchNetworkId[] = ['ethereum', 'tron', 'solana'];

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** An integer from 0 to 100. */
function percent(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100) throw new Error(`${name} must be an integer from 0 to 100, got "${raw}"`);
  return value;
}

/** What chain-latency and chain-rpc do on one network. */
export interface NetworkBenchSettings {
  network: BenchNetworkId;
  /** Confirmations a payment needs (ethereum: BENCH_CHAIN_CONFIRMATIONS; tron: BENCH_TRON_CONFIRMATIONS; solana: BENCH_SOLANA_CONFIRMATIONS). */
  confirmations: number;
  /** chain-latency: measured payments. */
  latencyPayments: number;
  /** chain-latency: block interval, ms (solana: the slot time surfnet keeps). */
  latencyBlockMs: number;
  /** chain-rpc: blocks mined per phase (solana: rounds of transfers, one a slot). */
  rpcBlocks: number;
  /** chain-rpc: block interval, ms. */
  rpcBlockMs: number;
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
  /** chain-capped and chain-backfill-capped: the most blocks the endpoint serves per eth_getLogs (BENCH_CAPPED_LOG_RANGE). */
  cappedLogRange: number;
  /** chain-capped: percent of requests the capped endpoint answers 429 (BENCH_CAPPED_429_PERCENT). */
  capped429Percent: number;
  /** chain-capped and chain-backfill-capped: how the endpoint words its range refusal (BENCH_CAPPED_REFUSAL). */
  cappedRefusal: RangeRefusal;
  /** chain-backfill-capped: seconds the catch-up may take before the section gives up (BENCH_CATCH_UP_TIMEOUT_S). */
  catchUpTimeoutSeconds: number;
  /**
   * chain-latency and chain-rpc: the networks measured, in order (BENCH_CHAIN_NETWORKS): ethereum
   * with the knobs above, tron (3 s blocks), solana (0.4 s slots) and the L2 (0.25 s blocks) with their own.
   */
  networks: NetworkBenchSettings[];
}

/** The fault-injecting endpoint's wordings of a range refusal (test/helpers/fault-endpoint.ts). */
type RangeRefusal = NonNullable<Faults['rangeRefusal']>;
const RANGE_REFUSALS: readonly RangeRefusal[] = ['quicknode', 'geth', 'alchemy', 'http413', 'results'];

function rangeRefusal(): RangeRefusal {
  const raw = process.env.BENCH_CAPPED_REFUSAL;
  if (raw === undefined || raw === '') return 'quicknode';
  if (!(RANGE_REFUSALS as readonly string[]).includes(raw)) throw new Error(`BENCH_CAPPED_REFUSAL must be one of ${RANGE_REFUSALS.join(', ')}, got "${raw}"`);
  return raw as RangeRefusal;
}

/** An EVM network of the registry other than ethereum: measured as the L2, with the L2 knobs. */
const isL2 = (network: string) => network !== 'ethereum' && familyOf(network)?.id === 'evm';

/**
 * BENCH_CHAIN_NETWORKS: a comma-separated list of ethereum, tron, solana and EVM networks of the
 * registry (the L2: base, arbitrum…); ethereum, tron, solana and base by default. Measured in that
 * order, the L2s last in the order given.
 */
function networkList(): BenchNetworkId[] {
  const raw = process.env.BENCH_CHAIN_NETWORKS;
  if (raw === undefined || raw.trim() === '') return [...FAMILY_NETWORKS, DEFAULT_L2];
  const names = raw.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !FAMILY_NETWORKS.includes(n) && !isL2(n));
  if (unknown.length || !names.length) throw new Error(`BENCH_CHAIN_NETWORKS must list some of ${FAMILY_NETWORKS.join(', ')} and the registry's other EVM networks, got "${raw}"`);
  return [...new Set([...FAMILY_NETWORKS.filter((n) => names.includes(n)), ...names.filter(isL2)])];
}

export function readChainSettings(): ChainBenchSettings {
  const evm = {
    confirmations: positiveInt('BENCH_CHAIN_CONFIRMATIONS', 1),
    latencyPayments: positiveInt('BENCH_LATENCY_PAYMENTS', 40),
    latencyBlockMs: positiveInt('BENCH_LATENCY_BLOCK_MS', 1000),
    rpcBlocks: positiveInt('BENCH_RPC_BLOCKS', 50),
    rpcBlockMs: positiveInt('BENCH_RPC_BLOCK_MS', 1000),
  };
  const tronBlockMs = positiveInt('BENCH_TRON_BLOCK_MS', 3000);
  // TRON's 3 s blocks make each payment and each block three times as long as ethereum's: fewer of
  // them keep the two sections within a few minutes. Confirmations are TRON's default (a solidified
  // block), so the session the latency section watches turns PROCESSING when its payment is seen.
  const tron = {
    confirmations: positiveInt('BENCH_TRON_CONFIRMATIONS', 19),
    latencyPayments: positiveInt('BENCH_TRON_LATENCY_PAYMENTS', 20),
    latencyBlockMs: tronBlockMs,
    rpcBlocks: positiveInt('BENCH_TRON_RPC_BLOCKS', 15),
    rpcBlockMs: tronBlockMs,
  };
  // Solana at mainnet's pace: surfnet makes a slot every 400 ms on its own. One confirmation is the
  // network's default ("finalized", 30 slots later on surfnet), so the latency section's session turns
  // PROCESSING when its payment is seen at `confirmed`. Short slots make payments and rounds quick.
  const solanaSlotMs = positiveInt('BENCH_SOLANA_SLOT_MS', 400);
  const solana = {
    confirmations: positiveInt('BENCH_SOLANA_CONFIRMATIONS', 1),
    latencyPayments: positiveInt('BENCH_SOLANA_LATENCY_PAYMENTS', 40),
    latencyBlockMs: solanaSlotMs,
    rpcBlocks: positiveInt('BENCH_SOLANA_RPC_BLOCKS', 75),
    rpcBlockMs: solanaSlotMs,
  };
  // An EVM L2 at a sequencer's pace (issue 31): a block every 250 ms, as Arbitrum One makes them (Base
  // 2 s, Polygon PoS 2 s: 0.25 s is the hardest pace of the three for a watcher). Four blocks a second
  // make payments and blocks quick, so more of them: a p99 from 100 payments, and 200 blocks (50 s)
  // per phase. Confirmations are the network's default unless set: the session then turns PROCESSING
  // when its payment is seen, as a shop's would.
  const l2 = (network: BenchNetworkId) => {
    const blockMs = positiveInt('BENCH_L2_BLOCK_MS', 250);
    return {
      confirmations: positiveInt('BENCH_L2_CONFIRMATIONS', networkInfo(network)?.defaultConfirmations ?? 1),
      latencyPayments: positiveInt('BENCH_L2_LATENCY_PAYMENTS', 100),
      latencyBlockMs: blockMs,
      rpcBlocks: positiveInt('BENCH_L2_RPC_BLOCKS', 200),
      rpcBlockMs: blockMs,
    };
  };
  const perNetwork: Readonly<Record<string, Omit<NetworkBenchSettings, 'network'>>> = { ethereum: evm, tron, solana };
  const settingsOf = (network: BenchNetworkId) => perNetwork[network] ?? l2(network);
  return {
    pollMs: positiveInt('BENCH_CHAIN_POLL_MS', 100),
    ...evm,
    rpcSessions: positiveInt('BENCH_RPC_SESSIONS', 10_000),
    backfillBlocks: positiveInt('BENCH_BACKFILL_BLOCKS', 10_000),
    backfillTransfers: positiveInt('BENCH_BACKFILL_TRANSFERS', 2_000),
    backfillSessions: positiveInt('BENCH_BACKFILL_SESSIONS', 500),
    cappedLogRange: positiveInt('BENCH_CAPPED_LOG_RANGE', 5),
    capped429Percent: percent('BENCH_CAPPED_429_PERCENT', 10),
    cappedRefusal: rangeRefusal(),
    catchUpTimeoutSeconds: positiveInt('BENCH_CATCH_UP_TIMEOUT_S', 180),
    networks: networkList().map((network) => ({ network, ...settingsOf(network) })),
  };
}

/** The lines for `npm run bench -- --help`. */
export const CHAIN_ENV_USAGE = [
  '  Chain sections: BENCH_CHAIN_POLL_MS (watcher poll, default 100 as on a devnet), BENCH_CHAIN_CONFIRMATIONS (1),',
  '  BENCH_LATENCY_PAYMENTS (40), BENCH_LATENCY_BLOCK_MS (1000), BENCH_RPC_BLOCKS (50), BENCH_RPC_SESSIONS (10000),',
  '  BENCH_RPC_BLOCK_MS (1000), BENCH_BACKFILL_BLOCKS (10000), BENCH_BACKFILL_TRANSFERS (2000), BENCH_BACKFILL_SESSIONS (500);',
  '  chain-latency and chain-rpc on TRON, Solana and an L2: BENCH_CHAIN_NETWORKS (ethereum,tron,solana,base), BENCH_TRON_BLOCK_MS (3000),',
  '  BENCH_TRON_CONFIRMATIONS (19), BENCH_TRON_LATENCY_PAYMENTS (20), BENCH_TRON_RPC_BLOCKS (15), BENCH_SOLANA_SLOT_MS (400),',
  '  BENCH_SOLANA_CONFIRMATIONS (1), BENCH_SOLANA_LATENCY_PAYMENTS (40), BENCH_SOLANA_RPC_BLOCKS (75); the L2 (base by',
  '  default, or any other EVM network of the registry named in BENCH_CHAIN_NETWORKS): BENCH_L2_BLOCK_MS (250),',
  '  BENCH_L2_CONFIRMATIONS (the network\'s default), BENCH_L2_LATENCY_PAYMENTS (100), BENCH_L2_RPC_BLOCKS (200).',
  '  Behind a capped endpoint (chain-capped: ethereum and tron of BENCH_CHAIN_NETWORKS, their latency knobs above;',
  '  chain-backfill-capped: the BENCH_BACKFILL_* knobs): BENCH_CAPPED_LOG_RANGE (5 blocks per eth_getLogs),',
  '  BENCH_CAPPED_429_PERCENT (10, chain-capped), BENCH_CAPPED_REFUSAL (quicknode | geth | alchemy | http413 | results),',
  '  BENCH_CATCH_UP_TIMEOUT_S (180: chain-backfill-capped gives up and reports how far it got).',
];
