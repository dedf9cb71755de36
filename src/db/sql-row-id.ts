import { type SQL, sql } from 'drizzle-orm';
import type { StoreDb } from './store-db.js';

/**
 * A row's insertion number where the schema gives it one (tables.ts' `rowId`): SQLite's implicit
 * `rowid`, PostgreSQL's `row_id` identity column (PostgreSQL has no rowid). Its name, for SQL written
 * once as text (named statements).
 */
export const rowIdName = (store: StoreDb): 'rowid' | 'row_id' => (store.dialect === 'sqlite' ? 'rowid' : 'row_id');

/**
 * The same as an expression of the one table a query reads, as a number (PostgreSQL's BIGINT comes as
 * text; numbers are exact up to 2^53).
 */
export const rowIdOf = (store: StoreDb): SQL<number> => sql.raw(rowIdName(store)).mapWith(Number) as SQL<number>;
