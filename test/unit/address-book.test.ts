import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openDatabase, type Db } from '../../src/db/sqlite/open-database.js';
import { SessionAddressRepository } from '../../src/db/session-address-repository.js';
import { gatedStore } from '../../src/db/sqlite/gated-store.js';
import { SqliteGate } from '../../src/db/sqlite/sqlite-gate.js';
import { SqliteSignals } from '../../src/db/sqlite/sqlite-signals.js';
import { SqliteStoreDb } from '../../src/db/sqlite/sqlite-store-db.js';
import { familyById } from '../../src/chains/registry.js';
import { AddressBook } from '../../src/services/address-book.js';
import { hash32 } from '../../src/services/hash32.js';

// The book against the real repository and SQLite file: its memory-saving shape (address → row id,
// the session and deadline read back on a hit) must answer exactly as a full in-memory record would.

let dir: string;
let db: Db;
let now = 1_800_000_000_000;
const clock = () => now;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-address-book-'));
  db = openDatabase(join(dir, 'db.sqlite'));
  db.$client.pragma('foreign_keys = OFF'); // rows without their sessions: only the addresses matter here
  now = 1_800_000_000_000;
});

afterEach(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each family's own address comparison, as the app wires it (create-core.ts). */
const familyKey = (family: string, address: string) => familyById(family)!.addresses.key(address);

const ADDRESS_A = '0x52908400098527886E0F7030069857D2E4169EE7';
const ADDRESS_B = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';

/** A book over the file through `gate`, with this process's signals. */
const bookOn = (gate: SqliteGate) => new AddressBook(storeOn(gate), clock, familyKey, new SqliteSignals(gate));

/** The real repository over the file, its calls through `gate`, as the SQLite store wires it. */
const storeOn = (gate: SqliteGate) => gatedStore(new SessionAddressRepository(new SqliteStoreDb(db, gate)), gate);

/** An address issued straight into the file (no gate: the tests set the scene synchronously); its row. */
function insertRow(sessionId: string, family: string, livemode: boolean, address: string, watchUntil: number): number {
  return (db.$client.prepare('INSERT INTO session_addresses (session_id, family, livemode, address, derivation_index, watch_until) VALUES (?, ?, ?, ?, 0, ?) RETURNING rowid').get(sessionId, family, livemode ? 1 : 0, address, watchUntil) as { rowid: number }).rowid;
}

function insert(sessionId: string, address: string, watchUntil: number, livemode = false): number {
  return insertRow(sessionId, 'evm', livemode, address, watchUntil);
}

test('a watched address finds its session in any letter case, in its own mode only', async () => {
  const book = bookOn(new SqliteGate(db.$client));
  book.add('evm', false, ADDRESS_A, insert('ps_a', ADDRESS_A, now + 60_000));
  expect(await book.lookup('evm', false, ADDRESS_A)).toBe('ps_a');
  expect(await book.lookup('evm', false, ADDRESS_A.toLowerCase())).toBe('ps_a');
  expect(await book.lookup('evm', true, ADDRESS_A)).toBeUndefined();
  expect(await book.lookup('evm', false, ADDRESS_B)).toBeUndefined();
  expect(book.any('evm', false)).toBe(true);
  expect(book.any('evm', true)).toBe(false);
});

test('an address stops matching when its window ends, swept or not, and a sweep forgets it', async () => {
  const book = bookOn(new SqliteGate(db.$client));
  book.add('evm', false, ADDRESS_A, insert('ps_a', ADDRESS_A, now + 60_000));
  book.add('evm', false, ADDRESS_B, insert('ps_b', ADDRESS_B, now + 120_000));
  now += 60_000; // exactly at A's deadline: no longer watched
  expect(await book.lookup('evm', false, ADDRESS_A)).toBeUndefined();
  expect(await book.lookup('evm', false, ADDRESS_B)).toBe('ps_b');
  now += 60_000;
  expect(await book.sweep()).toBe(1); // B (A was already dropped by its lookup)
  expect(book.size).toBe(0);
  expect(book.any('evm', false)).toBe(false);
});

test('sweeps remove only ended windows, each once, whatever their order of creation', async () => {
  const book = bookOn(new SqliteGate(db.$client));
  const windows = [300_000, 60_000, 180_000, 240_000, 120_000];
  windows.forEach((w, i) => {
    const address = `0x${String(i + 1).padStart(40, '0')}`;
    book.add('evm', false, address, insert(`ps_${i}`, address, now + w));
  });
  now += 150_000;
  expect(await book.sweep()).toBe(2); // 60 s and 120 s
  expect(book.size).toBe(3);
  expect(await book.sweep()).toBe(0);
  now += 1_000_000;
  expect(await book.sweep()).toBe(3);
  expect(book.size).toBe(0);
});

test('load() at start takes exactly the addresses still watched', async () => {
  insert('ps_old', ADDRESS_A, now - 1);
  insert('ps_live', ADDRESS_B, now + 1, true);
  const book = bookOn(new SqliteGate(db.$client));
  await book.load();
  expect(book.size).toBe(1);
  expect(await book.lookup('evm', true, ADDRESS_B)).toBe('ps_live');
  expect(await book.lookup('evm', false, ADDRESS_A)).toBeUndefined();
});

test('the book compares addresses as their family says: case-sensitive ones stay apart', async () => {
  // A base58 family (TRON, Solana) tells two addresses apart by case alone; lower-casing would merge them.
  const asWritten = (_family: string, address: string) => address;
  const gate = new SqliteGate(db.$client);
  const book = new AddressBook(storeOn(gate), clock, asWritten, new SqliteSignals(gate));
  const upper = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
  const row = insertRow('ps_b58', 'b58', false, upper, now + 60_000);
  book.add('b58', false, upper, row);
  expect(await book.lookup('b58', false, upper)).toBe('ps_b58');
  expect(await book.lookup('b58', false, upper.toLowerCase())).toBeUndefined();
});

test('an address whose window has ended is recognised as a past deposit, in its own mode only; one still watched or never issued is not', async () => {
  const book = bookOn(new SqliteGate(db.$client));
  book.add('evm', false, ADDRESS_A, insert('ps_a', ADDRESS_A, now + 60_000));
  expect(await book.ended('evm', false, ADDRESS_A)).toBe(false); // still watched: a payment, not a late deposit
  expect(await book.ended('evm', false, ADDRESS_B)).toBe(false); // never issued
  expect(book.anyIssued('evm', false)).toBe(true);
  expect(book.anyIssued('evm', true)).toBe(false);
  now += 60_000;
  expect(await book.lookup('evm', false, ADDRESS_A)).toBeUndefined();
  expect(await book.sweep()).toBe(0); // the lookup dropped it already: swept or not, it stays known as ours
  expect(await book.ended('evm', false, ADDRESS_A)).toBe(true);
  expect(await book.ended('evm', true, ADDRESS_A)).toBe(false);
  expect(await book.ended('evm', false, ADDRESS_B)).toBe(false);
});

test('load() at start remembers every address ever issued, ended ones included, without watching them', async () => {
  insert('ps_old', ADDRESS_A, now - 1);
  insert('ps_live', ADDRESS_B, now + 60_000, true);
  const book = bookOn(new SqliteGate(db.$client));
  await book.load();
  expect(book.size).toBe(1);
  expect(await book.ended('evm', false, ADDRESS_A)).toBe(true);
  expect(await book.ended('evm', true, ADDRESS_B)).toBe(false);
  now += 60_000;
  expect(await book.ended('evm', true, ADDRESS_B)).toBe(true);
});

test('among thousands of issued addresses, a stranger\'s is never taken for one (the store confirms what the filter suspects)', async () => {
  const book = bookOn(new SqliteGate(db.$client));
  for (let i = 1; i <= 5_000; i++) {
    const address = `0x${i.toString(16).padStart(40, '0')}`;
    book.add('evm', false, address, insert(`ps_${i}`, address, now + 1));
  }
  now += 1;
  expect(await book.ended('evm', false, `0x${(2_500).toString(16).padStart(40, '0')}`)).toBe(true);
  for (let i = 1; i <= 5_000; i++) expect(await book.ended('evm', false, `0x${(i + 10_000).toString(16).padStart(40, '0')}`)).toBe(false);
});

test('a reload answers from the book it had while it reads the store, and keeps what was added meanwhile', async () => {
  const gate = new SqliteGate(db.$client);
  const book = bookOn(gate);
  book.add('evm', false, ADDRESS_A, insert('ps_a', ADDRESS_A, now + 60_000));
  let release!: () => void;
  let begun!: () => void;
  const holding = new Promise<void>((resolve) => (begun = resolve));
  // A transaction held open: the reload's reads wait behind it.
  const held = gate.tx(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        begun();
      }),
  );
  await holding;
  const reloading = book.load();
  // A watcher asking now must still find the book full (a resync must not make it miss a payment).
  expect(book.any('evm', false)).toBe(true);
  expect(book.size).toBe(1);
  book.add('evm', false, ADDRESS_B, 999); // heard from another instance while the store was read
  release();
  await held;
  await reloading;
  expect(book.size).toBe(2);
  expect(await book.lookup('evm', false, ADDRESS_A)).toBe('ps_a');
});

