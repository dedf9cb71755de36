/**
 * The inbox of deposits (issue 17, owner only): money that reached the shop's addresses or accounts
 * without paying a sale — late, in a coin or token the sale did not ask for, or (Solana) without the
 * sale's reference. Each is counted toward a sale, sent back to its sender, or dismissed with a note;
 * until then it is in no balance. docs/ui.md, "Deposits"; docs/payments.md, "Unmatched deposits".
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '../api-types.js';
import { useConfirm } from '../ConfirmDialog.js';
import { useNetworks } from '../networks.js';
import { useApi, useRefresh } from '../use-api.js';
import { announceDepositsChanged } from './deposits-changed.js';
import { DepositCard } from './DepositCard.js';
import { SETTLED } from './use-deposit-refund.js';

/** How often the list is read again while a deposit in it waits for its confirmations (seconds to minutes, by network). */
const CONFIRMING_REFRESH_MS = 3000;

const STATUSES = ['unmatched', 'attributed', 'refunded', 'dismissed', 'orphaned'] as const;
type Status = (typeof STATUSES)[number];

export function DepositsScreen() {
  const { t } = useTranslation('deposits');
  const networks = useNetworks();
  const [dialog, confirm] = useConfirm();
  const [status, setStatus] = useState<Status>('unmatched');
  const list = useApi<ApiData<'listDeposits'>>(`/v1/deposits?${new URLSearchParams({ status, limit: '50' })}`);
  const { data: page, error, reload: load } = list;
  // A deposit waiting for its network's confirmations moves on its own (confirmed, or orphaned by a
  // reorganisation): read the list again meanwhile, so its card offers to count or send it back once
  // it may, without the owner having to think of Refresh. No timer once none is waiting.
  const confirming = page?.items.some((d) => d.status === 'unmatched' && !d.confirmed) ?? false;
  useRefresh(confirming ? list : SETTLED, CONFIRMING_REFRESH_MS);
  // Refresh and a resolved deposit also bring the navigation's count up to date. One function for the
  // screen's life: a card calls it from an effect once its refund succeeded.
  const reload = useCallback(() => {
    load();
    announceDepositsChanged();
  }, [load]);

  return (
    <section className="deposits" aria-labelledby="deposits-heading">
      <h2 id="deposits-heading">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <div className="segmented" role="group" aria-label={t('filter')}>
        {STATUSES.map((s) => (
          <button key={s} type="button" className={s === status ? '' : 'secondary'} aria-pressed={s === status} onClick={() => setStatus(s)}>
            {t(`status.${s}`)}
          </button>
        ))}
        <button type="button" className="secondary" onClick={reload}>
          {t('refresh')}
        </button>
      </div>
      {error ? (
        <p className="error" role="alert">
          {t('loadFailed', { error })}
        </p>
      ) : null}
      {page && page.items.length === 0 ? <p role="status">{t(`empty.${status}`)}</p> : null}
      <ul className="deposit-list">
        {page?.items.map((d) => (
          <li key={d.id}>
            <DepositCard deposit={d} networks={networks} confirm={confirm} onResolved={reload} />
          </li>
        ))}
      </ul>
      {page?.has_more ? <p className="muted">{t('more')}</p> : null}
      {dialog}
    </section>
  );
}
