import { expect, test } from 'vitest';
import { WatchedTable } from '../../src/services/watched-table.js';

// The address book's table of watched addresses (hash, row): checked against a plain model of the same
// pairs, through growth, shrinking, clusters of one hash and backward-shift deletion.

/** A deterministic pseudo-random sequence (xorshift32): the same run every time. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Every (hash, row) of the model, looked up in the table, and a few hashes that are not there. */
function expectSame(table: WatchedTable, model: Map<number, Set<number>>): void {
  let size = 0;
  for (const [hash, rows] of model) {
    size += rows.size;
    expect([...table.rowsOf(hash)].sort((a, b) => a - b)).toEqual([...rows].sort((a, b) => a - b));
  }
  expect(table.size).toBe(size);
  const all = [...model.values()].flatMap((rows) => [...rows]);
  expect(table.minRow()).toBe(all.length === 0 ? undefined : Math.min(...all));
}

test('random adds and removes, with few distinct hashes (long clusters), answer as a model of the pairs does', () => {
  const next = random(28);
  const table = new WatchedTable();
  const model = new Map<number, Set<number>>();
  for (let step = 0; step < 20_000; step++) {
    // 300 hashes spread over 32 bits, 2,000 rows: many rows per hash, clusters that wrap around the end.
    const hash = Math.floor(next() * 300) * 14_316_557;
    const row = Math.floor(next() * 2_000);
    const rows = model.get(hash) ?? new Set<number>();
    if (next() < 0.55) {
      expect(table.add(hash, row)).toBe(!rows.has(row));
      rows.add(row);
      model.set(hash, rows);
    } else {
      expect(table.remove(hash, row)).toBe(rows.delete(row));
      if (rows.size === 0) model.delete(hash);
    }
    if (step % 1_000 === 999) expectSame(table, model);
  }
  expectSame(table, model);
});

test('the table grows past its capacity and shrinks when emptied, every pair found throughout', () => {
  const table = new WatchedTable();
  const start = table.byteLength;
  const model = new Map<number, Set<number>>();
  for (let row = 1; row <= 50_000; row++) {
    const hash = Math.imul(row, 2_654_435_761) >>> 0;
    expect(table.add(hash, row)).toBe(true);
    model.set(hash, new Set([row]));
  }
  expect(table.byteLength).toBeGreaterThan(start * 100);
  expectSame(table, model);
  for (let row = 1; row <= 49_990; row++) expect(table.remove(Math.imul(row, 2_654_435_761) >>> 0, row)).toBe(true);
  for (let row = 1; row <= 49_990; row++) model.delete(Math.imul(row, 2_654_435_761) >>> 0);
  expectSame(table, model);
  expect(table.byteLength).toBe(start); // back to its minimum
});

test('a pair is there once: adding it again changes nothing, removing it twice removes it once, and it can come back', () => {
  const table = new WatchedTable();
  expect(table.add(7, 1)).toBe(true);
  expect(table.add(7, 1)).toBe(false);
  expect(table.add(7, 2)).toBe(true); // same hash, another row: both kept
  expect(table.size).toBe(2);
  expect(table.rowsOf(7)).toEqual([1, 2]);
  expect(table.remove(7, 3)).toBe(false);
  expect(table.remove(8, 1)).toBe(false);
  expect(table.remove(7, 1)).toBe(true);
  expect(table.remove(7, 1)).toBe(false);
  expect(table.rowsOf(7)).toEqual([2]);
  expect(table.add(7, 1)).toBe(true);
  expect([...table.rowsOf(7)].sort()).toEqual([1, 2]);
  expect(table.rowsOf(8)).toEqual([]);
});

test('row 0 and rows beyond 32 bits are kept exactly', () => {
  const table = new WatchedTable();
  table.add(1, 0);
  table.add(2, 2 ** 32 - 2); // the greatest a 32-bit slot holds (row + 1)
  expect(table.rowsOf(1)).toEqual([0]);
  expect(table.rowsOf(2)).toEqual([2 ** 32 - 2]);
  table.add(3, 2 ** 40 + 5); // the rows become doubles
  for (let row = 10; row < 200; row++) table.add(row, row); // and stay so through growth
  expect(table.rowsOf(1)).toEqual([0]);
  expect(table.rowsOf(2)).toEqual([2 ** 32 - 2]);
  expect(table.rowsOf(3)).toEqual([2 ** 40 + 5]);
  expect(table.minRow()).toBe(0);
  expect(() => table.add(4, -1)).toThrow(RangeError);
  expect(() => table.add(4, 1.5)).toThrow(RangeError);
});
