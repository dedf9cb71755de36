/**
 * The receipt on the paid screen: printed by itself when the shop prints on paid (said once it is),
 * "Not printed" with Retry when the printer failed, and a Print button otherwise. In the desktop app
 * the computer's own (system) printer is offered too. A printer never holds the till: the next sale
 * stays one key away whatever happens here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, postJson } from '../api.js';
import type { ReceiptPrint as PrintStatus } from '../api-types.js';
import { bridge } from '../bridge.js';
import { useApi, useRefresh } from '../use-api.js';

/** How long after the sale turned paid the screen keeps looking for the automatic print's outcome. */
const WATCH_MS = 20_000;

export function ReceiptPrint({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('cashier');
  const [shownAt] = useState(() => Date.now());
  const loaded = useApi<PrintStatus>(`/v1/payment/sessions/${encodeURIComponent(sessionId)}/print`);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [system, setSystem] = useState<'printed' | string | undefined>();
  const status = loaded.data;
  // The automatic print takes a moment: follow it until it is done (or clearly not coming).
  const waiting = status !== undefined && (status.status === 'printing' || (status.status === 'none' && status.print_on_paid && Date.now() - shownAt < WATCH_MS));
  useRefresh(waiting ? loaded : { loading: true, reload: loaded.reload }, 1000);
  const systemPrinter = bridge()?.printReceipt;

  const print = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await postJson<PrintStatus>(`/v1/payment/sessions/${encodeURIComponent(sessionId)}/print`, {});
    } catch (err) {
      // 503 printer_unavailable: the attempt is recorded, the status below says "Not printed" and why.
      if (!(err instanceof ApiError && err.code === 'printer_unavailable')) setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      loaded.reload();
    }
  };

  const printOnSystem = async () => {
    if (!systemPrinter) return;
    setBusy(true);
    const result = await systemPrinter(sessionId).catch((err: unknown) => ({ printed: false, error: err instanceof Error ? err.message : String(err) }));
    setSystem(result.printed ? 'printed' : (result.error ?? t('receipt.notPrinted')));
    setBusy(false);
  };

  if (!status) return null;
  const network = status.printer_set_up;
  if (!network && !systemPrinter) return null;
  return (
    <div className="receipt-print" aria-live="polite">
      {status.status === 'printing' || (waiting && status.status === 'none') ? <p>{t('receipt.printing')}</p> : null}
      {status.status === 'printed' ? <p>{t('receipt.printed')}</p> : null}
      {status.status === 'failed' ? (
        <div className="receipt-not-printed" role="alert">
          <p className="receipt-not-printed-title">{t('receipt.notPrinted')}</p>
          <p>{t('receipt.checkPrinter')}</p>
          {status.error ? <p className="receipt-why">{status.error}</p> : null}
        </div>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
      {system !== undefined ? <p role={system === 'printed' ? undefined : 'alert'}>{system === 'printed' ? t('receipt.systemPrinted') : `${t('receipt.notPrinted')} ${system}`}</p> : null}
      <div className="receipt-actions">
        {network ? (
          <button type="button" onClick={() => void print()} disabled={busy || status.status === 'printing'}>
            {status.status === 'failed' ? t('receipt.retry') : status.status === 'printed' ? t('receipt.printAgain') : t('receipt.print')}
          </button>
        ) : null}
        {systemPrinter ? (
          <button type="button" onClick={() => void printOnSystem()} disabled={busy}>
            {t('receipt.printOnSystem')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
