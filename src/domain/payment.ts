import type { Stablecoin } from './currencies.js';
import type { Network } from './networks.js';

export type PaymentStatus = 'detected' | 'confirmed' | 'orphaned';

/** One token transfer found on chain to a session's address. */
export interface Payment {
  readonly id: string;
  readonly sessionId: string | null;
  readonly network: Network;
  readonly livemode: boolean;
  readonly currency: Stablecoin;
  readonly tokenContract: string;
  /** The network's transaction id (EVM: the transaction hash; shown as `tx_hash`). */
  readonly txId: string;
  /** The transfer's event index within its block (EVM: the log index; shown as `log_index`). */
  readonly eventIndex: number;
  readonly blockNumber: number;
  /** The block's hash: the same transfer re-included in another block is another payment. */
  readonly blockRef: string;
  /** Block timestamp (ms): whether a payment was on time is judged by when the chain included it. */
  readonly blockTime: number;
  readonly from: string;
  readonly to: string;
  /** Token base units as sent (18 decimals on BNB Smart Chain). */
  readonly amountBase: bigint;
  /** The same amount in the coin's 6-decimal unit of account, rounded down. */
  readonly amountMinor: bigint;
  readonly confirmations: number;
  readonly status: PaymentStatus;
  readonly detectedAt: number;
}
