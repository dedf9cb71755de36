/** Sessions and their payments: filters, search, paging, a detail view with the event timeline, CSV. */
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { download, postJson } from '../api.js';
import type { ApiData, Network, Session, SessionPage } from '../api-types.js';
import { useAuth } from '../auth.js';
import { type Confirmation, useConfirm } from '../ConfirmDialog.js';
import { subtractMoney } from '../format.js';
import { i18n } from '../i18n/index.js';
import { dateFormat, money } from '../i18n/locale-format.js';
import { networkName, useNetworks } from '../networks.js';
import { loadError, useApi } from '../use-api.js';
import { BookedFacts, bookedFee, bookedNet } from './BookedMoney.js';
import { paidWith, statusWord, statusWords } from './session-words.js';


const STATUSES = ['', 'PENDING', 'PROCESSING', 'SUCCEEDED', 'EXPIRED', 'CANCELED'];
const CURRENCIES = ['', 'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'HKD', 'SGD', 'IDR', 'PHP', 'VND', 'THB', 'MYR', 'MXN', 'BRL', 'USDT', 'USDC'];
const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const PAYMENT_STATUSES = ['detected', 'confirmed', 'orphaned'] as const;
const EVENTS = ['created', 'payment_detected', 'payment_orphaned', 'processing', 'succeeded', 'expired', 'canceled', 'exception'] as const;
const known = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

interface Filters {
  status: string;
  currency: string;
  network: string;
  from: string;
  to: string;
  search: string;
}

/** The list's query string: filters as the API names them; dates are whole local days. */
function query(f: Filters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.status) q.set('status', f.status);
  if (f.currency) q.set('currency', f.currency);
  if (f.network) q.set('network', f.network);
  if (f.from) q.set('created_gte', new Date(`${f.from}T00:00:00`).toISOString());
  if (f.to) q.set('created_lt', new Date(new Date(`${f.to}T00:00:00`).getTime() + 86_400_000).toISOString());
  // One box: the API finds the text in the id's start, the description or the amount.
  const s = f.search.trim();
  if (s) q.set('search', s);
  return q;
}

/** What "Accept as paid" writes off, said before it is done. */
function acceptWords(s: Session): Confirmation {
  // Refunds made already paid part of it back: the sale keeps, and the balance books, only the rest
  // (docs/balances.md, "Refunds before success"), so that is what the owner is told it accepts.
  const refunded = /[1-9]/.test(s.amount_refunded.value);
  const kept = subtractMoney(s.amount_received, s.amount_refunded);
  const missing = subtractMoney(s.amount, kept);
  const short = /[1-9]/.test(missing.value) && !missing.value.startsWith('-');
  const values = { amount: money(s.amount), received: money(s.amount_received), refunded: money(s.amount_refunded), kept: money(kept), missing: money(missing) };
  return {
    title: i18n.t('transactions:accept.title'),
    body: (
      <>
        <p>
          <Trans ns="transactions" i18nKey={s.exception === 'PAID_LATE' ? 'accept.receivedLate' : 'accept.received'} values={values} components={{ strong: <strong /> }} />
        </p>
        {refunded ? (
          <p>
            <Trans ns="transactions" i18nKey="accept.refunded" values={values} components={{ strong: <strong /> }} />
          </p>
        ) : null}
        <p>
          {short ? (
            <Trans ns="transactions" i18nKey="accept.writtenOff" values={values} components={{ strong: <strong /> }} />
          ) : (
            i18n.t('transactions:accept.asReceived')
          )}
        </p>
      </>
    ),
    confirm: short ? i18n.t('transactions:accept.writeOff', values) : i18n.t('transactions:accept.confirm'),
  };
}

function StatusCell({ s }: { s: Session }) {
  return (
    <span className={`badge badge-${s.status.toLowerCase()}`}>{statusWords(s)}</span>
  );
}

