/** A deposit as `GET /v1/deposits` shows it (the fields the inbox reads). */
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
