import { customType } from 'drizzle-orm/sqlite-core';

/**
 * Money column: bigint in the core, INTEGER in SQLite. Amounts are capped at 10^15 minor units
 * (domain/money.ts MAX_MINOR), so they fit SQLite's 64-bit integers and cross the driver exactly.
 * On-chain base units (18 decimals) do not fit: those use `baseUnits` (TEXT) instead.
 */
export const minorUnits = customType<{ data: bigint; driverData: number | bigint }>({
  dataType: () => 'integer',
  toDriver: (value) => value,
  fromDriver: (value) => BigInt(value),
});

/** Arbitrary-size non-negative integers (token base units, scaled rates) stored as decimal TEXT. */
export const bigText = customType<{ data: bigint; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => value.toString(),
  fromDriver: (value) => BigInt(value),
});
