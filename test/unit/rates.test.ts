import { describe, expect, test } from 'vitest';
import { FIAT_CURRENCIES } from '../../src/domain/currencies.js';
import { formatRate, parseRate, quoteStablecoinAmount, TEST_USD_PRICES, UsdPriceTable } from '../../src/domain/rates.js';

describe('rates', () => {
  const table = new UsdPriceTable('test', TEST_USD_PRICES);

  test('the test table prices every fiat currency in both stablecoins', () => {
    for (const fiat of FIAT_CURRENCIES) {
      expect(table.rate(fiat, 'USDT'), fiat).not.toBeNull();
      expect(table.rate(fiat, 'USDC'), fiat).not.toBeNull();
    }
    expect(formatRate(table.rate('USD', 'USDT')!.scaled)).toBe('1');
    expect(formatRate(table.rate('EUR', 'USDT')!.scaled)).toBe('1.08');
  });

  test('a table without a currency has no rate for it (never a guess)', () => {
    const manual = new UsdPriceTable('manual', { EUR: '1.1' });
    expect(manual.rate('GBP', 'USDT')).toBeNull();
    expect(manual.rate('EUR', 'USDC')?.source).toBe('manual');
    expect(() => new UsdPriceTable('bad', { EUR: '-1' })).toThrow(/invalid price/);
  });

  test('parseRate is strict', () => {
    expect(parseRate('1.0834')).toBe(1_083_400_000_000n);
    expect(parseRate('0')).toBeNull();
    expect(parseRate('1e2')).toBeNull();
    expect(parseRate('1.0000000000001')).toBeNull();
  });

  test('fiat amounts convert to coin minor units rounded up to 0.01 of the coin', () => {
    const eur = table.rate('EUR', 'USDT')!.scaled;
    expect(quoteStablecoinAmount(1250n, 'EUR', 'USDT', eur)).toBe(13_500_000n); // 12.50 × 1.08 = 13.50
    expect(quoteStablecoinAmount(1n, 'EUR', 'USDT', eur)).toBe(20_000n); // 0.0108 → 0.02, never short
    const jpy = table.rate('JPY', 'USDC')!.scaled;
    expect(quoteStablecoinAmount(500n, 'JPY', 'USDC', jpy)).toBe(3_350_000n); // ¥500 × 0.0067 = 3.35
    const vnd = table.rate('VND', 'USDT')!.scaled;
    expect(quoteStablecoinAmount(100_000n, 'VND', 'USDT', vnd)).toBe(4_000_000n); // ₫100,000 × 0.00004 = 4.00
  });

  test('a coin-priced amount passes through exactly', () => {
    expect(quoteStablecoinAmount(1n, 'USDT', 'USDT', 10n ** 12n)).toBe(1n);
    expect(quoteStablecoinAmount(1_234_567n, 'USDT', 'USDC', 10n ** 12n)).toBe(1_234_567n);
  });
});
