import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CURRENCIES, scaleOf } from '../../src/domain/currencies.js';
import { DecimalParseError, divCeil, divHalfUp, formatDecimal, MAX_MINOR, parseDecimal, parseMoney } from '../../src/domain/money.js';

describe('parseDecimal', () => {
  test.each([
    ['12.50', 2, 1250n],
    ['12.5', 2, 1250n],
    ['12', 2, 1200n],
    ['0.01', 2, 1n],
    ['500', 0, 500n],
    ['0.000001', 6, 1n],
    ['1000000000', 6, 1_000_000_000_000_000n],
  ])('%s at scale %d is %d', (text, scale, minor) => {
    expect(parseDecimal(text, scale)).toBe(minor);
  });

  test.each([
    ['12.505', 2, 'scale'],
    ['1.5', 0, 'scale'],
    ['1e3', 2, 'format'],
    ['-1', 2, 'format'],
    ['+1', 2, 'format'],
    [' 1', 2, 'format'],
    ['1 ', 2, 'format'],
    ['1,00', 2, 'format'],
    ['01', 2, 'format'],
    ['.5', 2, 'format'],
    ['5.', 2, 'format'],
    ['', 2, 'format'],
    ['١٢', 2, 'format'],
    ['Infinity', 2, 'format'],
    ['0x10', 2, 'format'],
    ['10000000000001', 2, 'range'],
  ])('refuses %j at scale %d (%s)', (text, scale, problem) => {
    try {
      parseDecimal(text, scale);
      expect.unreachable('should have thrown');
    } catch (err) {
      expect(err).toBeInstanceOf(DecimalParseError);
      expect((err as DecimalParseError).problem).toBe(problem);
    }
  });

  test('format ∘ parse is the identity on canonical strings, for every currency', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.bigInt({ min: 0n, max: MAX_MINOR }), (currency, minor) => {
        const scale = scaleOf(currency);
        const text = formatDecimal(minor, scale);
        expect(parseDecimal(text, scale)).toBe(minor);
        expect(parseMoney(text, currency)).toEqual({ minor, currency });
      }),
    );
  });

  test('shorter fractions mean the same amount: "1.5" = "1.50"', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 1, max: 6 }), (minor, scale) => {
        const text = formatDecimal(minor, scale).replace(/\.?0+$/, (m) => (m.startsWith('.') ? '' : m.replace(/0+$/, '')));
        expect(parseDecimal(text === '' ? '0' : text, scale)).toBe(minor);
      }),
    );
  });
});

describe('formatDecimal', () => {
  test('pads and places the point', () => {
    expect(formatDecimal(1n, 2)).toBe('0.01');
    expect(formatDecimal(1250n, 2)).toBe('12.50');
    expect(formatDecimal(500n, 0)).toBe('500');
    expect(formatDecimal(-5n, 2)).toBe('-0.05');
  });
});

describe('scales', () => {
  test('ISO exponents: JPY and VND 0, other fiat 2, stablecoins 6', () => {
    expect(scaleOf('JPY')).toBe(0);
    expect(scaleOf('VND')).toBe(0);
    expect(scaleOf('IDR')).toBe(2);
    expect(scaleOf('USD')).toBe(2);
    expect(scaleOf('USDT')).toBe(6);
    expect(CURRENCIES.filter((c) => c.length === 3)).toHaveLength(15);
  });
});

describe('rounding helpers', () => {
  test('divCeil and divHalfUp agree with exact rational maths', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (n, d) => {
        const c = divCeil(n, d);
        expect(c * d >= n && (c - 1n) * d < n).toBe(true);
        const h = divHalfUp(n, d);
        // |n/d − h| ≤ 1/2, and an exact half rounds up.
        expect(2n * (n - h * d) < d && 2n * (h * d - n) <= d).toBe(true);
      }),
    );
  });
});
