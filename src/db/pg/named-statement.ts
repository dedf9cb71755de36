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
  const prepared = database.db._.session.prepareQuery<{ execute: QueryResult<R>; all: unknown; values: unknown }>(
    { sql: statement.text, params },
    undefined,
    statement.name,
    false,
  );
  return prepared.execute();
}
