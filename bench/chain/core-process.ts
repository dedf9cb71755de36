import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WatcherStats } from '../../src/chains/family.js';
import type { ChainCoreOptions, FromChild, ToChild } from './core-protocol.js';

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const runTs = fileURLToPath(new URL('../../bin/run-ts.mjs', import.meta.url));
const childScript = fileURLToPath(new URL('./core-child.ts', import.meta.url));

/** A running core child: where it listens, a key for its API, its watcher's counters. */
export interface CoreProcess {
  readonly url: string;
  readonly apiKey: string;
  readonly merchantId: string;
  /** The merchant's test wallet of the network's family (Solana: where payments go). */
  readonly wallet: string | null;
  readonly pid: number;
  /** When its watchers started, as performance.timeOrigin + performance.now() (comparable across processes). */
  readonly startedAt: number;
  /** The test-mode watcher's stats of the core's network (rpcCalls, scans, lastHead…). */
  watcherStats(): Promise<WatcherStats>;
  /** CPU seconds used so far (user + system, all threads), from /proc. */
  cpuSeconds(): number;
  /** Stops the core (it closes its database) and waits for the process to end. Idempotent. */
  stop(): Promise<void>;
}

// Children still running if the bench dies half-way are told to stop with it.
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGTERM');
});

/** Starts bench/chain/core-child.ts through tsx on `dataDir` (kept when it stops: the caller owns it). */
export async function startCoreProcess(dataDir: string, options: ChainCoreOptions, cpuProf?: { dir: string | undefined; name: string }): Promise<CoreProcess> {
  // BENCH_CPU_PROF: a V8 profile per core process, in a folder per section (tsx's loader thread writes one too).
  const execArgv: string[] = [];
  if (cpuProf?.dir) {
    const dir = join(cpuProf.dir, cpuProf.name);
    mkdirSync(dir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
  }
  const child = fork(runTs, [childScript, dataDir, JSON.stringify(options)], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  live.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    }),
  );
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ type: 'stop' } satisfies ToChild);
      else child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    })());

  let ready: Extract<FromChild, { type: 'ready' }>;
  try {
    ready = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`core child did not report ready within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      child.on('message', (m: FromChild) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve(m);
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`core child exited with code ${code} before it was ready (its stderr is above)`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  const pid = child.pid as number;
  return {
    url: ready.url,
    apiKey: ready.apiKey,
    merchantId: ready.merchantId,
    wallet: ready.wallet,
    pid,
    startedAt: ready.startedAt,
    watcherStats: () =>
      new Promise((resolve, reject) => {
        const onMessage = (m: FromChild) => {
          if (m.type !== 'stats') return;
          child.off('message', onMessage);
          const stats = m.watchers[`${options.network}:test`];
          if (stats) resolve(stats);
          else reject(new Error(`the core has no ${options.network}:test watcher (has ${Object.keys(m.watchers).join(', ') || 'none'})`));
        };
        child.on('message', onMessage);
        void exited.then((code) => reject(new Error(`core child exited with code ${code}`)));
        child.send({ type: 'stats' } satisfies ToChild);
      }),
    cpuSeconds: () => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop,
  };
}
