/**
 * The refund wallet's gas coin per network (GET /v1/refund_wallets/{family} `networks`), in words for
 * the owner: Settings lists it, and the refund form warns before a refund that the wallet cannot pay
 * the network fee for. A refund is paid on its payment's network, so the wallet needs that network's
 * own coin (ETH on Ethereum and its rollups, BNB, POL, TRX, SOL) there, whatever it holds elsewhere.
 */
import type { RefundWallet } from './api-types.js';
import { uiLocale } from './format.js';
import { i18n } from './i18n/index.js';

export type WalletNetwork = RefundWallet['networks'][number];

/** A gas coin amount without its trailing zeros, in the UI's language: "0.0125", "10,000". */
export const gasAmount = (value: string): string => new Intl.NumberFormat(uiLocale(), { maximumFractionDigits: 9 }).format(value as unknown as number);

/**
 * Why a wallet payout on this network would fail now for want of its gas coin, in plain words; undefined
 * when the wallet has enough, has no key (refunds are then paid by hand), or its balance is not known.
 */
export function gasShortage(wallet: RefundWallet | undefined, network: string, networkName: string): string | undefined {
  const n = wallet?.address ? wallet.networks.find((x) => x.network === network) : undefined;
  if (!wallet?.address || !n || n.status !== 'ok' || n.enough_gas !== false || n.gas_balance === null) return undefined;
  const values = { coin: n.gas_coin, network: networkName, have: gasAmount(n.gas_balance), need: gasAmount(n.gas_per_refund ?? '0'), address: wallet.address };
  return /[1-9]/.test(n.gas_balance) ? i18n.t('refunds:gas.tooLittle', values) : i18n.t('refunds:gas.none', values);
}
