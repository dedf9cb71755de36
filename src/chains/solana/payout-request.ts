import { formatDecimal } from '../../domain/money.js';

/**
 * The decimals of every coin the app pays back on Solana: USDC and USDT both have 6. The payout port's
 * `request` is given base units and no decimals (the refund service calls it for any family), and a
 * Solana Pay request carries a decimal amount, so the family knows them. `prepare` checks them against
 * the mint itself before a wallet payout is signed.
 */
export const SOLANA_STABLECOIN_DECIMALS = 6;

/** What a transfer request may carry beyond the payment itself (the Solana Pay spec's optional fields). */
export interface TransferRequestExtras {
  /** Public keys the wallet adds to the transfer as read-only accounts: how the payment is found. */
  reference?: string;
  /** Who is paid (the shop's name), and what for: the wallet shows both. */
  label?: string;
  message?: string;
}

/**
 * A Solana Pay transfer request, which wallets (Phantom, Solflare, Backpack…) open as a ready-to-sign
 * payment: `solana:<recipient>?amount=<decimal>&spl-token=<mint>[&reference=…][&label=…][&message=…]`.
 * The wallet sends to the recipient's associated token account for the mint. The amount is in whole
 * coins, without trailing zeros ("2.5", "0.000001"), as the spec asks; label and message are
 * URL-encoded. Used both ways: a session's request to the customer (with its reference), and a
 * refund's to the owner's wallet, paying the customer back.
 */
export function solanaPayTransferUri(mint: string, recipient: string, amountBase: bigint, decimals = SOLANA_STABLECOIN_DECIMALS, extras: TransferRequestExtras = {}): string {
  const amount = formatDecimal(amountBase, decimals).replace(/\.0*$|(\.\d*?)0+$/, '$1');
  let uri = `solana:${recipient}?amount=${amount}&spl-token=${mint}`;
  if (extras.reference !== undefined) uri += `&reference=${extras.reference}`;
  if (extras.label) uri += `&label=${encodeURIComponent(extras.label)}`;
  if (extras.message) uri += `&message=${encodeURIComponent(extras.message)}`;
  return uri;
}
