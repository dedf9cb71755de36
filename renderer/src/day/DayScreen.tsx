/**
 * The owner's Day screen (docs/ui.md, "Day"): the shop's Z-report for one day in its time zone
 * (GET /v1/reports/daily): totals, sales by hour, by network, the shifts and what each charged
 * against what arrived; the CSV and the printable page to download.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../api.js';
import type { DailyReport } from '../api-types.js';
import { dateFormat, money } from '../i18n/locale-format.js';
import { networkName, useNetworks } from '../networks.js';
import { useApi } from '../use-api.js';
import { HourChart } from './HourChart.js';

const time = dateFormat({ dateStyle: 'short', timeStyle: 'short' });

export function DayScreen() {
  const { t } = useTranslation('day');
  const networks = useNetworks();
  // No date: the core answers today in the shop's time zone, and the picker shows it.
  const [date, setDate] = useState<string | undefined>(undefined);
  const view = useApi<DailyReport>(`/v1/reports/daily${date ? `?date=${date}` : ''}`);
  const [fileError, setFileError] = useState<string>();
  const report = view.data;
  const cur = report?.reporting_currency ?? '';
  const m = (value: string, currency = cur) => money({ value, currency });

  const save = (format: 'csv' | 'html') => {
    if (!report) return;
    setFileError(undefined);
    download(`/v1/reports/daily?date=${report.date}&format=${format}`, `day-${report.date}.${format}`).catch((e: unknown) => setFileError(e instanceof Error ? e.message : String(e)));
  };

  return (
    <section className="screen" aria-labelledby="day-title">
      <div className="screen-head">
        <h2 id="day-title">{t('title')}</h2>
        <div className="day-tools">
          <label>
            {t('date')}{' '}
            <input type="date" value={date ?? report?.date ?? ''} onChange={(e) => e.target.value && setDate(e.target.value)} />
          </label>
          <button type="button" onClick={view.reload} disabled={view.loading}>
            {t('refresh')}
          </button>
        </div>
      </div>
      {view.error ? <p className="error" role="alert">{t('loadFailed', { error: view.error })}</p> : null}
      {report ? (
        <>
          <p className="muted">{t('bounds', { date: report.date, zone: report.time_zone })}</p>
          <div className="cards day-cards">
            <div className="card total">
              <h3>{t('totals.net', { currency: cur })}</h3>
              <p className="big">{m(report.totals.reporting.net)}</p>
              <p className="muted">
                {t('totals.parts', { gross: m(report.totals.reporting.gross), tips: m(report.totals.reporting.tips), fees: m(report.totals.reporting.fees), refunds: m(report.totals.reporting.refunds) })}
              </p>
              <p className="muted">{t('totals.sales', { count: report.totals.sales.count, paid: report.totals.sales.by_status.SUCCEEDED ?? 0 })}</p>
              {report.totals.reporting.missing_rates.length ? <p className="muted">{t('totals.missingRates', { coins: report.totals.reporting.missing_rates.join(', ') })}</p> : null}
            </div>
          </div>
          <div className="day-downloads">
            <button type="button" className="secondary" onClick={() => save('csv')}>
              {t('downloadCsv')}
            </button>
            <button type="button" className="secondary" onClick={() => save('html')}>
              {t('downloadPage')}
            </button>
          </div>
          {fileError ? <p className="error" role="alert">{fileError}</p> : null}

          <h3>{t('byHour')}</h3>
          <HourChart report={report} />

          <h3>{t('byNetwork.title')}</h3>
          {report.by_network.length === 0 ? (
            <p className="muted">{t('nothingPaid')}</p>
          ) : (
            <div className="table-scroll">
              <table className="table stack-on-phone" aria-label={t('byNetwork.title')}>
                <thead>
                  <tr>
                    <th scope="col">{t('byNetwork.network')}</th>
                    <th scope="col">{t('byNetwork.sales')}</th>
                    <th scope="col">{t('byNetwork.gross')}</th>
                    <th scope="col">{t('byNetwork.fees')}</th>
                    <th scope="col">{t('byNetwork.net')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.by_network.map((n) => (
                    <tr key={n.network}>
                      <th scope="row">{networkName(networks, n.network)}</th>
                      <td data-label={t('byNetwork.sales')}>{n.sales}</td>
                      <td data-label={t('byNetwork.gross')}>{m(n.gross)}</td>
                      <td data-label={t('byNetwork.fees')}>{m(n.fees)}</td>
                      <td data-label={t('byNetwork.net')}>{m(n.net)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <h3>{t('charged.title')}</h3>
          {report.totals.reconciliation.charged.length === 0 ? <p className="muted">{t('nothingCharged')}</p> : null}
          {report.totals.reconciliation.charged.map((c) => (
            <p key={c.currency} className={c.difference.startsWith('-') ? 'error' : undefined}>
              {t('charged.line', { charged: m(c.charged, c.currency), received: m(c.received, c.currency), difference: m(c.difference, c.currency) })}
            </p>
          ))}
          {report.outside_shifts.sales > 0 ? <p className="muted">{t('outside', { count: report.outside_shifts.sales })}</p> : null}

          <h3>{t('shifts.title')}</h3>
          {report.shifts.length === 0 ? (
            <p className="muted">{t('shifts.none')}</p>
          ) : (
            <div className="table-scroll">
              <table className="table stack-on-phone" aria-label={t('shifts.title')}>
                <thead>
                  <tr>
                    <th scope="col">{t('shifts.till')}</th>
                    <th scope="col">{t('shifts.who')}</th>
                    <th scope="col">{t('shifts.when')}</th>
                    <th scope="col">{t('shifts.sales')}</th>
                    <th scope="col">{t('shifts.difference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.shifts.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">{s.till}</th>
                      <td data-label={t('shifts.who')}>{s.name}</td>
                      <td data-label={t('shifts.when')}>
                        {time(s.opened_at)} – {s.closed_at ? time(s.closed_at) : t('shifts.open')}
                      </td>
                      <td data-label={t('shifts.sales')}>{s.sales_today}</td>
                      <td data-label={t('shifts.difference')}>
                        {s.charged.length === 0
                          ? '—'
                          : s.charged.map((c) => (
                              <span key={c.currency} className="day-diff">
                                {t('shifts.diff', { charged: m(c.charged, c.currency), received: m(c.received, c.currency), difference: m(c.difference, c.currency) })}
                              </span>
                            ))}
                        {s.underpaid + s.overpaid + s.late + s.unconfirmed > 0 ? (
                          <span className="muted day-diff">{t('shifts.exceptions', { underpaid: s.underpaid, overpaid: s.overpaid, late: s.late, unconfirmed: s.unconfirmed })}</span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : view.loading ? (
        <p className="muted">{t('loading')}</p>
      ) : null}
    </section>
  );
}
