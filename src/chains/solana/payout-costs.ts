import { formatDecimal } from '../../domain/money.js';

/**
 * What a refund payout costs the refund wallet in SOL, and the failure an owner reads when it lacks it.
 * A payout pays its fee in SOL, and when the customer has no token account for the coin yet, the rent
 * that keeps the one it opens for them alive (a rent-exempt deposit, locked in that account for good).
 */

/**
 * The base fee of a transaction with one signature, in lamports. Fixed by the protocol
 * (`lamports_per_signature`, 5,000 since launch); payouts add no priority fee.
 */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** A classic Token program account: always 165 bytes. */
export const TOKEN_ACCOUNT_SIZE = 165;

/**
 * A Token-2022 associated token account of a mint without account-side extensions: the 165 bytes, the
 * account type byte, and the ImmutableOwner extension (4 bytes) that the associated token program gives
 * every Token-2022 account it opens. A mint with transfer fees or a transfer hook needs a few bytes
 * more; the payout's preflight then refuses it for the rent, and it expires without paying.
 */
export const TOKEN_2022_ACCOUNT_SIZE = 170;

export interface SolCosts {
  /** Fee of this payout, lamports. */
  fee: bigint;
  /** Rent of the customer's token account this payout opens; 0 when the customer has one. */
  rent: bigint;
  /** Fees and rents of the wallet's payouts still on their way (each counted as opening an account). */
  inFlight: bigint;
  /** What the wallet must keep to stay rent-exempt itself: a fee payer left below it is refused. */
  reserve: bigint;
}

export function solNeeded(c: SolCosts): bigint {
  return c.fee + c.rent + c.inFlight + c.reserve;
}

/**
 * The costs of this payout on top of `inFlight` payouts sent but not yet in a block: their recipients
 * are not known here, so each counts at the dearer figure (it opens an account).
 */
export function solCosts(o: { createAccount: boolean; inFlight: number; accountRent: bigint; reserve: bigint }): SolCosts {
  return {
    fee: LAMPORTS_PER_SIGNATURE,
    rent: o.createAccount ? o.accountRent : 0n,
    inFlight: BigInt(o.inFlight) * (LAMPORTS_PER_SIGNATURE + o.accountRent),
    reserve: o.reserve,
  };
}

/**
 * Why the wallet cannot pay these costs, as `insufficient_gas_balance: …` (EVM's code, so the app and
 * integrators read one code for "fees") in words an owner acts on; null when it can.
 */
export function solShortfall(o: { from: string; network: string; currency: string; lamports: bigint; costs: SolCosts }): string | null {
  const needed = solNeeded(o.costs);
  if (o.lamports >= needed) return null;
  const parts = [`${sol(o.costs.fee)} SOL fee`];
  if (o.costs.rent > 0n) parts.push(`${sol(o.costs.rent)} SOL rent to open the customer's ${o.currency} account, which they do not have yet`);
  if (o.costs.inFlight > 0n) parts.push(`up to ${sol(o.costs.inFlight)} SOL for the payouts still on their way`);
  return (
    `insufficient_gas_balance: the refund wallet ${o.from} holds ${sol(o.lamports)} SOL on ${o.network}; ` +
    `this refund takes ${sol(needed)} SOL (${parts.join(', ')}, and ${sol(o.costs.reserve)} SOL the wallet must keep to stay rent-exempt); ` +
    `send SOL to the wallet and create the refund again`
  );
}

/** Lamports as SOL, without trailing zeros: 5000n → "0.000005", 2_000_000_000n → "2". */
export function sol(lamports: bigint): string {
  return formatDecimal(lamports, 9).replace(/\.?0+$/, '');
}
