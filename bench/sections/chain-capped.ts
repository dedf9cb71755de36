import { join } from 'node:path';
import { type FaultCounts, type FaultEndpoint, type Faults, startFaultEndpoint } from '../../test/helpers/fault-endpoint.js';
import { type ApiTarget, createSessions, waitForHead } from '../chain/api.js';
import { startCoreOnChain } from '../chain/core-on-chain.js';
import type { CoreProcess } from '../chain/core-process.js';
import { type Detections, describeStatuses, latencyFigures, p50Of, type PaidSession, timeDetections, WARMUP_PAYMENTS } from '../chain/detection.js';
import type { ChainDriver } from '../chain/driver.js';
import { startChainDriver } from '../chain/drivers.js';
import { MAX_CAPPED_P50_RATIO } from '../chain/goals.js';
import { type NetworkReport, type NetworkRun, onEachNetwork } from '../chain/per-network.js';
import { poolFigures } from '../chain/pool-report.js';
import { countsDelta } from '../chain/rpc-proxy.js';
import { round } from '../chain/stats.js';
import { atMost } from '../goals.js';
import { BenchFailure, type Figure, type Section } from '../section.js';

/** What one phase cost: blocks made, the endpoint's counts and the watcher's own over the phase. */
interface PhaseCost {
  blocks: number;
  endpoint: FaultCounts;
  byMethod: Record<string, number>;
  rpcCalls: number;
}

/** The endpoint's counters, after less before. */
function countsBetween(before: FaultCounts, after: FaultCounts): FaultCounts {
  return {
    requests: after.requests - before.requests,
    refused429: after.refused429 - before.refused429,
    failed5xx: after.failed5xx - before.failed5xx,
    dropped: after.dropped - before.dropped,
    rangeRefused: after.rangeRefused - before.rangeRefused,
    short: after.short - before.short,
    nullTransactions: after.nullTransactions - before.nullTransactions,
    byMethod: countsDelta(before.byMethod, after.byMethod),
  };
}

function costFigures(prefix: string, label: string, cost: PhaseCost): Figure[] {
  const perBlock = (n: number) => (cost.blocks ? round(n / cost.blocks, 2) : 0);
  return [
    { key: `${prefix}.blocks`, label: `${label}: blocks made`, value: cost.blocks },
    { key: `${prefix}.requests_per_block`, label: `${label}: requests at the endpoint per block`, value: perBlock(cost.endpoint.requests) },
    { key: `${prefix}.rpc_per_block`, label: `${label}: watcher RPC calls per block (stats.rpcCalls)`, value: perBlock(cost.rpcCalls) },
    { key: `${prefix}.refused_429`, label: `${label}: answered 429`, value: cost.endpoint.refused429 },
    { key: `${prefix}.range_refused`, label: `${label}: eth_getLogs refused for its range`, value: cost.endpoint.rangeRefused },
  ];
}

const describeMethods = (cost: PhaseCost) =>
  Object.entries(cost.byMethod)
    .sort((a, b) => b[1] - a[1])
    .map(([m, n]) => `${m} ${cost.blocks ? round(n / cost.blocks, 2) : n}`)
    .join(', ');

/**
 * One network: a core whose only way to the chain is the fault-injecting endpoint; the same payments
 * timed twice on the same core and chain, first with the endpoint passing everything through
 * (uncapped), then capped at `cappedLogRange` blocks per eth_getLogs and answering `capped429Percent` %
 * of requests 429. The capped phase's p50 is held against the uncapped one's.
 */
