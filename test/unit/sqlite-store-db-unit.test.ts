import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type Db, openDatabase } from '../../src/db/sqlite/open-database.js';
import { gatedStore } from '../../src/db/sqlite/gated-store.js';
import { SqliteGate } from '../../src/db/sqlite/sqlite-gate.js';
import { SqliteStoreDb } from '../../src/db/sqlite/sqlite-store-db.js';
import type { StoreDb } from '../../src/db/store-db.js';

// StoreDb.unit in a repository written once, on SQLite: its method runs holding the connection
// (gatedStore), and its own unit of work must commit or roll back there, not wait for that hold.

let dir: string;
let db: Db;
let gate: SqliteGate;

/** A repository written once whose one method writes two rows that must commit together. */
class Pairs {
  constructor(private readonly store: StoreDb) {}
  async addPair(a: number, b: number): Promise<void> {
    await this.store.unit(async () => {
      await this.store.rows(sql`INSERT INTO t (v) VALUES (${a}) RETURNING v`);
      await this.store.rows(sql`INSERT INTO t (v) VALUES (${b}) RETURNING v`);
    });
  }
  async all(): Promise<number[]> {
    const rows = await this.store.rows<{ v: number }>(sql`SELECT v FROM t ORDER BY v`);
    return rows.map((r) => r.v);
  }
}

let pairs: Pairs;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-unit-'));
  db = openDatabase(join(dir, 'db.sqlite'));
  db.$client.exec('CREATE TABLE t (v INTEGER NOT NULL UNIQUE)');
  gate = new SqliteGate(db.$client);
  pairs = gatedStore(new Pairs(new SqliteStoreDb(db, gate)), gate);
});

afterEach(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const settled = <T>(p: Promise<T>) => Promise.race([p, new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 1000))]);

test("a repository's own unit, called outside any, commits both rows", async () => {
  expect(await settled(pairs.addPair(1, 2))).toBeUndefined();
  expect(await pairs.all()).toEqual([1, 2]);
});

test("a repository's own unit that fails leaves nothing, and the connection serves on", async () => {
  await pairs.addPair(1, 2);
  await expect(settled(pairs.addPair(3, 1))).rejects.toThrow(/UNIQUE/);
  expect(await pairs.all()).toEqual([1, 2]);
  expect(db.$client.inTransaction).toBe(false);
});

test("inside the caller's unit it is part of it: the caller's rollback undoes it", async () => {
  await expect(
    gate.tx(async () => {
      await pairs.addPair(1, 2);
      throw new Error('caller fails');
    }),
  ).rejects.toThrow('caller fails');
  expect(await pairs.all()).toEqual([]);
});
