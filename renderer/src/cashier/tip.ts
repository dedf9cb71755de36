/**
 * A preset tip: `percent` of the sale's amount, rounded half-up to the currency's unit, computed on
 * the decimal string (no float: "12.50" × 15% is exactly 1.875, shown 1.88). The server takes whatever
 * tip the till sends; this is the till's own offer (docs/payments.md, "Tips").
 */
import type { Money } from '../format.js';

export function presetTip(amount: Money, percent: number): Money {
  const [whole = '0', fraction = ''] = amount.value.split('.');
  const scale = fraction.length;
  const units = BigInt(whole + fraction);
  // percent has at most 2 decimals (the settings refuse more): work in hundredths of a percent.
  const hundredths = BigInt(Math.round(percent * 100));
  const den = 10_000n;
  const tip = (units * hundredths * 2n + den) / (2n * den); // half-up, never negative here
  const digits = tip.toString().padStart(scale + 1, '0');
  return { value: scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits, currency: amount.currency };
}

/** Whether `text` is a tip the API takes in a currency of `scale` decimals ("0" is none). */
export function validTip(text: string, scale: number): boolean {
  const pattern = scale === 0 ? /^(0|[1-9]\d{0,14})$/ : new RegExp(`^(0|[1-9]\\d{0,14})(\\.\\d{1,${scale}})?$`);
  return pattern.test(text);
}
