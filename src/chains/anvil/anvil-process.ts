import type { ChildProcess } from 'node:child_process';
import { ANVIL_PID_LINE, spawnGuarded } from './devnet-guardian.js';
import type { StateFileLock } from './devnet-lock.js';

/**
 * One anvil process of a devnet (any family's): started under its guardian (devnet-guardian.ts),
 * joined to its state file's lock (devnet-lock.ts), stopped so that it dumps its state.
 */

const LISTEN_TIMEOUT_MS = 15_000;
// A dump of a long-lived chain is a large JSON file (every block is kept): allow time to finish it.
// The guardian sends SIGKILL after this long, on a clean stop and after the app's death alike.
const STOP_TIMEOUT_MS = 15_000;
// Past the guardian's own SIGKILL: only a guardian that is itself stuck is killed from here.
const GUARDIAN_GRACE_MS = 5_000;
/**
 * How long a new start waits for an old devnet on the same state file to end: the old app may have
 * died a moment ago and its anvil still be dumping, which the guardian allows STOP_TIMEOUT_MS.
 */
export const ANVIL_LOCK_WAIT_MS = STOP_TIMEOUT_MS + GUARDIAN_GRACE_MS;

export interface RunningAnvil {
  rpcUrl: string;
  stop(): Promise<void>;
}

/**
 * Spawns anvil under its guardian and resolves once it prints the address it listens on. The guardian
 * and anvil join the state file's lock as soon as their pids are known; stopping releases it.
 */
export function spawnAnvil(binary: string, args: string[], host: string, lock: StateFileLock): Promise<RunningAnvil> {
  const guardian = spawnGuarded(binary, args, STOP_TIMEOUT_MS);
  // Closing its stdin is how we stop it: after it has exited, that must not throw EPIPE at us.
  guardian.stdin?.on('error', () => undefined);
  if (guardian.pid !== undefined) lock.add([{ role: 'guardian', pid: guardian.pid }]);
  const exited = new Promise<void>((resolve) => guardian.once('exit', () => resolve()));
  let anvilPid: number | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= terminate(guardian, exited, () => anvilPid).finally(() => lock.release()));

  return new Promise<RunningAnvil>((resolve, reject) => {
    // The guardian's pid line, anvil's banner, then one entry per mined block: kept only until the
    // listening line, plus a short tail of everything for the error message when anvil exits early.
    let pending = '';
    let tail = '';
    const remember = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-2_000);
    };
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stop().then(() => reject(error));
    };
    const timer = setTimeout(
      () => fail(new Error(`anvil did not start listening within ${LISTEN_TIMEOUT_MS} ms:\n${tail}`)),
      LISTEN_TIMEOUT_MS,
    );
    const onStdout = (chunk: Buffer) => {
      remember(chunk);
      pending = (pending + chunk.toString('utf8')).slice(-4_000);
      const pid = anvilPid === undefined ? ANVIL_PID_LINE.exec(pending) : null;
      if (pid) {
        anvilPid = Number(pid[1]);
        lock.add([{ role: 'anvil', pid: anvilPid }]);
      }
      const match = /Listening on (\S+):(\d+)\r?\n/.exec(pending);
      if (!match) return;
      clearTimeout(timer);
      guardian.stdout!.off('data', onStdout);
      guardian.stderr!.off('data', remember);
      guardian.off('close', onEarlyExit);
      // Keep draining: a full pipe would block anvil's block log and with it the chain.
      guardian.stdout!.resume();
      guardian.stderr!.resume();
      resolve({ rpcUrl: `http://${urlHost(host)}:${match[2]}`, stop });
    };
    const onEarlyExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(new Error(`anvil exited before listening (${signal ?? `code ${code}`}):\n${tail.trim()}`));
    guardian.stdout!.on('data', onStdout);
    guardian.stderr!.on('data', remember);
    // 'close', not 'exit': it comes after the pipes are drained, so the tail holds anvil's last words.
    guardian.once('close', onEarlyExit);
    guardian.once('error', (error) => fail(new Error(`anvil could not be started: ${error.message}`, { cause: error })));
  });
}

/**
 * Closes the guardian's stdin, on which it sends anvil SIGTERM (anvil dumps its state) and SIGKILL
 * after STOP_TIMEOUT_MS, then exits. On Windows there is no SIGTERM (Node terminates the process
 * outright), so there only the last --state-interval dump survives. A guardian that does not exit in
 * time is stuck itself: both are killed from here.
 */
async function terminate(guardian: ChildProcess, exited: Promise<void>, anvilPid: () => number | undefined): Promise<void> {
  if (guardian.exitCode !== null || guardian.signalCode !== null || guardian.pid === undefined) return;
  guardian.stdin?.end();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS + GUARDIAN_GRACE_MS);
  });
  const late = await Promise.race([exited.then(() => false), timedOut]);
  clearTimeout(timer);
  if (late) {
    const pid = anvilPid();
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    guardian.kill('SIGKILL');
    await exited;
  }
}

/** The address to reach anvil at: a wildcard listen address is reached over loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
