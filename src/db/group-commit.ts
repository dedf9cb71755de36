/** What runs a group: one transaction of the store (SQLite's gate, PostgreSQL's pool). */
export interface TransactionRunner {
  /**
   * `commitSent` is called once the COMMIT is about to be sent: after `work` returned and after what
   * the transaction does at its end (PostgreSQL: the statements kept for the commit, StoreDb.atCommit).
   * A failure before it rolled everything back; after it, the outcome may be unknown.
   */
  tx<T>(work: () => Promise<T>, commitSent?: () => void): Promise<T>;
}

interface Job {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: units of work queued in the same turn of the event loop run one after the other in
 * ONE write transaction, and their promises settle only once that transaction has committed. A
 * COMMIT writes every page it touched to the WAL (and now and then a checkpoint syncs the file):
 * shared by fifty concurrent requests, that cost is paid once instead of fifty times, while every
 * caller still learns of its outcome only after it is durable.
 *
 * Each unit stays isolated. The group first runs without savepoints (a savepoint per unit costs
 * about as much as the unit's own inserts); if any unit throws, the whole group is rolled back and
 * every unit runs again in a transaction of its own, so only the failing one fails. Hence the rule
 * for callers: a unit's work touches only the database (no other side effects), because it may run
 * twice.
 *
 * **Never after COMMIT was sent.** A group is run again only when it failed before its COMMIT: a
 * unit's work threw, or what the units kept for the commit did (PostgreSQL: their answers' keys,
 * checked for the whole group in one statement, StoreDb.atCommit). Once the runner says the COMMIT is
 * being sent, a failure is the COMMIT's (or the connection's during it), and on PostgreSQL that COMMIT may have taken effect on the server even though its
 * answer never came back: running the units again could store a second session, payment or refund.
 * So then every unit of the group rejects with the store's error (PostgreSQL's: 503
 * `outcome_unknown`, pg/pg-database.ts) and none runs again. (On SQLite a failed COMMIT has stored
 * nothing, but the rule is the same: a disk that refused one COMMIT would refuse the next.)
 *
 * On SQLite the transaction is the gate's (sqlite/sqlite-gate.ts), so a unit's store calls are inside
 * it while other flows wait for the commit; units run one after the other, never interleaved. On
 * PostgreSQL it is one READ COMMITTED unit of work of the pool (pg/pg-database.ts): the group pays
 * one BEGIN, one append of its events and one COMMIT where each unit alone would pay its own.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  /** Groups in flight now, and the flushes waiting for one of them to end. */
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  /**
   * `maxInFlight`: groups whose transactions may be open at once. SQLite: 1 (one writer; the gate
   * would queue them anyway). PostgreSQL: a few, so that one group's round trips overlap another's,
   * while most of the pool stays free for reads. (A creation's other connection, for its wallet's
   * next index, comes from a side pool: groups never wait on the main pool while holding it.)
   */
  constructor(
    private readonly gate: TransactionRunner,
    private readonly maxInFlight = 1,
  ) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate runs after the poll phase: every request already read in this turn joins.
        setImmediate(() => void this.flushInTurn());
      }
    });
  }

  /** Flushes when fewer than `maxInFlight` groups are open: until then, jobs keep joining this group. */
  private async flushInTurn(): Promise<void> {
    if (this.inFlight >= this.maxInFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    try {
      await this.flush();
    } catch {
      // flush settles every job itself; nothing else can be told
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  private async flush(): Promise<void> {
    const jobs = this.queue;
    this.queue = [];
    this.scheduled = false;
    let values: unknown[];
    /** The COMMIT is being sent: from here on a failure is the COMMIT's, whose outcome may be unknown. */
    let committing = false;
    try {
      values = await this.gate.tx(
        async () => {
          const results: unknown[] = [];
          for (const job of jobs) results.push(await job.work());
          return results;
        },
        () => (committing = true),
      );
    } catch (err) {
      if (committing) {
        // The COMMIT failed or its answer was lost: it may have happened, so nothing runs again.
        for (const job of jobs) job.reject(err);
        return;
      }
      // A unit failed before the COMMIT (its work, or what it kept for the commit): the group was
      // rolled back; give each its own transaction.
      for (const job of jobs) {
        try {
          job.resolve(await this.gate.tx(job.work));
        } catch (err) {
          job.reject(err);
        }
      }
      return;
    }
    jobs.forEach((job, i) => job.resolve(values[i]));
  }
}
