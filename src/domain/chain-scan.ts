import type { Stablecoin } from './currencies.js';
import type { DepositReason } from './deposit.js';

/**
 * What a chain family's watcher reports, in words every family shares: transactions by their id and
 * an event's index within the transaction, blocks by their height and a reference (hash) that changes
 * when a reorganisation replaces the block. The payment recorder (services) reads nothing else.
 */

/** A transfer of a watched token to a watched address. */
export interface ObservedTransfer {
  /** The network's transaction id (EVM: the transaction hash; TRON: the txID). */
  txId: string;
  /** The transfer's index among the events of its block or transaction (EVM: the log index). */
  eventIndex: number;
  blockNumber: number;
  /** The block's hash: the same transfer in a different block is a different payment. */
  blockRef: string;
  /** Block timestamp, ms. */
  blockTime: number;
  currency: Stablecoin;
  tokenContract: string;
  decimals: number;
  from: string;
  to: string;
  amountBase: bigint;
}

/**
 * A transfer into one of the merchant's own accounts or addresses that pays no session: recorded as an
 * unmatched deposit (domain/deposit.ts), never credited. `to` is the account it landed in.
 */
export interface UnmatchedTransfer extends Omit<ObservedTransfer, 'currency'> {
  /** Null for a token the network does not offer (issue 17). */
  currency: Stablecoin | null;
  reason: DepositReason;
}

/** One watcher pass over a network, applied in one transaction. */
export interface ChainScan {
  /** The chain the RPC serves, as the family writes it (EVM: the decimal chain id). */
  chainId: string;
  /** The chain's newest block: confirmations are counted against it. */
  head: number;
  /** Where the next pass resumes, as the family writes it (EVM: the last block scanned). */
  cursor: string;
  /** Heights and hashes of blocks covered, kept to notice reorganisations. */
  blocks: { number: number; hash: string }[];
  /** Set when a reorganisation was found: blocks above this one were replaced. */
  reorgAncestor?: number;
  /**
   * With `reorgAncestor`: the newest block this pass read again (a chunk's last, where a capped log
   * range makes the rescan take several). Payments and deposits above it, and the hashes stored for
   * them, are left for the chunk that reads them: never orphaned unread. Absent: everything above.
   */
  reorgUpTo?: number;
  transfers: ObservedTransfer[];
  /**
   * Transfers found that pay no session, reported in the pass that found them so the same cursor move
   * commits them (a crash repeats the pass, never loses one). Families that find none leave it out.
   */
  unmatched?: UnmatchedTransfer[];
}

/**
 * How deep a block at `blockNumber` is with the chain at `head` (the head itself counts as one), and
 * whether that meets the network's `required` confirmations: one rule for payments and deposits.
 */
export function depthAt(head: number, blockNumber: number, required: number): { confirmations: number; confirmed: boolean } {
  const confirmations = Math.max(0, head - blockNumber + 1);
  return { confirmations, confirmed: confirmations >= required };
}
