import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './open-database.js';

/** SQLite's default: a commit that finds this many pages in the WAL checkpoints them itself. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

/** WAL pages (4 KiB each) past which the worker starts the WAL over: 64 MB of disk at most, give or take a round. */
export const WAL_RESTART_FRAMES = 16_384;

/**
 * The checkpointing thread: its own connection to the same file, copying committed WAL pages into
 * the database every `intervalMs`. PASSIVE never blocks the app's readers or writer; pages a reader
 * still needs are simply left for the next round. Plain JavaScript evaluated as a worker, so it
 * loads the same way under tsx, in tests and in the bundled app.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    // Past the bound: the app's connection is asked to pause so that the WAL can start over.
    if (result && result.log > workerData.restartFrames && !restarting) {
      restarting = true;
      parentPort.postMessage({ kind: 'wal-full', frames: result.log });
    }
  } catch (err) {
    parentPort.postMessage({ kind: 'error', message: String(err && err.message || err) });
  }
}, workerData.intervalMs);
let restarting = false;
parentPort.on('message', (message) => {
  if (message === 'restart') {
    // The app's connection holds off (its gate is paused): nothing writes or reads the WAL now.
    let result;
    try {
      [result] = db.pragma('wal_checkpoint(RESTART)');
    } catch (err) {
      parentPort.postMessage({ kind: 'error', message: String(err && err.message || err) });
    }
    restarting = false;
    parentPort.postMessage({ kind: 'restarted', busy: result ? result.busy : 1 });
    return;
  }
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ kind: 'ready' });
`;

/**
 * Moves WAL checkpoints off the event loop. By default SQLite checkpoints inside whichever commit
 * pushes the WAL past 1,000 pages, in the committing thread: with session creation's commits that
 * is the main thread, which then copies ~4 MB and syncs the file while every request waits (a
 * microbenchmark of creation's writes measured ~25 µs of checkpoint CPU per session and commits
 * stalled up to ~20 ms, against ~7 ms without). Here a worker thread does it instead.
 *
 * Safe by construction: until the worker says it is ready, and again if it fails or stops, the
 * app's connection checkpoints by itself as before, so the WAL can never grow without bound.
 *
 * **Bounded WAL.** A PASSIVE checkpoint copies the WAL's pages but never restarts it: SQLite starts
 * the WAL over only when a writer begins after every page was copied, and under a steady stream of
 * commits (sessions created without a pause) new pages always arrive while a round copies the old
 * ones. The WAL then grew for as long as the load lasted: 2 GB in 100,000 sessions, and its index
 * (`-shm`, mapped in every connection) with it (issue 28). So when a round finds more than
 * `restartFrames` pages in the WAL, the worker says so, the app's connection pauses (`pause`: its
 * store calls and transactions queue in the gate, the event loop runs on) and the worker runs a
 * RESTART checkpoint, copying the few pages the last PASSIVE round left, so that the next commit
 * writes the WAL from its start again; then the connection goes on. A checkpoint of its own would
 * wait on the busy handler for a gap between the app's commits, which under that load it seldom finds
 * (measured: the WAL still grew by 30 MB between two restarts). **Decision:** 64 MB, RESTART rather
 * than TRUNCATE: the file keeps its size and is overwritten from the start, where an emptied file is
 * extended again page by page (measured slower on the bench's commits); the disk it takes stays
 * bounded at about the bound. At the bench's rate, a pause of a few ms every few seconds of sustained
 * load, and none while the shop is quiet.
 */
export interface WalCheckpointerOptions {
  /** Between two PASSIVE rounds, ms. */
  intervalMs?: number;
  /** WAL pages past which the WAL is started over. */
  restartFrames?: number;
  /** Holds the app's connection off while `work` runs (SqliteGate.pause); without it, the WAL is never started over. */
  pauseWrites?: (work: () => Promise<void>) => Promise<void>;
}

export class WalCheckpointer {
  private worker: Worker | undefined;

  constructor(
    private readonly db: Db,
    private readonly file: string,
    private readonly onError: (message: string, err?: unknown) => void,
    private readonly options: WalCheckpointerOptions = {},
  ) {}

  private get intervalMs(): number {
    return this.options.intervalMs ?? 100;
  }

  /** Settles the pause of the app's connection once the worker answers `restart` (or is gone). */
  private restarted: (() => void) | undefined;

  /** Whether the worker currently does the checkpoints (the app's connection does not). */
  get active(): boolean {
    return this.db.$client.pragma('wal_autocheckpoint', { simple: true }) === 0 && this.worker !== undefined;
  }

  start(): void {
    if (this.worker) return;
    let driverPath: string;
    try {
      driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
    } catch (err) {
      this.onError('WAL checkpoints stay in the main thread: better-sqlite3 not found for the worker', err);
      return;
    }
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driverPath, file: this.file, intervalMs: this.intervalMs, restartFrames: this.options.restartFrames ?? WAL_RESTART_FRAMES },
      // It allocates next to nothing: small heaps keep its share of the app's memory small.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    this.worker = worker;
    const fallBack = (why: string, err?: unknown) => {
      this.endPause(); // a worker gone never holds the connection
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.selfCheckpoint(true);
      this.onError(`WAL checkpoints back in the main thread: ${why}`, err);
      void worker.terminate();
    };
    worker.on('message', (message: { kind: string; message?: string }) => {
      if (message.kind === 'ready' && this.worker === worker) this.selfCheckpoint(false);
      else if (message.kind === 'wal-full') this.restartWal(worker);
      else if (message.kind === 'restarted') this.endPause();
      // A checkpoint that fails would fail again every round while the WAL grows: hand them back.
      else if (message.kind === 'error') fallBack(`a checkpoint failed: ${message.message ?? ''}`);
    });
    worker.on('error', (err) => fallBack('the worker failed', err));
    worker.on('exit', (code) => fallBack(`the worker exited (${code})`));
    // After the listeners: adding a 'message' listener refs the worker again. It must never keep
    // the process alive.
    worker.unref();
  }

  /** Pauses the app's connection while the worker restarts the WAL (see the class comment). */
  private restartWal(worker: Worker): void {
    const pause = this.options.pauseWrites;
    if (!pause || this.worker !== worker || this.restarted) return;
    void pause(
      () =>
        new Promise<void>((resolve) => {
          this.restarted = resolve;
          worker.postMessage('restart');
        }),
    );
  }

  private endPause(): void {
    const resume = this.restarted;
    this.restarted = undefined;
    resume?.();
  }

  /** Hands checkpoints back to the app's connection and ends the worker. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    this.selfCheckpoint(true);
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    this.endPause();
    // A worker stuck in a long checkpoint is ended rather than waited for: the data is in the WAL.
    const timeout = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(timeout);
  }

  private selfCheckpoint(on: boolean): void {
    try {
      this.db.$client.pragma(`wal_autocheckpoint = ${on ? SQLITE_DEFAULT_AUTOCHECKPOINT : 0}`);
    } catch {
      // The connection is already closed (the core stopping): nothing is written any more.
    }
  }
}
