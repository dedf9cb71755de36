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
  readonly txHash: string;
  readonly logIndex: number;
  readonly blockNumber: number;
  readonly blockHash: string;
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
