import type { QueryResult, QueryResultRow } from 'pg';
import type { PgDatabase } from './pg-database.js';

/**
 * SQL written once, run as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, and the core builds no SQL per call. For the statements of session creation, the
 * API's hot path (see session-repository.ts), as the SQLite repositories prepare theirs once.
 */
export interface NamedStatement {
  /** Unique in the process: a connection keeps one statement per name. */
  readonly name: string;
  readonly text: string;
}

/**
 * Runs `statement` with `params` on this flow's connection: the open unit of work's transaction, else
 * the pool (`database.db`, read now, as every repository does). Rows come back as the driver gives
 * them: BIGINT and NUMERIC as text, INTEGER as a number, BOOLEAN as a boolean.
 */
export async function runNamed<R extends QueryResultRow = QueryResultRow>(
  database: PgDatabase,
  statement: NamedStatement,
  params: unknown[],
): Promise<QueryResult<R>> {
  // Straight to node-postgres (the flow's transaction client, or the pool): drizzle's prepared-query
  // path (placeholders, tracing spans, its query cache, a cloned config) added CPU to every
  // statement of the hot paths and nothing these raw rows need.
  const client = (database.db as unknown as { _: { session: { client: Queryable } } })._.session.client;
  return (await client.query({ name: statement.name, text: statement.text, values: params })) as QueryResult<R>;
}

/** A pool or a pool's client: what drizzle's node-postgres session queries through. */
interface Queryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<QueryResult>;
}
