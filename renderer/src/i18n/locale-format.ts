/**
 * Dates and amounts in the UI's current language (docs/ui.md, "Languages"): a formatter made once
 * per locale and options, read at render time, so a screen re-rendered after the language changes
 * ("Español") writes "24 nov 2026, 2:20 p.m." and "12.50 USDT" without being reloaded. The locale is
 * `uiLocale()`, the till's: Spanish as Latin America writes it (es-419), so the back office and the
 * till never write one amount two ways.
 */
import { formatMoney, type Money, uiLocale } from '../format.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date formatter with these options; the returned function formats in the language of the moment. */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date | string | number) => string {
  return (date) => {
    const locale = uiLocale();
    const key = `${locale}:${JSON.stringify(options)}`;
    let f = formatters.get(key);
    if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
    return f.format(new Date(date));
  };
}

/** An amount as the app writes amounts ("12.50 USDT", "€42.42"), in the current language. */
export const money = (m: Money): string => formatMoney(m, uiLocale());

/** A plain number (the chart's axis) in the current language. */
export function numberFormat(options: Intl.NumberFormatOptions): (n: number) => string {
  const made = new Map<string, Intl.NumberFormat>();
  return (n) => {
    const locale = uiLocale();
    let f = made.get(locale);
    if (!f) made.set(locale, (f = new Intl.NumberFormat(locale, options)));
    return f.format(n);
  };
}

/** A list of words ("Ethereum, TRON or Solana") in the current language. */
export const listFormat = (items: Iterable<string>, type: Intl.ListFormatType): string => new Intl.ListFormat(uiLocale(), { type }).format([...items]);
