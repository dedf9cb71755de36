/** Balances: funds accounts, totals in the reporting currency, daily volume, settlements, conversions. */
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { getJson } from '../api.js';
import type { ApiData, Balance, BalanceSummary } from '../api-types.js';
import { formatRate } from '../format.js';
import { dateFormat, money as formatMoney } from '../i18n/locale-format.js';
import { useLoad } from '../use-api.js';
import { MoneyBreakdown } from './MoneyBreakdown.js';
import { useQuote } from './quote.js';
import { UnmatchedDeposits } from './UnmatchedDeposits.js';

// The charting library is loaded with the Balances screen only, not with the till.
const VolumeChart = lazy(() => import('./VolumeChart.js').then((m) => ({ default: m.VolumeChart })));

const dateTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
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
  const { t } = useTranslation('balances');

  const onQuote = (e: FormEvent) => {
    e.preventDefault();
    void requestQuote({ value: amount.trim(), currency: from }, to);
  };

  return (
    <section className="screen" aria-labelledby="balances-title">
      <div className="screen-head">
        <h2 id="balances-title">{t('title')}</h2>
        <button type="button" onClick={load} disabled={view.loading}>
          {t('refresh')}
        </button>
      </div>
      {view.error ? <p className="error" role="alert">{t('loadFailed', { error: view.error })}</p> : null}
      {balance ? (
        <>
          <div className="cards">
            <div className="card total">
              <h3>{t('total.title', { currency: balance.total.currency })}</h3>
              <p className="big">{formatMoney(balance.total.available)}</p>
              <p className="muted">{t('total.pending', { pending: formatMoney(balance.total.pending) })}</p>
              {balance.total.missing_rates.length ? (
                <p className="muted">{t('total.notCounted', { currencies: balance.total.missing_rates.join(', ') })}</p>
              ) : null}
            </div>
          </div>
          <table className="table" aria-label={t('accounts.label')}>
            <thead>
              <tr>
                <th scope="col">{t('accounts.account')}</th>
                <th scope="col">{t('accounts.available')}</th>
                <th scope="col">{t('accounts.pending')}</th>
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
              <h3>{t('breakdown.title')}</h3>
              <MoneyBreakdown accounts={summary.accounts} />
              <h3>{t('chart.title')}</h3>
              <Suspense fallback={<p className="muted">{t('chart.loading')}</p>}>
                <VolumeChart days={summary.days} />
              </Suspense>
            </>
          ) : null}

          <h3>{t('settlements.title')}</h3>
          {balance.upcoming_settlements.length === 0 ? (
            <p className="muted">{t('settlements.none')}</p>
          ) : (
            <ul className="list">
              {balance.upcoming_settlements.map((s) => (
                <li key={s.id}>
                  {t('settlements.item', { amount: formatMoney(s.amount), date: dateTime(s.available_on) })}
                </li>
              ))}
            </ul>
          )}

          <h3>{t('convert.title')}</h3>
          <form className="convert" onSubmit={onQuote}>
            <label>
              {t('convert.from')}
              <select value={from} onChange={(e) => setFrom(e.target.value)}>
                {CONVERTIBLE.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <label>
              {t('convert.amount')}
              <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required placeholder="100.00" />
            </label>
            <label>
              {t('convert.to')}
              <select value={to} onChange={(e) => setTo(e.target.value)}>
                {CONVERTIBLE.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <button type="submit">{t('convert.quote')}</button>
          </form>
          {quoteError ? <p className="error" role="alert">{quoteError}</p> : null}
          {quote ? (
            <div className="card quote" aria-live="polite">
              <p>
                <Trans
                  t={t}
                  i18nKey="convert.quoteLine"
                  values={{ from: formatMoney(quote.from), to: formatMoney(quote.to), rate: formatRate(quote.rate), fee: formatMoney(quote.fee), source: quote.rate_source }}
                  components={{ strong: <strong /> }}
                />
              </p>
              <p className="muted">{t('convert.validUntil', { date: dateTime(quote.expires_at) })}</p>
              <button type="button" onClick={() => void confirmQuote().then((done) => done && load())}>
                {t('convert.confirm')}
              </button>{' '}
              <button type="button" className="secondary" onClick={clearQuote}>
                {t('convert.cancel')}
              </button>
            </div>
          ) : null}

          <h3>{t('conversions.title')}</h3>
          {conversions.length === 0 ? (
            <p className="muted">{t('conversions.none')}</p>
          ) : (
            <ul className="list">
              {conversions.map((c) => (
                <li key={c.id}>
                  {t(c.automatic ? 'conversions.automatic' : 'conversions.item', { date: dateTime(c.created_at), from: formatMoney(c.from), to: formatMoney(c.to) })}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : view.loading ? (
        <p className="muted">{t('loading')}</p>
      ) : null}
    </section>
  );
}
