/** The inbox's suggestion: the waiting sale of the same amount made nearest before the money arrived. */
import { expect, test } from 'vitest';
import { pickLikelySale, searchDecimal } from '../../renderer/src/deposits/likely-sale.js';
import type { Session } from '../../renderer/src/api-types.js';

const sale = (id: string, created: string, status = 'EXPIRED', exception: string | null = null) =>
  ({ session_id: id, created_at: created, status, exception }) as unknown as Session;

test('the search decimal drops trailing zeros, so it matches every currency\'s scale', () => {
  expect(searchDecimal('12.500000')).toBe('12.5');
  expect(searchDecimal('12.000000')).toBe('12');
  expect(searchDecimal('7')).toBe('7');
  expect(searchDecimal('0.010000')).toBe('0.01');
});

test('the sale made nearest before the deposit is suggested; later ones only when none came before', () => {
  const arrived = { block_time: '2026-11-24T12:00:00Z' };
  const sales = [sale('early', '2026-11-24T10:00:00Z'), sale('near', '2026-11-24T11:55:00Z'), sale('after', '2026-11-24T12:01:00Z')];
  expect(pickLikelySale(arrived, sales)?.session_id).toBe('near');
  expect(pickLikelySale(arrived, [sales[2]!])?.session_id).toBe('after');
});

test('a sale paid in full is never suggested; an underpaid one is', () => {
  const arrived = { block_time: '2026-11-24T12:00:00Z' };
  expect(pickLikelySale(arrived, [sale('paid', '2026-11-24T11:59:00Z', 'SUCCEEDED')])).toBeUndefined();
  expect(pickLikelySale(arrived, [sale('short', '2026-11-24T11:59:00Z', 'PENDING', 'UNDERPAID')])?.session_id).toBe('short');
});
