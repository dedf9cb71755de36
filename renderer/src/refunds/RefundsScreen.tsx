/**
 * Refunds: find the sale (by amount, description or id; or opened from a transaction's detail with
 * `#/refunds?session=ps_…`), refund all or part of it by its original route once confirmed, follow
 * each refund.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson } from '../api.js';
import { useConfirm } from '../ConfirmDialog.js';
import { useNetworks } from '../networks.js';
import type { Page, Session } from '../types.js';
import { FindSale } from './FindSale.js';
import { NewRefund } from './NewRefund.js';
import { type Refund, RefundRow } from './RefundRow.js';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The sale the location names (`#/refunds?session=ps_…`), as the transaction detail's Refund button opens it. */
const sessionInHash = () => new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('session') ?? undefined;

export function RefundsScreen() {
  const [session, setSession] = useState<Session>();
  const [refunds, setRefunds] = useState<Refund[]>([]);
  const [error, setError] = useState<string>();
  const networks = useNetworks();
  const [dialog, confirm] = useConfirm();
  const { t } = useTranslation('refunds');

  const load = useCallback(async () => {
    try {
      setRefunds((await getJson<Page<Refund>>('/v1/refunds?limit=50')).items);
    } catch (err) {
      setError(message(err));
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [load]);

  const open = useCallback(async (id: string) => {
    setError(undefined);
    try {
      setSession(await getJson<Session>(`/v1/payment/sessions/${encodeURIComponent(id)}`));
    } catch (err) {
      setSession(undefined);
      setError(message(err));
    }
  }, []);
  useEffect(() => {
    const fromHash = () => {
      const id = sessionInHash();
      if (id) void open(id);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [open]);

  return (
    <section className="screen" aria-labelledby="refunds-title">
      <h2 id="refunds-title">{t('title')}</h2>
      <FindSale
        onPick={(s) => {
          setError(undefined);
          setSession(s);
        }}
      />
      {error ? <p className="error" role="alert">{error}</p> : null}
      {session ? (
        <NewRefund
          key={session.session_id}
          session={session}
          networks={networks}
          confirm={confirm}
          onSent={async () => {
            await open(session.session_id);
            await load();
          }}
        />
      ) : null}
      <h3>{t('recent')}</h3>
      {refunds.length === 0 ? <p className="muted">{t('noneYet')}</p> : null}
      <ul className="endpoints">
        {refunds.map((r) => (
          <RefundRow key={r.id} r={r} networks={networks} onChange={() => void load()} confirm={confirm} />
        ))}
      </ul>
      {dialog}
    </section>
  );
}
