/**
 * The store contract's harness: `describeEachStore` runs the same tests against the SQLite store and
 * the PostgreSQL store (a real server, test/helpers/postgres.ts), so both implement the ports alike.
 * Each `open()` is a fresh, empty, migrated store (its own SQLite file, its own PostgreSQL database
 * in the file's one cluster); everything opened is closed and removed after the file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe } from 'vitest';
import { DataKeyCipher } from '../../src/domain/secret-cipher.js';
import { openPgStores, type PgStores } from '../../src/storage/pg-stores.js';
import { openSqliteStores } from '../../src/storage/sqlite-stores.js';
import type { Stores } from '../../src/storage/stores.js';
import { startPostgres, type TestPostgres } from './postgres.js';

export type StoreKind = Stores['kind'];
export type OpenStores = () => Promise<Stores>;

/** One data key per test process: what one store seals, the same store opens. */
const dataKey = randomBytes(32);
export const testCipher = () => new DataKeyCipher(() => dataKey);

let server: Promise<TestPostgres> | undefined;
let databases = 0;
const opened: Stores[] = [];
const dirs: string[] = [];

/** The file's PostgreSQL cluster, started on first use. */
export function testPostgres(): Promise<TestPostgres> {
  server ??= startPostgres();
  return server;
}

/** A new empty database in the file's cluster: its URL. */
export async function newPgDatabase(): Promise<string> {
  const { url } = await testPostgres();
  const name = `store_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/[^/]*$/, `/${name}`);
}

export async function openTestStores(kind: StoreKind): Promise<Stores> {
  let stores: Stores;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'stablepos-store-'));
    dirs.push(dir);
    stores = openSqliteStores(join(dir, 'stablepos.sqlite'), undefined, testCipher());
  } else {
    stores = await openPgStores({ url: await newPgDatabase() }, testCipher());
  }
  opened.push(stores);
  return stores;
}

/** For tests that need the PostgreSQL side's pool (change signals, leases, raw SQL). */
export async function openTestPgStores(): Promise<PgStores> {
  return (await openTestStores('postgres')) as PgStores;
}

afterAll(async () => {
  for (const s of opened.splice(0)) await s.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  if (server) await (await server).stop();
  server = undefined;
});

/** `body` once per store, in a describe block named after it. */
export function describeEachStore(title: string, body: (open: OpenStores, kind: StoreKind) => void): void {
  for (const kind of ['sqlite', 'postgres'] as const) {
    describe(`${title} [${kind}]`, () => body(() => openTestStores(kind), kind));
  }
}

/** Two PostgreSQL stores on one new database: two instances' views of it (signals, leases). */
export async function openTwoPgStores(): Promise<[PgStores, PgStores]> {
  const url = await newPgDatabase();
  const a = await openPgStores({ url }, testCipher());
  opened.push(a);
  const b = await openPgStores({ url }, testCipher());
  opened.push(b);
  return [a, b];
}
