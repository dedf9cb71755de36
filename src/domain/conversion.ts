import { type Currency, scaleOf } from './currencies.js';
import { divHalfUp } from './money.js';
import { RATE_SCALE } from './rates.js';

const RATE_ONE = 10n ** BigInt(RATE_SCALE);

export type Rounding = 'down' | 'half-up';

/**
 * `minor` of `from` in `to`'s minor units at `rateScaled` (units of `to` per unit of `from`, times
 * 10^12). Exact bigint maths, rounded once at the end: `down` where the merchant receives the result
 * (a conversion never credits more than the rate gives), `half-up` where it is only a valuation.
 * Works for negative amounts (rounding toward zero for `down`).
 */
export function convertMinor(minor: bigint, from: Currency, to: Currency, rateScaled: bigint, rounding: Rounding): bigint {
  const fromScale = scaleOf(from);
  const toScale = scaleOf(to);
  const numerator = minor * rateScaled * 10n ** BigInt(Math.max(0, toScale - fromScale));
  const denominator = RATE_ONE * 10n ** BigInt(Math.max(0, fromScale - toScale));
  return rounding === 'down' ? numerator / denominator : divHalfUp(numerator, denominator);
}
