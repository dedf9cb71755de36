import type { Stablecoin } from '../domain/currencies.js';
import type { FamilyId } from '../domain/networks.js';
import type { PaymentOption } from '../domain/payment-option.js';

/**
 * What the session service needs from the chain families, without knowing any: which families give
 * each session a deposit, the deposit itself, and the options it offers. chain-integration.ts builds
 * this from the registry (src/chains/registry.ts).
 */
export interface ChainHandlers {
  /** Families that give each session a deposit (an address derived from the wallet, or a reference). */
  readonly depositFamilies: readonly FamilyId[];
  /** The deposit of derivation index `index` under the merchant's wallet; synchronous (inside the session's transaction). */
  deposit(family: FamilyId, wallet: string, index: number): string;
  options(
    livemode: boolean,
    family: FamilyId,
    session: { wallet: string; deposit: string; label?: string; message?: string },
    dueMinor: Readonly<Partial<Record<Stablecoin, bigint>>>,
    rates: Readonly<Partial<Record<Stablecoin, string>>>,
  ): PaymentOption[];
}

export const NO_CHAINS: ChainHandlers = {
  depositFamilies: [],
  deposit: () => {
    throw new Error('no chain integrations');
  },
  options: () => [],
};
