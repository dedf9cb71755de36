/**
 * Refunds: find the sale (by amount, description or id; or opened from a transaction's detail with
 * `#/refunds?session=ps_…`), refund all or part of it by its original route once confirmed, follow
 * each refund.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiData, Session } from '../api-types.js';
import { useConfirm } from '../ConfirmDialog.js';
import { useNetworks } from '../networks.js';
import { useApi, useRefresh } from '../use-api.js';
import { FindSale } from './FindSale.js';
import { NewRefund } from './NewRefund.js';
import { RefundRow } from './RefundRow.js';

/** How often the list is read again while shown: payouts move on their own (confirmations, a manual payout seen). */
const REFRESH_MS = 3000;

/** The sale the location names (`#/refunds?session=ps_…`), as the transaction detail's Refund button opens it. */
const sessionInHash = () => new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('session') ?? undefined;

export function RefundsScreen() {
  /** The sale whose refund form is open: picked in FindSale, or named by the location. */
  const [sessionId, setSessionId] = useState<string | undefined>(sessionInHash);
  const chosen = useApi<Session>(sessionId ? `/v1/payment/sessions/${encodeURIComponent(sessionId)}` : null);
  const session = chosen.error ? undefined : chosen.data;
  const list = useApi<ApiData<'listRefunds'>>('/v1/refunds?limit=50');
  const refunds = list.data?.items ?? [];
  const error = chosen.error ?? list.error;
  const networks = useNetworks();
  const [dialog, confirm] = useConfirm();
  const { t } = useTranslation('refunds');

  useRefresh(list, REFRESH_MS);

  useEffect(() => {
    const fromHash = () => {
      const id = sessionInHash();
      if (id) setSessionId(id);
    };
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);

  return (
    <section className="screen" aria-labelledby="refunds-title">
      <h2 id="refunds-title">{t('title')}</h2>
      <FindSale onPick={(s) => setSessionId(s?.session_id)} />
      {error ? <p className="error" role="alert">{error}</p> : null}
      {session ? (
        <NewRefund
          key={session.session_id}
          session={session}
          networks={networks}
          confirm={confirm}
          onSent={() => {
            chosen.reload();
            list.reload();
          }}
        />
      ) : null}
      <h3>{t('recent')}</h3>
      {refunds.length === 0 ? <p className="muted">{t('noneYet')}</p> : null}
      <ul className="endpoints">
        {refunds.map((r) => (
          <RefundRow key={r.id} r={r} networks={networks} onChange={list.reload} confirm={confirm} />
        ))}
      </ul>
      {dialog}
    </section>
  );
}
