/**
 * The one schema (src/db/tables.ts), built for each database (src/db/sqlite/sqlite-tables.ts,
 * src/db/pg/pg-tables.ts), has two migration histories that must make one store. Both are migrated
 * for real, by the migrations drizzle-kit generated (SQLite's by `openDatabase`, PostgreSQL's by
 * drizzle's node-postgres migrator on a throwaway server), then compared as the databases report
 * them: tables, columns, nullability, defaults, types (by a compatibility map), primary keys, indexes
 * and foreign keys. And drizzle-kit, run on a copy of each history as `npm run db:generate` runs it,
 * must find nothing to generate: a schema edited without its migrations fails here.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, is } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, openDatabase } from '../../src/db/sqlite/open-database.js';
import * as pgSchema from '../../src/db/pg/pg-tables.js';
import * as sqliteSchema from '../../src/db/sqlite/sqlite-tables.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { type SchemaShape, postgresSchemaShape, sqliteSchemaShape } from '../helpers/schema-shape.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PG_MIGRATIONS_DIR = join(ROOT, 'src/db/pg/migrations');

const dir = mkdtempSync(join(tmpdir(), 'stablepos-pg-schema-'));
let postgres: TestPostgres | undefined;
let client: pg.Client;
let sqliteShape: SchemaShape;
let postgresShape: SchemaShape;

beforeAll(async () => {
  const sqlite = openDatabase(join(dir, 'stablepos.sqlite'));
  sqliteShape = sqliteSchemaShape(sqlite.$client);
  sqlite.$client.close();

  postgres = await startPostgres();
  client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder: PG_MIGRATIONS_DIR });
  postgresShape = withoutRowIds(await postgresSchemaShape(client));
});

/**
 * PostgreSQL has no `rowid`: where a SQLite repository addresses rows by theirs, the PostgreSQL table
 * carries it as an explicit identity column with a unique index (src/db/pg/schema.ts). Those are SQLite's
 * implicit rowid, so they are left out of the comparison; anything else only in PostgreSQL still fails.
 */
const ROW_IDS: Record<string, { column: string; index: string }> = {
  session_addresses: { column: 'row_id', index: 'session_addresses_row' },
};

function withoutRowIds(shape: SchemaShape): SchemaShape {
  const result = { ...shape };
  for (const [table, { column, index }] of Object.entries(ROW_IDS)) {
    const t = result[table];
    if (!t) continue;
    const columns = { ...t.columns };
    expect(columns[column], `${table}.${column}`).toMatchObject({ type: 'bigint', notNull: true });
    delete columns[column];
    const indexes = t.indexes.filter((i) => i.name !== index);
    expect(indexes, `${table}: unique index ${index} on ${column}`).toHaveLength(t.indexes.length - 1);
    result[table] = { ...t, columns, indexes };
  }
  return result;
}

