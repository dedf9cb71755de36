import { formatDecimal } from '../../domain/money.js';
import type { PaymentOption } from '../../domain/payment-option.js';
import { type OptionsInput, paymentOptionsOf } from '../family.js';
import { TRON_NETWORKS } from './networks.js';

const STANDARDS = new Map(TRON_NETWORKS.map((n) => [n.id, n.tokenStandard]));

/**
 * `tron:<address>?amount=<decimal>&token=<contract>`: the request the contract names for the wallets
 * that take one. No TRON payment-URI standard exists (TIP-17 is an energy proposal; this form comes from
 * a 2018 tronscan proposal, and TronLink iOS rejects it), so it is offered beside the QR, not in it.
 */
export function tronPaymentUri(address: string, amountBase: bigint, decimals: number, token: string): string {
  // Plain decimal without trailing zeros (12.5, not 12.500000), as people and wallets write it.
  const written = formatDecimal(amountBase, decimals);
  const amount = written.includes('.') ? written.replace(/0+$/, '').replace(/\.$/, '') : written;
  return `tron:${address}?amount=${amount}&token=${token}`;
}

/**
 * The TRON half of a session: for each coin TRON offers (USDT), the amount still due in base units,
 * the `tron:` URI, and a QR code that carries the bare deposit address, which TronLink and Trust Wallet
 * both scan; the amount is shown large beside it (docs/payments.md, "What the customer scans on TRON").
 */
export function tronPaymentOptions(input: OptionsInput): PaymentOption[] {
  return paymentOptionsOf(input, STANDARDS, ({ token, deposit, amountDueBase }) => ({
    uri: tronPaymentUri(deposit, amountDueBase, token.decimals, token.contract),
    qr: { content: 'address', payload: deposit },
  }));
}
