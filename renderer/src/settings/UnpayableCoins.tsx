/**
 * The coins a network has but cannot be paid in right now (GET /v1/networks `tokens[].payable`), each
 * with the API's reason: sessions quietly leave such a coin out (a Solana wallet without that coin's
 * token account, which no wallet can pay into), so the owner must read here why it is missing and what
 * to do.
 */
import { useTranslation } from 'react-i18next';
import type { Network } from '../api-types.js';

export function UnpayableCoins({ networks }: { networks: readonly Network[] }) {
  const { t } = useTranslation('settings');
  const unpayable = networks.flatMap((n) => n.tokens.filter((t) => !t.payable).map((t) => ({ key: `${n.network}-${t.currency}`, name: n.name, token: t })));
  if (unpayable.length === 0) return null;
  return (
    <ul className="list unpayable" aria-label={t('networks.coinsNotOffered')}>
      {unpayable.map(({ key, name, token }) => (
        <li key={key} className="error">
          {t('networks.notOffered', { coin: token.currency, network: name, reason: token.unpayable_reason ?? t('networks.cannotPay') })}
        </li>
      ))}
    </ul>
  );
}
