import type { NetworkInfo } from '../../domain/networks.js';

/**
 * An EVM network's facts: what every network has (NetworkInfo), plus what only the EVM family's own
 * tooling reads. Adding an EVM network is filling one of these in networks.ts; nothing else names it.
 */
export interface EvmNetworkInfo extends NetworkInfo {
  /**
   * The chain id of the network's local devnet in test mode (anvil's `--chain-id`), never a live chain's:
   * a test QR code (EIP-681 `@chainId`) that a real wallet scans must not ask it to pay on a chain where
   * money has value. Unique among the EVM networks, so a transaction signed for one devnet cannot be
   * replayed on another. Never change one: a devnet's state file holds the chain it was made with.
   */
  readonly devnetChainId: number;
}
