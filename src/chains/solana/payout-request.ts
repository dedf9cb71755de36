import { formatDecimal } from '../../domain/money.js';

/**
 * The decimals of every coin the app pays back on Solana: USDC and USDT both have 6. The payout port's
 * `request` is given base units and no decimals (the refund service calls it for any family), and a
 * Solana Pay request carries a decimal amount, so the family knows them. `prepare` checks them against
 * the mint itself before a wallet payout is signed.
 */
export const SOLANA_STABLECOIN_DECIMALS = 6;

/**
 * A Solana Pay transfer request, which wallets (Phantom, Solflare, Backpack…) open as a ready-to-sign
 * payment: `solana:<recipient>?amount=<decimal>&spl-token=<mint>`. The recipient is the customer's
 * wallet address: the wallet sends to its associated token account for the mint, opening it if needed.
 * The amount is in whole coins, without trailing zeros ("2.5", "0.000001"), as the spec asks.
 */
export function solanaPayTransferUri(mint: string, recipient: string, amountBase: bigint, decimals = SOLANA_STABLECOIN_DECIMALS): string {
  const amount = formatDecimal(amountBase, decimals).replace(/\.0*$|(\.\d*?)0+$/, '$1');
  return `solana:${recipient}?amount=${amount}&spl-token=${mint}`;
}
