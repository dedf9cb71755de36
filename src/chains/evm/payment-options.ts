import type { Address } from 'viem';
import type { PaymentOption } from '../../domain/payment-option.js';
import { type OptionsInput, paymentOptionsOf } from '../family.js';
import { EVM_NETWORKS } from './networks.js';
import { erc20TransferUri } from './payment-uri.js';

const STANDARDS = new Map(EVM_NETWORKS.map((n) => [n.id, n.tokenStandard]));

/**
 * The EVM half of a session: for each ready EVM network and each coin, the amount still due in that
 * token's base units and the EIP-681 URI that asks a wallet for exactly it. The QR code carries that
 * URI: EVM wallets scan it into a ready-to-sign transfer.
 */
export function evmPaymentOptions(input: OptionsInput): PaymentOption[] {
  return paymentOptionsOf(input, STANDARDS, ({ network, token, deposit, amountDueBase }) => {
    const uri = erc20TransferUri(token.contract as Address, network.chainId, deposit as Address, amountDueBase);
    return { uri, qr: { content: 'uri', payload: uri } };
  });
}
