import type { Address } from 'viem';
import { STABLECOINS, type Stablecoin } from '../../domain/currencies.js';
import { NETWORK_INFO, toBaseUnits } from '../../domain/networks.js';
import type { NetworkSettings, PaymentOption } from '../../domain/payment-option.js';
import { erc20TransferUri } from './payment-uri.js';

/**
 * The EVM handler's half of a session: for each ready EVM network and each coin, the amount still
 * due in that token's base units and the EIP-681 URI that asks a wallet for exactly it.
 */
export function evmPaymentOptions(
  networks: readonly NetworkSettings[],
  address: string,
  dueMinor: Readonly<Partial<Record<Stablecoin, bigint>>>,
  rates: Readonly<Partial<Record<Stablecoin, string>>>,
): PaymentOption[] {
  const options: PaymentOption[] = [];
  for (const n of networks) {
    if (NETWORK_INFO[n.network].family !== 'evm' || n.status !== 'ready' || n.chainId === null) continue;
    for (const coin of STABLECOINS) {
      const due = dueMinor[coin];
      if (due === undefined) continue;
      const token = n.tokens[coin];
      const amountDueBase = toBaseUnits(due, token.decimals);
      options.push({
        network: n.network,
        tokenStandard: NETWORK_INFO[n.network].tokenStandard,
        currency: coin,
        amountDueMinor: due,
        amountDueBase,
        address,
        tokenContract: token.contract,
        uri: erc20TransferUri(token.contract as Address, n.chainId, address as Address, amountDueBase),
        rate: rates[coin] ?? null,
      });
    }
  }
  return options;
}