afterAll(async () => {
  await client?.end();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Each table of both stores, for checks that list every difference rather than stop at the first. */
const sharedTables = () => Object.keys(sqliteShape).filter((t) => t in postgresShape).sort();

/**
 * What the core keeps in a SQLite column, from the drizzle schema: SQLite's declared types alone cannot
 * tell a boolean or an amount from any other INTEGER, nor base units from any other TEXT.
 */
type Kind = 'boolean' | 'money' | 'base-units' | 'integer' | 'text';
const sqliteKinds = new Map<string, Kind>();
for (const table of Object.values(sqliteSchema)) {
  if (!is(table, SQLiteTable)) continue;
  const config = getTableConfig(table);
  for (const column of config.columns) {
    const kind: Kind =
      column.columnType === 'SQLiteBoolean' ? 'boolean'
      : column.columnType === 'SQLiteCustomColumn' ? (column.getSQLType() === 'integer' ? 'money' : 'base-units')
      : column.getSQLType() === 'integer' ? 'integer'
      : 'text';
    sqliteKinds.set(`${config.name}.${column.name}`, kind);
  }
}

/** Per kind: SQLite's declared type, and what PostgreSQL may declare for the same values (src/db/pg/columns.ts). */
const COMPATIBLE: Record<Kind, { sqlite: string; postgres: string[] }> = {
  boolean: { sqlite: 'integer', postgres: ['boolean'] },
  money: { sqlite: 'integer', postgres: ['bigint'] },
  'base-units': { sqlite: 'text', postgres: ['numeric'] },
  // 32 bits where values are small (fees, counts, indexes), 64 where SQLite's may outgrow them (times, sequences).
  integer: { sqlite: 'integer', postgres: ['integer', 'bigint'] },
  text: { sqlite: 'text', postgres: ['text'] },
};

describe('the PostgreSQL schema, migrated, matches the SQLite schema, migrated', () => {
  test('the same tables', () => {
    expect(Object.keys(postgresShape).sort()).toEqual(Object.keys(sqliteShape).sort());
    expect(Object.keys(sqliteShape)).toHaveLength(30);
  });

  test('the same columns, with the same nullability and defaults', () => {
    const differences: string[] = [];
    for (const table of sharedTables()) {
      const [s, p] = [sqliteShape[table]!.columns, postgresShape[table]!.columns];
      for (const name of new Set([...Object.keys(s), ...Object.keys(p)])) {
        if (!s[name] || !p[name]) {
          differences.push(`${table}.${name}: only in ${s[name] ? 'SQLite' : 'PostgreSQL'}`);
          continue;
        }
        if (s[name].notNull !== p[name].notNull) differences.push(`${table}.${name}: NOT NULL in ${s[name].notNull ? 'SQLite' : 'PostgreSQL'} only`);
        // An identity column's next value is PostgreSQL's equivalent of AUTOINCREMENT, not a default.
        if (s[name].default !== p[name].default) differences.push(`${table}.${name}: default ${s[name].default} in SQLite, ${p[name].default} in PostgreSQL`);
      }
    }
    expect(differences).toEqual([]);
  });

  test("compatible types: PostgreSQL's natural type for what the core keeps in each SQLite column", () => {
    const differences: string[] = [];
    for (const table of sharedTables()) {
      for (const [name, s] of Object.entries(sqliteShape[table]!.columns)) {
        const p = postgresShape[table]!.columns[name];
        const kind = sqliteKinds.get(`${table}.${name}`);
        if (!p || !kind) continue; // a missing column is the test above's; a column drizzle does not declare, the up-to-date check's
        const allowed = COMPATIBLE[kind];
        if (s.type !== allowed.sqlite) differences.push(`${table}.${name}: SQLite declares ${s.type} for a ${kind} column`);
        if (!allowed.postgres.includes(p.type)) differences.push(`${table}.${name}: ${kind} is ${p.type} in PostgreSQL (expected ${allowed.postgres.join(' or ')})`);
      }
    }
    expect(differences).toEqual([]);
  });

  test('the same primary keys', () => {
    const keys = (shape: SchemaShape) => Object.fromEntries(sharedTables().map((t) => [t, shape[t]!.primaryKey]));
    expect(keys(postgresShape)).toEqual(keys(sqliteShape));
  });

  test('the same indexes, unique and plain: names, columns in order, conditions', () => {
    const indexes = (shape: SchemaShape) => Object.fromEntries(sharedTables().map((t) => [t, shape[t]!.indexes]));
    expect(indexes(postgresShape)).toEqual(indexes(sqliteShape));
    // The check above compares something: SQLite's partial unique index is among them.
    expect(sqliteShape.users!.indexes).toContainEqual({ name: 'users_active_name', unique: true, columns: ['merchant_id', 'name_key'], where: 'disabled_at is null' });
  });

  test('the same foreign keys', () => {
    const foreignKeys = (shape: SchemaShape) => Object.fromEntries(sharedTables().map((t) => [t, shape[t]!.foreignKeys]));
    expect(foreignKeys(postgresShape)).toEqual(foreignKeys(sqliteShape));
  });
});

test("the PostgreSQL columns carry the core's values exactly: money, 256-bit base units, times, booleans, sequences", async () => {
  const db = drizzle(client, { schema: pgSchema });
  const now = Date.now();
  await db.insert(pgSchema.merchants).values({ id: 'm_roundtrip', name: 'Shop', createdAt: now });
  const payment = {
    id: 'pay_roundtrip',
    sessionId: null,
    network: 'ethereum',
    livemode: true,
    currency: 'USDT',
    tokenContract: '0xToken',
    txId: '0xabc',
    eventIndex: 3,
    blockNumber: 2 ** 40, // past 32 bits, as Solana's slots will be
    blockRef: '0xblock',
    blockTime: now,
    fromAddress: '0xfrom',
    toAddress: '0xto',
    amountBase: 2n ** 256n - 1n, // the largest ERC-20 amount
    amountMinor: 10n ** 15n, // domain/money.ts MAX_MINOR
    confirmations: 1,
    status: 'confirmed',
    detectedAt: now,
    updatedAt: now,
  };
  await db.insert(pgSchema.payments).values(payment);
  const [row] = await db.select().from(pgSchema.payments).where(eq(pgSchema.payments.id, 'pay_roundtrip'));
  expect(row).toEqual({ ...payment, seq: 1 });
  const [merchant] = await db.select().from(pgSchema.merchants).where(eq(pgSchema.merchants.id, 'm_roundtrip'));
  expect(merchant).toMatchObject({ feeBps: 150, monitoringWindowSeconds: 86_400, settlementCurrency: null, createdAt: now });
});

/**
 * drizzle-kit compares a schema with the last snapshot of its migrations folder: run on a copy, it
 * must find nothing to generate. (It exits 0 even when it fails, so its words are what is checked.)
 */
function generateOnCopy(dialect: 'sqlite' | 'postgresql', schema: string, migrations: string): { output: string; added: string[] } {
  const work = mkdtempSync(join(dir, `generate-${dialect}-`));
  cpSync(migrations, join(work, 'migrations'), { recursive: true });
  const before = readdirSync(join(work, 'migrations'));
  // drizzle-kit reads --out relative to its working directory.
  const result = spawnSync(join(ROOT, 'node_modules/.bin/drizzle-kit'), ['generate', '--dialect', dialect, '--schema', join(ROOT, schema), '--out', './migrations'], {
    cwd: work,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  const added = readdirSync(join(work, 'migrations')).filter((f) => !before.includes(f));
  return { output: `${result.stdout}${result.stderr}${result.error ? String(result.error) : ''}`, added };
}

describe('the generated migrations are up to date with their schema', () => {
  test('PostgreSQL (npm run db:generate:pg)', () => {
    const { output, added } = generateOnCopy('postgresql', 'src/db/pg/pg-tables.ts', PG_MIGRATIONS_DIR);
    expect(added).toEqual([]);
    expect(output).toContain('No schema changes');
  }, 60_000);

  test('SQLite (npm run db:generate)', () => {
    const { output, added } = generateOnCopy('sqlite', 'src/db/sqlite/sqlite-tables.ts', DEFAULT_MIGRATIONS_DIR);
    expect(added).toEqual([]);
    expect(output).toContain('No schema changes');
  }, 60_000);
});
