/**
 * Unmatched deposits on the Balances screen (owner only, like the screen): money that reached the
 * shop's accounts without naming a sale, listed so the owner can sort it out with the customer.
 * docs/payments.md, "Unmatched deposits". Issue 17 turns this into an inbox with actions.
 */
import { Trans, useTranslation } from 'react-i18next';
import type { ApiData } from '../api-types.js';
import { dateFormat, money as formatMoney } from '../i18n/locale-format.js';
import { networkName, useNetworks } from '../networks.js';
import { useApi } from '../use-api.js';

const dateTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
/** A long base58 or hex address, shortened for the eye; the whole one is in the title. */
const short = (address: string) => (address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/** Reloads whenever `version` changes (the screen's Refresh). Shows nothing while there are none. */
export function UnmatchedDeposits({ version }: { version: unknown }) {
  const networks = useNetworks();
  const { data, error } = useApi<ApiData<'listDeposits'>>('/v1/deposits?status=unmatched&limit=20', [version]);
  const deposits = data?.items ?? [];
  const { t } = useTranslation('balances');

  if (error) return <p className="error" role="alert">{t('deposits.loadFailed', { error })}</p>;
  if (deposits.length === 0) return null;
  return (
    <section className="card" aria-labelledby="deposits-title">
      <h3 id="deposits-title">{t('deposits.title')}</h3>
      <p>{t('deposits.intro')}</p>
      <ul className="list">
        {deposits.map((d) => (
          <li key={d.id}>
            <Trans
              t={t}
              i18nKey="deposits.item"
              values={{
                amount: d.currency ? formatMoney({ value: d.amount, currency: d.currency }) : t('deposits.unknownToken', { amount: d.amount, token: short(d.token_contract) }),
                network: networkName(networks, d.network),
                from: short(d.from),
                date: dateTime(d.block_time),
              }}
              components={{ strong: <strong />, from: <code title={d.from} />, time: <time dateTime={d.block_time} /> }}
            />
            {d.explorer_url ? (
              <a href={d.explorer_url} target="_blank" rel="noopener noreferrer" title={d.tx_hash}>
                {d.tx_hash.slice(0, 12)}…
              </a>
            ) : (
              <code title={d.tx_hash}>{d.tx_hash.slice(0, 12)}…</code>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
