import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isTimeZone, localDate, startOfNextLocalDay } from '../../src/domain/calendar.js';
import { keptByCoin, paymentFees } from '../../src/domain/ledger.js';
import type { RefundStatus } from '../../src/domain/refund.js';

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'America/Santiago', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Sao_Paulo', 'Asia/Ho_Chi_Minh'];
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) });

test('the next local day starts after now, on the next calendar date, and no earlier minute is on it', () => {
  fc.assert(
    fc.property(instant, fc.constantFrom(...ZONES), (ms, zone) => {
      const next = startOfNextLocalDay(ms, zone);
      const today = localDate(ms, zone);
      const expected = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(next).toBeGreaterThan(ms);
      expect(localDate(next, zone)).toBe(expected);
      expect(localDate(next - 60_000, zone) < expected).toBe(true);
      expect(next - ms).toBeLessThanOrEqual(27 * 3600_000); // a day, plus a DST hour, plus a margin
    }),
    { numRuns: 2000 },
  );
});

test('known midnights: UTC, a DST change that skips midnight (Santiago), India\'s half hour', () => {
  expect(new Date(startOfNextLocalDay(Date.parse('2026-11-22T14:00:00Z'), 'UTC')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  // Chile springs forward at 00:00 on 2026-09-06: that day starts at 01:00 local (UTC−3).
  expect(new Date(startOfNextLocalDay(Date.parse('2026-09-05T12:00:00Z'), 'America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  expect(new Date(startOfNextLocalDay(Date.parse('2026-11-22T14:00:00Z'), 'Asia/Kolkata')).toISOString()).toBe('2026-11-22T18:30:00.000Z');
  expect(isTimeZone('Europe/Berlin')).toBe(true);
  expect(isTimeZone('Mars/Olympus')).toBe(false);
});

test('fees: 100 USDT pays 1.60 (1.5% + 0.10), half-up; the fixed part once, on the larger coin', () => {
  const schedule = { bps: 150, fixedMinor: { USDT: 100_000n, USDC: 100_000n } };
  expect(paymentFees({ USDT: 100_000_000n }, schedule, false)).toEqual({ USDT: 1_600_000n });
  // 1.5% of 0.000033 = 0.000000495 → 0 (half-up rounds 0.495 down); plus the fixed 0.10, capped at the gross.
  expect(paymentFees({ USDT: 33n }, schedule, false)).toEqual({ USDT: 33n });
  expect(paymentFees({ USDT: 1_000_000n }, schedule, true)).toEqual({ USDT: 15_000n });
  expect(paymentFees({ USDT: 5_000_000n, USDC: 7_500_000n }, schedule, false)).toEqual({ USDT: 75_000n, USDC: 212_500n });
  expect(paymentFees({ USDT: 7_500_000n, USDC: 7_500_000n }, schedule, false)).toEqual({ USDT: 212_500n, USDC: 112_500n });
});

test('fees: never negative, never above the gross; the fixed part is charged at most once', () => {
  const gross = fc.bigInt({ min: 0n, max: 10n ** 15n });
  fc.assert(
    fc.property(gross, gross, fc.integer({ min: 0, max: 10_000 }), fc.bigInt({ min: 0n, max: 10n ** 7n }), fc.boolean(), (a, b, bps, fixed, charged) => {
      const fees = paymentFees({ USDT: a, USDC: b }, { bps, fixedMinor: { USDT: fixed, USDC: fixed } }, charged);
      for (const [coin, g] of [['USDT', a], ['USDC', b]] as const) {
        const f = fees[coin];
        if (g === 0n) {
          expect(f).toBeUndefined();
          continue;
        }
        expect(f! >= 0n && f! <= g).toBe(true);
        const pct = (g * BigInt(bps) * 2n + 10_000n) / 20_000n; // half-up
        expect(f! === (pct > g ? g : pct) || f! === (pct + fixed > g ? g : pct + fixed)).toBe(true);
      }
      const withFixed = (['USDT', 'USDC'] as const).filter((c) => {
        const g = c === 'USDT' ? a : b;
        const pct = (g * BigInt(bps) * 2n + 10_000n) / 20_000n;
        return g > 0n && fees[c] !== (pct > g ? g : pct);
      });
      expect(withFixed.length).toBeLessThanOrEqual(charged || fixed === 0n ? 0 : 1);
    }),
    { numRuns: 1000 },
  );
});

test('kept: confirmed payments, less refunds that hold money and were never debited (made before the session succeeded)', () => {
  const pay = (currency: 'USDT' | 'USDC', amountMinor: bigint, status: 'detected' | 'confirmed' | 'orphaned' = 'confirmed') => ({ currency, amountMinor, status });
  const refund = (currency: 'USDT' | 'USDC', amountMinor: bigint, status: RefundStatus, debited: bigint[] = []) => ({
    currency,
    amountMinor,
    status,
    ledgerEntries: debited.map((d) => ({ currency, amountMinor: d.toString(), settlesAt: null })),
  });
  const payments = [pay('USDT', 4_000_000n), pay('USDT', 1_000_000n), pay('USDC', 2_000_000n), pay('USDT', 9_000_000n, 'detected'), pay('USDC', 5_000_000n, 'orphaned')];
  expect(keptByCoin(payments, [])).toEqual({ USDT: 5_000_000n, USDC: 2_000_000n });
  expect(
    keptByCoin(payments, [
      refund('USDT', 1_500_000n, 'PENDING'), // before success: no debit, holds money
      refund('USDT', 700_000n, 'SUCCEEDED'), // before success, paid out
      refund('USDC', 2_000_000n, 'CANCELED'), // holds nothing: the shop's again
      refund('USDT', 9_999_999n, 'FAILED'),
      refund('USDC', 500_000n, 'PROCESSING', [300_000n, 200_000n]), // after success: debited in full already
    ]),
  ).toEqual({ USDT: 2_800_000n, USDC: 2_000_000n });
});
