import { performance } from 'node:perf_hooks';
import { type ApiTarget, type CreatedSession, openSessionStream, type SessionStream } from './api.js';
import type { ChainDriver, PreparedTransfer } from './driver.js';
import { percentile, round, sleep } from './stats.js';
import type { Figure } from '../section.js';

/** A session and the transfer that pays it, made ready before the measured run. */
export interface PaidSession {
  session: CreatedSession;
  transfer: PreparedTransfer;
}

/** Detection latencies of a run, ms, and the session statuses the events measured showed. */
export interface Detections {
  latencies: number[];
  statuses: Map<string, number>;
}

/** Payments made and thrown away first: JIT, SQLite page cache, the first stream. */
export const WARMUP_PAYMENTS = 3;

/** How long one payment may take to show on its stream before the run is given up (a watcher stuck behind a refusing endpoint). */
const DETECTION_TIMEOUT_MS = 15_000;

/**
 * One payment per block, each timed from its block to the first session event listing it (chain-latency,
 * and chain-capped behind the fault-injecting endpoint): the session's stream is opened, the transfer
 * sent, the block made a block interval after the last (± half a poll interval of jitter, so mining
 * does not lock onto the watcher's poll phase), and the stream read. The first `warmup` payments are
 * made but not counted. A payment not seen within 15 s fails the run: its error says which one.
 *
 * With `cadence`, the chain keeps its interval whatever the watcher does, as a real chain does: the
 * next block is made on time while earlier payments are still awaited on their streams, so a watcher
 * slower than the chain falls behind and its latencies grow. Without it (chain-latency), each payment
 * is seen before the next block is made: the same figures while the watcher keeps up, and no payment
 * in flight to disturb the next one's timing.
 */
export async function timeDetections(
  api: ApiTarget,
  driver: ChainDriver,
  paid: readonly PaidSession[],
  timing: { blockMs: number; pollMs: number; warmup: number; cadence?: boolean },
): Promise<Detections> {
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const open = new Set<SessionStream>();
  const inFlight: Promise<void>[] = [];
  let failure: Error | undefined;
  let lastMined = performance.now();
  try {
    for (const [i, { session, transfer }] of paid.entries()) {
      if (failure) break;
      const stream = await openSessionStream(api, session.id);
      open.add(stream);
      await stream.next(() => true, 5_000); // the snapshot sent on connect
      await transfer.send();
      const jitter = (Math.random() - 0.5) * timing.pollMs;
      await sleep(lastMined + timing.blockMs + jitter - performance.now());
      const t0 = await driver.mine();
      lastMined = performance.now();
      // Never rejects (a rejection left for later would end the process): a miss is kept in `failure`.
      const seen = (async () => {
        try {
          const event = await stream.next((x) => x.payments.length > 0, DETECTION_TIMEOUT_MS);
          if (i < timing.warmup) return;
          latencies.push(event.at - t0);
          const status = event.session.exception ? `${event.session.status}/${event.session.exception}` : event.session.status;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        } catch (err) {
          failure ??= new Error(`payment ${i + 1} of ${paid.length} was not on its session's stream ${DETECTION_TIMEOUT_MS / 1000} s after its block: ${(err as Error).message}`);
        } finally {
          open.delete(stream);
          await stream.close().catch(() => undefined);
        }
      })();
      if (timing.cadence) inFlight.push(seen);
      else await seen;
    }
    await Promise.all(inFlight);
  } finally {
    await Promise.all([...open].map((stream) => stream.close().catch(() => undefined)));
  }
  if (failure) throw failure;
  return { latencies, statuses };
}

/** p50 of the run, ms, rounded as the tables print it. */
export function p50Of(run: Detections): number {
  return round(percentile([...run.latencies].sort((a, b) => a - b), 50));
}

/** The latency rows (`<prefix>.p50_ms`, p99, max, min, mean, n); `p50Goal` is held against the p50. */
export function latencyFigures(prefix: string, label: string, run: Detections, p50Goal?: Figure['goal']): Figure[] {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return [
    { key: `${prefix}.p50_ms`, label: `${label}, p50`, value: round(percentile(sorted, 50)), unit: 'ms', ...(p50Goal && { goal: p50Goal }) },
    { key: `${prefix}.p99_ms`, label: `${label}, p99`, value: round(percentile(sorted, 99)), unit: 'ms' },
    { key: `${prefix}.max_ms`, label: `${label}, max`, value: round(sorted.at(-1) as number), unit: 'ms' },
    { key: `${prefix}.min_ms`, label: `${label}, min`, value: round(sorted[0] as number), unit: 'ms' },
    { key: `${prefix}.mean_ms`, label: `${label}, mean`, value: round(mean), unit: 'ms' },
    { key: `${prefix}.n`, label: `${label}: payments measured`, value: sorted.length },
  ];
}

/** "SUCCEEDED ×40, PROCESSING ×1": the statuses of the events measured. */
export const describeStatuses = (run: Detections) => [...run.statuses].map(([k, v]) => `${k} ×${v}`).join(', ');
