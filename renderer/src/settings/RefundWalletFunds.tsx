/**
 * What the refund wallet holds on each network of its family that runs (GET /v1/refund_wallets/{family}
 * `networks`): the network's own coin for fees, whether that pays for a refund, and each coin. One
 * address serves every network of the family, but a refund on Base pays its fee in ETH on Base: a
 * network where it has too little says what to send, and where.
 */
import { useTranslation } from 'react-i18next';
import type { Network, RefundWallet } from '../api-types.js';
import { money } from '../i18n/locale-format.js';
import { networkName } from '../networks.js';
import { gasAmount, type WalletNetwork } from '../refund-wallet-gas.js';

export function RefundWalletFunds({ wallet, networks }: { wallet: RefundWallet; networks: readonly Network[] }) {
  const { t } = useTranslation('settings');
  if (!wallet.address || wallet.networks.length === 0) return null;
  const line = (n: WalletNetwork) => {
    const values = { network: networkName(networks, n.network), coin: n.gas_coin, gas: gasAmount(n.gas_balance ?? '0'), need: gasAmount(n.gas_per_refund ?? '0') };
    if (n.status !== 'ok') return <li key={n.network} className="muted">{t('refundWallet.unreadable', { ...values, error: n.error ?? '' })}</li>;
    const coins = n.coins.map((c) => money({ value: c.balance, currency: c.currency })).join(' · ');
    return (
      <li key={n.network} className={n.enough_gas ? undefined : 'error'}>
        {n.enough_gas ? t('refundWallet.enough', values) : t('refundWallet.notEnough', values)}
        {coins ? <span className="muted"> {t('refundWallet.coins', { coins })}</span> : null}
      </li>
    );
  };
  return (
    <ul className="list" aria-label={t('refundWallet.fundsLabel')}>
      {wallet.networks.map(line)}
    </ul>
  );
}
