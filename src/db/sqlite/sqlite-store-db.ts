import type Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import type { Db } from './open-database.js';
import type { SqliteGate } from './sqlite-gate.js';
import * as tables from './sqlite-tables.js';
import type { NamedSql, QueryDb, StoreDb } from '../store-db.js';
import type { Tables } from '../tables.js';

/** better-sqlite3 binds no booleans: SQLite keeps them as 0/1 (the kit's boolean column). */
const bindable = (value: unknown) => (value === true ? 1 : value === false ? 0 : value);

/** The SQLite store's database as repositories see it (store-db.ts): one connection, through its gate. */
export class SqliteStoreDb implements StoreDb {
  readonly dialect = 'sqlite';
  readonly db: QueryDb;
  readonly t = tables as unknown as Tables;
  private readonly prepared = new Map<string, { statement: Database.Statement; order: number[] }>();

  constructor(
    private readonly connection: Db,
    private readonly gate: SqliteGate,
  ) {
    this.db = connection as unknown as QueryDb;
  }

  inTransaction(): boolean {
    return this.gate.inTransaction();
  }

  /** Repositories' methods run inside `gate.run` (gatedStore), which holds the connection already. */
  unit<T>(work: () => Promise<T>): Promise<T> {
    return this.gate.txInRun(work);
  }

  affected(result: unknown): number {
    return (result as Database.RunResult).changes;
  }

  rows<R>(query: SQL): Promise<R[]> {
    return Promise.resolve(this.connection.all<R>(query));
  }

  named<R>(statement: NamedSql, params: readonly unknown[]): Promise<R[]> {
    let prepared = this.prepared.get(statement.name);
    if (!prepared) {
      // `$n` becomes `?`, and the parameters are passed in the order the placeholders appear
      // (better-sqlite3 takes `?NNN` for a named parameter).
      const order: number[] = [];
      const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => {
        order.push(Number(n) - 1);
        return '?';
      });
      prepared = { statement: this.connection.$client.prepare(text), order };
      this.prepared.set(statement.name, prepared);
    }
    const { statement: s, order } = prepared;
    const values = order.map((i) => bindable(params[i]));
    if (s.reader) return Promise.resolve(s.all(...values) as R[]);
    s.run(...values);
    return Promise.resolve([]);
  }

  appendAtCommit<R>(_log: string, row: R, write: (rows: R[]) => Promise<void>): Promise<void> {
    return write([row]);
  }

  atCommit<I>(_key: string, item: I, flush: (items: I[]) => Promise<void>): Promise<void> {
    return flush([item]);
  }

  outsideUnit<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  forUpdate<Q>(query: Q): Q {
    return query;
  }
}

