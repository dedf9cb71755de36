import type { Address } from 'viem';
import { STABLECOINS } from '../../domain/currencies.js';
import { toBaseUnits } from '../../domain/networks.js';
import type { PaymentOption } from '../../domain/payment-option.js';
import type { OptionsInput } from '../family.js';
import { EVM_NETWORKS } from './networks.js';
import { erc20TransferUri } from './payment-uri.js';

const STANDARDS = new Map(EVM_NETWORKS.map((n) => [n.id, n.tokenStandard]));

/**
 * The EVM half of a session: for each ready EVM network and each coin, the amount still due in that
 * token's base units and the EIP-681 URI that asks a wallet for exactly it. The QR code carries that
 * URI: EVM wallets scan it into a ready-to-sign transfer.
 */
export function evmPaymentOptions({ networks, deposit, dueMinor, rates }: OptionsInput): PaymentOption[] {
  const options: PaymentOption[] = [];
  for (const n of networks) {
    const standard = STANDARDS.get(n.network);
    if (standard === undefined || n.status !== 'ready' || n.chainId === null) continue;
    for (const coin of STABLECOINS) {
      const due = dueMinor[coin];
      if (due === undefined) continue;
      const token = n.tokens[coin];
      if (token === undefined) continue;
      const amountDueBase = toBaseUnits(due, token.decimals);
      const uri = erc20TransferUri(token.contract as Address, n.chainId, deposit as Address, amountDueBase);
      options.push({
        network: n.network,
        tokenStandard: standard,
        currency: coin,
        amountDueMinor: due,
        amountDueBase,
        address: deposit,
        tokenContract: token.contract,
        uri,
        qr: { content: 'uri', payload: uri },
        rate: rates[coin] ?? null,
      });
    }
  }
  return options;
}
