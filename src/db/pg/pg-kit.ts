import { bigint, boolean, index, integer, numeric, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';

/** Times and counts that may outgrow 32 bits: BIGINT, read as a JS number (exact up to 2^53). */
const bigCount = <N extends string>(name: N) => bigint(name, { mode: 'number' });

/**
 * The one schema's words in PostgreSQL's types (../column-kit.ts). Its shape is the kit's type: the
 * SQLite kit spells the same words.
 */
export const pgKit = {
  dialect: 'postgres' as 'sqlite' | 'postgres',
  table: pgTable,
  text,
  integer,
  boolean: <N extends string>(name: N) => boolean(name),
  /** Money in minor units: BIGINT (amounts are capped at 10^15, domain/money.ts). */
  minorUnits: <N extends string>(name: N) => bigint(name, { mode: 'bigint' }),
  /**
   * NUMERIC(78, 0): 78 digits hold any 256-bit value (an ERC-20 amount is a uint256).
   * **Decision:** numeric rather than text: the database itself refuses a fraction or a non-number,
   * and sums and comparisons can run in SQL, which decimal text cannot do right.
   */
  bigNumber: <N extends string>(name: N) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' }),
  /**
   * Milliseconds since the epoch as BIGINT read as a number, not `timestamptz`: both stores hand
   * repositories the same values.
   */
  epochMs: bigCount,
  bigCount,
  /**
   * Identity `BY DEFAULT` rather than `ALWAYS`: a copy of a SQLite store keeps its sequence numbers
   * (the cursors clients hold), then moves the identity past them.
   */
  insertionSeq: () => bigCount('seq').primaryKey().generatedByDefaultAsIdentity(),
  /** PostgreSQL has no implicit rowid: an identity column stands for SQLite's. */
  rowId: (): ReturnType<typeof rowIdColumn> | undefined => rowIdColumn(),
  index,
  uniqueIndex,
  primaryKey,
  unique,
};

function rowIdColumn() {
  return bigCount('row_id').notNull().generatedByDefaultAsIdentity();
}
