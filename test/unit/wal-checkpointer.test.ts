import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../src/db/sqlite/open-database.js';
import { SqliteGate } from '../../src/db/sqlite/sqlite-gate.js';
import { WalCheckpointer } from '../../src/db/sqlite/wal-checkpointer.js';

// Checkpoints in a worker thread: the app's connection stops checkpointing only while the worker
// does it, and the WAL's pages still reach the database file.

let dir: string;
let file: string;
let db: Db;
const errors: string[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-checkpointer-'));
  file = join(dir, 'db.sqlite');
  db = openDatabase(file);
  db.$client.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, blob TEXT NOT NULL)');
  errors.length = 0;
});

afterEach(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const autocheckpoint = () => db.$client.pragma('wal_autocheckpoint', { simple: true });
const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

test('the worker takes over checkpoints, copies the WAL into the file, and hands them back on stop', async () => {
  const checkpointer = new WalCheckpointer(db, file, (m) => errors.push(m), { intervalMs: 20 });
  expect(autocheckpoint()).toBe(1000);
  checkpointer.start();
  await until(() => checkpointer.active, 'the worker to be ready');
  expect(autocheckpoint()).toBe(0);

  // 3,000 pages' worth of commits: far past the 1,000 pages at which the connection would checkpoint.
  const sizeBefore = statSync(file).size;
  const insert = db.$client.prepare('INSERT INTO filler (blob) VALUES (?)');
  for (let i = 0; i < 300; i++) db.$client.transaction(() => { for (let j = 0; j < 10; j++) insert.run('x'.repeat(3000)); })();
  await until(() => statSync(file).size > sizeBefore + 5_000_000, 'the database file to receive the pages');
  // Everything in the WAL is now also in the file: a checkpoint from here has nothing left to copy.
  await until(() => {
    const [row] = db.$client.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    return row !== undefined && row.log === row.checkpointed;
  }, 'the WAL to be fully checkpointed');

  await checkpointer.stop();
  expect(checkpointer.active).toBe(false);
  expect(autocheckpoint()).toBe(1000);
  expect(errors).toEqual([]);
});

test('a worker that cannot open the database leaves checkpoints with the connection', async () => {
  const checkpointer = new WalCheckpointer(db, join(dir, 'missing', 'db.sqlite'), (m) => errors.push(m), { intervalMs: 20 });
  checkpointer.start();
  await until(() => errors.length > 0, 'the failure to be reported');
  expect(errors[0]).toMatch(/WAL checkpoints back in the main thread/);
  expect(checkpointer.active).toBe(false);
  expect(autocheckpoint()).toBe(1000);
  await checkpointer.stop();
});

test('a checkpoint that fails in the worker hands checkpoints back to the connection', async () => {
  const checkpointer = new WalCheckpointer(db, file, (m) => errors.push(m), { intervalMs: 20 });
  checkpointer.start();
  await until(() => checkpointer.active, 'the worker to be ready');
  // The worker's next checkpoint finds no database file any more: SQLite reports an I/O error.
  rmSync(`${file}-shm`, { force: true });
  rmSync(file, { force: true });
  await until(() => errors.length > 0, 'the failure to be reported');
  expect(errors[0]).toMatch(/WAL checkpoints back in the main thread: a checkpoint failed/);
  expect(checkpointer.active).toBe(false);
  expect(autocheckpoint()).toBe(1000);
  await checkpointer.stop();
});

test('under commits that never pause, the WAL is started over past its bound instead of growing for as long as the load lasts', async () => {
  // 256 pages (1 MB) as the bound, checkpoint rounds every 5 ms; then ~40 MB of commits with no pause
  // longer than a turn of the event loop (session creation's group commits).
  const gate = new SqliteGate(db.$client);
  const checkpointer = new WalCheckpointer(db, file, (m) => errors.push(m), { intervalMs: 5, restartFrames: 256, pauseWrites: (work) => gate.pause(work) });
  checkpointer.start();
  await until(() => checkpointer.active, 'the worker to be ready');
  const insert = db.$client.prepare('INSERT INTO filler (blob) VALUES (?)');
  const wal = `${file}-wal`;
  let largest = 0;
  for (let i = 0; i < 1300; i++) {
    // Through the gate, as the app writes: a paused gate holds the next transaction back.
    await gate.tx(async () => {
      for (let j = 0; j < 10; j++) insert.run('x'.repeat(3000));
    });
    largest = Math.max(largest, statSync(wal).size);
    await new Promise((r) => setImmediate(r));
  }
  await checkpointer.stop();
  expect(errors).toEqual([]);
  // Every row is there (the TRUNCATE lost nothing), and the WAL never held much more than its bound
  // plus what one round's commits add: without the bound it grows to ~40 MB here.
  expect((db.$client.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n).toBe(13_000);
  expect(largest).toBeLessThan(12_000_000);
}, 60_000);
