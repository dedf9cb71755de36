import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type Db, openDatabase } from '../../src/db/sqlite/open-database.js';
import { gatedStore } from '../../src/db/sqlite/gated-store.js';
import { paged } from '../../src/db/paged.js';
import { SqliteGate } from '../../src/db/sqlite/sqlite-gate.js';
import { SqliteStoreDb } from '../../src/db/sqlite/sqlite-store-db.js';

// Asynchronous transactions on the one synchronous connection (docs/architecture.md, "Storage"):
// a store call made outside a transaction that is open must never see or join that transaction.

let dir: string;
let db: Db;
let gate: SqliteGate;

/** A repository as the db/ ones are (asynchronous methods over the one connection): one table of unique integers. */
class Numbers {
  constructor(private readonly db: Db) {}
  add(v: number): Promise<void> {
    this.db.$client.prepare('INSERT INTO t (v) VALUES (?)').run(v);
    return Promise.resolve();
  }
  all(): Promise<number[]> {
    return Promise.resolve(this.db.$client.prepare('SELECT v FROM t ORDER BY v').pluck().all() as number[]);
  }
  get size(): number {
    throw new Error('an accessor is no store call and must not be read by the adapter');
  }
}
let numbers: Numbers;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-gate-'));
  db = openDatabase(join(dir, 'db.sqlite'));
  db.$client.exec('CREATE TABLE t (v INTEGER NOT NULL UNIQUE)');
  gate = new SqliteGate(db.$client);
  numbers = gatedStore(new Numbers(db), gate);
});

