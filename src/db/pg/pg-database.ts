import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import type { drizzle as Drizzle, NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { ApiError } from '../../domain/errors.js';

/** A drizzle handle on the pool or on one transaction's client: what a repository queries through. */
export type PgDb = NodePgDatabase;

/** Where drizzle-kit writes the PostgreSQL store's migrations (`drizzle.pg.config.ts`). */
export const DEFAULT_PG_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** The key of the advisory lock migrations take, so instances starting together migrate one at a time. */
const MIGRATION_LOCK = 0x737461626c657070n;

/**
 * How a unit of work is isolated from the others running at the same time, on every instance.
 * - `serializable` (the default): PostgreSQL guarantees the outcome of some serial order, as
 *   SQLite's one writer gives, and aborts a unit that would break it (SQLSTATE 40001), which is then
 *   run again. Check-then-write steps (a session's status, refunds never paid twice, a deposit
 *   resolved once) need no lock of their own to be right; their repositories still lock the rows they
 *   will change (`FOR UPDATE`), so that contenders queue rather than abort and retry.
 * - `read committed`: for units whose writes are each atomic on their own (inserts of new rows, a
 *   single UPDATE … RETURNING, a conditional upsert): session creation's group commit.
 */
export type Isolation = 'serializable' | 'read committed';

/** SQLSTATEs after which the whole unit, re-run, may well succeed: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

/** Runs of one unit at most: contention that outlasts this is reported, not retried forever. */
const MAX_RUNS = 10;

/** The SQLSTATE of a driver error, also when drizzle wrapped it (DrizzleQueryError's cause). */
function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

interface OpenTransaction {
  db: PgDb;
  open: boolean;
  /**
   * What runs once the unit's work has returned, just before its COMMIT, in order (shared by the
   * unit's savepoints; one that rolls back drops what it added). Appends that must commit in order
   * run here (pg-store-db.ts, appendAtCommit): the lock they take is then the unit's last.
   */
  beforeCommit: { run: () => Promise<void>; last: boolean }[];
  /** Values kept for the unit by key until it ends (the appends waiting for its commit). */
  kept: Map<string, unknown>;
  /** `outsideUnit`'s context: `db` is the side pool, no transaction (nothing is kept for a commit). */
  outside?: true;
}

/**
 * The PostgreSQL store's connection pool and its units of work. Repositories read `db` on each call:
 * inside a unit of work it is that unit's transaction (bound to the flow with AsyncLocalStorage, so
 * the store ports' signatures stay those of the SQLite store), outside it is the pool.
 *
 * **Units of work run concurrently**, on every instance, each in its own transaction: PostgreSQL's
 * own concurrency keeps them apart (`Isolation`: serializable by default, with the unit run again
 * after a serialization failure or a deadlock; row locks where rows are read to be changed; unique
 * constraints). Until issue 29 every unit took one advisory lock and ran alone, PostgreSQL used as a
 * shared SQLite. A unit of work should await only storage and may run more than once.
 */
export class PgDatabase {
  private readonly context = new AsyncLocalStorage<OpenTransaction>();
  readonly root: PgDb;
  /** The side pool's handle: `outsideUnit`'s statements. */
  private readonly side: PgDb;

  /**
   * `drizzle`: node-postgres' drizzle, which openPgDatabase loads (with `pg`) when a database URL is
   * set. `sidePool`: a few connections of their own for `outsideUnit`, so a unit waiting on such a
   * statement (a session creation taking its wallet's next index) never queues behind the requests'
   * reads for a connection of the main pool while it holds one of them.
   */
  constructor(
    readonly pool: pg.Pool,
    drizzle: typeof Drizzle,
    private readonly sidePool: pg.Pool = pool,
  ) {
    this.root = drizzle(pool);
    this.side = sidePool === pool ? this.root : drizzle(sidePool);
  }

  /** The transaction of this flow's open unit of work, or the pool. */
  get db(): PgDb {
    const t = this.context.getStore();
    return t?.open ? t.db : this.root;
  }

  inTransaction(): boolean {
    const t = this.context.getStore();
    return t?.open === true && t.outside !== true;
  }

  /**
   * Runs `work` in one transaction holding the unit-of-work lock. Inside an open unit of the same
   * flow it is a savepoint, as on SQLite: if its work throws, only its part is undone. A flow that
   * outlived its transaction (a timer started inside it) is outside and opens a new one.
   */
  tx<T>(work: () => Promise<T>, isolation: Isolation = 'serializable', commitSent?: () => void): Promise<T> {
    const outer = this.context.getStore();
    if (outer?.open && !outer.outside) {
      const registered = outer.beforeCommit.length;
      const keptBefore = new Map([...outer.kept].map(([key, value]) => [key, Array.isArray(value) ? value.length : 0]));
      return outer.db
        .transaction(async (savepoint) => this.bound(savepoint, work, outer))
        .catch((err: unknown) => {
          // What the undone part registered or kept is undone too (appends waiting for the commit).
          outer.beforeCommit.length = registered;
          for (const [key, value] of outer.kept) {
            const length = keptBefore.get(key);
            if (length === undefined) outer.kept.delete(key);
            else if (Array.isArray(value)) value.length = length;
          }
          throw err;
        });
    }
    return this.retried(work, isolation, commitSent);
  }

  /**
   * Runs the unit until it commits, again after a serialization failure or a deadlock (never after an
   * unknown COMMIT). `commitSent`: called as its COMMIT is sent (group-commit.ts).
   */
  private async retried<T>(work: () => Promise<T>, isolation: Isolation, commitSent?: () => void): Promise<T> {
    for (let run = 1; ; run++) {
      try {
        return await this.once(work, isolation, commitSent);
      } catch (err) {
        if (run >= MAX_RUNS || !RETRYABLE.has(sqlState(err) ?? '')) throw err;
        // A little random wait, growing: contenders that collided do not collide again in step.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(run, 6)));
      }
    }
  }

  private once<T>(work: () => Promise<T>, isolation: Isolation, commitSent?: () => void): Promise<T> {
    let committing = false;
    return this.root
      .transaction(
        async (t) => {
          const transaction = this.opened(t);
          const result = await this.bound(t, work, transaction);
          await this.context.run(transaction, async () => {
            transaction.open = true;
            try {
              // The ordered appends last: the lock each takes is then held only for its INSERT and the COMMIT.
              for (const hook of transaction.beforeCommit) if (!hook.last) await hook.run();
              for (const hook of transaction.beforeCommit) if (hook.last) await hook.run();
            } finally {
              transaction.open = false;
            }
          });
          committing = true;
          commitSent?.();
          return result;
        },
        { isolationLevel: isolation },
      )
      .catch((err: unknown) => {
        // A serialization failure or deadlock at COMMIT is a definite rollback: run again (retried).
        if (!committing || err instanceof ApiError || RETRYABLE.has(sqlState(err) ?? '')) throw err;
        // The work was done and the COMMIT sent, but no answer came (the connection dropped, the
        // server went away): the server may have committed. Said so, not as a bare driver error,
        // and never run again (group-commit.ts).
        throw new ApiError(
          'outcome_unknown',
          'The database did not confirm this change (the connection was lost while it was being committed): it may or may not have been saved. Check before sending it again, or send it again with the same Idempotency-Key, which is safe.',
          null,
          { cause: err },
        );
      });
  }

  /**
   * Runs `work`'s reads in one REPEATABLE READ, READ ONLY transaction (one snapshot, no lock taken):
   * a change committed meanwhile is seen by all of them or none. Inside an open unit of this flow,
   * that unit's state.
   */
  snapshot<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return work();
    return this.root.transaction(async (t) => this.bound(t, work, this.opened(t)), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  /**
   * Adds `item` to the calling flow's unit of work under `key`; the first item of a key also adds
   * `flush` (of all of them, in order) to what runs just before the unit's COMMIT. Items added in a
   * savepoint that rolls back are dropped with it. `last`: flushed after every key that is not (the
   * ordered appends, whose lock is to be the unit's last). @returns false outside a unit of work (nothing kept)
   */
  collectAtCommit<T>(key: string, item: T, flush: (items: T[]) => Promise<void>, last = false): boolean {
    const t = this.context.getStore();
    if (!t?.open || t.outside) return false;
    const unit = t;
    let items = unit.kept.get(key) as T[] | undefined;
    if (items === undefined) {
      const list: T[] = [];
      items = list;
      unit.kept.set(key, list);
      unit.beforeCommit.push({
        run: async () => {
          unit.kept.delete(key);
          if (list.length > 0) await flush(list.splice(0));
        },
        last,
      });
    }
    items.push(item);
    return true;
  }

  /**
   * Runs `work` with no unit of work, whatever the calling flow is in: its statements go to the side
   * pool, each committed at once, and hold no lock until the caller's unit ends.
   */
  outsideUnit<T>(work: () => Promise<T>): Promise<T> {
    return this.context.run({ db: this.side, open: true, beforeCommit: [], kept: new Map(), outside: true }, work);
  }

  private opened(db: PgDb): OpenTransaction {
    return { db, open: true, beforeCommit: [], kept: new Map() };
  }

  /** Runs `work` in the transaction `db` (a unit's, or a savepoint's sharing the unit's state). */
  private async bound<T>(db: PgDb, work: () => Promise<T>, unit: OpenTransaction): Promise<T> {
    const transaction: OpenTransaction = { db, open: true, beforeCommit: unit.beforeCommit, kept: unit.kept };
    try {
      return await this.context.run(transaction, work);
    } finally {
      transaction.open = false;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
    if (this.sidePool !== this.pool) await this.sidePool.end();
  }
}

/** Connections of the side pool (PgDatabase.outsideUnit): its statements are single and short. */
const SIDE_CONNECTIONS = 2;

/**
 * An idle client's error (the server restarted) must not crash the process: the pool drops it. Nor a
 * checked-out client's: a connection lost in a unit of work (at its COMMIT, say) fails the query that
 * was running, and node-postgres also emits 'error' on the client, which the pool listens to only
 * while the client is idle; unheard, that event would end the process.
 */
function quietPool(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export interface PgOptions {
  /** `postgres://user:password@host:port/database` (libpq's URL form, with `?sslmode=` etc.). */
  url: string;
  migrationsDir?: string;
  /** Connections this instance keeps at most (pg's default is 10). */
  maxConnections?: number;
}

/**
 * Connects to the database and brings its schema up to date. Instances starting together may both
 * migrate: drizzle runs the migrations in one transaction, and an advisory lock (here) makes the
 * second wait for the first and then find nothing left to do.
 */
export async function openPgDatabase(options: PgOptions): Promise<PgDatabase> {
  // Loaded here, not with the core: a core on SQLite would carry the driver (~5 MB of RSS) for its
  // whole life (docs/development.md, Benchmarks, the memory paragraph).
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
  const pool = quietPool(new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 }));
  const sidePool = quietPool(new pg.Pool({ connectionString: options.url, max: SIDE_CONNECTIONS }));
  const database = new PgDatabase(pool, drizzle, sidePool);
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK.toString()})`);
    try {
      await migrate(drizzle(client), { migrationsFolder: options.migrationsDir ?? DEFAULT_PG_MIGRATIONS_DIR });
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK.toString()})`);
    }
  } catch (err) {
    client.release();
    await database.close();
    throw err;
  }
  client.release();
  return database;
}
