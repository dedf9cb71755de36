import type { Stablecoin } from './currencies.js';

/**
 * The networks a payment can arrive on, and the facts about each token there that never change:
 * standard, chain family, on-chain decimals and the live contract. Per-mode settings (RPC URL,
 * confirmations, test contracts) live in the network settings, not here.
 */
export const NETWORKS = ['ethereum', 'bsc', 'tron', 'solana'] as const;
export type Network = (typeof NETWORKS)[number];

export type ChainFamily = 'evm' | 'tron' | 'solana';

export interface NetworkInfo {
  readonly id: Network;
  readonly name: string;
  readonly family: ChainFamily;
  readonly tokenStandard: 'ERC-20' | 'BEP-20' | 'TRC-20' | 'SPL';
  /** EVM chain id on the live network. */
  readonly liveChainId: number | null;
  /** Default confirmations before a payment counts (contract: ethereum 6, bsc 15, tron 19). */
  readonly defaultConfirmations: number;
  /** Each stablecoin's decimals and live contract (mint on Solana). */
  readonly tokens: Readonly<Record<Stablecoin, { decimals: number; liveContract: string }>>;
  /** Where a transaction can be looked at by a person. */
  readonly liveExplorerTx: string;
}

export const NETWORK_INFO: Readonly<Record<Network, NetworkInfo>> = {
  ethereum: {
    id: 'ethereum',
    name: 'Ethereum',
    family: 'evm',
    tokenStandard: 'ERC-20',
    liveChainId: 1,
    defaultConfirmations: 6,
    tokens: {
      USDT: { decimals: 6, liveContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
      USDC: { decimals: 6, liveContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    },
    liveExplorerTx: 'https://etherscan.io/tx/',
  },
  bsc: {
    id: 'bsc',
    name: 'BNB Smart Chain',
    family: 'evm',
    tokenStandard: 'BEP-20',
    liveChainId: 56,
    defaultConfirmations: 15,
    // Binance-Peg USDT and USDC carry 18 decimals on BNB Smart Chain.
    tokens: {
      USDT: { decimals: 18, liveContract: '0x55d398326f99059fF775485246999027B3197955' },
      USDC: { decimals: 18, liveContract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' },
    },
    liveExplorerTx: 'https://bscscan.com/tx/',
  },
  tron: {
    id: 'tron',
    name: 'TRON',
    family: 'tron',
    tokenStandard: 'TRC-20',
    liveChainId: null,
    defaultConfirmations: 19,
    tokens: {
      USDT: { decimals: 6, liveContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      USDC: { decimals: 6, liveContract: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8' },
    },
    liveExplorerTx: 'https://tronscan.org/#/transaction/',
  },
  solana: {
    id: 'solana',
    name: 'Solana',
    family: 'solana',
    tokenStandard: 'SPL',
    liveChainId: null,
    defaultConfirmations: 32,
    tokens: {
      USDT: { decimals: 6, liveContract: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' },
      USDC: { decimals: 6, liveContract: 'EPjFWdd5AufqSLvxpDY2TnKrk4NUZs8iFzfVN3yX8Uk' },
    },
    liveExplorerTx: 'https://solscan.io/tx/',
  },
};

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
