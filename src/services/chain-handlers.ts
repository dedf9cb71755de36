import type { Stablecoin } from '../domain/currencies.js';
import type { ChainFamily } from '../domain/networks.js';
import type { PaymentOption } from '../domain/payment-option.js';

/**
 * What the session service needs from the chain integrations, without knowing any chain: which
 * families give each session its own address, how to derive it, and the options it offers.
 * create-core.ts builds this from src/chains/*.
 */
export interface ChainHandlers {
  /** Families whose deposit address is derived per session from the merchant's xpub. */
  readonly addressFamilies: readonly ChainFamily[];
  deriveAddress(family: ChainFamily, xpub: string, index: number): string;
  options(
    livemode: boolean,
    family: ChainFamily,
    address: string,
    dueMinor: Readonly<Partial<Record<Stablecoin, bigint>>>,
    rates: Readonly<Partial<Record<Stablecoin, string>>>,
  ): PaymentOption[];
}

export const NO_CHAINS: ChainHandlers = {
  addressFamilies: [],
  deriveAddress: () => {
    throw new Error('no chain integrations');
  },
  options: () => [],
};
