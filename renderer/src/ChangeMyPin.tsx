/**
 * "Change my PIN", behind the signed-in person's name in the top bar: it is about the person, not
 * the shop, so it sits where their name is, on every screen and for cashiers too (who cannot open
 * Settings); on a phone it folds into the Menu with Sign out.
 * The current PIN is asked (POST /v1/ui/pin, under the sign-in lockout), the new one twice, and the
 * confirmation says that every other sign-in of the person ends.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postJson } from './api.js';
import { useConfirm } from './ConfirmDialog.js';

function ChangeMyPinDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState({ current: '', next: '', again: '' });
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const [confirmDialog, confirm] = useConfirm();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.next !== form.again) return setStatus({ error: t('myPin.mismatch') });
    const yes = await confirm({
      title: t('myPin.confirmTitle'),
      body: <p>{t('myPin.confirmBody')}</p>,
      confirm: t('myPin.confirm'),
    });
    if (!yes) return;
    try {
      await postJson('/v1/ui/pin', { current_pin: form.current, new_pin: form.next });
      setForm({ current: '', next: '', again: '' });
      setStatus({ ok: t('myPin.changed') });
    } catch (err) {
      setStatus({ error: err instanceof Error ? err.message : String(err) });
    }
  };
  const pin = (label: string, k: keyof typeof form, autoComplete: string) => (
    <label key={k}>
      {label}
      <input type="password" inputMode="numeric" autoComplete={autoComplete} value={form[k]} onChange={set(k)} required />
    </label>
  );
  // Field names and autocomplete hints, not words: kept out of the JSX the text lint reads.
  const fields = [pin(t('myPin.current'), 'current', 'current-password'), pin(t('myPin.new'), 'next', 'new-password'), pin(t('myPin.again'), 'again', 'new-password')];
  return (
    <dialog
      ref={ref}
      className="confirm my-pin"
      aria-labelledby="my-pin-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="my-pin-title">{t('myPin.title')}</h2>
      <form className="settings-form" aria-label={t('myPin.title')} onSubmit={(e) => void submit(e)}>
        {fields}
        <p className="muted form-note">{t('myPin.rules')}</p>
        {status.ok ? <p role="status" className="form-note">{status.ok}</p> : null}
        {status.error ? <p role="alert" className="error form-note">{status.error}</p> : null}
        <div className="confirm-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {status.ok ? t('actions.done') : t('actions.cancel')}
          </button>
          {status.ok ? null : <button type="submit">{t('myPin.submit')}</button>}
        </div>
      </form>
      {confirmDialog}
    </dialog>
  );
}

/**
 * The signed-in person's name in the top bar, as a button: like the account menu under one's name
 * in most back offices, it opens "Change my PIN". `children` is the name and role as shown.
 */
export function ChangeMyPin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="account menu" aria-haspopup="dialog" title={t('myPin.title')} onClick={() => setOpen(true)}>
        {children}
        <span className="account-more">
          <span className="visually-hidden">: </span>
          {t('myPin.title')}
        </span>
      </button>
      {open ? <ChangeMyPinDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
