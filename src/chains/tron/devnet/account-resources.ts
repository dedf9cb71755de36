import type { TronHexAddress } from '../address-format.js';

/**
 * What `/wallet/getaccountresource` reports. The stand-in models no staking, delegation or use of
 * energy and bandwidth, so every account reports generous fixed figures and nothing is consumed: a
 * payout's "enough energy and bandwidth?" check passes. A test can set one account's own figures
 * (`TronDevnet.setAccountResources`, a control like anvil's `anvil_setBalance`): an account with no
 * staked energy, or one that used its free bandwidth, to see what a payout would burn.
 */

/** One account's own figures, as java-tron names them; what is left out is 0. */
export interface AccountResourceFigures {
  freeNetUsed?: number;
  NetUsed?: number;
  NetLimit?: number;
  EnergyUsed?: number;
  EnergyLimit?: number;
}

/** What every account has unless a test set its figures: plenty of staked bandwidth and energy. */
const GENEROUS: AccountResourceFigures = { NetLimit: 1_000_000, EnergyLimit: 10_000_000 };

/** The network's figures, the same for every account: mainnet's daily free bandwidth and totals. */
const NETWORK = {
  freeNetLimit: 600,
  TotalNetLimit: 43_200_000_000,
  TotalNetWeight: 26_000_000_000,
  TotalEnergyLimit: 180_000_000_000,
  TotalEnergyWeight: 19_000_000_000,
} as const;

export class AccountResources {
  private readonly figures = new Map<TronHexAddress, AccountResourceFigures>();

  /** Sets what an account reports; null gives it the generous default again. */
  set(address: TronHexAddress, figures: AccountResourceFigures | null): void {
    if (figures === null) this.figures.delete(address);
    else this.figures.set(address, figures);
  }

  /** java-tron's AccountResourceMessage of an account, with fields at 0 left out as java-tron prints them. */
  of(address: TronHexAddress): Record<string, number> {
    const own = this.figures.get(address) ?? GENEROUS;
    const nonZero = Object.entries(own).filter(([, value]) => value !== undefined && value !== 0) as [string, number][];
    return { ...NETWORK, ...Object.fromEntries(nonZero) };
  }
}
