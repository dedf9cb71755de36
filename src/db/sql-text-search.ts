import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { StoreDb } from './store-db.js';

/**
 * Plain-text matching for search boxes, in each database's words. Neither uses LIKE, so a search's
 * `%` and `_` are characters; letters fold A–Z only on both (SQLite's `lower()` knows no others;
 * PostgreSQL's would fold every letter its collation knows). PostgreSQL text cannot hold NUL, so there
 * a search holding one matches nothing (and is not sent).
 */
const NOTHING = sql`1 = 0`;

/** `value` begins with `prefix`. */
export function startsWithText(store: StoreDb, value: SQLWrapper, prefix: string): SQL {
  if (store.dialect === 'sqlite') return sql`substr(${value}, 1, ${prefix.length}) = ${prefix}`;
  return prefix.includes('\u0000') ? NOTHING : sql`starts_with(${value}, ${prefix})`;
}

/** `value` holds `part` anywhere, A–Z and a–z alike; a NULL value holds nothing. */
export function containsFolded(store: StoreDb, value: SQLWrapper, part: string): SQL {
  if (store.dialect === 'sqlite') return sql`instr(lower(coalesce(${value}, '')), lower(${part})) > 0`;
  if (part.includes('\u0000')) return NOTHING;
  const asciiLower = (v: SQL) => sql`translate(${v}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
  return sql`strpos(${asciiLower(sql`coalesce(${value}, '')`)}, ${asciiLower(sql`${part}`)}) > 0`;
}