async function measureCapped({ net, chain: s, context, dir }: NetworkRun): Promise<NetworkReport> {
  let driver: ChainDriver | undefined;
  let endpoint: FaultEndpoint | undefined;
  let core: CoreProcess | undefined;
  const figures: Figure[] = [];
  const notes: string[] = [];
  try {
    driver = await startChainDriver(net.network, dir, net.latencyBlockMs);
    endpoint = await startFaultEndpoint(driver.url);
    const coin = driver.coins[0] as (typeof driver.coins)[number];
    const price = 12_500_000n; // 12.50 at 6 decimals: the session's whole amount
    const perPhase = WARMUP_PAYMENTS + net.latencyPayments;
    await driver.fund(0, price * BigInt(2 * perPhase));

    core = await startCoreOnChain(
      driver,
      join(dir, 'data'),
      { rpcUrl: endpoint.url, pollMs: s.pollMs, confirmations: net.confirmations },
      { dir: context.settings.cpuProfDir, name: `chain-capped-${net.network}` },
    );
    const api: ApiTarget = core;
    const sessions = await createSessions(api, net.network, 2 * perPhase, { concurrency: 4 });
    const paid: PaidSession[] = [];
    for (const session of sessions) paid.push({ session, transfer: await driver.transfer(0, coin, session, price) });
    await waitForHead(api, net.network, await driver.blockNumber());

    const capped: Faults = { logRangeCap: s.cappedLogRange, rangeRefusal: s.cappedRefusal, rate429: s.capped429Percent / 100 };
    const phases = [
      { prefix: 'uncapped', label: 'uncapped', faults: {} satisfies Faults, paid: paid.slice(0, perPhase) },
      { prefix: 'capped', label: `capped (${s.cappedLogRange} blocks, ${s.capped429Percent} % 429)`, faults: capped, paid: paid.slice(perPhase) },
    ];
    const runs: Detections[] = [];
    for (const phase of phases) {
      context.log(`chain-capped: ${net.network}: ${phase.label}: ${perPhase} payments, one per block every ~${net.latencyBlockMs} ms (${WARMUP_PAYMENTS} warm-up)…`);
      endpoint.set(phase.faults);
      const before = { endpoint: endpoint.counts(), stats: await core.watcherStats(), head: await driver.blockNumber() };
      let run: Detections | undefined;
      let error: unknown;
      try {
        run = await timeDetections(api, driver, phase.paid, { blockMs: net.latencyBlockMs, pollMs: s.pollMs, warmup: WARMUP_PAYMENTS, cadence: true });
      } catch (err) {
        error = err;
      }
      const endpointCounts = countsBetween(before.endpoint, endpoint.counts());
      const stats = await core.watcherStats();
      const cost: PhaseCost = {
        blocks: (await driver.blockNumber()) - before.head,
        endpoint: endpointCounts,
        byMethod: endpointCounts.byMethod,
        rpcCalls: stats.rpcCalls - before.stats.rpcCalls,
      };
      // Whatever the phase cost is reported, even when a payment was never seen: that is the finding.
      if (run?.latencies.length) figures.push(...latencyFigures(phase.prefix, `${phase.label}: mined → on the stream`, run));
      figures.push(...costFigures(phase.prefix, phase.label, cost), ...poolFigures(stats, phase.prefix, phase.label));
      notes.push(`${phase.label}, per block by method: ${describeMethods(cost) || 'none'}`);
      if (error !== undefined || !run) throw new BenchFailure(`${phase.label}: ${error instanceof Error ? error.message : String(error)}`, { figures, notes });
      notes.push(`${phase.label}: session status in the events measured: ${describeStatuses(run)}`);
      runs.push(run);
    }
    const [uncapped, cappedRun] = runs as [Detections, Detections];
    const ratio = round(p50Of(cappedRun) / p50Of(uncapped), 2);
    figures.push({ key: 'p50_ratio', label: 'p50 capped / uncapped', value: ratio, goal: atMost(ratio, MAX_CAPPED_P50_RATIO) });
    notes.unshift(`core on ${driver.node} through the fault-injecting endpoint, a payment every ${net.latencyBlockMs} ms ± ${s.pollMs / 2} ms, ${net.confirmations} confirmation(s)`);
    return { figures, notes };
  } finally {
    await core?.stop();
    await endpoint?.close();
    await driver?.stop();
  }
}

/**
 * Issue 27, item 9: detection latency and RPC calls per block behind an endpoint like a free hosted
 * plan (eth_getLogs capped at 5 blocks, 10 % of requests answered 429), beside the same endpoint
 * passing everything through, on ethereum (anvil) and tron (the stand-in's /jsonrpc). The timing is
 * chain-latency's (detection.ts): t0 when the bench's block exists on the node, t1 the first session
 * event listing the payment. Solana is not measured here: its watcher makes no ranged log calls.
 */
export const chainCappedSection: Section = {
  name: 'chain-capped',
  summary: 'detection latency p50 and RPC calls per block behind a 5-block-capped endpoint with 10 % 429s, beside an uncapped one, ethereum and tron',
  run: (context) =>
    onEachNetwork(
      context,
      'chain-capped',
      (net) => net.latencyBlockMs,
      measureCapped,
      ({ pollMs, cappedLogRange, capped429Percent, cappedRefusal }) => [
        `the core reaches its node only through test/helpers/fault-endpoint.ts: first passing everything (uncapped), then eth_getLogs over more than ${cappedLogRange} blocks refused in ${cappedRefusal}'s words and ${capped429Percent} % of requests answered 429 (BENCH_CAPPED_LOG_RANGE, BENCH_CAPPED_REFUSAL, BENCH_CAPPED_429_PERCENT); same core, chain and watcher for both`,
        `watcher polls every ${pollMs} ms (BENCH_CHAIN_POLL_MS); payments per phase: BENCH_LATENCY_PAYMENTS (ethereum), BENCH_TRON_LATENCY_PAYMENTS (tron), ${WARMUP_PAYMENTS} warm-up each`,
        'requests at the endpoint count every one it received, refused or not; stats.rpcCalls counts the watcher\'s calls as it sees them (a retry inside the RPC client counts once there)',
      ],
      ['ethereum', 'tron'],
    ),
};
