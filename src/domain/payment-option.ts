import type { Stablecoin } from './currencies.js';
import type { ExtraToken, Network } from './networks.js';
import type { EndpointReport } from './rpc-check.js';

/**
 * What a payment option's QR code encodes: the wallet request (`uri`) where wallets understand the
 * family's URI scheme (EVM: EIP-681), or the bare deposit address where no scheme scans everywhere
 * (TRON), the amount then shown large beside it.
 */
export type QrContent = 'uri' | 'address';

/** One way to pay a session: a network and a coin, what to send, where, and the wallet URI. */
export interface PaymentOption {
  readonly network: Network;
  readonly tokenStandard: string;
  readonly currency: Stablecoin;
  /** Still due, in the coin's 6-decimal unit of account. */
  readonly amountDueMinor: bigint;
  /** Still due, in the token's base units on this network. */
  readonly amountDueBase: bigint;
  /** Where the money is sent (Solana: the merchant's wallet, the same for every session). */
  readonly address: string;
  /**
   * What tells this session's payment apart where `address` does not (Solana Pay's `reference`, a
   * key the wallet adds to the transfer); absent where every session has an address of its own.
   */
  readonly reference?: string;
  readonly tokenContract: string;
  readonly uri: string;
  /** Which payload the QR code carries, and the payload itself (`uri` or `address`, as said). */
  readonly qr: { readonly content: QrContent; readonly payload: string };
  /** Units of the coin per unit of the pricing currency, when priced in fiat. */
  readonly rate: string | null;
  /**
   * Why a payment on this option will show late, for the cashier to say before the customer pays
   * ("Ethereum is catching up: …"): its network's watcher is further behind than a payment's
   * confirmations (docs/payments.md, "Payments on a network that fell behind"). Absent when it is not.
   */
  readonly delayed?: string;
}

/** A network as this app is set up to use it in one mode. */
export interface NetworkSettings {
  readonly network: Network;
  readonly livemode: boolean;
  /**
   * `ready` when an RPC is configured (or the devnet runs); `not_configured` tells the owner what is
   * missing; `off`: the network is switched off in this mode (Settings, or the configuration).
   */
  readonly status: 'ready' | 'not_configured' | 'off';
  /** The chain id the RPC must report, as the family writes it (EVM: decimal); null while unknown. */
  readonly chainId: string | null;
  readonly rpcUrl: string | null;
  readonly devnet: boolean;
  readonly confirmations: number;
  /** The commitment at which a payment counts, on a network that has commitments (NetworkInfo.commitments). */
  readonly commitment?: string;
  /** The coins offered on the network in this mode; a coin left out is not offered. */
  readonly tokens: Readonly<Partial<Record<Stablecoin, { contract: string; decimals: number }>>>;
  /** Extra HTTP headers every request to the RPC carries (an API key: NetworkInfo.apiKeyHeader). */
  readonly rpcHeaders?: Readonly<Record<string, string>>;
  /**
   * Tokens watched but not offered (issue 17): their transfers to deposit addresses become unmatched
   * deposits, found by the same scans. Absent or empty: none.
   */
  readonly extraTokens?: readonly ExtraToken[];
}

/** A network's settings plus how its watcher is doing, as /v1/networks shows it. */
export interface NetworkStatus extends NetworkSettings {
  /** Coins the network offers that cannot be paid right now, with why (not offered to sessions until they can). */
  readonly unpayable: Readonly<Partial<Record<Stablecoin, string>>>;
  readonly watcher: {
    lastHead: number | null;
    lastSuccessAt: number | null;
    lastError: string | null;
    /** Blocks (slots) between the last one applied and the head; null where the family does not count it. */
    behind: number | null;
    /** Each RPC endpoint as the pool reports it; empty before it does. */
    endpoints: readonly EndpointReport[];
  } | null;
}