function Detail({ id, networks, onClose }: { id: string; networks: readonly Network[]; onClose: () => void }) {
  // Accepting, refunding and the timeline are the owner's (docs/api.md, "Roles"): a cashier is not offered them.
  const owner = useAuth((a) => a.user?.role === 'owner');
  const { t } = useTranslation('transactions');
  const [dialog, confirm] = useConfirm();
  const loaded = useApi<Session>(`/v1/payment/sessions/${encodeURIComponent(id)}`);
  // The timeline is the owner's (the events API); a cashier sees the session without it, and so does
  // an owner when it cannot be read (its error is not shown: the session is what was asked for).
  const timeline = useApi<ApiData<'listEvents'>>(owner ? `/v1/events?object_id=${encodeURIComponent(id)}&limit=100` : null);
  const session = loaded.data;
  const events = [...(timeline.data?.items ?? [])].reverse();
  const [actionError, setActionError] = useState<string>();
  const error = actionError ?? loaded.error;
  const resolve = async (s: Session) => {
    if (!(await confirm(acceptWords(s)))) return;
    try {
      await postJson(`/v1/payment/sessions/${encodeURIComponent(id)}/resolve`, {});
      setActionError(undefined);
      loaded.reload();
      timeline.reload();
    } catch (err) {
      setActionError(loadError(err));
    }
  };
  return (
    <section className="card detail" aria-label={t('detail.label')}>
      <div className="screen-head">
        <h3>{t('detail.title', { id })}</h3>
        <button type="button" className="secondary" onClick={onClose}>
          {t('detail.close')}
        </button>
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {session ? (
        <>
          <dl className="facts">
            <dt>{t('detail.amount')}</dt>
            <dd>{money(session.amount)}</dd>
            <dt>{t('detail.status')}</dt>
            <dd>
              <StatusCell s={session} />
            </dd>
            <dt>{t('detail.received')}</dt>
            <dd>{money(session.amount_received)}</dd>
            <dt>{t('detail.refunded')}</dt>
            <dd>{money(session.amount_refunded)}</dd>
            <BookedFacts booked={session.booked} />
            {session.description ? (
              <>
                <dt>{t('detail.description')}</dt>
                <dd>{session.description}</dd>
              </>
            ) : null}
            <dt>{t('detail.created')}</dt>
            <dd>{when(session.created_at)}</dd>
          </dl>
          {owner ? (
            <p className="detail-actions">
              {(session.exception === 'UNDERPAID' || session.exception === 'PAID_LATE') && session.status !== 'SUCCEEDED' && session.status !== 'PROCESSING' ? (
                <button type="button" onClick={() => void resolve(session)}>
                  {t('detail.acceptAsPaid')}
                </button>
              ) : null}
              {/[1-9]/.test(session.amount_received.value) ? (
                // The Refunds screen opens this sale's refund form (or says why it cannot be refunded).
                <a className="button" href={`#/refunds?session=${encodeURIComponent(session.session_id)}`}>
                  {t('detail.refund')}
                </a>
              ) : null}
            </p>
          ) : null}
          <h4>{t('detail.payments')}</h4>
          {session.payments.length === 0 ? (
            <p className="muted">{t('detail.noPayments')}</p>
          ) : (
            <ul className="list">
              {session.payments.map((p) => (
                <li key={`${p.tx_hash}-${p.created_at}`}>
                  {t('detail.payment', {
                    amount: money({ value: p.amount, currency: p.currency }),
                    network: networkName(networks, p.network),
                    status: known(PAYMENT_STATUSES, p.status) ? t(`paymentStatus.${p.status}`) : p.status,
                    count: p.confirmations,
                  })}
                  {p.explorer_url ? (
                    <a href={p.explorer_url} target="_blank" rel="noopener noreferrer">
                      {p.tx_hash.slice(0, 12)}…
                    </a>
                  ) : (
                    <code title={p.tx_hash}>{p.tx_hash.slice(0, 12)}…</code>
                  )}
                </li>
              ))}
            </ul>
          )}
          {owner ? (
            <>
              <h4>{t('detail.timeline')}</h4>
              <ol className="timeline">
                {events.map((e) => (
                  <li key={e.id}>
                    <time dateTime={e.created_at}>{when(e.created_at)}</time> {eventWords(e.type)}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </>
      ) : null}
      {dialog}
    </section>
  );
}

/** An event's type as a word of the timeline ("payment detected"); one the app does not know yet, from its code. */
function eventWords(type: string): string {
  const name = type.replace(/^payment_session\./, '');
  return known(EVENTS, name) ? i18n.t(`transactions:event.${name}`) : name.replace(/_/g, ' ');
}

export function TransactionsScreen() {
  const { t } = useTranslation('transactions');
  const [filters, setFilters] = useState<Filters>({ status: '', currency: '', network: '', from: '', to: '', search: '' });
  const [applied, setApplied] = useState(filters);
  const [cursor, setCursor] = useState<{ after?: string; before?: string }>({});
  const [exportError, setExportError] = useState<string>();
  const [selected, setSelected] = useState<string>();
  const owner = useAuth((a) => a.user?.role === 'owner');
  // The networks of the chain families the app has: the filter offers nothing it would refuse.
  const networks = useNetworks();

  const q = query(applied);
  q.set('limit', '20');
  if (cursor.after) q.set('starting_after', cursor.after);
  if (cursor.before) q.set('ending_before', cursor.before);
  const list = useApi<SessionPage>(`/v1/payment/sessions?${q}`);
  const page = list.error ? undefined : list.data;
  const error = exportError ?? list.error;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setExportError(undefined);
    setCursor({});
    setApplied(filters);
    list.reload(); // Apply reads the list again even when the filters did not change
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setFilters({ ...filters, [key]: e.target.value });
  const items = page?.items ?? [];
  // `format=excel`: the byte order mark and text amounts Excel needs (docs/api.md, "CSV exports").
  const exportCsv = (format: 'plain' | 'excel') =>
    download(`/v1/payment/sessions.csv?${query(applied)}${format === 'excel' ? '&format=excel' : ''}`, 'payment-sessions.csv').then(
      () => setExportError(undefined),
      (err: unknown) => setExportError(loadError(err)),
    );

  return (
    <section className="screen" aria-labelledby="transactions-title">
      <div className="screen-head">
        <h2 id="transactions-title">{t('title')}</h2>
        {owner ? (
          <div className="actions">
            <button type="button" className="secondary" onClick={() => void exportCsv('plain')}>
              {t('exportCsv')}
            </button>
            <button type="button" className="secondary" onClick={() => void exportCsv('excel')}>
              {t('exportExcel')}
            </button>
          </div>
        ) : null}
      </div>
      <form className="filters" onSubmit={apply}>
        <label>
          {t('filters.search')}
          <input value={filters.search} onChange={set('search')} placeholder={t('filters.searchPlaceholder')} />
        </label>
        <label>
          {t('filters.status')}
          <select value={filters.status} onChange={set('status')}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s ? statusWord(s) : t('filters.anyStatus')}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filters.currency')}
          <select value={filters.currency} onChange={set('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c || t('filters.anyCurrency')}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filters.network')}
          <select value={filters.network} onChange={set('network')}>
            {[['', t('filters.anyNetwork')], ...networks.map((n): [string, string] => [n.network, n.name])].map(([v, name]) => (
              <option key={v} value={v}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filters.from')}
          <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label>
          {t('filters.to')}
          <input type="date" value={filters.to} onChange={set('to')} />
        </label>
        <button type="submit">{t('filters.apply')}</button>
      </form>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {/* One card per session on a phone (each value under its column's name), not a page wider than the screen. */}
      <div className="table-scroll">
      <table className="table stack-on-phone" aria-label={t('table.label')}>
        <thead>
          <tr>
            <th scope="col">{t('table.created')}</th>
            <th scope="col">{t('table.amount')}</th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.received')}</th>
            <th scope="col">{t('table.fee')}</th>
            <th scope="col">{t('table.net')}</th>
            <th scope="col">{t('table.paidWith')}</th>
            <th scope="col">{t('table.session')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.session_id}>
              <td data-label={t('table.created')}>{when(s.created_at)}</td>
              <td data-label={t('table.amount')}>{money(s.amount)}</td>
              <td data-label={t('table.status')}>
                <StatusCell s={s} />
              </td>
              <td data-label={t('table.received')}>{money(s.amount_received)}</td>
              <td data-label={t('table.fee')}>{bookedFee(s.booked)}</td>
              <td data-label={t('table.net')}>{bookedNet(s.booked)}</td>
              <td data-label={t('table.paidWith')}>{paidWith(s, networks)}</td>
              <td data-label={t('table.session')}>
                {/* The whole id, cut short by CSS: a name must contain the visible text as words (WCAG 2.5.3). */}
                <button type="button" className="link session-link" onClick={() => setSelected(s.session_id)} aria-label={t('table.details', { id: s.session_id })}>
                  {s.session_id}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {page && items.length === 0 && !error ? <p className="muted">{t('table.none')}</p> : null}
      <nav className="pager" aria-label={t('pager.label')}>
        <button type="button" className="secondary" disabled={!items.length || (!cursor.after && !(cursor.before && page?.has_more))} onClick={() => setCursor({ before: items[0]?.session_id })}>
          {t('pager.newer')}
        </button>
        <button type="button" className="secondary" disabled={!items.length || (!page?.has_more && !cursor.before)} onClick={() => setCursor({ after: items[items.length - 1]?.session_id })}>
          {t('pager.older')}
        </button>
      </nav>
      {selected ? <Detail id={selected} networks={networks} onClose={() => setSelected(undefined)} /> : null}
    </section>
  );
}
