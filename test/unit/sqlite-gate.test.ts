import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type Db, openDatabase } from '../../src/db/open-database.js';
import { asyncStore, paged } from '../../src/db/sqlite-async.js';
import { SqliteGate } from '../../src/db/sqlite-gate.js';

// Asynchronous transactions on the one synchronous connection (docs/architecture.md, "Storage"):
// a store call made outside a transaction that is open must never see or join that transaction.

let dir: string;
let db: Db;
let gate: SqliteGate;

/** A synchronous repository, as the db/ ones are: one table of unique integers. */
class Numbers {
  constructor(private readonly db: Db) {}
  add(v: number): void {
    this.db.$client.prepare('INSERT INTO t (v) VALUES (?)').run(v);
  }
  all(): number[] {
    return this.db.$client.prepare('SELECT v FROM t ORDER BY v').pluck().all() as number[];
  }
  get size(): number {
    throw new Error('an accessor is no store call and must not be read by the adapter');
  }
}
let numbers: ReturnType<typeof asyncStore<Numbers>>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-gate-'));
  db = openDatabase(join(dir, 'db.sqlite'));
  db.$client.exec('CREATE TABLE t (v INTEGER NOT NULL UNIQUE)');
  gate = new SqliteGate(db.$client);
  numbers = asyncStore(new Numbers(db), gate);
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

test('a unit begun inside a store call\'s turn (StoreDb.unit) starts at once, commits together, and rolls back whole', async () => {
  // A repository written once runs each method in its turn (gate.run); its own unit of work must not
  // queue behind that turn, which it holds (it would wait for itself).
  const write = (values: number[]) =>
    gate.run(() =>
      gate.txInTurn(async () => {
        for (const v of values) await numbers.add(v);
      }),
    );
  const first = write([1, 2]);
  const outcome = await Promise.race([first.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('stuck'), 1000))]);
  expect(outcome).toBe('done');
  await expect(write([3, 1])).rejects.toThrow(/UNIQUE/);
  expect(await numbers.all()).toEqual([1, 2]);
  // Inside a flow's open transaction it is a savepoint: the outer work goes on without its part.
  await gate.tx(async () => {
    await expect(write([4, 2])).rejects.toThrow(/UNIQUE/);
    await numbers.add(5);
  });
  expect(await numbers.all()).toEqual([1, 2, 5]);
});