// Watched addresses are kept as 32-bit hashes of their normalised form with their rows (watched-table.ts):
// a hash names candidates, the store's row confirms them. A missed match is a lost payment.

/** A book whose every address has the same hash: every lookup meets every other watched address. */
const collidingBook = (gate: SqliteGate) => new AddressBook(storeOn(gate), clock, familyKey, new SqliteSignals(gate), () => undefined, () => 7);

test('addresses with the same hash each find their own session; a stranger with that hash finds none and drops no one', async () => {
  const book = collidingBook(new SqliteGate(db.$client));
  const ADDRESS_C = '0x0000000000000000000000000000000000000c0c';
  const rowA = insert('ps_a', ADDRESS_A, now + 60_000);
  book.add('evm', false, ADDRESS_A, rowA);
  book.add('evm', false, ADDRESS_B, insert('ps_b', ADDRESS_B, now + 120_000));
  expect(await book.lookup('evm', false, ADDRESS_B.toLowerCase())).toBe('ps_b');
  expect(await book.lookup('evm', false, ADDRESS_A)).toBe('ps_a');
  expect(await book.lookup('evm', false, ADDRESS_C)).toBeUndefined(); // same hash, not watched
  expect(book.size).toBe(2);
  now += 60_000; // A's window ends: its lookup drops A only
  expect(await book.lookup('evm', false, ADDRESS_A)).toBeUndefined();
  expect(book.size).toBe(1);
  expect(await book.lookup('evm', false, ADDRESS_B)).toBe('ps_b');
  expect(await book.lookup('evm', false, ADDRESS_C)).toBeUndefined();
  expect(book.size).toBe(1);
  expect(await book.oldestWatched('evm', false)).toBe('ps_b');
  expect(await book.sweep()).toBe(0); // A was dropped already; B is still watched
  // Deleted, then added again (its row given a new window): found again, B still found.
  db.$client.prepare('UPDATE session_addresses SET watch_until = ? WHERE address = ?').run(now + 60_000, ADDRESS_A);
  book.add('evm', false, ADDRESS_A, rowA);
  expect(await book.lookup('evm', false, ADDRESS_A)).toBe('ps_a');
  expect(await book.lookup('evm', false, ADDRESS_B)).toBe('ps_b');
  expect(await book.oldestWatched('evm', false)).toBe('ps_a');
  now += 60_000;
  expect(await book.sweep()).toBe(2);
  expect(book.size).toBe(0);
});

