/**
 * The sale a deposit most likely belongs to, suggested to the owner (issue 17): one asking for the
 * same amount, made nearest in time before the money arrived. The API's sale search finds sales by
 * amount in any currency ("12.5" is 12.50 USD and 12.5 USDT), so a USD price paid in USDT is found.
 * Sales already paid in full are left out: the deposit cannot be what they were waiting for.
 */
import type { Deposit, Session } from '../api-types.js';

/** "12.500000" → "12.5": the search box's decimal, which matches every currency's scale. */
export const searchDecimal = (amount: string): string => amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

const WAITING = new Set(['PENDING', 'EXPIRED', 'CANCELED']);

export function pickLikelySale(deposit: Pick<Deposit, 'block_time'>, sales: readonly Session[]): Session | undefined {
  const arrived = Date.parse(deposit.block_time);
  const candidates = sales.filter((s) => WAITING.has(s.status) || s.exception === 'UNDERPAID');
  // Made before the money arrived first (a customer pays after the sale is rung up), then nearest.
  const distance = (s: Session) => {
    const made = Date.parse(s.created_at);
    return made <= arrived ? arrived - made : Number.MAX_SAFE_INTEGER / 2 + (made - arrived);
  };
  return [...candidates].sort((a, b) => distance(a) - distance(b))[0];
}
