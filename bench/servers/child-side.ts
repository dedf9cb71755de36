import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { ChildMessage, ParentMessage } from './protocol.js';
import { SelfProfile } from './self-profile.js';

/** Longest a server may take to close before the child exits anyway. */
const STOP_GRACE_MS = 10_000;

/**
 * The child half of the protocol, shared by every server script. Whatever ends the child (the
 * parent's `stop`, the parent going away, Ctrl-C, SIGTERM) closes the server first, so the core
 * stops its anvil devnets and a --cpu-prof profile is written. Run by hand (no IPC channel), a server
 * prints its URL and extras to stdout instead, for pointing autocannon's CLI at it.
 */
export function announceReady(url: string, stop: () => Promise<void>, extra: Record<string, string> = {}): void {
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      process.stderr.write(`server did not stop within ${STOP_GRACE_MS / 1000} s; exiting anyway\n`);
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    // Exit explicitly: an open IPC channel would keep the process alive.
    void stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`error while stopping: ${(err as Error).stack ?? String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  const send = process.send?.bind(process);
  if (!send) {
    process.stdout.write(`listening on ${url}\n`);
    for (const [k, v] of Object.entries(extra)) process.stdout.write(`${k}: ${v}\n`);
    return;
  }
  const reply = (message: ChildMessage) => send(message);
  // Every GC pause of this (main) thread, as V8 reports them: what the collector takes from requests.
  const pauses = { totalMs: 0, count: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauses.totalMs += entry.duration;
      pauses.count++;
      pauses.maxMs = Math.max(pauses.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  // How long the main thread went without getting back to its event loop: a request waits that long.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const profiler = new SelfProfile();
  const failure = (err: unknown) => (err as Error).message ?? String(err);
  process.on('message', (message: ParentMessage) => {
    switch (message.type) {
      case 'gc-pauses':
        reply({ type: 'gc-pauses', ...pauses, loopDelayMaxMs: loopDelay.max / 1e6, loopDelayP99Ms: loopDelay.percentile(99) / 1e6 });
        pauses.totalMs = 0;
        pauses.count = 0;
        pauses.maxMs = 0;
        loopDelay.reset();
        break;
      case 'gc': {
        const gc = globalThis.gc;
        if (gc) gc();
        reply({ type: 'gc-done', collected: gc !== undefined, memory: process.memoryUsage() });
        break;
      }
      case 'profile-start':
        profiler.start(message.intervalUs).then(
          () => reply({ type: 'profile-started' }),
          (err: unknown) => reply({ type: 'profile-started', error: failure(err) }),
        );
        break;
      case 'profile-stop':
        profiler.stop().then(
          (profile) => reply({ type: 'profile', profile }),
          (err: unknown) => reply({ type: 'profile', error: failure(err) }),
        );
        break;
      case 'stop':
        shutdown();
        break;
    }
  });
  // A parent that dies without saying stop must not leave a server (or its devnets) behind.
  process.on('disconnect', shutdown);
  reply({ type: 'ready', url, extra });
}

/** Folder the parent made for this server's files: the first argument after the script. */
export function dataDirArg(): string {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write(`usage: node bin/run-ts.mjs ${process.argv[1] ?? '<server.ts>'} <data-dir> [options…]\n`);
    process.exit(2);
  }
  return dir;
}
