import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain-JS module shared with the launchers (no declarations)
import { CORE_NODE_FLAGS } from '../bin/core-node-flags.mjs';
import { bundleServer } from './bundle-server.js';
import { BundleMap, bundleName, type CpuProfile } from './cpu-categories.js';
import type { Runtime } from './settings.js';
import { type ProcMemory, readProcCpuSeconds, readProcMainThreadCpuSeconds, readProcMemory } from './proc-stats.js';
import type { ChildMessage, GcDoneMessage, GcPausesMessage, ParentMessage, ProfileMessage, ProfileStartedMessage, ReadyMessage } from './servers/protocol.js';

/** The server scripts in bench/servers/, each started in a child process of its own. */
export type ServerName = 'baseline' | 'core' | 'core-ledger' | 'core-pg';


/** A server the section can load: where it listens and how to read or stop it. */
export interface ServerChild {
  readonly name: ServerName;
  readonly url: string;
  readonly pid: number;
  /** What the server said a client needs (the core's `apiKey` and `merchantId`). */
  readonly extra: Record<string, string>;
  memory(): ProcMemory;
  /** CPU seconds the server process has used so far (user + system). */
  cpuSeconds(): number;
  /** The same, of its main thread alone (what a CPU profile of the child samples). */
  mainThreadCpuSeconds(): number;
  /**
   * The bundle the child runs (BENCH_RUNTIME=bundle), its lines mapped to source files, keyed by its
   * file name as bench/cpu-categories.ts looks bundles up; empty under tsx. Read when the child
   * starts, since another checkout sharing node_modules may rebuild the file later.
   */
  readonly bundles: ReadonlyMap<string, BundleMap>;
  /** Starts sampling the child's main thread every `intervalUs` µs (node:inspector, inside the child). */
  startProfile(intervalUs: number): Promise<void>;
  /** Stops it and returns the profile. */
  stopProfile(): Promise<CpuProfile>;
  /** Asks the child to run a full GC (it is started with --expose-gc) and report its heap. */
  gc(): Promise<GcDoneMessage>;
  /** The child's main-thread GC pauses since the previous call (the first call starts the tally afresh). */
  gcPauses(): Promise<GcPausesMessage>;
  /** Closes the server, waits for the process to end, removes its data dir. */
  stop(): Promise<void>;
}

/** A server that did not come up: the section cannot run, and the bench exits non-zero. */
export class ServerStartError extends Error {}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const runTs = fileURLToPath(new URL('../bin/run-ts.mjs', import.meta.url));
const serverScript = (name: ServerName) => fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url));

// Children still running if the bench dies half-way (an exception) are told to stop with it;
// SIGTERM, not SIGKILL, so the core can stop its anvil devnets on the way out.
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGTERM');
});

/**
 * Starts `bench/servers/<name>.ts` through bin/run-ts.mjs in its own process, so the load generator
 * (autocannon, in this process) never competes with the server for one event loop; with 2 cores
 * each gets one.
 */
export async function startServer(
  name: ServerName,
  options: { cpuProfDir?: string | undefined; args?: readonly string[]; runtime?: Runtime } = {},
): Promise<ServerChild> {
  // tsx runs the .ts as it is; a bundle is plain JS run by node (bundle-server.ts says why).
  let entry: string[];
  try {
    entry = options.runtime === 'bundle' ? [await bundleServer(serverScript(name))] : [runTs, serverScript(name)];
  } catch (err) {
    throw new ServerStartError(`${name} server could not be bundled: ${(err as Error).message}`);
  }
  const bundles = new Map<string, BundleMap>();
  const bundleFile = options.runtime === 'bundle' ? bundleName(entry[0] as string) : undefined;
  if (bundleFile) bundles.set(bundleFile, BundleMap.fromText(readFileSync(entry[0] as string, 'utf8')));
  const dataDir = mkdtempSync(join(tmpdir(), `stablepos-bench-${name}-`));
  // Both servers run with the V8 flags the app's core starts with.
  const execArgv = ['--expose-gc', ...(CORE_NODE_FLAGS as string[])];
  if (options.cpuProfDir) {
    // One folder per server: under tsx the main thread and the loader thread each write a profile.
    const dir = join(options.cpuProfDir, name);
    mkdirSync(dir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
  }
  const [modulePath, ...scriptArgs] = entry as [string, ...string[]];
  const child = fork(modulePath, [...scriptArgs, dataDir, ...(options.args ?? [])], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  live.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    live.delete(child);
    resolve(code);
  }));
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

  let ready: ReadyMessage;
  try {
    ready = await new Promise<ReadyMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ServerStartError(`${name} server did not report ready within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(message);
        }
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(new ServerStartError(`${name} server could not be started: ${err.message}`));
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new ServerStartError(`${name} server exited with code ${code} before it was ready (its stderr is above)`));
      });
    });
  } catch (err) {
    child.kill('SIGTERM');
    await exited;
    cleanUp();
    throw err;
  }

  const send = (message: ParentMessage) => child.send(message);
  /** Sends a question and resolves with the child's answer of type `answer`. */
  const ask = <T extends ChildMessage>(question: ParentMessage, answer: T['type'], doing: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type !== answer) return;
        child.off('message', onMessage);
        resolve(message as T);
      };
      child.on('message', onMessage);
      void exited.then((code) => reject(new Error(`${name} server exited with code ${code} while ${doing}`)));
      send(question);
    });
  const pid = child.pid as number;
  return {
    name,
    url: ready.url,
    pid,
    extra: ready.extra,
    memory: () => readProcMemory(pid),
    cpuSeconds: () => readProcCpuSeconds(pid),
    mainThreadCpuSeconds: () => readProcMainThreadCpuSeconds(pid),
    bundles,
    async startProfile(intervalUs) {
      const answer = await ask<ProfileStartedMessage>({ type: 'profile-start', intervalUs }, 'profile-started', 'starting its profiler');
      if (answer.error) throw new Error(`${name} server could not start profiling: ${answer.error}`);
    },
    async stopProfile() {
      const answer = await ask<ProfileMessage>({ type: 'profile-stop' }, 'profile', 'stopping its profiler');
      if (!answer.profile) throw new Error(`${name} server returned no profile: ${answer.error ?? 'no reason given'}`);
      return answer.profile;
    },
    gc: () => ask<GcDoneMessage>({ type: 'gc' }, 'gc-done', 'collecting garbage'),
    gcPauses: () => ask<GcPausesMessage>({ type: 'gc-pauses' }, 'gc-pauses', 'reporting GC pauses'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        send({ type: 'stop' });
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      cleanUp();
    },
  };
}
