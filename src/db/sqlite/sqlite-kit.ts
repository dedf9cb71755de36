import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ColumnKit } from '../column-kit.js';
import { bigText, minorUnits } from './columns.js';

/**
 * The one schema's words in SQLite's types (column-kit.ts): 64-bit INTEGER for money, times and
 * counts, INTEGER 0/1 for booleans, decimal TEXT for arbitrary-size integers. Built under the
 * PostgreSQL kit's types, which is why each word is cast: the values reaching the core are the same.
 */
const kit = {
  dialect: 'sqlite',
  table: sqliteTable,
  text,
  integer: (name: string) => integer(name),
  boolean: (name: string) => integer(name, { mode: 'boolean' }),
  minorUnits,
  bigNumber: bigText,
  epochMs: (name: string) => integer(name),
  bigCount: (name: string) => integer(name),
  insertionSeq: () => integer('seq').primaryKey({ autoIncrement: true }),
  // SQLite's implicit rowid: no column (repositories read `rowid`).
  rowId: () => undefined,
  index,
  uniqueIndex,
  primaryKey,
  unique: uniqueIndex,
};

export const sqliteKit = kit as unknown as ColumnKit;
