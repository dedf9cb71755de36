import { expect, test } from 'vitest';
import { dailyVolume, toMicro } from '../../renderer/src/daily-volume.js';

test('decimal strings become exact 10^-6 units, signs and scales included', () => {
  expect(toMicro('98.400000')).toBe(98_400_000n);
  expect(toMicro('12.5')).toBe(12_500_000n);
  expect(toMicro('500')).toBe(500_000_000n);
  expect(toMicro('-0.23')).toBe(-230_000n);
  expect(toMicro('0.000001')).toBe(1n);
});

test('the chart\'s days: the last N UTC days, oldest first, each with the net of its entries per currency', () => {
  const today = new Date('2026-11-22T15:00:00Z');
  const days = dailyVolume(
    [
      { created_at: '2026-11-22T09:00:00.000Z', currency: 'USDT', net: { value: '98.400000' } },
      { created_at: '2026-11-22T23:59:59.999Z', currency: 'USDT', net: { value: '1.600000' } },
      { created_at: '2026-11-21T00:00:00.000Z', currency: 'USDC', net: { value: '9.550000' } },
      { created_at: '2026-10-01T00:00:00.000Z', currency: 'USDT', net: { value: '1000' } }, // outside the window
    ],
    3,
    today,
  );
  expect(days).toEqual([
    { day: '2026-11-20', net: {} },
    { day: '2026-11-21', net: { USDC: 9_550_000n } },
    { day: '2026-11-22', net: { USDT: 100_000_000n } },
  ]);
});

test('amounts subtract exactly as decimal strings (what is missing, an overpayment\'s excess)', async () => {
  const { formatMoney, subtractMoney } = await import('../../renderer/src/format.js');
  expect(subtractMoney({ value: '10.00', currency: 'USD' }, { value: '4.00', currency: 'USD' })).toEqual({ value: '6.00', currency: 'USD' });
  expect(subtractMoney({ value: '12.600000', currency: 'USDT' }, { value: '12.5', currency: 'USDT' })).toEqual({ value: '0.100000', currency: 'USDT' });
  expect(subtractMoney({ value: '500', currency: 'JPY' }, { value: '501', currency: 'JPY' })).toEqual({ value: '-1', currency: 'JPY' });
  expect(subtractMoney({ value: '0.1', currency: 'USD' }, { value: '0.2', currency: 'USD' })).toEqual({ value: '-0.1', currency: 'USD' });
  expect(formatMoney({ value: '98.400000', currency: 'USDT' }, 'en-US')).toBe('98.40 USDT');
  expect(formatMoney({ value: '1234.5', currency: 'EUR' }, 'en-US')).toBe('€1,234.50');
  expect(formatMoney({ value: '500', currency: 'JPY' }, 'en-US')).toBe('¥500');
});
