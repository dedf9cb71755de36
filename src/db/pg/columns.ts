import { bigint, numeric } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL counterparts of `../columns.ts`: the same values in the core (bigint money, epoch-ms
 * numbers), in PostgreSQL's own types, so that repositories can later share their mapping code.
 */

/** Money in minor units: bigint in the core, BIGINT here (amounts are capped at 10^15, domain/money.ts). */
export const minorUnits = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * Arbitrary-size non-negative integers (token base units, scaled rates): TEXT in SQLite, NUMERIC(78, 0)
 * here. 78 digits hold any 256-bit value (an ERC-20 amount is a uint256: 2^256 has 78 digits).
 * **Decision:** numeric rather than text: the database itself refuses a fraction or a non-number, and
 * sums and comparisons (reports, reconciliations) can run in SQL, which decimal text cannot do right.
 */
export const bigNumeric = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * Times as milliseconds since the Unix epoch (UTC), as the core keeps them: BIGINT read as a JS
 * number (exact up to 2^53 ms, the year 287396), not `timestamptz`, so both stores hand repositories
 * the same values.
 */
export const epochMs = (name: string) => bigint(name, { mode: 'number' });

/**
 * Numbers SQLite keeps in its 64-bit INTEGER that may outgrow 32 bits: insertion sequences, block
 * numbers (Solana's slots pass 2^31 within years), sequences copied into counters.
 */
export const bigCount = (name: string) => bigint(name, { mode: 'number' });
