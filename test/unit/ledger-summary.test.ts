import { expect, test } from 'vitest';
import { dailyVolume, type DatedEntry, moneyParts, subtractParts } from '../../src/domain/ledger-summary.js';

const at = (iso: string) => Date.parse(iso);
const entry = (iso: string, type: DatedEntry['type'], amountMinor: bigint, feeMinor = 0n, currency: DatedEntry['currency'] = 'USDT', tipMinor = 0n): DatedEntry => ({
  createdAt: at(iso),
  currency,
  type,
  amountMinor,
  feeMinor,
  tipMinor,
});

test('daily net sales count fees and refunds (a reversed refund gives back), not conversions', () => {
  const days = dailyVolume(
    [
      entry('2026-11-22T09:00:00Z', 'payment', 100_000_000n, 1_600_000n, 'USDT', 8_000_000n),
      entry('2026-11-22T10:00:00Z', 'refund', -10_000_000n),
      entry('2026-11-22T11:00:00Z', 'refund', -5_000_000n),
      entry('2026-11-22T12:00:00Z', 'adjustment', 5_000_000n), // the second refund failed: its debit given back
      entry('2026-11-22T13:00:00Z', 'conversion', -50_000_000n),
      entry('2026-11-22T13:00:00Z', 'fee', -230n, 0n, 'EUR'),
    ],
    2,
    at('2026-11-22T15:00:00Z'),
    'UTC',
  );
  const today = days.find((d) => d.date === '2026-11-22' && d.currency === 'USDT');
  expect(today).toEqual({ date: '2026-11-22', currency: 'USDT', grossMinor: 100_000_000n, tipsMinor: 8_000_000n, feesMinor: 1_600_000n, refundsMinor: 10_000_000n, netMinor: 88_400_000n });
  expect(days.map((d) => `${d.date} ${d.currency}`)).toEqual(['2026-11-21 USDT', '2026-11-21 USDC', '2026-11-22 USDT', '2026-11-22 USDC']);
});

test('days are the merchant\'s calendar days: 23:30 UTC is the next day in Tokyo', () => {
  const days = dailyVolume([entry('2026-11-21T23:30:00Z', 'payment', 1_000_000n)], 2, at('2026-11-22T03:00:00Z'), 'Asia/Tokyo');
  expect(days.filter((d) => d.grossMinor > 0n).map((d) => d.date)).toEqual(['2026-11-22']);
  expect(days[0]!.date).toBe('2026-11-21');
});

test('parts: net = gross − fees − refunds + conversions; available = all less pending', () => {
  const all = moneyParts(
    [
      { currency: 'USDT', type: 'payment', amountMinor: 200n, feeMinor: 10n, tipMinor: 20n },
      { currency: 'USDT', type: 'refund', amountMinor: -30n, feeMinor: 0n, tipMinor: 0n },
      { currency: 'USDT', type: 'conversion', amountMinor: -50n, feeMinor: 0n, tipMinor: 0n },
    ],
    ['USDC', 'USDT'],
  );
  const pending = moneyParts([{ currency: 'USDT', type: 'payment', amountMinor: 100n, feeMinor: 5n, tipMinor: 8n }], ['USDC', 'USDT']);
  const available = subtractParts(all, pending).find((p) => p.currency === 'USDT');
  expect(available).toEqual({ currency: 'USDT', grossMinor: 100n, tipsMinor: 12n, feesMinor: 5n, refundsMinor: 30n, conversionsMinor: -50n, netMinor: 15n });
  expect(all.find((p) => p.currency === 'USDC')!.netMinor).toBe(0n);
});
