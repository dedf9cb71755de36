import type { PaymentOption } from '../../domain/payment-option.js';
import { type OptionsInput, paymentOptionsOf } from '../family.js';
import { SOLANA_NETWORKS } from './networks.js';
import { solanaPayTransferUri } from './payout-request.js';

const STANDARDS = new Map(SOLANA_NETWORKS.map((n) => [n.id, n.tokenStandard]));

/**
 * The Solana half of a session: for each coin still due on a ready Solana network, a Solana Pay
 * transfer request to the merchant's wallet carrying the session's reference, which the QR code
 * carries whole (Solana Pay wallets scan it). The option's address is the merchant's wallet, where
 * the money goes; its `reference` is the session's deposit, by which the payment is found. Sent by
 * hand to the address without the reference, a payment reaches the shop but names no session.
 */
export function solanaPaymentOptions(input: OptionsInput): PaymentOption[] {
  return paymentOptionsOf(input, STANDARDS, ({ token, deposit, amountDueBase }) => {
    const uri = solanaPayTransferUri(token.contract, input.wallet, amountDueBase, token.decimals, { reference: deposit, label: input.label, message: input.message });
    return { uri, qr: { content: 'uri', payload: uri } };
  }).map((o) => ({ ...o, address: input.wallet, reference: input.deposit }));
}
