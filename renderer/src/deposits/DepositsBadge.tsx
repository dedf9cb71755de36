/**
 * How many deposits wait for the owner, beside "Deposits" in the navigation (issue 17): read when the
 * owner signs in, again a minute after each answer, whenever the screen changes, and whenever the
 * inbox reads or resolves deposits (a deposit just resolved lowers it at once). Nothing while there are none or they cannot be read.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '../api-types.js';
import { useApi, useRefresh } from '../use-api.js';
import { onDepositsChanged } from './deposits-changed.js';

const LIMIT = 100;

export function DepositsBadge({ again }: { again: unknown }) {
  const { t } = useTranslation('deposits');
  const waiting = useApi<ApiData<'listDeposits'>>(`/v1/deposits?status=unmatched&limit=${LIMIT}`, [again]);
  useRefresh(waiting, 60_000);
  const { reload } = waiting;
  useEffect(() => onDepositsChanged(reload), [reload]);
  const count = waiting.data?.items.length ?? 0;
  if (count === 0) return null;
  const shown = waiting.data?.has_more ? `${LIMIT}+` : String(count);
  // The number for the eye; the words for a screen reader, in the link's name ("Deposits, 3 to resolve").
  return (
    <>
      <span className="badge badge-count" aria-hidden="true">
        {shown}
      </span>
      <span className="visually-hidden">{t('badge', { count })}</span>
    </>
  );
}
