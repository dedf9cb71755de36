import { expect, test } from 'vitest';
import { presetTip, validTip } from '../../renderer/src/cashier/tip.js';

test('a preset tip is the percentage of the amount, rounded half-up to the currency\'s unit', () => {
  expect(presetTip({ value: '12.50', currency: 'USD' }, 15)).toEqual({ value: '1.88', currency: 'USD' });
  expect(presetTip({ value: '12.50', currency: 'USD' }, 10)).toEqual({ value: '1.25', currency: 'USD' });
  expect(presetTip({ value: '0.10', currency: 'EUR' }, 12.5)).toEqual({ value: '0.01', currency: 'EUR' });
  expect(presetTip({ value: '1500', currency: 'JPY' }, 18)).toEqual({ value: '270', currency: 'JPY' });
  expect(presetTip({ value: '3.000001', currency: 'USDT' }, 20)).toEqual({ value: '0.600000', currency: 'USDT' });
});

test('a custom tip: digits and at most the currency\'s decimals; 0 is no tip', () => {
  expect(validTip('2', 2)).toBe(true);
  expect(validTip('2.5', 2)).toBe(true);
  expect(validTip('0', 2)).toBe(true);
  expect(validTip('2.555', 2)).toBe(false);
  expect(validTip('-1', 2)).toBe(false);
  expect(validTip('1.5', 0)).toBe(false);
});
