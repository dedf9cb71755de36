import { CORE_NETWORKS, type CoreNetworks } from './servers/core-options.js';

/** How a server script is run: compiled to plain JS as `stablepos` runs (bundle-server.ts), or through tsx (bin/run-ts.mjs). */
export type Runtime = 'tsx' | 'bundle';
export const RUNTIMES: readonly Runtime[] = ['tsx', 'bundle'];

/**
 * Knobs read from the environment, so a quick local run (BENCH_SECONDS=3) and the full one share code.
 * Defaults are the figures the goals are stated for: 50 connections, a 10 s measured run.
 */
export interface BenchSettings {
  /** Length of each measured load run, in seconds. */
  seconds: number;
  /** How many turns the sessions section splits each server's measured time into (servers alternate). */
  rounds: number;
  /** Length of the warm-up before each measured run (JIT, SQLite page cache, connection setup). */
  warmupSeconds: number;
  /** Concurrent HTTP connections autocannon keeps open. */
  connections: number;
  /** Sessions the memory section creates before reading the core's RSS. */
  memorySessions: number;
  /** How the servers run: compiled to plain JS as the app runs (default), or through tsx. */
  runtime: Runtime;
  /** The core's test-mode EVM networks (servers/core-options.ts). */
  coreNetworks: CoreNetworks;
  /** Folder for V8 CPU profiles of the server children (`--cpu-prof`), or undefined for none. */
  cpuProfDir: string | undefined;
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function readSettings(): BenchSettings {
  return {
    seconds: positive('BENCH_SECONDS', 10),
    rounds: Math.round(positive('BENCH_ROUNDS', 5)),
    warmupSeconds: positive('BENCH_WARMUP_SECONDS', 3),
    connections: Math.round(positive('BENCH_CONNECTIONS', 50)),
    memorySessions: Math.round(positive('BENCH_MEMORY_SESSIONS', 100_000)),
    runtime: oneOf('BENCH_RUNTIME', RUNTIMES, 'bundle'),
    coreNetworks: oneOf('BENCH_CORE_NETWORKS', CORE_NETWORKS, 'off'),
    cpuProfDir: process.env.BENCH_CPU_PROF || undefined,
  };
}

/** One line for the report's notes. */
export function describeRuntime(runtime: Runtime): string {
  return runtime === 'tsx'
    ? 'servers run in child processes under tsx (BENCH_RUNTIME=tsx: node bin/run-ts.mjs; its loader thread and source maps add ~50 MB RSS that the app does not have); autocannon runs in the bench process'
    : 'servers run in child processes compiled to plain JS by bin/compiled.mjs, as `stablepos` runs the core (no loader; BENCH_RUNTIME=tsx runs them through tsx); autocannon runs in the bench process';
}