afterEach(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Lets every pending promise and timer of this turn run (a transaction's body awaits in between). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

test('the adapter returns promises of the repository\'s results, its errors as rejections', async () => {
  await numbers.add(1);
  expect(await numbers.all()).toEqual([1]);
  await expect(numbers.add(1)).rejects.toThrow(/UNIQUE/);
  expect(Object.keys(numbers).sort()).toEqual(['add', 'all']);
});

test('a read from another flow during a transaction waits for the commit and sees committed rows only', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const tx = gate.tx(async () => {
    await numbers.add(1);
    await held; // still open: the row is not committed
    await numbers.add(2);
  });
  await turn();
  let outside: number[] | undefined;
  const read = numbers.all().then((v) => (outside = v));
  await turn();
  expect(outside).toBeUndefined(); // waiting: it would otherwise have read the uncommitted 1
  release();
  await tx;
  await read;
  expect(outside).toEqual([1, 2]);
});

test('a write from another flow during a transaction is not rolled back with it', async () => {
  let fail!: () => void;
  const failing = new Promise<void>((_resolve, reject) => (fail = () => reject(new Error('boom'))));
  const tx = gate.tx(async () => {
    await numbers.add(1);
    await failing;
  });
  await turn();
  const outside = numbers.add(5);
  fail();
  await expect(tx).rejects.toThrow('boom');
  await outside;
  expect(await numbers.all()).toEqual([5]);
});

test('transactions run one after the other in the order they were asked for', async () => {
  const order: string[] = [];
  const run = (name: string, v: number) =>
    gate.tx(async () => {
      order.push(`${name} begins`);
      await numbers.add(v);
      await turn();
      order.push(`${name} ends`);
    });
  await Promise.all([run('a', 1), run('b', 2), run('c', 3)]);
  expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
  expect(await numbers.all()).toEqual([1, 2, 3]);
});

test('a failing transaction is rolled back whole and its error reaches the caller', async () => {
  await expect(
    gate.tx(async () => {
      await numbers.add(1);
      await numbers.add(1); // UNIQUE violation
    }),
  ).rejects.toThrow(/UNIQUE/);
  expect(await numbers.all()).toEqual([]);
  expect(db.$client.inTransaction).toBe(false);
  await gate.tx(() => numbers.add(2)); // the connection is usable again
  expect(await numbers.all()).toEqual([2]);
});

test('a nested transaction is a savepoint: its failure, caught, undoes only its own part', async () => {
  await gate.tx(async () => {
    await numbers.add(1);
    await expect(
      gate.tx(async () => {
        await numbers.add(2);
        throw new Error('inner');
      }),
    ).rejects.toThrow('inner');
    await gate.tx(() => numbers.add(3));
  });
  expect(await numbers.all()).toEqual([1, 3]);
});

test('a flow that outlives its transaction is outside it: it waits for the next one instead of joining it', async () => {
  let late: Promise<void> | undefined;
  let fired!: () => void;
  const timerFired = new Promise<void>((resolve) => (fired = resolve));
  await gate.tx(async () => {
    await numbers.add(1);
    // Started inside, runs after the commit: AsyncLocalStorage still carries the ended transaction.
    setTimeout(() => {
      late = numbers.add(10);
      fired();
    }, 5);
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const second = gate.tx(async () => {
    await numbers.add(2);
    await held;
    throw new Error('rolled back');
  });
  await timerFired;
  await turn();
  release();
  await expect(second).rejects.toThrow('rolled back');
  await late;
  // Had the timer's write joined the second transaction, it would have been rolled back with it.
  expect(await numbers.all()).toEqual([1, 10]);
});

test('gate.inTransaction says whether the calling flow is inside an open transaction', async () => {
  expect(gate.inTransaction()).toBe(false);
  await gate.tx(async () => {
    expect(gate.inTransaction()).toBe(true);
    await turn();
    expect(gate.inTransaction()).toBe(true);
  });
  expect(gate.inTransaction()).toBe(false);
});

test('paged reads page after page until there is no next one', async () => {
  const pages = [{ items: [1, 2], next: 2 }, { items: [3], next: undefined }];
  const asked: (number | undefined)[] = [];
  const seen: number[] = [];
  for await (const v of paged<number, number>(async (cursor) => {
    asked.push(cursor);
    return pages[asked.length - 1]!;
  })) {
    seen.push(v);
  }
  expect(seen).toEqual([1, 2, 3]);
  expect(asked).toEqual([undefined, 2]);
});

test('a pause holds every store call and transaction of this connection until its work settles, outside any transaction', async () => {
  let release!: () => void;
  const order: string[] = [];
  const paused = gate.pause(async () => {
    expect(db.$client.inTransaction).toBe(false); // another connection may now checkpoint and truncate
    order.push('paused');
    await new Promise<void>((resolve) => (release = resolve));
    order.push('resumed');
  });
  await new Promise((r) => setImmediate(r));
  const call = numbers.add(1).then(() => order.push('call'));
  const tx = gate.tx(async () => numbers.add(2)).then(() => order.push('tx'));
  await new Promise((r) => setTimeout(r, 20));
  expect(order).toEqual(['paused']);
  release();
  await Promise.all([paused, call, tx]);
  expect(order).toEqual(['paused', 'resumed', 'call', 'tx']);
  expect(await numbers.all()).toEqual([1, 2]);
});

test("a gated store call's own unit of work (StoreDb.unit) begins at once, commits or rolls back whole, and is a savepoint inside the caller's", async () => {
  const storeDb = new SqliteStoreDb(db, gate);
  /** An asynchronous repository, as the ones written once for both databases are. */
  class Pairs {
    async addPair(a: number, b: number): Promise<void> {
      await storeDb.unit(async () => {
        db.$client.prepare('INSERT INTO t (v) VALUES (?)').run(a);
        await turn();
        db.$client.prepare('INSERT INTO t (v) VALUES (?)').run(b);
      });
    }
  }
  const pairs = gatedStore(new Pairs(), gate);
  await pairs.addPair(1, 2);
  await expect(pairs.addPair(3, 1)).rejects.toThrow(/UNIQUE/);
  expect(await numbers.all()).toEqual([1, 2]);
  await expect(gate.tx(async () => {
    await pairs.addPair(4, 5);
    await expect(pairs.addPair(6, 4)).rejects.toThrow(/UNIQUE/); // only its own part is undone
    throw new Error('the outer unit fails');
  })).rejects.toThrow('the outer unit fails');
  expect(await numbers.all()).toEqual([1, 2]);
  await gate.tx(async () => {
    await pairs.addPair(4, 5);
    await expect(pairs.addPair(6, 4)).rejects.toThrow(/UNIQUE/);
  });
  expect(await numbers.all()).toEqual([1, 2, 4, 5]);
});
