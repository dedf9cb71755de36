import type { Stablecoin } from './currencies.js';
import type { QrContent } from './payment-option.js';

/**
 * The payout port: how the refund worker (services/refund-payouts.ts) pays a refund from the refund
 * wallet on any chain, in four steps (prepare, sign, broadcast, confirm). What a chain needs to build
 * its transaction (EVM: the nonce and fees; TRON: a recent block and an expiry; Solana: a blockhash)
 * stays inside the family, as `data`: JSON it writes and reads back, which nothing else interprets.
 *
 * The guarantees that keep a refund from being paid twice are shared by every family (docs/refunds.md):
 * the signed bytes, their transaction id and their `key` are stored before the first broadcast; a
 * payout is only ever re-sent as those same bytes; and a payout is given up (FAILED, its money
 * released) only once `confirm` says it can provably never land.
 */

export interface PayoutRequest {
  /** The refund wallet's address. */
  from: string;
  /** The token contract (mint) of the coin paid back. */
  token: string;
  currency: Stablecoin;
  decimals: number;
  to: string;
  amountBase: bigint;
  /** Payouts of this wallet on this network sent but not yet in a block: they still draw on its balances. */
  inFlight: readonly { token: string; amountBase: bigint }[];
  /** The `data` of every payout this wallet signed on this network before (EVM: a nonce above theirs). */
  previous: readonly string[];
}

/** A payout ready to sign (`plan`: the family's JSON), or why it cannot be paid (e.g. `insufficient_gas_balance: …`). */
export type PreparedPayout = { ok: true; plan: string } | { ok: false; failure: string };

export interface SignedPayout {
  /** The signed transaction, as sent to the network. */
  raw: string;
  /** Its transaction id (EVM: hash; TRON: txID; Solana: signature). */
  txId: string;
  /**
   * What no two payouts of a network may share, so that the database can refuse the second
   * (EVM: `from:nonce`, since one nonce can be mined once; TRON: the txID; Solana: the signature).
   */
  key: string;
  /** The family's JSON, stored with it and handed back to `confirm`. */
  data: string;
}

/** Where a sent (or owner-paid) payout stands. */
export type PayoutState =
  /** In a block of the current chain; `success` false when it reverted (nothing paid). */
  | { state: 'included'; success: boolean; blockNumber: number }
  /** Not in a block, but the network holds it (its pool) or it may be counted on the next pass. */
  | { state: 'waiting' }
  /** Neither in a block nor held, and it may still land: the same bytes are sent again. */
  | { state: 'missing' }
  /** It can provably never land (EVM: another transaction took its nonce): nothing was paid. */
  | { state: 'dead'; failure: string };

/**
 * What the refund wallet holds on one network, for the owner (GET /v1/refund_wallets/{family}): its
 * network's gas coin (NetworkInfo.gasCoin) and each coin it pays refunds in.
 */
export interface WalletFunds {
  /** Of the network's gas coin, in its smallest unit (wei, sun, lamports). */
  gas: bigint;
  /**
   * The gas coin one refund payout needs now, at the dearest (a customer holding none of the coin yet,
   * no payout on its way), as the family's `prepare` would ask for it: the wallet has enough for at
   * least one refund when `gas` is at least this.
   */
  gasPerPayout: bigint;
  /** The balance of each token asked for, in its base units, in the order asked. */
  tokens: bigint[];
}

export interface PayoutPort {
  /** The newest block's height: confirmations are counted against it. */
  head(): Promise<number>;
  /** The wallet's gas coin and token balances on this network, and what one payout needs (WalletFunds). */
  funds(wallet: string, tokens: readonly string[]): Promise<WalletFunds>;
  /** Whether an address is a contract (an exchange's or a smart wallet's) rather than a person's wallet. */
  isContract(address: string): Promise<boolean>;
  /** Checks the wallet's balances and fees and chooses what the transaction needs. */
  prepare(request: PayoutRequest): Promise<PreparedPayout>;
  /** Signs the planned transaction with the refund wallet's key; sends nothing. */
  sign(privateKey: Uint8Array, request: PayoutRequest, plan: string): Promise<SignedPayout>;
  /** Sends signed bytes; sending the same bytes again is harmless. @throws Error when the node refuses them */
  broadcast(raw: string): Promise<void>;
  /**
   * Follows a payout by its transaction id. `signed` is what `sign` returned for a wallet payout, null
   * for a transfer the owner made by hand (only its id is known).
   */
  confirm(txId: string, signed: { from: string; data: string } | null): Promise<PayoutState>;
  /** A wallet request for the owner to pay a refund by hand (EVM: EIP-681; TRON: the bare address), shown as a QR code. */
  request(token: string, to: string, amountBase: bigint): string;
  /** What `request` gives: a wallet URI, or the bare address (the amount must then be shown beside it). */
  readonly requestContent: QrContent;
}
