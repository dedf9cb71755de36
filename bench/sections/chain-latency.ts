import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSessions, openSessionStream, type ApiTarget, type SessionStream, waitForHead } from '../chain/api.js';
import { startCoreOnChain } from '../chain/core-on-chain.js';
import type { CoreProcess } from '../chain/core-process.js';
import type { ChainDriver } from '../chain/driver.js';
import { startChainDriver } from '../chain/drivers.js';
import { MAX_DETECTION_P50_MS } from '../chain/goals.js';
import { type NetworkReport, type NetworkRun, onEachNetwork } from '../chain/per-network.js';
import { percentile, round, sleep } from '../chain/stats.js';
import { atMost } from '../goals.js';
import type { Section } from '../section.js';

/** Payments made and thrown away first: JIT, SQLite page cache, the first stream. */
const WARMUP_PAYMENTS = 3;

/** One network: a core on the driver's chain, one payment per block, each timed from its block to the stream. */
async function measureLatency({ net, chain: s, context, dir }: NetworkRun): Promise<NetworkReport> {
  let driver: ChainDriver | undefined;
  let core: CoreProcess | undefined;
  let stream: SessionStream | undefined;
  try {
    driver = await startChainDriver(net.network, dir, net.latencyBlockMs);
    const coin = driver.coins[0] as (typeof driver.coins)[number];
    const price = 12_500_000n; // 12.50 USDT at 6 decimals: the session's whole amount
    const total = WARMUP_PAYMENTS + net.latencyPayments;
    await driver.fund(0, price * BigInt(total));

    core = await startCoreOnChain(driver, join(dir, 'data'), { pollMs: s.pollMs, confirmations: net.confirmations }, { dir: context.settings.cpuProfDir, name: `chain-latency-${net.network}` });
    const api: ApiTarget = core;
    context.log(`chain-latency: ${net.network}: ${total} sessions, one payment per block every ~${net.latencyBlockMs} ms (${WARMUP_PAYMENTS} warm-up)…`);
    const sessions = await createSessions(api, net.network, total, { concurrency: 4 });
    const transfers = [];
    for (const session of sessions) transfers.push(await driver.transfer(0, coin, session, price));
    await waitForHead(api, net.network, await driver.blockNumber());

    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    let lastMined = performance.now();
    for (let i = 0; i < total; i++) {
      const session = sessions[i] as (typeof sessions)[number];
      stream = await openSessionStream(api, session.id);
      await stream.next(() => true, 5_000); // the snapshot sent on connect
      await (transfers[i] as (typeof transfers)[number]).send();
      const jitter = (Math.random() - 0.5) * s.pollMs;
      await sleep(lastMined + net.latencyBlockMs + jitter - performance.now());
      const t0 = await driver.mine();
      lastMined = performance.now();
      const seen = await stream.next((x) => x.payments.length > 0, 15_000);
      await stream.close();
      stream = undefined;
      if (i < WARMUP_PAYMENTS) continue;
      latencies.push(seen.at - t0);
      const status = seen.session.exception ? `${seen.session.status}/${seen.session.exception}` : seen.session.status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const stats = await core.watcherStats();

    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    return {
      figures: [
        { key: 'detect.p50_ms', label: 'mined → on the stream, p50', value: round(p50), unit: 'ms', goal: atMost(round(p50), MAX_DETECTION_P50_MS[net.network], 'ms') },
        { key: 'detect.p99_ms', label: 'mined → on the stream, p99', value: round(percentile(sorted, 99)), unit: 'ms' },
        { key: 'detect.max_ms', label: 'mined → on the stream, max', value: round(sorted.at(-1) as number), unit: 'ms' },
        { key: 'detect.min_ms', label: 'mined → on the stream, min', value: round(sorted[0] as number), unit: 'ms' },
        { key: 'detect.mean_ms', label: 'mined → on the stream, mean', value: round(mean), unit: 'ms' },
        { key: 'detect.n', label: 'payments measured', value: latencies.length },
        { key: 'poll_ms', label: 'watcher poll interval (chainPollMs)', value: s.pollMs, unit: 'ms' },
        { key: 'confirmations', label: 'confirmations a payment needs', value: net.confirmations },
        { key: 'watcher_rpc_calls', label: 'watcher RPC calls, whole run', value: stats.rpcCalls },
      ],
      notes: [
        `core on ${driver.node}, a payment every ${net.latencyBlockMs} ms ± ${s.pollMs / 2} ms; session status in the event measured: ${[...statuses].map(([k, v]) => `${k} ×${v}`).join(', ')}`,
      ],
    };
  } finally {
    await stream?.close().catch(() => undefined);
    await core?.stop();
    await driver?.stop();
  }
}

/**
 * Detection latency: how long after a block is made its payment shows on the session's live stream,
 * on ethereum (anvil, 1 s blocks), tron (the TRON stand-in, 3 s blocks) and solana (surfnet, 400 ms
 * slots), side by side. anvil and the stand-in do not mine on their own: the bench makes each block,
 * so t0 is the moment the node has it (anvil's `evm_mine` returns; the TRON stand-in reads anvil on
 * every request, so that is when its /jsonrpc serves the block too). Surfnet makes its slots on its
 * clock, as a cluster does: t0 is when the node last said the payment was not yet `confirmed` (the
 * commitment the watcher reads at), asked every 5 ms from the moment it was sent. t1 is when the first
 * `session` server-sent event listing the payment is read off GET /v1/payment/sessions/{id}/stream.
 * Not the block's timestamp: anvil writes it in whole seconds, up to a second before the block exists,
 * and on TRON and Solana it is the slot's time, before a node has the block. One payment per block, a
 * payment every interval with jitter of ± half a poll interval (so the mining does not lock onto the
 * watcher's poll phase), the transfer sent to the node before its block is made, as a wallet's would
 * be (on TRON, built by the node, signed by TronWeb and broadcast through /wallet/broadcasttransaction;
 * on Solana, a Solana Pay transfer with the session's reference).
 */
export const chainLatencySection: Section = {
  name: 'chain-latency',
  summary: 'time from a block being made (solana: confirmed) to its payment on the session stream (p50, p99), ethereum, tron and solana',
  run: (context) =>
    onEachNetwork(context, 'chain-latency', (net) => net.latencyBlockMs, measureLatency, ({ pollMs }) => [
      `watcher polls every ${pollMs} ms (BENCH_CHAIN_POLL_MS; the core's default on a devnet, 1000 ms on an RPC endpoint), so about half of that is waiting for the next poll`,
      't0 = the bench\'s evm_mine returned (the node serves the block from then; automatic mining off), on solana the last getSignatureStatuses answer (every 5 ms) before the one saying `confirmed`; t1 = the first session event listing the payment read off /v1/payment/sessions/{id}/stream; one payment per block',
      'ethereum: BENCH_LATENCY_PAYMENTS, BENCH_LATENCY_BLOCK_MS, BENCH_CHAIN_CONFIRMATIONS (1: the session turns SUCCEEDED when its payment is seen); tron: BENCH_TRON_LATENCY_PAYMENTS, BENCH_TRON_BLOCK_MS, BENCH_TRON_CONFIRMATIONS (19, TRON\'s default: it turns PROCESSING); solana: BENCH_SOLANA_LATENCY_PAYMENTS, BENCH_SOLANA_SLOT_MS, BENCH_SOLANA_CONFIRMATIONS (1, finalized: it turns PROCESSING at confirmed)',
      'percentiles by nearest rank: with fewer than 100 payments p99 is the largest one; the floor (min) is the detection work itself, the rest is waiting for the next poll',
      'core in its own process on an RPC endpoint (the section\'s node); the bench process holds the stream clients, drives mining, and runs the TRON stand-in\'s HTTP face (tron) or surfnet (solana)',
    ]),
};
