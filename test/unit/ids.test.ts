import { expect, test } from 'vitest';
import { newId, pooledRandomBytes } from '../../src/domain/ids.js';

test('ids: prefix, 8 time characters, 24 random ones; later ids sort after earlier ones', () => {
  const id = newId('session', Date.UTC(2026, 10, 22));
  expect(id).toMatch(/^ps_[0-9A-Za-z]{32}$/);
  const times = [0, 1, 61, 62, 3843, Date.UTC(2000, 0, 1), Date.UTC(2026, 10, 22), Date.UTC(2081, 0, 1), Date.UTC(3000, 0, 1)];
  const ids = times.map((t) => newId('event', t));
  expect([...ids].sort()).toEqual(ids);
  expect(ids.map((x) => x.slice(4, 12))).toEqual(ids.map((x) => x.slice(4, 12)).sort());
});

test('ids made in the same millisecond differ in their random part', () => {
  const now = Date.now();
  const ids = new Set(Array.from({ length: 10_000 }, () => newId('event', now)));
  expect(ids.size).toBe(10_000);
  for (const id of ids) expect(id.slice(4, 12)).toBe(newId('event', now).slice(4, 12));
});

test('pooled random bytes: each handed out once, across refills of the pool, and never more than the pool at once', () => {
  const seen = new Set<string>();
  // 300 × 32 bytes crosses two refills of the 4 KiB pool.
  for (let i = 0; i < 300; i++) {
    const bytes = pooledRandomBytes(32);
    expect(bytes).toHaveLength(32);
    seen.add(Buffer.from(bytes).toString('hex'));
  }
  expect(seen.size).toBe(300);
  expect(() => pooledRandomBytes(4097)).toThrow(/at most 4096/);
});
