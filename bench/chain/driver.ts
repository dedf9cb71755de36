import type { Stablecoin } from '../../src/domain/currencies.js';
import type { BenchNetworkId, CoreNetwork } from './core-protocol.js';

/** A token transfer a test wallet has made ready; `send` hands it to the node, to be mined with the next block. */
export interface PreparedTransfer {
  /** Resolves with the transaction's id as the core records it (a payment's `tx_hash`) once the node has it. */
  send(): Promise<string>;
}

/**
 * A chain the latency and RPC sections run the core against, one per family: the bench makes its
 * blocks (so it knows to the millisecond when each one exists) and pays as a wallet of that chain
 * would. evm-driver.ts (anvil) and tron-driver.ts (the TRON stand-in) implement it.
 */
export interface ChainDriver {
  readonly network: BenchNetworkId;
  /** The node, in a few words, for the section's notes. */
  readonly node: string;
  /** The coins the test wallets hold and pay with; sessions are paid in the first. */
  readonly coins: readonly Stablecoin[];
  /** The node's URL as the core takes it; a counting proxy goes in front of this one. */
  readonly url: string;
  /** The core's network, reaching the node at `url` (a proxy's) or at the node's own. */
  coreNetwork(url?: string): CoreNetwork;
  blockNumber(): Promise<number>;
  /** Makes one block now holding every transaction sent so far; resolves once the watcher's node serves it. */
  mine(): Promise<void>;
  /** Gives test wallet `wallet` (0 or 1) `amountBase` of every coin, in a block mined before this resolves. */
  fund(wallet: number, amountBase: bigint): Promise<void>;
  /**
   * A transfer of `coin` from test wallet `wallet`. Signed now where a transaction keeps (EVM), so
   * signing stays out of measured windows; where it expires within a minute (TRON), built and signed
   * by `send`, as the wallet would when its owner pays.
   */
  transfer(wallet: number, coin: Stablecoin, to: string, amountBase: bigint): Promise<PreparedTransfer>;
  /** Fails unless transfer `id` is in a block and succeeded. */
  checkMined(id: string): Promise<void>;
  /** A fresh address nobody watches, spelt as the network spells addresses. */
  randomAddress(): string;
  /** Stops the node. Idempotent. */
  stop(): Promise<void>;
}
