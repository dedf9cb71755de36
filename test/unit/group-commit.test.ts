import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { GroupCommit } from '../../src/db/group-commit.js';
import { type Db, openDatabase } from '../../src/db/sqlite/open-database.js';
import { SqliteGate } from '../../src/db/sqlite/sqlite-gate.js';

let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-group-'));
  db = openDatabase(join(dir, 'db.sqlite'));
  db.$client.exec('CREATE TABLE t (v INTEGER NOT NULL UNIQUE)');
});

afterEach(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (v: number) => async () => db.$client.prepare('INSERT INTO t (v) VALUES (?)').run(v).lastInsertRowid;
const values = () => db.$client.prepare('SELECT v FROM t ORDER BY v').pluck().all();

test('units queued in one turn commit in one transaction and resolve after it', async () => {
  const group = new GroupCommit(new SqliteGate(db.$client));
  const pending = [1, 2, 3].map((v) => group.run(insert(v)));
  expect(values()).toEqual([]); // nothing runs before the turn ends
  await Promise.all(pending);
  expect(values()).toEqual([1, 2, 3]);
  // One BEGIN…COMMIT: the data_version seen by a second connection moves once per commit.
  const other = openDatabase(join(dir, 'db.sqlite'));
  const before = other.$client.pragma('data_version', { simple: true });
  await Promise.all([4, 5, 6].map((v) => group.run(insert(v))));
  expect(other.$client.pragma('data_version', { simple: true })).toBe((before as number) + 1);
  other.$client.close();
});

test('a failing unit rejects alone; its neighbours commit, and none is applied twice', async () => {
  const group = new GroupCommit(new SqliteGate(db.$client));
  await group.run(insert(2));
  const runs = { first: 0, last: 0 };
  const results = await Promise.allSettled([
    group.run(async () => {
      runs.first++;
      return insert(1)();
    }),
    group.run(insert(2)), // UNIQUE violation
    group.run(async () => {
      runs.last++;
      return insert(3)();
    }),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
  expect(values()).toEqual([1, 2, 3]);
  // The group stopped at the failing unit and was rolled back, then each unit ran alone: the one
  // before it ran twice, the one after it once; each was written once.
  expect(runs).toEqual({ first: 2, last: 1 });
});

test('units queued in later turns form later groups', async () => {
  const group = new GroupCommit(new SqliteGate(db.$client));
  const a = group.run(insert(1));
  await a;
  const b = group.run(insert(2));
  expect(values()).toEqual([1]);
  await b;
  expect(values()).toEqual([1, 2]);
});

test('a group whose COMMIT fails after every unit ran is never run again: each unit rejects with the COMMIT\'s error, having run once', async () => {
  // A store whose COMMIT's answer is lost (PostgreSQL: the connection dropped during it; the server
  // may have committed). The units' work is done; running them again could store them twice.
  const lost = new Error('outcome unknown: the COMMIT was sent, no answer came');
  let transactions = 0;
  const runner = {
    async tx<T>(work: () => Promise<T>, commitSent?: () => void): Promise<T> {
      transactions++;
      await work();
      commitSent?.();
      throw lost;
    },
  };
  const group = new GroupCommit(runner);
  const runs = [0, 0, 0];
  const results = await Promise.allSettled(runs.map((_, i) => group.run(async () => ++runs[i]!)));
  expect(results.map((r) => r.status === 'rejected' && r.reason)).toEqual([lost, lost, lost]);
  expect(runs).toEqual([1, 1, 1]);
  expect(transactions).toBe(1);
});

test('a group that fails at its end before the COMMIT is sent (what its units kept for the commit) runs again one unit at a time', async () => {
  // PostgreSQL's StoreDb.atCommit: the group's answers checked in one statement just before COMMIT;
  // one key taken fails that statement's unit, and only it, once each unit runs alone.
  const refused = new Error('a key kept for the commit is taken');
  let transactions = 0;
  const runner = {
    async tx<T>(work: () => Promise<T>, commitSent?: () => void): Promise<T> {
      transactions++;
      const result = await work();
      if (transactions === 1 || transactions === 3) throw refused; // the group's end, then the second unit's alone
      commitSent?.();
      return result;
    },
  };
  const group = new GroupCommit(runner);
  const results = await Promise.allSettled([1, 2, 3].map((n) => group.run(async () => n)));
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason))).toEqual([1, refused, 3]);
  expect(transactions).toBe(4);
});

test('on SQLite a COMMIT that fails stores nothing; its units reject together and are not run again either', async () => {
  // A deferred foreign key fails at COMMIT, not at the insert: the failure comes after every unit ran.
  db.$client.exec('CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)');
  const group = new GroupCommit(new SqliteGate(db.$client));
  let runs = 0;
  const results = await Promise.allSettled([
    group.run(insert(1)),
    group.run(async () => {
      runs++;
      return db.$client.prepare('INSERT INTO child (p) VALUES (42)').run().changes;
    }),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
  expect(runs).toBe(1);
  expect(values()).toEqual([]); // SQLite rolled the whole group back: nothing half-written
});
