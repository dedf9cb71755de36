import type { Address } from 'viem';

/**
 * EIP-681 request for an ERC-20 transfer, which wallets turn into a ready-to-sign payment:
 * `ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<base units>`.
 * Amounts are written as plain integers (no exponent) so every wallet parses them the same way.
 */
export function erc20TransferUri(token: Address, chainId: number | string, recipient: Address, amountBase: bigint): string {
  return `ethereum:${token}@${chainId}/transfer?address=${recipient}&uint256=${amountBase.toString()}`;
}
