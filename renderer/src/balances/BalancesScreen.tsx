/** Balances: funds accounts, totals in the reporting currency, daily volume, settlements, conversions. */
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { getJson } from '../api.js';
import type { ApiData, Balance, BalanceSummary } from '../api-types.js';
import { formatMoney, formatRate } from '../format.js';
import { useLoad } from '../use-api.js';
import { MoneyBreakdown } from './MoneyBreakdown.js';
import { useQuote } from './quote.js';
import { UnmatchedDeposits } from './UnmatchedDeposits.js';

// The charting library is loaded with the Balances screen only, not with the till.
const VolumeChart = lazy(() => import('./VolumeChart.js').then((m) => ({ default: m.VolumeChart })));

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** Days the chart covers. */
const CHART_DAYS = 30;
const CONVERTIBLE = ['USDT', 'USDC', 'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'HKD', 'SGD', 'IDR', 'PHP', 'VND', 'THB', 'MYR', 'MXN', 'BRL'];

export function BalancesScreen() {
  // One view, read together: the figures of one moment, never a balance newer than its breakdown.
  const view = useLoad(
    (signal) =>
      Promise.all([
        getJson<Balance>('/v1/balance', signal),
        getJson<ApiData<'listConversions'>>('/v1/conversions?limit=10', signal),
        // The daily series and the breakdowns are the core's sums (fees and refunds counted), not the screen's.
        getJson<BalanceSummary>(`/v1/balance/summary?days=${CHART_DAYS}`, signal),
      ]),
    [],
  );
  const [balance, conversionPage, summary] = view.data ?? [];
  const conversions = conversionPage?.items ?? [];
  const { quote, quoteError, requestQuote, confirmQuote, clearQuote } = useQuote();
  const load = view.reload;
  const [from, setFrom] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [to, setTo] = useState('EUR');

  const onQuote = (e: FormEvent) => {
    e.preventDefault();
    void requestQuote({ value: amount.trim(), currency: from }, to);
  };

  return (
    <section className="screen" aria-labelledby="balances-title">
      <div className="screen-head">
        <h2 id="balances-title">Balances</h2>
        <button type="button" onClick={load} disabled={view.loading}>
          Refresh
        </button>
      </div>
      {view.error ? <p className="error" role="alert">Could not load balances: {view.error}</p> : null}
      {balance ? (
        <>
          <div className="cards">
            <div className="card total">
              <h3>Total in {balance.total.currency}</h3>
              <p className="big">{formatMoney(balance.total.available)}</p>
              <p className="muted">available, plus {formatMoney(balance.total.pending)} pending</p>
              {balance.total.missing_rates.length ? (
                <p className="muted">Not counted (no rate): {balance.total.missing_rates.join(', ')}</p>
              ) : null}
            </div>
          </div>
          <table className="table" aria-label="Funds accounts">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Available</th>
                <th scope="col">Pending</th>
              </tr>
            </thead>
            <tbody>
              {balance.accounts.map((a) => (
                <tr key={a.currency}>
                  <th scope="row">{a.currency}</th>
                  <td>{formatMoney(a.available)}</td>
                  <td>{formatMoney(a.pending)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <UnmatchedDeposits version={balance} />

          {summary ? (
            <>
              <h3>What makes up each balance</h3>
              <MoneyBreakdown accounts={summary.accounts} />
              <h3>Daily net sales</h3>
              <Suspense fallback={<p className="muted">Loading the chart…</p>}>
                <VolumeChart days={summary.days} />
              </Suspense>
            </>
          ) : null}

          <h3>Upcoming settlements</h3>
          {balance.upcoming_settlements.length === 0 ? (
            <p className="muted">Nothing pending.</p>
          ) : (
            <ul className="list">
              {balance.upcoming_settlements.map((s) => (
                <li key={s.id}>
                  {formatMoney(s.amount)} available {dateTime.format(new Date(s.available_on))}
                </li>
              ))}
            </ul>
          )}

          <h3>Convert</h3>
          <form className="convert" onSubmit={onQuote}>
            <label>
              From
              <select value={from} onChange={(e) => setFrom(e.target.value)}>
                {CONVERTIBLE.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <label>
              Amount
              <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required placeholder="100.00" />
            </label>
            <label>
              To
              <select value={to} onChange={(e) => setTo(e.target.value)}>
                {CONVERTIBLE.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <button type="submit">Get a quote</button>
          </form>
          {quoteError ? <p className="error" role="alert">{quoteError}</p> : null}
          {quote ? (
            <div className="card quote" aria-live="polite">
              <p>
                {formatMoney(quote.from)} → <strong>{formatMoney(quote.to)}</strong> (rate {formatRate(quote.rate)}, fee {formatMoney(quote.fee)}, {quote.rate_source})
              </p>
              <p className="muted">Valid until {dateTime.format(new Date(quote.expires_at))}</p>
              <button type="button" onClick={() => void confirmQuote().then((done) => done && load())}>
                Convert
              </button>{' '}
              <button type="button" className="secondary" onClick={clearQuote}>
                Cancel
              </button>
            </div>
          ) : null}

          <h3>Recent conversions</h3>
          {conversions.length === 0 ? (
            <p className="muted">None yet.</p>
          ) : (
            <ul className="list">
              {conversions.map((c) => (
                <li key={c.id}>
                  {dateTime.format(new Date(c.created_at))}: {formatMoney(c.from)} → {formatMoney(c.to)}
                  {c.automatic ? ' (automatic, on settlement)' : ''}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : view.loading ? (
        <p className="muted">Loading…</p>
      ) : null}
    </section>
  );
}
