/**
 * Dates and amounts in the UI's current language (docs/ui.md, "Languages"): a formatter made once
 * per language and options, read at render time, so a screen re-rendered after the language changes
 * ("Español") writes "24 nov 2026, 14:20" and "12,50 USDT" without being reloaded.
 */
import { formatMoney, type Money } from '../format.js';
import { i18n } from './index.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date formatter with these options; the returned function formats in the language of the moment. */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date | string | number) => string {
  return (date) => {
    const key = `${i18n.language}:${JSON.stringify(options)}`;
    let f = formatters.get(key);
    if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(i18n.language, options)));
    return f.format(new Date(date));
  };
}

/** An amount as the app writes amounts ("12.50 USDT", "€42.42"), in the current language. */
export const money = (m: Money): string => formatMoney(m, i18n.language);

/** A plain number (the chart's axis) in the current language. */
export function numberFormat(options: Intl.NumberFormatOptions): (n: number) => string {
  const made = new Map<string, Intl.NumberFormat>();
  return (n) => {
    let f = made.get(i18n.language);
    if (!f) made.set(i18n.language, (f = new Intl.NumberFormat(i18n.language, options)));
    return f.format(n);
  };
}
