import { expect, test } from 'vitest';
import { tipShares } from '../../src/domain/ledger.js';
import { totalDueMinor, totalMinor } from '../../src/domain/session.js';

const E6 = 1_000_000n;
/** A 10.00 USD sale with a 2.00 USD tip: 12 USDT or 12 USDC at 1:1. */
const TIP = 200n;
const TOTAL = 1200n;
const DUE = { USDT: 12n * E6, USDC: 12n * E6 };

test('paid in full in one coin: the whole tip, in that coin', () => {
  expect(tipShares(TIP, TOTAL, DUE, {}, { USDT: 12n * E6 })).toEqual({ USDT: 2n * E6 });
});

test('paid in two coins: each carries the tip in proportion, rounded down', () => {
  expect(tipShares(TIP, TOTAL, DUE, {}, { USDT: 5n * E6, USDC: 7n * E6 })).toEqual({ USDT: 833_333n, USDC: 1_166_666n });
});

test('paid in parts: a top-up carries the rest of the tip; what was booked before counts', () => {
  const first = tipShares(TIP, TOTAL, DUE, {}, { USDT: 6n * E6 });
  const second = tipShares(TIP, TOTAL, DUE, { USDT: 6n * E6 }, { USDC: 6n * E6 });
  expect(first).toEqual({ USDT: 1n * E6 });
  expect(second).toEqual({ USDC: 1n * E6 });
});

test('an overpayment is sale, not tip: the tip never grows past the tip', () => {
  expect(tipShares(TIP, TOTAL, DUE, {}, { USDT: 20n * E6 })).toEqual({ USDT: 2n * E6 });
  expect(tipShares(TIP, TOTAL, DUE, {}, { USDT: 10n * E6, USDC: 10n * E6 })).toEqual({ USDT: 1_666_666n, USDC: 333_333n });
  expect(tipShares(TIP, TOTAL, DUE, { USDT: 12n * E6 }, { USDT: 1n * E6 })).toEqual({ USDT: 0n });
});

test('no tip: no shares', () => {
  expect(tipShares(0n, 1000n, DUE, {}, { USDT: 10n * E6 })).toEqual({});
});

test('totalMinor and totalDueMinor: the amount plus the tip, at the locked rate; no tip keeps the locked amount due', () => {
  const session = { amountMinor: 1000n, tipMinor: 150n, currency: 'EUR' as const };
  expect(totalMinor(session)).toBe(1150n);
  // 1 EUR = 1.08 USDT (rates scaled by 10^12), rounded up to 0.01 USDT.
  const quote = { currency: 'USDT' as const, rateScaled: 1_080_000_000_000n, amountDueMinor: 10_800_000n };
  expect(totalDueMinor(session, quote)).toBe(12_420_000n);
  expect(totalDueMinor({ ...session, tipMinor: 0n }, quote)).toBe(10_800_000n);
});
