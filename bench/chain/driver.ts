import type { Stablecoin } from '../../src/domain/currencies.js';
import type { BenchNetworkId, CoreNetwork } from './core-protocol.js';

/** Who is paid: an address, and on Solana the session's Solana Pay reference the transfer must carry. */
export interface PayTarget {
  address: string;
  reference?: string;
}

/** A token transfer a test wallet has made ready; `send` hands it to the node, to be mined with the next block. */
export interface PreparedTransfer {
  /** Resolves with the transaction's id as the core records it (a payment's `tx_hash`) once the node has it. */
  send(): Promise<string>;
}

/**
 * A chain the latency and RPC sections run the core against, one per family: the bench knows to the
 * millisecond when each block exists, and pays as a wallet of that chain would. On anvil and the TRON
 * stand-in the bench makes each block itself; surfnet makes a slot every 400 ms on its own, as a Solana
 * cluster does, and the bench watches for the slot holding what it sent. evm-driver.ts (anvil),
 * tron-driver.ts (the TRON stand-in) and solana-driver.ts (surfnet) implement it.
 */
export interface ChainDriver {
  readonly network: BenchNetworkId;
  /** The node, in a few words, for the section's notes. */
  readonly node: string;
  /** The coins the test wallets hold and pay with; sessions are paid in the first. */
  readonly coins: readonly Stablecoin[];
  /**
   * The watcher's calls, as the counting proxy names them, that every pass makes whether or not
   * anything is new: the head block (EVM, TRON), the slots and each merchant token account's newest
   * signatures (Solana). chain-rpc tells them from the calls that read what is new.
   */
  readonly pollMethods: readonly string[];
  /** The one of pollMethods every pass makes exactly once: counting it counts the watcher's passes. */
  readonly passMethod: string;
  /** The node's URL as the core takes it; a counting proxy goes in front of this one. */
  readonly url: string;
  /** The core's network, reaching the node at `url` (a proxy's) or at the node's own. */
  coreNetwork(url?: string): CoreNetwork;
  /** The newest block (Solana: the newest confirmed slot). */
  blockNumber(): Promise<number>;
  /**
   * The block holding every transaction sent so far, made now (anvil, the TRON stand-in) or awaited
   * (surfnet makes its own slots); resolves, once the watcher's node serves it, with when that began:
   * performance.now() as the block was made, or (Solana) as the node was last seen without it confirmed.
   */
  mine(): Promise<number>;
  /** Gives test wallet `wallet` (0 or 1) `amountBase` of every coin, in a block mined before this resolves. */
  fund(wallet: number, amountBase: bigint): Promise<void>;
  /**
   * A transfer of `coin` from test wallet `wallet`. Signed now where a transaction keeps (EVM), so
   * signing stays out of measured windows; where it expires within a minute (TRON), built and signed
   * by `send`, as the wallet would when its owner pays.
   */
  transfer(wallet: number, coin: Stablecoin, to: PayTarget, amountBase: bigint): Promise<PreparedTransfer>;
  /**
   * Makes the merchant's wallet `wallet` (the core's, in test mode) able to receive every coin, where
   * the chain needs that (Solana: its associated token accounts opened, as the owner does once); absent
   * where nothing is needed.
   */
  openMerchantWallet?(wallet: string): Promise<void>;
  /** Fails unless transfer `id` is in a block and succeeded. */
  checkMined(id: string): Promise<void>;
  /** A fresh address nobody watches, spelt as the network spells addresses. */
  randomAddress(): string;
  /** Stops the node. Idempotent. */
  stop(): Promise<void>;
}
