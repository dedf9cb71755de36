import type { Stablecoin } from './currencies.js';

/**
 * A network a payment can arrive on (`ethereum`, `bsc`, …). Which networks exist is not known here:
 * each chain family declares its own (src/chains/<family>/), and the registry of families
 * (src/chains/registry.ts) is the one list of them, so that adding a family adds its networks.
 */
export type Network = string;

/** A chain family (`evm`, …): networks that share addresses, wallets and transaction formats. */
export type FamilyId = string;

/**
 * The facts about a network and its tokens that never change: standard, family, on-chain decimals
 * and the live contracts. Per-mode settings (RPC URL, confirmations, test contracts) live in the
 * network settings, not here.
 */
export interface NetworkInfo {
  readonly id: Network;
  readonly name: string;
  readonly family: FamilyId;
  readonly tokenStandard: string;
  /**
   * The live chain's id as its family writes it (EVM: the decimal chain id, `1`), compared with what
   * the RPC reports so that an endpoint of another chain is never scanned; null where there is none.
   */
  readonly liveChainId: string | null;
  /** Confirmations before a payment counts, unless configured (contract: ethereum 6, bsc 15, tron 19). */
  readonly defaultConfirmations: number;
  /**
   * Where finality is a commitment level rather than a count of blocks (Solana): the levels at which a
   * payment may count, the default first (`finalized`, then `confirmed`). Absent elsewhere.
   */
  readonly commitments?: readonly string[];
  /**
   * The stablecoins the network offers, each with its decimals and live contract (the mint on Solana).
   * A coin left out is not offered on the network in either mode (USDC on TRON: Circle ended it).
   */
  readonly tokens: Readonly<Partial<Record<Stablecoin, { decimals: number; liveContract: string }>>>;
  /**
   * The HTTP header a hosted endpoint of this network takes its API key in (TronGrid:
   * `TRON-PRO-API-KEY`); absent where keys go in the URL, as EVM providers do.
   */
  readonly apiKeyHeader?: string;
  /** What endpoint the network takes, for the owner in Settings: the kind of node and what it must have enabled. */
  readonly rpcHint: string;
  /** Where a transaction can be looked at by a person: the transaction id is appended. */
  readonly liveExplorerTx: string;
  /**
   * The network's own coin, which pays its transaction fees (ETH on Ethereum and its rollups, BNB, POL,
   * TRX, SOL): a refund wallet needs some on every network it pays refunds on.
   */
  readonly gasCoin: { readonly symbol: string; readonly decimals: number };
  /**
   * Off until the shop turns it on in Settings (each mode apart), so that a till is not crowded with
   * networks it never uses. Absent: on by default (the specification's four networks).
   */
  readonly offByDefault?: boolean;
  /**
   * Other well-known tokens on the live network, watched so that a customer's mistake is seen (issue 17):
   * a transfer of one to a deposit address is an unmatched deposit, never a payment. Unless configured
   * otherwise (`extraTokens` of the network's RPC configuration). Absent: none.
   */
  readonly liveExtraTokens?: readonly ExtraToken[];
}

/**
 * A token the network does not offer for payment but watched all the same, so that what a customer sent
 * by mistake becomes an unmatched deposit (domain/deposit.ts): a supported coin the network does not offer
 * (`currency` set: USDC on TRON, `wrong_asset`) or another well-known token (`currency` null,
 * `unsupported_token`, shown as sent with its contract and decimals, never converted).
 */
export interface ExtraToken {
  /** For people: `DAI`. */
  readonly symbol: string;
  /** As the family writes it (EVM: checksummed hex; TRON: base58 `T…`; Solana: the mint). */
  readonly contract: string;
  readonly decimals: number;
  readonly currency: Stablecoin | null;
}

/**
 * A stablecoin amount in the 6-decimal unit of account, as token base units on a chain
 * (×10^12 for BNB Smart Chain's 18 decimals).
 */
export function toBaseUnits(minor6: bigint, decimals: number): bigint {
  return decimals >= 6 ? minor6 * 10n ** BigInt(decimals - 6) : minor6 / 10n ** BigInt(6 - decimals);
}

/**
 * Token base units as 6-decimal minor units, rounded down: dust below 10^-6 of a coin (possible only
 * with 18-decimal tokens) is not counted toward what a customer paid.
 */
export function fromBaseUnits(base: bigint, decimals: number): bigint {
  return decimals >= 6 ? base / 10n ** BigInt(decimals - 6) : base * 10n ** BigInt(6 - decimals);
}
