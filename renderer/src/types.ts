import type { Money } from './format.js';

/** A list answer of the API: one page of items and whether more lie beyond it. */
export interface Page<T> {
  items: T[];
  has_more: boolean;
}

/** A payment of a session as the API shows it. */
export interface Payment {
  network: string;
  currency: string;
  amount: string;
  tx_hash: string;
  /** The sender: where a refund goes unless the owner names another address. */
  from: string;
  confirmations: number;
  status: string;
  explorer_url: string | null;
  created_at: string;
}

/** A payment session as the API shows it (the fields the screens read). */
export interface Session {
  session_id: string;
  status: string;
  exception: string | null;
  amount: Money;
  amount_received: Money;
  amount_refunded: Money;
  description: string | null;
  payment_url: string;
  created_at: string;
  expires_at: string;
  payments: Payment[];
  /** What the session put in the balance, per coin (empty until it is paid). */
  booked: Booked[];
  resolved_by: string | null;
}

/** A session's money in the balance in one coin: decimal strings in that coin. */
export interface Booked {
  currency: string;
  gross: string;
  fee: string;
  refunded: string;
  net: string;
}
