/**
 * The shop's network receipt printer (docs/ui.md, "Printing"): its address and whether each sale
 * prints when paid. One printer for both modes, changed in live mode only, like the shop's other
 * shared settings; a test sale prints on it too, which is how the owner tries it.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putJson } from '../api.js';
import type { PrinterSettings } from '../api-types.js';
import { useApi } from '../use-api.js';

export function PrinterCard({ livemode }: { livemode: boolean }) {
  const { t } = useTranslation('settings');
  const loaded = useApi<PrinterSettings>(livemode ? '/v1/settings/printer' : null);
  const [url, setUrl] = useState('');
  const [onPaid, setOnPaid] = useState(true);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const current = loaded.data;
  useEffect(() => {
    if (!current) return;
    setUrl(current.url ?? '');
    setOnPaid(current.url === null ? true : current.print_on_paid);
  }, [current]);

  const save = (body: { url: string; print_on_paid: boolean } | null) => {
    setSaved(false);
    putJson<PrinterSettings>('/v1/settings/printer', body).then(
      () => {
        setError(undefined);
        setSaved(true);
        loaded.reload();
      },
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save({ url: url.trim(), print_on_paid: onPaid });
  };

  return (
    <div className="card" role="region" aria-labelledby="settings-printer-title">
      <h3 id="settings-printer-title">{t('printer.title')}</h3>
      {!livemode ? (
        <p className="muted">{t('liveOnly.printer')}</p>
      ) : (
        <>
          <p className="muted">{t('printer.note')}</p>
          {current ? <p>{current.url === null ? t('printer.off') : t(current.print_on_paid ? 'printer.onPaid' : 'printer.onRequest', { url: current.url })}</p> : null}
          {error ? <p className="error" role="alert">{error}</p> : null}
          {saved && !error ? <p role="status">{t('printer.saved')}</p> : null}
          <form className="convert" onSubmit={submit}>
            <label>
              {t('printer.url')}
              <input value={url} onChange={(e) => setUrl(e.target.value)} placeholder={t('printer.placeholder')} required maxLength={300} spellCheck={false} />
            </label>
            <label className="check">
              <input type="checkbox" checked={onPaid} onChange={(e) => setOnPaid(e.target.checked)} /> {t('printer.printOnPaid')}
            </label>
            <button type="submit">{t('printer.save')}</button>
            {current?.url ? (
              <button type="button" className="secondary" onClick={() => save(null)}>
                {t('printer.turnOff')}
              </button>
            ) : null}
          </form>
        </>
      )}
    </div>
  );
}
