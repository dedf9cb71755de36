/**
 * "Print report" under a shift's report on the till (docs/shifts.md, "Printing the report"): prints it
 * on the shop's network printer, then says "Printed", or "Not printed" with why and Retry. Nothing is
 * kept on the server for a report's print: the answer is the outcome, shown here until the next press.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, postJson } from '../api.js';
import type { ShiftReportPrint as Printed } from '../api-types.js';

type Outcome = { state: 'idle' } | { state: 'printing' } | { state: 'printed' } | { state: 'failed'; why: string };

export function ShiftReportPrint({ shiftId }: { shiftId: string }) {
  const { t } = useTranslation('shifts');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  const print = async () => {
    setOutcome({ state: 'printing' });
    try {
      await postJson<Printed>(`/v1/shifts/${encodeURIComponent(shiftId)}/print`, {});
      setOutcome({ state: 'printed' });
    } catch (err) {
      // 409 invalid_state: no printer is set up (the owner's to do, said in the till's language);
      // 503 printer_unavailable: the server says why ("refused the connection"...), after "Not printed.".
      const why =
        err instanceof ApiError && err.code === 'invalid_state' ? t('print.noPrinter') :
        err instanceof Error ? err.message.replace(/^Not printed\.\s*/, '') : String(err);
      setOutcome({ state: 'failed', why });
    }
  };

  return (
    <div className="shift-print" aria-live="polite">
      {outcome.state === 'printing' ? <p>{t('print.printing')}</p> : null}
      {outcome.state === 'printed' ? <p>{t('print.printed')}</p> : null}
      {outcome.state === 'failed' ? (
        <div className="shift-not-printed" role="alert">
          <p className="shift-not-printed-title">{t('print.notPrinted')}</p>
          <p className="shift-print-why">{outcome.why}</p>
        </div>
      ) : null}
      <button type="button" className="secondary" disabled={outcome.state === 'printing'} onClick={() => void print()}>
        {outcome.state === 'failed' ? t('print.retry') : outcome.state === 'printed' ? t('print.again') : t('print.print')}
      </button>
    </div>
  );
}
