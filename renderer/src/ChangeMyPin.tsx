/**
 * "Change my PIN", behind the signed-in person's name in the top bar: it is about the person, not
 * the shop, so it sits where their name is, on every screen and for cashiers too (who cannot open
 * Settings); on a phone it folds into the Menu with Sign out.
 * The current PIN is asked (POST /v1/ui/pin, under the sign-in lockout), the new one twice, and the
 * confirmation says that every other sign-in of the person ends.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { postJson } from './api.js';
import { useConfirm } from './ConfirmDialog.js';

function ChangeMyPinDialog({ onClose }: { onClose: () => void }) {
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
    if (form.next !== form.again) return setStatus({ error: 'The new PIN and its repetition differ: type the new PIN twice the same.' });
    const yes = await confirm({
      title: 'Change your PIN?',
      body: <p>From now on you sign in with the new PIN. You stay signed in here; your other sign-ins, on other tills and browsers, end at once.</p>,
      confirm: 'Change my PIN',
    });
    if (!yes) return;
    try {
      await postJson('/v1/ui/pin', { current_pin: form.current, new_pin: form.next });
      setForm({ current: '', next: '', again: '' });
      setStatus({ ok: 'Your PIN is changed. Sign in with the new one from now on.' });
    } catch (err) {
      setStatus({ error: err instanceof Error ? err.message : String(err) });
    }
  };
  const pin = (label: string, k: keyof typeof form, autoComplete: string) => (
    <label>
      {label}
      <input type="password" inputMode="numeric" autoComplete={autoComplete} value={form[k]} onChange={set(k)} required />
    </label>
  );
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
      <h2 id="my-pin-title">Change my PIN</h2>
      <form className="settings-form" aria-label="Change my PIN" onSubmit={(e) => void submit(e)}>
        {pin('Current PIN', 'current', 'current-password')}
        {pin('New PIN', 'next', 'new-password')}
        {pin('New PIN again', 'again', 'new-password')}
        <p className="muted form-note">4 to 12 digits; not one digit repeated (0000) nor a straight run (1234).</p>
        {status.ok ? <p role="status" className="form-note">{status.ok}</p> : null}
        {status.error ? <p role="alert" className="error form-note">{status.error}</p> : null}
        <div className="confirm-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {status.ok ? 'Done' : 'Cancel'}
          </button>
          {status.ok ? null : <button type="submit">Change PIN…</button>}
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
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="account menu" aria-haspopup="dialog" title="Change my PIN" onClick={() => setOpen(true)}>
        {children}
        <span className="account-more">
          <span className="visually-hidden">: </span>Change my PIN
        </span>
      </button>
      {open ? <ChangeMyPinDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