test('two real addresses with the same FNV-1a hash are both watched, each found, and swept one by one', async () => {
  // Found by search: two zero-padded EVM addresses whose normalised (lower-case) forms share a hash.
  const first = `0x${(517_631).toString(16).padStart(40, '0')}`;
  const second = `0x${(671_360).toString(16).padStart(40, '0')}`;
  expect(hash32(first)).toBe(hash32(second));
  const book = bookOn(new SqliteGate(db.$client));
  book.add('evm', false, first, insert('ps_first', first, now + 60_000));
  book.add('evm', false, second, insert('ps_second', second, now + 120_000));
  expect(book.size).toBe(2);
  expect(await book.lookup('evm', false, first)).toBe('ps_first');
  expect(await book.lookup('evm', false, second)).toBe('ps_second');
  now += 60_000;
  expect(await book.sweep()).toBe(1);
  expect(await book.lookup('evm', false, first)).toBeUndefined();
  expect(await book.lookup('evm', false, second)).toBe('ps_second');
});

test('thousands of addresses, past every capacity the table had, are all found, before and after half of them are swept', async () => {
  const book = bookOn(new SqliteGate(db.$client));
  const addressOf = (i: number) => `0x${(i * 7_919).toString(16).padStart(40, '0')}`;
  const count = 3_000;
  const insertAll = db.$client.transaction(() => {
    for (let i = 1; i <= count; i++) book.add('evm', false, addressOf(i), insert(`ps_${i}`, addressOf(i), now + (i % 2 === 0 ? 60_000 : 120_000)));
  });
  insertAll();
  expect(book.size).toBe(count);
  for (let i = 1; i <= count; i++) expect(await book.lookup('evm', false, addressOf(i))).toBe(`ps_${i}`);
  now += 60_000;
  expect(await book.sweep()).toBe(count / 2);
  expect(book.size).toBe(count / 2);
  for (let i = 1; i <= count; i++) expect(await book.lookup('evm', false, addressOf(i))).toBe(i % 2 === 0 ? undefined : `ps_${i}`);
  for (let i = 1; i <= count; i++) expect(await book.lookup('evm', false, addressOf(i + count))).toBeUndefined();
});

test('a watched address costs the book a few bytes, not a string: 200,000 of them in under 24 B each', () => {
  const book = bookOn(new SqliteGate(db.$client));
  for (let i = 1; i <= 200_000; i++) book.add('evm', false, `0x${(i * 7_919).toString(16).padStart(40, '0')}`, i);
  expect(book.size).toBe(200_000);
  // The tables' typed arrays, counted exactly (a heap measurement moved with whatever else the
  // process did, and failed a loaded run): the Maps they replace held ~100 B per address.
  expect(book.watchedBytes / book.size).toBeLessThan(24);
});
