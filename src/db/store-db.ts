import type { SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Tables } from './tables.js';

/**
 * The query builder repositories are written in, once for both databases: drizzle's PostgreSQL
 * database type. On SQLite it is SQLite's drizzle database under that type (column-kit.ts says why):
 * select, insert (with ON CONFLICT and RETURNING), update and delete build and await alike on both;
 * what does not is behind StoreDb's helpers.
 */
export type QueryDb = NodePgDatabase<Record<string, never>>;

/**
 * SQL written once in PostgreSQL's `$1` placeholders, prepared once per connection (PostgreSQL: a
 * named prepared statement; SQLite: one prepared statement, its placeholders read as `?1`). For the
 * statements of the hot paths, where building SQL per call costs more than running it.
 */
export interface NamedSql {
  /** Unique in the process: a connection keeps one statement per name. */
  readonly name: string;
  readonly text: string;
}

/**
 * One database as the repositories (one per aggregate) see it: the tables built for its dialect, the
 * flow's query handle, and the few things the dialects spell differently. Units of work, read
 * snapshots and change signals are the store's (storage/*-stores.ts), not the repositories'.
 */
export interface StoreDb {
  readonly dialect: 'sqlite' | 'postgres';
  /** This flow's handle: its open unit of work's transaction (PostgreSQL), else the pool; SQLite's one connection. */
  readonly db: QueryDb;
  /** The tables, as this dialect built them from the one schema (tables.ts). */
  readonly t: Tables;
  /** Whether the calling flow is inside an open unit of work. */
  inTransaction(): boolean;
  /**
   * A unit of work (the store's `tx`): for a repository method whose statements must commit together
   * even when its caller opened none; inside the caller's unit it is a savepoint.
   */
  unit<T>(work: () => Promise<T>): Promise<T>;
  /** How many rows an awaited UPDATE or DELETE (without RETURNING) changed. */
  affected(result: unknown): number;
  /** Rows of raw SQL (a drizzle `sql` template), as the driver gives them (see `named`). */
  rows<R>(query: SQL): Promise<R[]>;
  /**
   * Rows of a named statement. Values come back as each driver gives them, which `StoreDb`'s readers
   * even out: PostgreSQL hands BIGINT and NUMERIC as text and BOOLEAN as a boolean, SQLite INTEGER as
   * a number (0/1 for a boolean). Booleans given as parameters are bound as 0/1 on SQLite.
   */
  named<R>(statement: NamedSql, params: readonly unknown[]): Promise<R[]>;
  /**
   * A SELECT whose rows stay locked to this unit of work until it ends (PostgreSQL `FOR UPDATE`), for a
   * check-then-write on them; SQLite's writers are serial already, so it is the query unchanged.
   */
  forUpdate<Q>(query: Q): Q;
  /**
   * Appends `row` to `log` (a table followed by its sequence numbers: the events the webhook fan-out
   * reads by `seq`) so that appends commit in the order of their numbers, and a reader following
   * the log never passes one that commits later with a lower number. `write` inserts rows.
   *
   * PostgreSQL: the unit's rows wait for its commit, then one lock per log (transaction-scoped, the
   * unit's last) and one INSERT of them all, just before COMMIT: units append one after the other
   * for the time of that INSERT and the COMMIT, the rest of their work runs concurrently, and no
   * lock is taken before another (no deadlock with row locks). Outside a unit, one of its own.
   * SQLite: written at once (its writers are serial).
   */
  appendAtCommit<R>(log: string, row: R, write: (rows: R[]) => Promise<void>): Promise<void>;
  /**
   * Hands `item` to `flush`, together with every item the calling flow's unit of work keeps under
   * `key`, just before that unit's COMMIT: one statement for the whole group of a group commit where
   * each unit sent its own. A throw from `flush` rolls the unit back (its group is then run again one
   * unit at a time, group-commit.ts): for a write whose answer decides whether the unit may commit (an
   * idempotency key still free). PostgreSQL: kept until then (and dropped with a savepoint that rolls
   * back); outside a unit, at once. SQLite: at once (a statement costs no round trip there).
   */
  atCommit<I>(key: string, item: I, flush: (items: I[]) => Promise<void>): Promise<void>;
  /**
   * Runs `work`'s statements outside the caller's unit of work (PostgreSQL: each committed at once on
   * the pool, holding no lock until the unit ends); SQLite: in place. For a write that must not
   * serialise every unit behind it and need not be undone with the unit: a wallet's next index.
   */
  outsideUnit<T>(work: () => Promise<T>): Promise<T>;
}

/** A BOOLEAN column read raw: PostgreSQL's boolean or SQLite's 0/1. */
export const rawBoolean = (value: unknown): boolean => value === true || value === 1 || value === 1n;

/** A 64-bit count read raw (PostgreSQL's BIGINT text, SQLite's number) as a number. */
export const rawCount = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

/** Money or an arbitrary-size integer read raw (text, number or bigint) as a bigint. */
export const rawBigint = (value: unknown): bigint => (typeof value === 'bigint' ? value : BigInt(value as string | number));
