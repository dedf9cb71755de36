/** Amounts as people read them: the currency's own symbol and decimals, in the UI's language. */
// The instance i18n/index.ts sets up, imported as is: this file stays free of the DOM (unit tests run it in Node).
import i18n from 'i18next';

export interface Money {
  value: string;
  currency: string;
}

/**
 * The locale numbers and dates are written in: the UI's language (docs/ui.md, "Languages"). Spanish is
 * written as Latin America writes it (es-419: "1,234.50", as in Mexico), not as Spain does ("1234,50").
 */
const LOCALES: Record<string, string> = { es: 'es-419' };
export const uiLocale = (): string => LOCALES[i18n.language] ?? i18n.language;

const COINS = new Set(['USDT', 'USDC']);
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale?: string): Intl.NumberFormat {
  const key = `${locale ?? ''}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    // Stablecoins are no ISO currency: show them with 2 to 6 decimals and their code after.
    f = COINS.has(currency)
      ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6 })
      : new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats a decimal string without passing through a float where precision could be lost: the
 * whole part and the fraction are formatted from the string (Intl accepts decimal strings).
 */
export function formatMoney(money: Money, locale: string = uiLocale()): string {
  const text = formatter(money.currency, locale).format(money.value as unknown as number);
  return COINS.has(money.currency) ? `${text} ${money.currency}` : text;
}

/** a − b for two amounts of one currency as the API writes them (decimal strings), exactly. */
export function subtractMoney(a: Money, b: Money): Money {
  const scaleOf = (v: string) => v.split('.')[1]?.length ?? 0;
  const scale = Math.max(scaleOf(a.value), scaleOf(b.value));
  const units = (v: string) => BigInt(v.replace('.', '') + '0'.repeat(scale - scaleOf(v)));
  const diff = units(a.value) - units(b.value);
  const digits = (diff < 0n ? -diff : diff).toString().padStart(scale + 1, '0');
  return { value: `${diff < 0n ? '-' : ''}${scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`, currency: a.currency };
}

/**
 * A stablecoin amount as the customer types it: the API's 6 decimals with trailing zeros dropped
 * down to two ("12.500000" → "12.50", "12.505000" → "12.505"), as the checkout page writes it.
 */
export const coinAmount = (value: string): string => value.replace(/(\.\d\d\d*?)0+$/, '$1');

/** An exchange rate as people read one: at most 6 decimals ("0.925926", not the API's 12). */
export const formatRate = (rate: string): string => new Intl.NumberFormat(uiLocale(), { maximumFractionDigits: 6 }).format(rate as unknown as number);
