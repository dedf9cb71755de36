import { join } from 'node:path';
import { createSessions, type ApiTarget, waitForHead } from '../chain/api.js';
import { startCoreOnChain } from '../chain/core-on-chain.js';
import type { CoreProcess } from '../chain/core-process.js';
import { describeStatuses, latencyFigures, p50Of, timeDetections, WARMUP_PAYMENTS } from '../chain/detection.js';
import type { ChainDriver } from '../chain/driver.js';
import { startChainDriver } from '../chain/drivers.js';
import { maxDetectionP50Ms } from '../chain/goals.js';
import { type NetworkReport, type NetworkRun, onEachNetwork } from '../chain/per-network.js';
import { atMost } from '../goals.js';
import type { Section } from '../section.js';

/** One network: a core on the driver's chain, one payment per block, each timed from its block to the stream. */
async function measureLatency({ net, chain: s, context, dir }: NetworkRun): Promise<NetworkReport> {
  let driver: ChainDriver | undefined;
  let core: CoreProcess | undefined;
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
    const paid = [];
    for (const session of sessions) paid.push({ session, transfer: await driver.transfer(0, coin, session, price) });
    await waitForHead(api, net.network, await driver.blockNumber());

    const run = await timeDetections(api, driver, paid, { blockMs: net.latencyBlockMs, pollMs: s.pollMs, warmup: WARMUP_PAYMENTS });
    const stats = await core.watcherStats();
    return {
      figures: [
        ...latencyFigures('detect', 'mined → on the stream', run, atMost(p50Of(run), maxDetectionP50Ms(net.network), 'ms')),
        { key: 'poll_ms', label: 'watcher poll interval (chainPollMs)', value: s.pollMs, unit: 'ms' },
        { key: 'confirmations', label: 'confirmations a payment needs', value: net.confirmations },
        { key: 'watcher_rpc_calls', label: 'watcher RPC calls, whole run', value: stats.rpcCalls },
      ],
      notes: [`core on ${driver.node}, a payment every ${net.latencyBlockMs} ms ± ${s.pollMs / 2} ms; session status in the event measured: ${describeStatuses(run)}`],
    };
  } finally {
    await core?.stop();
    await driver?.stop();
  }
}

/**
 * Detection latency: how long after a block is made its payment shows on the session's live stream,
 * on ethereum (anvil, 1 s blocks), tron (the TRON stand-in, 3 s blocks), solana (surfnet, 400 ms
 * slots) and an EVM L2 (issue 31: base by default, on an anvil with its devnet chain id, 250 ms
 * blocks), side by side. anvil and the stand-in do not mine on their own: the bench makes each block,
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
  summary: 'time from a block being made (solana: confirmed) to its payment on the session stream (p50, p99), ethereum, tron, solana and an L2 (base, 0.25 s blocks)',
  run: (context) =>
    onEachNetwork(context, 'chain-latency', (net) => net.latencyBlockMs, measureLatency, ({ pollMs }) => [
      `watcher polls every ${pollMs} ms (BENCH_CHAIN_POLL_MS; the core's default on a devnet, 1000 ms on an RPC endpoint), so about half of that is waiting for the next poll`,
      't0 = the bench\'s evm_mine returned (the node serves the block from then; automatic mining off), on solana the last getSignatureStatuses answer (every 5 ms) before the one saying `confirmed`; t1 = the first session event listing the payment read off /v1/payment/sessions/{id}/stream; one payment per block',
      'ethereum: BENCH_LATENCY_PAYMENTS, BENCH_LATENCY_BLOCK_MS, BENCH_CHAIN_CONFIRMATIONS (1: the session turns SUCCEEDED when its payment is seen); tron: BENCH_TRON_LATENCY_PAYMENTS, BENCH_TRON_BLOCK_MS, BENCH_TRON_CONFIRMATIONS (19, TRON\'s default: it turns PROCESSING); solana: BENCH_SOLANA_LATENCY_PAYMENTS, BENCH_SOLANA_SLOT_MS, BENCH_SOLANA_CONFIRMATIONS (1, finalized: it turns PROCESSING at confirmed); the L2: BENCH_L2_LATENCY_PAYMENTS, BENCH_L2_BLOCK_MS, BENCH_L2_CONFIRMATIONS (the network\'s default: it turns PROCESSING)',
      'percentiles by nearest rank: with fewer than 100 payments p99 is the largest one; the floor (min) is the detection work itself, the rest is waiting for the next poll',
      'core in its own process on an RPC endpoint (the section\'s node); the bench process holds the stream clients, drives mining, and runs the TRON stand-in\'s HTTP face (tron) or surfnet (solana)',
    ]),
};
