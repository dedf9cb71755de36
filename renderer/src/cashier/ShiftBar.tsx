/**
 * The till's shift (docs/shifts.md): one line above the amount entry saying whether a shift is open on
 * this till, with "Open shift" or "Close shift". Closing shows the shift's report so far first and
 * asks in plain words; once closed, the report as it was kept, until "Done". Wherever the report is
 * shown it can be printed ("Print report", ShiftReportPrint.tsx).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson, postJson } from '../api.js';
import type { Shift, ShiftReport } from '../api-types.js';
import { useConfirm } from '../ConfirmDialog.js';
import { uiLocale } from '../format.js';
import { tillId } from '../till-id.js';
import { loadError, useApi } from '../use-api.js';
import { ShiftReportPrint } from './ShiftReportPrint.js';

/** A decimal string as the screen shows amounts (grouping and decimal mark of the language), its decimals kept. */
function amount(value: string): string {
  const decimals = value.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat(uiLocale(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value as unknown as number);
}

function ReportView({ report, closed }: { report: ShiftReport; closed: boolean }) {
  const { t } = useTranslation('shifts');
  const r = report.reconciliation;
  const paid = report.sales.by_status.SUCCEEDED ?? 0;
  const settled = r.unconfirmed.length === 0 && r.underpaid.length === 0 && r.charged.every((c) => !c.difference.startsWith('-'));
  return (
    <div className="shift-report">
      <p>
        {t('report.sales', { count: report.sales.count })} · {t('report.paid', { count: paid })}
      </p>
      {report.by_coin_network.length === 0 ? (
        <p className="muted">{t('report.nothingPaid')}</p>
      ) : (
        <div className="shift-table-wrap" role="region" aria-label={t('report.coin')} tabIndex={0}>
          <table className="shift-table">
            <thead>
              <tr>
                <th scope="col">{t('report.coin')}</th>
                <th scope="col">{t('report.gross')}</th>
                <th scope="col">{t('report.tips')}</th>
                <th scope="col">{t('report.refunds')}</th>
                <th scope="col">{t('report.fees')}</th>
                <th scope="col">{t('report.net')}</th>
              </tr>
            </thead>
            <tbody>
              {report.by_coin_network.map((l) => (
                <tr key={`${l.currency} ${l.network}`}>
                  <th scope="row">
                    {l.currency} · {l.network}
                  </th>
                  <td>{amount(l.gross)}</td>
                  <td>{amount(l.tips)}</td>
                  <td>{amount(l.refunds)}</td>
                  <td>{amount(l.fees)}</td>
                  <td>{amount(l.net)}</td>
                </tr>
              ))}
              <tr className="shift-total">
                <th scope="row">{t('report.total', { currency: report.reporting.currency })}</th>
                <td>{amount(report.reporting.gross)}</td>
                <td>{amount(report.reporting.tips)}</td>
                <td>{amount(report.reporting.refunds)}</td>
                <td>{amount(report.reporting.fees)}</td>
                <td>{amount(report.reporting.net)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <ul className="shift-checks">
        {r.charged.map((c) => (
          <li key={c.currency}>{t('report.charged', { charged: amount(c.charged), received: amount(c.received), currency: c.currency })}</li>
        ))}
        {r.underpaid.length ? <li className="due">{t('report.underpaid', { count: r.underpaid.length })}</li> : null}
        {r.overpaid.length ? <li>{t('report.overpaid', { count: r.overpaid.length })}</li> : null}
        {r.late.length ? <li>{t('report.late', { count: r.late.length })}</li> : null}
        {r.unconfirmed.length ? <li className="due">{t('report.unconfirmed', { count: r.unconfirmed.length })}</li> : null}
        {r.unmatched_deposits.length ? <li className="due">{t('report.deposits', { count: r.unmatched_deposits.length })}</li> : null}
        {settled && closed ? <li>{t('report.allArrived')}</li> : null}
      </ul>
    </div>
  );
}

export function ShiftBar() {
  const { t } = useTranslation('shifts');
  const till = tillId();
  const [dialog, confirm] = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  /** The shift whose report is on screen: the open one before closing, then the closed one. */
  const [shown, setShown] = useState<Shift>();
  const list = useApi<{ items: Shift[] }>(till ? `/v1/shifts?till=${encodeURIComponent(till)}&limit=1` : null);
  if (!till) return null;
  const current = list.data?.items[0];
  const open = current?.status === 'open' ? current : undefined;

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError(loadError(e));
    } finally {
      setBusy(false);
    }
  };
  const openShift = () => act(async () => {
    await postJson<Shift>('/v1/shifts', { till }, { 'Idempotency-Key': crypto.randomUUID() });
    list.reload();
  });
  // "Close shift": the report so far on screen first, then the question in plain words.
  const showReport = () => act(async () => {
    if (open) setShown(await getJson<Shift>(`/v1/shifts/${open.id}`));
  });
  const closeShift = (shift: Shift) => act(async () => {
    const pending = (shift.report?.reconciliation.unconfirmed.length ?? 0) > 0;
    const body = (
      <>
        <p>{t('confirm.body')}</p>
        {pending ? <p>{t('confirm.pending')}</p> : null}
      </>
    );
    if (!(await confirm({ title: t('confirm.title'), body, confirm: t('confirm.action'), cancel: t('report.cancel') }))) return;
    setShown(await postJson<Shift>(`/v1/shifts/${shift.id}/close`, {}, { 'Idempotency-Key': crypto.randomUUID() }));
    list.reload();
  });

  if (shown?.report) {
    const closed = shown.status !== 'open';
    return (
      <section className="shift-panel" aria-labelledby="shift-report-title">
        <h2 id="shift-report-title">{closed ? t('report.titleClosed') : t('report.titleOpen')}</h2>
        <ReportView report={shown.report} closed={closed} />
        {/* Keyed by the report's time: the report kept at close is printed afresh, not "Printed" from before. */}
        <ShiftReportPrint key={`${shown.id} ${shown.status}`} shiftId={shown.id} />
        {error ? <p className="error" role="alert">{error}</p> : null}
        <div className="shift-actions">
          {closed ? (
            <button type="button" onClick={() => setShown(undefined)}>
              {t('report.done')}
            </button>
          ) : (
            <>
              <button type="button" disabled={busy} onClick={() => void closeShift(shown)}>
                {t('bar.closeShift')}
              </button>
              <button type="button" className="secondary" onClick={() => setShown(undefined)}>
                {t('report.cancel')}
              </button>
            </>
          )}
        </div>
        {dialog}
      </section>
    );
  }
  const since = open ? new Intl.DateTimeFormat(uiLocale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(open.opened_at)) : '';
  return (
    <div className="shift-bar" role="group" aria-label={t('bar.label')}>
      <span className="shift-state">{list.loading && !list.data ? t('bar.loading') : open ? t('bar.open', { time: since }) : t('bar.none')}</span>
      {open ? (
        <button type="button" disabled={busy} onClick={() => void showReport()}>
          {t('bar.closeShift')}
        </button>
      ) : (
        <button type="button" disabled={busy || !list.data} onClick={() => void openShift()}>
          {busy ? t('bar.opening') : t('bar.openShift')}
        </button>
      )}
      {error ? <p className="error" role="alert">{error}</p> : null}
    </div>
  );
}
