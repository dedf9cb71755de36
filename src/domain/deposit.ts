import type { Stablecoin } from './currencies.js';
import type { Network } from './networks.js';

/**
 * Deposits: money that reached one of the merchant's own accounts or addresses without paying any
 * session (docs/payments.md, "Unmatched deposits"). Recorded so the owner sees it, and **never** counted
 * in balances or the ledger: nothing says which sale, if any, it belongs to.
 *
 * Why a transfer could not be matched (docs/payments.md, "Unmatched deposits"):
 * - `no_reference` (Solana): into the merchant's token account naming no open session's reference (an
 *   exchange withdrawal, a wallet that dropped it) or more than one;
 * - `late` (EVM, TRON): a supported coin to a session's deposit address after its monitoring window;
 * - `wrong_asset`: a supported coin the network or the merchant does not offer there (USDC on TRON);
 * - `unsupported_token`: a token of the network's list of other well-known tokens (`currency` null).
 */
export const DEPOSIT_REASONS = ['no_reference', 'late', 'wrong_asset', 'unsupported_token'] as const;
export type DepositReason = (typeof DEPOSIT_REASONS)[number];

/**
 * The owner resolving one (docs/payments.md, "Unmatched deposits"). Each resolution is final:
 *
 *   unmatched ──attribute──▶ attributed   (it pays a session: a payment row, the session's state, the ledger)
 *       │ ──refund (succeeds)──▶ refunded (sent back by the refund machinery; `refund_id` set when made)
 *       │ ──dismiss──▶ dismissed           (kept out of balances for good, with the owner's note)
 *       └──reorganisation drops its block──▶ orphaned (the chain's doing, not the owner's: the money never
 *                                            arrived; back to `unmatched` if its transfer is mined again)
 *
 * Attribute and refund move money, so they wait for the network's confirmations (`confirmed`); dismiss
 * moves none and may come first.
 */
export const DEPOSIT_STATUSES = ['unmatched', 'attributed', 'refunded', 'dismissed', 'orphaned'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface Deposit {
  readonly id: string;
  readonly merchantId: string;
  readonly network: Network;
  readonly livemode: boolean;
  readonly txId: string;
  readonly eventIndex: number;
  readonly blockNumber: number;
  readonly blockRef: string;
  /** Block timestamp, ms. */
  readonly blockTime: number;
  /**
   * Counted by the network's watcher as a payment's are (head − block + 1; Solana: against the slot at
   * the network's final commitment), while the deposit is `unmatched` and not yet confirmed.
   */
  readonly confirmations: number;
  /** It has the network's confirmations: final, never orphaned; only then may it be attributed or refunded. */
  readonly confirmed: boolean;
  /** The sender: where money would be sent back (Solana: the owner of the source token account). */
  readonly from: string;
  /** The merchant's account or address it landed in (Solana: the merchant's token account). */
  readonly to: string;
  /** A supported coin, or null for a token the app does not offer (issue 17). */
  readonly currency: Stablecoin | null;
  readonly tokenContract: string;
  /** Token base units as sent, with the token's decimals: shown as they are, never converted. */
  readonly amountBase: bigint;
  readonly decimals: number;
  readonly reason: DepositReason;
  readonly status: DepositStatus;
  readonly createdAt: number;
  /** `attributed`: the session it was attributed to. */
  readonly resolvedSessionId: string | null;
  /** The refund sending it back (the latest one made; the deposit is `refunded` once it succeeds). */
  readonly refundId: string | null;
  readonly note: string | null;
  /** When it was attributed, dismissed, or its refund succeeded. */
  readonly resolvedAt: number | null;
  /** Who resolved it: the API key's id, or `ui:<user id>`. */
  readonly resolvedBy: string | null;
}

export interface DepositListQuery {
  merchantId: string;
  livemode: boolean;
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
  status?: DepositStatus;
  network?: string;
  /** A coin, or null for tokens the app does not support (`currency=other`). */
  currency?: Stablecoin | null;
  /** Recorded at or after / before (ms). */
  createdGte?: number;
  createdLt?: number;
}

/** What resolving a deposit changes. */
export type DepositPatch = Partial<
  Pick<Deposit, 'status' | 'resolvedSessionId' | 'refundId' | 'note' | 'resolvedAt' | 'resolvedBy' | 'confirmations' | 'confirmed' | 'blockNumber' | 'blockRef' | 'blockTime'>
>;

/** The filter for deposits of tokens the app does not support (`currency` null): `GET /v1/deposits?currency=other`. */
export const OTHER_TOKEN_FILTER = 'other';
