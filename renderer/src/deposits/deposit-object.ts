/**
 * A deposit as the inbox reads it. Still written by hand, unlike the other API objects (api-types.ts):
 * it is ahead of the core, whose deposit schema has only `unmatched` / `no_reference` and no
 * session_id, refund_id or note until issue 17's API is in. Once it is: `npm run api:types`, then
 * `export type DepositObject = Deposit` (api-types.ts), and the type check names any difference.
 */
export interface DepositObject {
  id: string;
  status: 'unmatched' | 'attributed' | 'refunded' | 'dismissed';
  reason: 'no_reference' | 'late' | 'wrong_asset' | 'unsupported_token';
  network: string;
  currency: string | null;
  token_contract: string;
  amount: string;
  decimals: number;
  from: string;
  to: string;
  tx_hash: string;
  block_time: string;
  explorer_url: string | null;
  session_id?: string | null;
  refund_id?: string | null;
  note?: string | null;
  created_at: string;
}
