import { formatDecimal } from '../../domain/money.js';

/**
 * What a TRC-20 refund payout costs on TRON, and whether the refund wallet can pay it. TRON has no
 * gas price: a contract call consumes *energy* and every transaction *bandwidth* (its size in bytes).
 * An account spends the energy and bandwidth it has (staked, or delegated to it by an energy rental)
 * and burns TRX for the rest, at the chain's prices (`getEnergyFee` sun per energy, `getTransactionFee`
 * sun per byte). A call that runs out of energy fails and still burns what it used, so the wallet is
 * checked before anything is signed.
 */

/** Energy of a USDT transfer to an address that holds some USDT (its balance slot is written, not created). */
export const TRANSFER_ENERGY_TO_HOLDER = 65_000;
/** Energy of a USDT transfer to an address holding none: creating its balance slot doubles the cost. */
export const TRANSFER_ENERGY_TO_NEW_HOLDER = 130_000;
/** Bandwidth (bytes) of a signed TRC-20 transfer: a USDT transfer takes about 345; a little head-room. */
export const TRANSFER_BANDWIDTH = 400;
/**
 * The fee limit is this many times the dearer transfer's energy at the current price. It caps what
 * the transaction may burn, and java-tron also caps the energy a call may use, staked energy included,
 * at fee_limit / price: too low a limit makes a payout fail (and burn what it used) although the
 * wallet could pay. Taken from the dearer figure, so that a customer who empties their USDT balance
 * between the check and the block cannot push the transfer over it.
 */
const FEE_LIMIT_MULTIPLE = 2n;

/** The refund wallet's TRX and resources, as `/wallet/getaccount` and `/wallet/getaccountresource` give them. */
export interface WalletResources {
  /** TRX in sun; null when the account does not exist on TRON (it never received TRX). */
  balanceSun: bigint | null;
  energyLimit: number;
  energyUsed: number;
  /** Daily free bandwidth (600 bytes on mainnet) and what was used of it. */
  freeNetLimit: number;
  freeNetUsed: number;
  /** Staked or delegated bandwidth and what was used of it. */
  netLimit: number;
  netUsed: number;
}

/** The chain's prices, from `/wallet/getchainparameters`. */
export interface ChainPrices {
  /** `getEnergyFee`: sun burnt per energy missing (420 in 2022–2024, 210, 100 since August 2025). */
  energyFeeSun: bigint;
  /** `getTransactionFee`: sun burnt per byte of bandwidth missing (1,000). */
  bandwidthFeeSun: bigint;
  /** `getMaxFeeLimit`: the highest fee limit a transaction may set (15,000 TRX). */
  maxFeeLimitSun: bigint;
}

export interface PayoutFees {
  /** Energy this payout is expected to take. */
  energy: number;
  /** Energy this payout and the wallet's payouts still on their way take together, and what the wallet has. */
  energyNeeded: number;
  energyAvailable: number;
  /** TRX (sun) they burn together for the energy and bandwidth the wallet lacks. */
  burnSun: bigint;
  /** The payout's `fee_limit`, sun. */
  feeLimitSun: bigint;
}

/**
 * The energy and TRX this payout needs on top of `inFlight` payouts of the wallet that are sent but
 * not yet in a block (they will spend the same resources first). Their recipients are not known here,
 * so each counts at the dearer figure.
 */
export function payoutFees(o: { recipientHoldsToken: boolean; inFlight: number; wallet: WalletResources; prices: ChainPrices }): PayoutFees {
  const energy = o.recipientHoldsToken ? TRANSFER_ENERGY_TO_HOLDER : TRANSFER_ENERGY_TO_NEW_HOLDER;
  const energyNeeded = energy + o.inFlight * TRANSFER_ENERGY_TO_NEW_HOLDER;
  const energyAvailable = Math.max(0, o.wallet.energyLimit - o.wallet.energyUsed);
  const energyBurnSun = BigInt(Math.max(0, energyNeeded - energyAvailable)) * o.prices.energyFeeSun;

  // java-tron's BandwidthProcessor, per transaction: staked bandwidth if enough is left for the whole
  // transaction, else the free allowance if enough is left, else TRX for every byte.
  let staked = Math.max(0, o.wallet.netLimit - o.wallet.netUsed);
  let free = Math.max(0, o.wallet.freeNetLimit - o.wallet.freeNetUsed);
  let bandwidthBurnSun = 0n;
  for (let i = 0; i <= o.inFlight; i++) {
    if (staked >= TRANSFER_BANDWIDTH) staked -= TRANSFER_BANDWIDTH;
    else if (free >= TRANSFER_BANDWIDTH) free -= TRANSFER_BANDWIDTH;
    else bandwidthBurnSun += BigInt(TRANSFER_BANDWIDTH) * o.prices.bandwidthFeeSun;
  }

  const feeLimitSun = BigInt(TRANSFER_ENERGY_TO_NEW_HOLDER) * o.prices.energyFeeSun * FEE_LIMIT_MULTIPLE;
  return {
    energy,
    energyNeeded,
    energyAvailable,
    burnSun: energyBurnSun + bandwidthBurnSun,
    feeLimitSun: feeLimitSun < o.prices.maxFeeLimitSun ? feeLimitSun : o.prices.maxFeeLimitSun,
  };
}

/**
 * Why the wallet cannot pay these fees, as `insufficient_gas_balance: …` in words an owner acts on;
 * null when it can. The code is EVM's, so the app and integrators read one code for "fees".
 */
export function feeShortfall(o: { from: string; network: string; currency: string; recipientHoldsToken: boolean; inFlight: number; wallet: WalletResources; fees: PayoutFees }): string | null {
  const { wallet, fees } = o;
  if (wallet.balanceSun === null) {
    // TRON keeps no account for an address until it receives TRX, and an address without one cannot
    // send at all: no bandwidth, no energy, nothing to burn.
    const howMuch = fees.burnSun > 0n ? ` (about ${trx(fees.burnSun)} TRX for this refund without staked energy)` : '';
    return (
      `insufficient_gas_balance: the refund wallet ${o.from} does not exist on ${o.network} yet (it has never received TRX), so it cannot send; ` +
      `send it TRX for fees${howMuch} and create the refund again`
    );
  }
  if (wallet.balanceSun >= fees.burnSun) return null;
  const why = o.recipientHoldsToken
    ? `the customer's address already holds ${o.currency}`
    : `the customer's address holds no ${o.currency} yet, which costs twice the usual ${energyText(TRANSFER_ENERGY_TO_HOLDER)}`;
  const along = o.inFlight > 0 ? `, and ${energyText(fees.energyNeeded)} together with the ${o.inFlight} payout${o.inFlight === 1 ? '' : 's'} still on their way` : '';
  return (
    `insufficient_gas_balance: the refund wallet ${o.from} has ${energyText(fees.energyAvailable)} energy and ${trx(wallet.balanceSun)} TRX on ${o.network}; ` +
    `this refund takes about ${energyText(fees.energy)} energy (${why})${along}, so about ${trx(fees.burnSun)} TRX would be burnt for the energy and bandwidth it lacks; ` +
    `send TRX to the wallet (or stake or rent energy for it) and create the refund again`
  );
}

/** Sun as TRX, without trailing zeros: 13000000n → "13", 345000n → "0.345". */
export function trx(sun: bigint): string {
  return formatDecimal(sun, 6).replace(/\.?0+$/, '');
}

const energyText = (energy: number) => energy.toLocaleString('en-US');
