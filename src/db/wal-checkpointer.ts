import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './open-database.js';

/** SQLite's default: a commit that finds this many pages in the WAL checkpoints them itself. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

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
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage({ kind: 'error', message: String(err && err.message || err) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
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
 */
export class WalCheckpointer {
  private worker: Worker | undefined;

  constructor(
    private readonly db: Db,
    private readonly file: string,
    private readonly onError: (message: string, err?: unknown) => void,
    private readonly intervalMs = 100,
  ) {}

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
      workerData: { driverPath, file: this.file, intervalMs: this.intervalMs },
      // It allocates next to nothing: small heaps keep its share of the app's memory small.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    this.worker = worker;
    const fallBack = (why: string, err?: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.selfCheckpoint(true);
      this.onError(`WAL checkpoints back in the main thread: ${why}`, err);
      void worker.terminate();
    };
    worker.on('message', (message: { kind: string; message?: string }) => {
      if (message.kind === 'ready' && this.worker === worker) this.selfCheckpoint(false);
      // A checkpoint that fails would fail again every round while the WAL grows: hand them back.
      else if (message.kind === 'error') fallBack(`a checkpoint failed: ${message.message ?? ''}`);
    });
    worker.on('error', (err) => fallBack('the worker failed', err));
    worker.on('exit', (code) => fallBack(`the worker exited (${code})`));
    // After the listeners: adding a 'message' listener refs the worker again. It must never keep
    // the process alive.
    worker.unref();
  }

  /** Hands checkpoints back to the app's connection and ends the worker. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    this.selfCheckpoint(true);
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
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
