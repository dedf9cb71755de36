import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';

/** One open transaction, as the flows started inside it see it (through AsyncLocalStorage). */
interface OpenTransaction {
  /** False once it committed or rolled back: a timer or promise that outlived it is then outside. */
  open: boolean;
  /** Savepoints opened inside it so far (their names must differ). */
  savepoints: number;
  /** What runs once it committed (afterCommit), in order. */
  afterCommit: (() => void)[];
  /** A read snapshot's hold of the connection (no BEGIN): its flow's calls run at once, no unit may start in it. */
  readOnly?: true;
}

/**
 * Asynchronous transactions on ONE synchronous better-sqlite3 connection.
 *
 * The repositories are asynchronous, written once for SQLite and PostgreSQL (../store-db.ts). On one
 * connection, a transaction is a state of the connection, not of a caller: while `tx`'s work awaits
 * between two store calls, any other flow's statement would run inside that transaction (reading
 * its uncommitted rows, or writing into it and being rolled back with it). So:
 *
 * - `tx(work)` waits its turn on a FIFO mutex, runs `BEGIN IMMEDIATE`, runs `work` in an
 *   AsyncLocalStorage context naming this transaction, then `COMMIT` (or `ROLLBACK` and rethrow).
 * - `run(fn)` (every repository method goes through it, gated-store.ts) runs `fn` at once when the
 *   calling flow holds the connection (its open transaction or read snapshot); otherwise it waits in
 *   the same FIFO and holds the connection until `fn` settles, so it sees committed state only.
 * - A `tx` inside an open transaction of the same flow is a savepoint, as better-sqlite3's nested
 *   transactions are: if its work throws, only its part is rolled back, and the outer work may go on.
 * - A flow that outlived its transaction (a timer or promise started inside and still running after
 *   the commit) may carry the context still: the context's `open` flag says it is now outside.
 *
 * Work inside `tx` should only touch storage and memory: the connection is held until it settles.
 */
export class SqliteGate {
  private readonly context = new AsyncLocalStorage<OpenTransaction>();
  /** Settles when the last queued holder of the connection lets go (the FIFO mutex's tail). */
  private tail: Promise<void> = Promise.resolve();
  /** Holders queued or running: 0 means a call may run at once. */
  private holders = 0;

  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;

  constructor(private readonly client: Database.Database) {
    this.begin = client.prepare('BEGIN IMMEDIATE');
    this.commit = client.prepare('COMMIT');
    this.rollback = client.prepare('ROLLBACK');
  }

  /** Whether the calling flow is inside a transaction that is still open. */
  inTransaction(): boolean {
    const current = this.context.getStore();
    return current?.open === true && current.readOnly !== true;
  }

  /** Whether the calling flow holds the connection (an open transaction or read snapshot). */
  private holding(): boolean {
    return this.context.getStore()?.open === true;
  }

  /**
   * Runs `fn` once the calling flow's open transaction has committed, and never if it (or the
   * savepoint `fn` was registered in) rolls back; at once outside a transaction. What a change signal
   * sent inside a unit of work needs (sqlite-signals.ts): PostgreSQL's NOTIFY behaves so.
   */
  afterCommit(fn: () => void): void {
    const transaction = this.context.getStore();
    if (transaction?.open && !transaction.readOnly) transaction.afterCommit.push(fn);
    else fn();
  }

