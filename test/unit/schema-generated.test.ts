/**
 * The one schema (src/db/tables.ts) and each dialect's migration history agree: building the
 * dialect's tables and diffing them against the newest snapshot drizzle-kit wrote gives no statement.
 * A schema edit without `npm run db:generate` fails here, for either dialect.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration, generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { expect, test } from 'vitest';
import * as pgTables from '../../src/db/pg/pg-tables.js';
import * as sqliteTables from '../../src/db/sqlite/sqlite-tables.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newestSnapshot(dir: string): unknown {
  const meta = join(ROOT, dir, 'meta');
  const newest = readdirSync(meta)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  if (newest === undefined) throw new Error(`no snapshot in ${meta}`);
  return JSON.parse(readFileSync(join(meta, newest), 'utf8'));
}

test('SQLite: the tables built from the one schema are what the migrations make', async () => {
  const built = await generateSQLiteDrizzleJson(sqliteTables);
  const statements = await generateSQLiteMigration(newestSnapshot('src/db/sqlite/migrations') as Parameters<typeof generateSQLiteMigration>[0], built);
  expect(statements).toEqual([]);
});

test('PostgreSQL: the tables built from the one schema are what the migrations make', async () => {
  const built = generateDrizzleJson(pgTables);
  const statements = await generateMigration(newestSnapshot('src/db/pg/migrations') as Parameters<typeof generateMigration>[0], built);
  expect(statements).toEqual([]);
});
