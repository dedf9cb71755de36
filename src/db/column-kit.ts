import type { pgKit } from './pg/pg-kit.js';

/**
 * The words the one schema (tables.ts) is written in, each dialect's kit spelling them in its own
 * column types (sqlite-kit.ts, pg/pg-kit.ts). The same values reach the core from both: bigint
 * money, epoch-ms numbers, booleans.
 *
 * **Decision:** the kit's types are PostgreSQL's builders (the PostgreSQL kit's shape). drizzle has no
 * dialect-neutral table type, so the tables are typed once, as PostgreSQL's, and the SQLite kit
 * builds SQLite's tables under those types; repositories write their queries once against them. What
 * differs at run time is behind the dialect (dialect.ts): affected-row counts, row locks, raw SQL.
 */
export type ColumnKit = typeof pgKit;
