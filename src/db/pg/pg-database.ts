import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import type { drizzle as Drizzle, NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { ApiError } from '../../domain/errors.js';
import * as schema from './schema.js';

/** A drizzle handle on the pool or on one transaction's client: what a repository queries through. */
export type PgDb = NodePgDatabase<typeof schema>;

/** Where drizzle-kit writes the PostgreSQL store's migrations (`drizzle.pg.config.ts`). */
export const DEFAULT_PG_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The key of the advisory lock every unit of work takes (`pg_advisory_xact_lock`), the same on every
 * instance: any 64-bit number no other application on the database uses ("stablepos" in ASCII, cut).
 */
const UNIT_OF_WORK_LOCK = 0x737461626c65706fn;

interface OpenTransaction {
  db: PgDb;
  open: boolean;
}

/**
 * The PostgreSQL store's connection pool and its units of work. Repositories read `db` on each call:
 * inside a unit of work it is that unit's transaction (bound to the flow with AsyncLocalStorage, so
 * the store ports' signatures stay those of the SQLite store), outside it is the pool.
 *
 * **Units of work run one at a time, across every instance.** Each takes a transaction-scoped
 * advisory lock first, so check-then-write steps (a session's status transition, refunds never paid
 * twice, a deposit resolved once, a stored idempotent answer) keep exactly the serial semantics they
 * have on SQLite's `BEGIN IMMEDIATE`, whichever instance runs them. Reads outside units run in
 * parallel on the pool. **Decision:** one lock rather than row locks per service: correctness first,
 * equal to SQLite's; finer locks are an optimisation the benchmark (`npm run bench -- sessions`) can
 * justify later. A unit of work should await only storage, as on SQLite: it holds the lock until it
 * settles.
 */
export class PgDatabase {
  private readonly context = new AsyncLocalStorage<OpenTransaction>();
  readonly root: PgDb;

  /** `drizzle`: node-postgres' drizzle, which openPgDatabase loads (with `pg`) when a database URL is set. */
  constructor(
    readonly pool: pg.Pool,
    drizzle: typeof Drizzle,
  ) {
    this.root = drizzle(pool, { schema });
  }

  /** The transaction of this flow's open unit of work, or the pool. */
  get db(): PgDb {
    const t = this.context.getStore();
    return t?.open ? t.db : this.root;
  }

  inTransaction(): boolean {
    return this.context.getStore()?.open === true;
  }

  /**
   * Runs `work` in one transaction holding the unit-of-work lock. Inside an open unit of the same
   * flow it is a savepoint, as on SQLite: if its work throws, only its part is undone. A flow that
   * outlived its transaction (a timer started inside it) is outside and opens a new one.
   */
  tx<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.context.getStore();
    if (outer?.open) {
      return outer.db.transaction(async (savepoint) => this.bound(savepoint, work));
    }
    let committing = false;
    return this.root
      .transaction(async (t) => {
        await t.execute(`SELECT pg_advisory_xact_lock(${UNIT_OF_WORK_LOCK.toString()})`);
        const result = await this.bound(t, work);
        committing = true;
        return result;
      })
      .catch((err: unknown) => {
        if (!committing || err instanceof ApiError) throw err;
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
    return this.root.transaction(async (t) => this.bound(t, work), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  private async bound<T>(db: PgDb, work: () => Promise<T>): Promise<T> {
    const transaction: OpenTransaction = { db, open: true };
    try {
      return await this.context.run(transaction, work);
    } finally {
      transaction.open = false;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
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
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  // An idle client's error (the server restarted) must not crash the process: the pool drops it.
  pool.on('error', () => undefined);
  // Nor a checked-out client's: a connection lost in a unit of work (at its COMMIT, say) fails the
  // query that was running, and node-postgres also emits 'error' on the client, which the pool
  // listens to only while the client is idle; unheard, that event would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const database = new PgDatabase(pool, drizzle);
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${(UNIT_OF_WORK_LOCK + 1n).toString()})`);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: options.migrationsDir ?? DEFAULT_PG_MIGRATIONS_DIR });
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${(UNIT_OF_WORK_LOCK + 1n).toString()})`);
    }
  } catch (err) {
    client.release();
    await pool.end();
    throw err;
  }
  client.release();
  return database;
}
