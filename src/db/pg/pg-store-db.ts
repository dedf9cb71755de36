import { type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { NamedSql, QueryDb, StoreDb } from '../store-db.js';
import type { Tables } from '../tables.js';
import { runNamed } from './named-statement.js';
import type { PgDatabase } from './pg-database.js';
import * as tables from './pg-tables.js';

/**
 * The advisory lock key of an append-ordered log (StoreDb.appendInOrder): a fixed prefix ("stab" in
 * ASCII) that no other application on the database uses, and the log name's FNV-1a hash.
 */
function appendLockKey(log: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < log.length; i++) h = Math.imul(h ^ log.charCodeAt(i), 0x01000193) >>> 0;
  return ((0x73746162n << 32n) | BigInt(h)).toString();
}

/** The PostgreSQL store's database as repositories see it (../store-db.ts): the pool, or this flow's unit of work. */
export class PgStoreDb implements StoreDb {
  readonly dialect = 'postgres';
  readonly t = tables as unknown as Tables;

  constructor(private readonly database: PgDatabase) {}

  get db(): QueryDb {
    return this.database.db as unknown as QueryDb;
  }

  inTransaction(): boolean {
    return this.database.inTransaction();
  }

  unit<T>(work: () => Promise<T>): Promise<T> {
    return this.database.tx(work);
  }

  affected(result: unknown): number {
    return (result as { rowCount: number | null }).rowCount ?? 0;
  }

  async rows<R>(query: SQL): Promise<R[]> {
    const result = await this.database.db.execute(query);
    return result.rows as R[];
  }

  async named<R>(statement: NamedSql, params: readonly unknown[]): Promise<R[]> {
    const result = await runNamed(this.database, statement, [...params]);
    return result.rows as R[];
  }

  async appendAtCommit<R>(log: string, row: R, write: (rows: R[]) => Promise<void>): Promise<void> {
    const kept = this.database.collectAtCommit(`append:${log}`, row, async (rows) => {
      await this.database.db.execute(sql`SELECT pg_advisory_xact_lock(${appendLockKey(log)})`);
      await write(rows);
    }, true);
    if (!kept) await this.database.tx(async () => this.appendAtCommit(log, row, write));
  }

  async atCommit<I>(key: string, item: I, flush: (items: I[]) => Promise<void>): Promise<void> {
    if (!this.database.collectAtCommit(key, item, flush)) await flush([item]);
  }

  outsideUnit<T>(work: () => Promise<T>): Promise<T> {
    return this.database.outsideUnit(work);
  }

  forUpdate<Q>(query: Q): Q {
    return (query as unknown as PgSelect).for('update') as unknown as Q;
  }
}
