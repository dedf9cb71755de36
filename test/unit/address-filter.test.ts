import { expect, test } from 'vitest';
import { AddressFilter } from '../../src/services/address-filter.js';

const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;

test('says "maybe" for every address added, before and after merging, and "no" for nearly all others', () => {
  const filter = new AddressFilter();
  const n = 20_000; // several merges (every 4,096), and a pending remainder
  for (let i = 0; i < n; i++) filter.add(address(i));
  expect(filter.size).toBe(n);
  for (let i = 0; i < n; i++) expect(filter.mayHave(address(i))).toBe(true);
  filter.merge();
  for (let i = 0; i < n; i++) expect(filter.mayHave(address(i))).toBe(true);
  let hits = 0;
  for (let i = n; i < 2 * n; i++) if (filter.mayHave(address(i))) hits++;
  // About n / 2^32 per lookup by chance: 20,000 lookups expect ~0.1.
  expect(hits).toBeLessThanOrEqual(2);
});

test('clear() forgets everything', () => {
  const filter = new AddressFilter();
  filter.add(address(1));
  filter.merge();
  filter.add(address(2));
  filter.clear();
  expect(filter.size).toBe(0);
  expect(filter.mayHave(address(1))).toBe(false);
  expect(filter.mayHave(address(2))).toBe(false);
});
