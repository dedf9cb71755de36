/** Sessions and their payments: filters, search, paging, a detail view with the event timeline, CSV. */
import { type FormEvent, useState } from 'react';
import { download, postJson } from '../api.js';
import type { ApiData, Network, Session, SessionPage } from '../api-types.js';
import { useAuth } from '../auth.js';
import { type Confirmation, useConfirm } from '../ConfirmDialog.js';
import { formatMoney, subtractMoney } from '../format.js';
import { networkName, useNetworks } from '../networks.js';
import { loadError, useApi } from '../use-api.js';
import { BookedFacts, bookedSum } from './BookedMoney.js';
import { paidWith, statusWords } from './session-words.js';


const STATUSES = ['', 'PENDING', 'PROCESSING', 'SUCCEEDED', 'EXPIRED', 'CANCELED'];
const CURRENCIES = ['', 'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'HKD', 'SGD', 'IDR', 'PHP', 'VND', 'THB', 'MYR', 'MXN', 'BRL', 'USDT', 'USDC'];
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
  const missing = subtractMoney(s.amount, s.amount_received);
  const short = /[1-9]/.test(missing.value) && !missing.value.startsWith('-');
  return {
    title: 'Accept this sale as paid?',
    body: (
      <>
        <p>
          The sale of <strong>{formatMoney(s.amount)}</strong> received <strong>{formatMoney(s.amount_received)}</strong>
          {s.exception === 'PAID_LATE' ? ', after it had expired' : ''}.
        </p>
        <p>
          {short ? (
            <>
              The missing <strong>{formatMoney(missing)}</strong> is written off: the sale counts as paid and the customer owes nothing more.
            </>
          ) : (
            'The sale counts as paid with what arrived.'
          )}{' '}
          This cannot be undone.
        </p>
      </>
    ),
    confirm: short ? `Write off ${formatMoney(missing)}` : 'Accept as paid',
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
    <section className="card detail" aria-label="Session details">
      <div className="screen-head">
        <h3>Session {id}</h3>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {session ? (
        <>
          <dl className="facts">
            <dt>Amount</dt>
            <dd>{formatMoney(session.amount)}</dd>
            <dt>Status</dt>
            <dd>
              <StatusCell s={session} />
            </dd>
            <dt>Received</dt>
            <dd>{formatMoney(session.amount_received)}</dd>
            <dt>Refunded</dt>
            <dd>{formatMoney(session.amount_refunded)}</dd>
            <BookedFacts booked={session.booked} />
            {session.description ? (
              <>
                <dt>Description</dt>
                <dd>{session.description}</dd>
              </>
            ) : null}
            <dt>Created</dt>
            <dd>{when.format(new Date(session.created_at))}</dd>
          </dl>
          {owner ? (
            <p className="detail-actions">
              {(session.exception === 'UNDERPAID' || session.exception === 'PAID_LATE') && session.status !== 'SUCCEEDED' && session.status !== 'PROCESSING' ? (
                <button type="button" onClick={() => void resolve(session)}>
                  Accept as paid…
                </button>
              ) : null}
              {/[1-9]/.test(session.amount_received.value) ? (
                // The Refunds screen opens this sale's refund form (or says why it cannot be refunded).
                <a className="button" href={`#/refunds?session=${encodeURIComponent(session.session_id)}`}>
                  Refund…
                </a>
              ) : null}
            </p>
          ) : null}
          <h4>Payments</h4>
          {session.payments.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul className="list">
              {session.payments.map((p) => (
                <li key={`${p.tx_hash}-${p.created_at}`}>
                  {p.amount} {p.currency} on {networkName(networks, p.network)}, {p.status} ({p.confirmations} confirmations):{' '}
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
              <h4>Timeline</h4>
              <ol className="timeline">
                {events.map((e) => (
                  <li key={e.id}>
                    <time dateTime={e.created_at}>{when.format(new Date(e.created_at))}</time> {e.type.replace(/^payment_session\./, '').replace(/_/g, ' ')}
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

export function TransactionsScreen() {
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
        <h2 id="transactions-title">Transactions</h2>
        {owner ? (
          <div className="actions">
            <button type="button" className="secondary" onClick={() => void exportCsv('plain')}>
              Export CSV
            </button>
            <button type="button" className="secondary" onClick={() => void exportCsv('excel')}>
              Export for Excel
            </button>
          </div>
        ) : null}
      </div>
      <form className="filters" onSubmit={apply}>
        <label>
          Search
          <input value={filters.search} onChange={set('search')} placeholder="12.50, a description, or ps_…" />
        </label>
        <label>
          Status
          <select value={filters.status} onChange={set('status')}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s || 'Any status'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Currency
          <select value={filters.currency} onChange={set('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c || 'Any currency'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Network
          <select value={filters.network} onChange={set('network')}>
            {[['', 'Any network'], ...networks.map((n): [string, string] => [n.network, n.name])].map(([v, name]) => (
              <option key={v} value={v}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={set('to')} />
        </label>
        <button type="submit">Apply</button>
      </form>
      {error ? <p className="error" role="alert">{error}</p> : null}
      <table className="table" aria-label="Payment sessions">
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Received</th>
            <th scope="col">Fee</th>
            <th scope="col">Net</th>
            <th scope="col">Paid with</th>
            <th scope="col">Session</th>
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.session_id}>
              <td>{when.format(new Date(s.created_at))}</td>
              <td>{formatMoney(s.amount)}</td>
              <td>
                <StatusCell s={s} />
              </td>
              <td>{formatMoney(s.amount_received)}</td>
              <td>{bookedSum(s.booked, 'fee')}</td>
              <td>{bookedSum(s.booked, 'net')}</td>
              <td>{paidWith(s, networks)}</td>
              <td>
                {/* The whole id, cut short by CSS: a name must contain the visible text as words (WCAG 2.5.3). */}
                <button type="button" className="link session-link" onClick={() => setSelected(s.session_id)} aria-label={`Details of ${s.session_id}`}>
                  {s.session_id}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page && items.length === 0 && !error ? <p className="muted">No sessions match.</p> : null}
      <nav className="pager" aria-label="Pages">
        <button type="button" className="secondary" disabled={!items.length || (!cursor.after && !(cursor.before && page?.has_more))} onClick={() => setCursor({ before: items[0]?.session_id })}>
          Newer
        </button>
        <button type="button" className="secondary" disabled={!items.length || (!page?.has_more && !cursor.before)} onClick={() => setCursor({ after: items[items.length - 1]?.session_id })}>
          Older
        </button>
      </nav>
      {selected ? <Detail id={selected} networks={networks} onClose={() => setSelected(undefined)} /> : null}
    </section>
  );
}
