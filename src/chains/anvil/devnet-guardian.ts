import { type ChildProcess, spawn } from 'node:child_process';

/**
 * anvil is a foreign binary: it cannot notice that the app which started it has died, and a SIGKILL,
 * a crash or a power button gives the app no chance to stop it. So anvil is started through a tiny
 * guardian, a second Node process (our own executable, `process.execPath`, running the source below
 * with `-e`: no file to ship, so it works the same under tsx, vitest, the compiled CLI and Electron)
 * that stays with anvil and ends it once the app is gone:
 *
 * - the app holds the write end of the guardian's stdin and never writes to it. The kernel closes it
 *   when the app dies, however it dies, so the guardian reads EOF at once; a clean stop closes it too.
 *   As a fallback (a stdin pipe somehow shared with a process that lives on), the guardian also looks
 *   every second whether its parent is still its parent;
 * - it then sends anvil SIGTERM, on which anvil dumps its state, and SIGKILL if anvil has not exited
 *   after `killAfterMs`; then it exits with anvil's exit code;
 * - it relays anvil's output to the app (its first line names anvil's pid), and keeps draining it once
 *   the app is gone: anvil must never block on, or die of, a pipe nobody reads while it dumps;
 * - it ignores SIGINT: a Ctrl-C in a terminal reaches the whole process group, and the app's own
 *   clean stop, not the signal, decides when anvil stops. SIGTERM and SIGHUP end anvil as EOF does.
 */
const GUARDIAN_SOURCE = String.raw`'use strict';
const { spawn } = require('node:child_process');
const [parentArg, killAfterArg, binary, ...args] = process.argv.slice(1);
const parent = Number(parentArg);
const killAfterMs = Number(killAfterArg);
const open = { out: true, err: true };
process.stdout.on('error', () => { open.out = false; });
process.stderr.on('error', () => { open.err = false; });
const anvil = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
let ending = false;
function end() {
  if (ending) return;
  ending = true;
  if (anvil.exitCode !== null || anvil.signalCode !== null) return;
  anvil.kill('SIGTERM');
  setTimeout(() => anvil.kill('SIGKILL'), killAfterMs).unref();
}
anvil.on('error', (error) => {
  if (open.err) process.stderr.write('could not start anvil: ' + error.message + '\n');
  process.exit(127);
});
if (anvil.pid !== undefined) process.stdout.write('stablepos-guardian anvil-pid=' + anvil.pid + '\n');
anvil.stdout.on('data', (chunk) => { if (open.out) process.stdout.write(chunk); });
anvil.stderr.on('data', (chunk) => { if (open.err) process.stderr.write(chunk); });
anvil.on('close', (code, signal) => {
  if (signal && open.err) process.stderr.write('anvil ended by ' + signal + '\n');
  process.exit(code === null ? 1 : code);
});
process.stdin.on('end', end);
process.stdin.on('close', end);
process.stdin.on('error', end);
process.stdin.resume();
process.on('SIGTERM', end);
process.on('SIGHUP', end);
process.on('SIGINT', () => {});
function parentGone() {
  if (process.ppid !== parent) return true;
  try { process.kill(parent, 0); return false; } catch (error) { return error.code !== 'EPERM'; }
}
setInterval(() => { if (parentGone()) end(); }, 1000).unref();
`;

/** The line the guardian prints first: anvil's pid, for the state file's lock. */
export const ANVIL_PID_LINE = /^stablepos-guardian anvil-pid=(\d+)\r?\n/m;

/**
 * Starts `binary args` under a guardian that ends it when this process dies or closes the returned
 * child's stdin. The child is the guardian: its stdout and stderr carry anvil's, its exit is anvil's.
 */
export function spawnGuarded(binary: string, args: readonly string[], killAfterMs: number): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RUN_AS_NODE: '1' }; // Electron's executable runs as plain Node
  delete env.NODE_OPTIONS; // a loader meant for the app (tsx, a debugger) has nothing to do here
  return spawn(process.execPath, ['-e', GUARDIAN_SOURCE, '--', String(process.pid), String(killAfterMs), binary, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
    windowsHide: true,
  });
}
