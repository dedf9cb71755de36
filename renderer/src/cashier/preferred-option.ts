/**
 * Which wallet option the till shows first. The shop has no setting for it in the API, so the till
 * remembers the network and coin its cashier picked last (this computer only, localStorage); until
 * then, or when that option is not offered, the first option in the API's order.
 */
import type { PaymentOption } from '../api-types.js';

const STORAGE = 'stablepos.walletOption';

export const optionKey = (o: Pick<PaymentOption, 'network' | 'currency'>): string => `${o.network}:${o.currency}`;

export function preferredOptionKey(): string | undefined {
  try {
    return window.localStorage.getItem(STORAGE) ?? undefined;
  } catch {
    return undefined; // storage disabled: the first option
  }
}

export function rememberOption(key: string): void {
  try {
    window.localStorage.setItem(STORAGE, key);
  } catch {
    // storage disabled: the choice lasts for this sale only
  }
}

/** The option to show: `wanted` if offered, else the shop's preferred one, else the first. */
export function chooseOption(options: readonly PaymentOption[], wanted: string | undefined): PaymentOption | undefined {
  const preferred = preferredOptionKey();
  return options.find((o) => optionKey(o) === wanted) ?? options.find((o) => optionKey(o) === preferred) ?? options[0];
}