  /**
   * Runs one asynchronous store call (a repository method written once for both databases, which may
   * await several statements) in its turn: at once inside the flow's own transaction or snapshot,
   * else holding the connection until it settles, so no other flow's transaction begins between its
   * statements.
   */
  run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.holding()) return fn();
    return this.exclusive(fn);
  }

  /**
   * Runs `work` in one transaction: everything it stores commits together or not at all.
   * `commitSent`: called just before the COMMIT (group-commit.ts); never for a savepoint.
   */
  tx<T>(work: () => Promise<T>, commitSent?: () => void): Promise<T> {
    const current = this.context.getStore();
    if (current?.readOnly && current.open) return Promise.reject(new Error('a unit of work cannot start inside a read snapshot'));
    if (current?.open) return this.savepoint(current, work);
    return this.exclusive(() => this.transaction(work, commitSent));
  }

  /**
   * A unit of work for a store call `run` is running (a repository's own, StoreDb.unit): as `tx`, but
   * a flow that holds the connection through `run` without a transaction begins it at once, where
   * `tx` would queue behind its own hold and never start.
   */
  txInRun<T>(work: () => Promise<T>): Promise<T> {
    if (this.context.getStore()?.open) return this.tx(work);
    return this.transaction(work);
  }

  /** BEGIN, `work` in its context, COMMIT (or ROLLBACK), on a connection the caller holds. */
  private async transaction<T>(work: () => Promise<T>, commitSent?: () => void): Promise<T> {
    const transaction: OpenTransaction = { open: true, savepoints: 0, afterCommit: [] };
    this.begin.run();
    try {
      const result = await this.context.run(transaction, work);
      commitSent?.();
      this.commit.run();
      for (const fn of transaction.afterCommit) fn();
      return result;
    } catch (err) {
      // A failed COMMIT may have ended the transaction already (SQLite rolls back on some errors).
      if (this.client.inTransaction) this.rollback.run();
      throw err;
    } finally {
      transaction.open = false;
      // On Node 20 an enabled AsyncLocalStorage hooks every promise of the process (about three
      // times their cost): it is enabled only while a transaction is open. Flows that outlive
      // this one lose the context, which makes them outside, as they must be.
      this.context.disable();
    }
  }

  private async savepoint<T>(transaction: OpenTransaction, work: () => Promise<T>): Promise<T> {
    const name = `sp_${++transaction.savepoints}`;
    const registered = transaction.afterCommit.length;
    this.client.prepare(`SAVEPOINT ${name}`).run();
    try {
      const result = await work();
      this.client.prepare(`RELEASE ${name}`).run();
      return result;
    } catch (err) {
      this.client.prepare(`ROLLBACK TO ${name}`).run();
      this.client.prepare(`RELEASE ${name}`).run();
      transaction.afterCommit.length = registered; // what the undone part announced is undone too
      throw err;
    }
  }

  /**
   * Runs `work`'s reads with no transaction of another flow between them: inside this flow's open
   * transaction at once, else in its FIFO turn (one connection, one process: holding it is the
   * snapshot, and costs no BEGIN).
   */
  snapshot<T>(work: () => Promise<T>): Promise<T> {
    if (this.holding()) return work();
    return this.exclusive(async () => {
      const hold: OpenTransaction = { open: true, savepoints: 0, afterCommit: [], readOnly: true };
      try {
        return await this.context.run(hold, work);
      } finally {
        hold.open = false;
        this.context.disable(); // as tx's: the context is enabled only while the connection is held
      }
    });
  }

  /**
   * Holds the connection while `work` runs, with no transaction: no store call or transaction of this
   * process starts until it settles (they queue, the event loop runs on). For what another connection
   * must do while this one neither reads nor writes: the WAL checkpointer's restart of the WAL.
   */
  pause<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusive(work);
  }

  /**
   * Runs `work` alone on the connection, after every holder queued before it (FIFO). With no holder,
   * it starts at once: most store calls outside a unit of work (a request's reads) find the
   * connection free, and a turn through the queue cost each a chain of promises for nothing.
   */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    this.holders++;
    const turn = this.holders === 1 ? started(work) : this.tail.then(work);
    this.tail = turn.then(
      () => {
        this.holders--;
      },
      () => {
        this.holders--;
      },
    );
    return turn;
  }
}

/** `work()`, with a synchronous throw as a rejection (as `then` would give it). */
function started<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (err) {
    return Promise.reject(err);
  }
}
