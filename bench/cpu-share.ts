import { CPU_CATEGORIES, CPU_CATEGORY_LABELS, type CpuBreakdown } from './cpu-categories.js';
import type { Figure } from './section.js';

/**
 * The profiler's sampling interval for the CPU-share round, µs: 10 × V8's default, enough samples in
 * a 2 s round (~20,000) for a 1 % share to be stable, at a cost of a few % of the server's CPU.
 */
export const PROFILE_INTERVAL_US = 100;

/** What the profiled round of the sessions section gave. */
export interface ProfiledRound {
  breakdown: CpuBreakdown;
  seconds: number;
  responses: number;
}

/** How many functions the notes list. */
const TOP_FUNCTIONS = 10;

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 0);

/**
 * Per category: its share of the profiled busy time (`<prefix>.cpu_share.<category>.pct`) and what
 * that share is of the server's main-thread CPU per request in the measured rounds
 * (`….ms_per_req`). The bench harness's own category (its IPC handler) is left out when it rounds to 0.0 %.
 */
export function cpuShareFigures(prefix: string, label: string, round: ProfiledRound, mainCpuMsPerRequest: number): Figure[] {
  const { byCategory, busyUs } = round.breakdown;
  return CPU_CATEGORIES.filter((c) => c !== 'bench' || pct(byCategory[c], busyUs) >= 0.05).flatMap((c): Figure[] => {
    const share = pct(byCategory[c], busyUs);
    const name = CPU_CATEGORY_LABELS[c];
    return [
      { key: `${prefix}.cpu_share.${c}.pct`, label: `${label} CPU share: ${name}`, value: Number(share.toFixed(1)), unit: '%' },
      { key: `${prefix}.cpu_share.${c}.ms_per_req`, label: `${label} CPU per request: ${name}`, value: Number(((share / 100) * mainCpuMsPerRequest).toFixed(4)), unit: 'ms' },
    ];
  });
}

/** How the shares were measured, and the functions that took the most self time. */
export function cpuShareNotes(label: string, round: ProfiledRound): string[] {
  const { breakdown } = round;
  const s = (us: number) => (us / 1e6).toFixed(2);
  return [
    `${label} CPU shares: from a CPU profile of the ${label}'s main thread (node:inspector, sampled every ${PROFILE_INTERVAL_US} µs) taken in one extra round of ${round.seconds} s after the measured rounds and not counted in their figures: ${breakdown.samples.toLocaleString('en-US')} samples, ${s(breakdown.busyUs)} s busy, ${s(breakdown.idleUs)} s idle and ${s(breakdown.profilerUs)} s in the profiler's own calls (neither counted), ${round.responses.toLocaleString('en-US')} responses; a share is of the busy time, a category's ms per request is its share × the main-thread CPU per request of the measured rounds; worker threads (libuv pool, other threads) are not in the profile; categories as bench/cpu-categories.ts defines them`,
    ...breakdown.functions
      .slice(0, TOP_FUNCTIONS)
      .map((f, i) => `${label} top ${i + 1} by self time: ${pct(f.selfUs, breakdown.busyUs).toFixed(1)} % [${CPU_CATEGORY_LABELS[f.category]}] ${f.label}`),
  ];
}
