import { type Currency, scaleOf } from './currencies.js';

/**
 * Money inside the core is an integer count of a currency's minor units (bigint); on the wire it is a
 * decimal string. These helpers are the only way across that boundary.
 */
export interface Money {
  readonly minor: bigint;
  readonly currency: Currency;
}

/** Why a decimal string was refused; the caller turns it into an API error with the field's path. */
export type DecimalProblem = 'format' | 'scale' | 'range';

export class DecimalParseError extends Error {
  constructor(
    readonly problem: DecimalProblem,
    message: string,
  ) {
    super(message);
    this.name = 'DecimalParseError';
  }
}

/**
 * Plain digits, an optional fraction; no sign, exponent, spaces, separators or leading "+"/".".
 * Also the `pattern` of amount fields in the API's schemas (src/http/schemas/common.ts), so the
 * OpenAPI document states exactly what this parser accepts.
 */
export const DECIMAL_PATTERN = '^(0|[1-9][0-9]*)(\\.[0-9]+)?$';
const DECIMAL = new RegExp(DECIMAL_PATTERN);

/** What a value refused by DECIMAL_PATTERN is told (the schema check and the parser say the same). */
export const DECIMAL_FORMAT_MESSAGE = 'must be a decimal number written with digits and at most one "." (for example "12.50")';

/** Largest amount we accept anywhere, in minor units: keeps every value far inside what JSON numbers
 *  (2^53) and the ledger's sums can carry, while no shop ever needs more. */
export const MAX_MINOR = 10n ** 15n;

/**
 * Parses a decimal string strictly into minor units at the given scale.
 * "12.5" and "12.50" are both 1250 at scale 2; "12.505" is refused (more decimals than the scale),
 * as are "1e3", "-1", " 1", "1,00", "01", ".5" and "".
 * @throws DecimalParseError
 */
export function parseDecimal(value: string, scale: number): bigint {
  const m = DECIMAL.exec(value);
  if (!m) throw new DecimalParseError('format', DECIMAL_FORMAT_MESSAGE);
  const whole = m[1] as string;
  const fraction = m[2]?.slice(1) ?? '';
  if (fraction.length > scale) {
    throw new DecimalParseError(
      'scale',
      scale === 0 ? 'must be a whole number for this currency' : `must have at most ${scale} decimal places for this currency`,
    );
  }
  const minor = BigInt(whole + fraction.padEnd(scale, '0'));
  if (minor > MAX_MINOR) throw new DecimalParseError('range', 'is larger than the largest amount accepted');
  return minor;
}

/** Formats minor units as a decimal string with exactly `scale` decimals ("1250" at 2 → "12.50"). */
export function formatDecimal(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return (negative ? '-' : '') + (scale === 0 ? whole : `${whole}.${fraction}`);
}

export function parseMoney(value: string, currency: Currency): Money {
  return { minor: parseDecimal(value, scaleOf(currency)), currency };
}

export function formatMoney(money: Money): { value: string; currency: Currency } {
  return { value: formatDecimal(money.minor, scaleOf(money.currency)), currency: money.currency };
}

/** Integer division rounding toward +infinity, for non-negative numerators and positive divisors. */
export function divCeil(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** Integer division rounding half away from zero (half-up for the non-negative amounts we use). */
export function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  const r = numerator % denominator;
  return 2n * (r < 0n ? -r : r) >= denominator ? q + (numerator < 0n ? -1n : 1n) : q;
}
