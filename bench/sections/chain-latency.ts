import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEVNET_PAYER_KEYS } from '../../src/chains/evm/devnet/devnet.js';
import { endpointOf, startBenchChain, type BenchChain } from '../chain/anvil.js';
import { createSessions, ethereumNetwork, openSessionStream, type ApiTarget, type SessionStream } from '../chain/api.js';
import { type CoreProcess, startCoreProcess } from '../chain/core-process.js';
import { readChainSettings } from '../chain/env.js';
import { MAX_DETECTION_P50_MS } from '../chain/goals.js';
import { minedReceipt } from '../chain/rpc.js';
import { percentile, round, sleep, waitUntil } from '../chain/stats.js';
import { BenchWallet } from '../chain/wallet.js';
import { atMost } from '../goals.js';
import type { Section, SectionReport } from '../section.js';

/** Payments made and thrown away first: JIT, SQLite page cache, the first stream. */
const WARMUP_PAYMENTS = 3;

/**
 * Detection latency: how long after a block is mined its payment shows on the session's live
 * stream. The section's anvil mines only when told (automine off), so t0 is the moment `evm_mine`
 * returns; t1 is when the first `session` server-sent event listing the payment is read off
 * GET /v1/payment/sessions/{id}/stream. One payment per block, a block about every second (with
 * jitter of ± half a poll interval, so the mining does not lock onto the watcher's poll phase), the
 * transfer sent to the mempool well before its block is mined, as a wallet's would be.
 */
export const chainLatencySection: Section = {
  name: 'chain-latency',
  summary: 'time from a block being mined to its payment on the session stream (p50, p99)',
  async run({ log, settings }): Promise<SectionReport> {
    const s = readChainSettings();
    const dir = mkdtempSync(join(tmpdir(), 'stablepos-bench-chain-latency-'));
    let chain: BenchChain | undefined;
    let core: CoreProcess | undefined;
    let stream: SessionStream | undefined;
    try {
      chain = await startBenchChain();
      const { rpc } = chain;
      const token = chain.tokens.USDT;
      const price = 12_500_000n; // 12.50 USDT at 6 decimals: the session's whole amount
      const total = WARMUP_PAYMENTS + s.latencyPayments;

      const payer = new BenchWallet(rpc, chain.chainId, DEVNET_PAYER_KEYS[0] as `0x${string}`);
      const mint = await payer.send(await payer.signMint(token, price * BigInt(total)));
      await rpc.mine();
      await minedReceipt(rpc, mint.hash);

      core = await startCoreProcess(join(dir, 'data'), { ...endpointOf(chain), pollMs: s.pollMs, confirmations: s.confirmations }, { dir: settings.cpuProfDir, name: 'chain-latency' });
      const api: ApiTarget = core;
      log(`chain-latency: ${total} sessions, one payment per block every ~${s.latencyBlockMs} ms (${WARMUP_PAYMENTS} warm-up)…`);
      const sessions = await createSessions(api, total, { concurrency: 4 });
      const transfers = [];
      for (const session of sessions) transfers.push(await payer.signTransfer(token, session.address, price));
      const head = await rpc.blockNumber();
      await waitUntil(async () => (await ethereumNetwork(api)).last_block === head, 10_000, 'the watcher to reach the head');

      const latencies: number[] = [];
      const statuses = new Map<string, number>();
      let lastMined = performance.now();
      for (let i = 0; i < total; i++) {
        const session = sessions[i] as (typeof sessions)[number];
        stream = await openSessionStream(api, session.id);
        await stream.next(() => true, 5_000); // the snapshot sent on connect
        await payer.send(transfers[i] as (typeof transfers)[number]);
        const jitter = (Math.random() - 0.5) * s.pollMs;
        await sleep(lastMined + s.latencyBlockMs + jitter - performance.now());
        await rpc.mine();
        const t0 = performance.now();
        lastMined = t0;
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
          { key: 'detect.p50_ms', label: 'mined → on the stream, p50', value: round(p50), unit: 'ms', goal: atMost(round(p50), MAX_DETECTION_P50_MS, 'ms') },
          { key: 'detect.p99_ms', label: 'mined → on the stream, p99', value: round(percentile(sorted, 99)), unit: 'ms' },
          { key: 'detect.max_ms', label: 'mined → on the stream, max', value: round(sorted.at(-1) as number), unit: 'ms' },
          { key: 'detect.min_ms', label: 'mined → on the stream, min', value: round(sorted[0] as number), unit: 'ms' },
          { key: 'detect.mean_ms', label: 'mined → on the stream, mean', value: round(mean), unit: 'ms' },
          { key: 'detect.n', label: 'payments measured', value: latencies.length },
          { key: 'poll_ms', label: 'watcher poll interval (chainPollMs)', value: s.pollMs, unit: 'ms' },
          { key: 'watcher_rpc_calls', label: 'watcher RPC calls, whole run', value: stats.rpcCalls },
        ],
        notes: [
          `watcher polls every ${s.pollMs} ms (BENCH_CHAIN_POLL_MS; the core's default on a devnet, 1000 ms on an RPC endpoint), so about half of that is waiting for the next poll`,
          `t0 = evm_mine returned (anvil with automine off), t1 = the first session event listing the payment read off /v1/payment/sessions/{id}/stream; one payment per block, a block every ${s.latencyBlockMs} ms ± ${s.pollMs / 2} ms (BENCH_LATENCY_BLOCK_MS, BENCH_LATENCY_PAYMENTS)`,
          `percentiles by nearest rank: with fewer than 100 payments p99 is the largest one; the floor (min) is the detection work itself, the rest is waiting for the next poll`,
          `confirmations ${s.confirmations} (BENCH_CHAIN_CONFIRMATIONS); session status in that event: ${[...statuses].map(([k, v]) => `${k} ×${v}`).join(', ')}`,
          'core in its own process (tsx) on the section\'s anvil as an RPC endpoint; the bench process holds the stream clients and drives mining',
        ],
      };
    } finally {
      await stream?.close().catch(() => undefined);
      await core?.stop();
      await chain?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
