/**
 * Settings → Staff → Change PIN: an owner sets a staff member's new PIN without knowing the old one
 * (a forgotten PIN is the usual reason, as on Square and Shopify POS), once the confirmation has said
 * that the old PIN stops working and the person is signed out on every till.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postJson } from '../api.js';
import type { Confirmation } from '../ConfirmDialog.js';

export function StaffPinForm({
  user,
  confirm,
  onDone,
}: {
  user: { id: string; name: string; role: string };
  confirm: (c: Confirmation) => Promise<boolean>;
  onDone: () => void;
}) {
  const [pin, setPin] = useState('');
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const { t } = useTranslation('settings');
  const role = user.role === 'owner' || user.role === 'cashier' ? t(`staff.role.${user.role}`) : user.role;
  const submit = async () => {
    const yes = await confirm({
      title: t('staffPin.title', { name: user.name }),
      body: <p>{t('staffPin.body', { name: user.name, role })}</p>,
      confirm: t('staffPin.confirm', { name: user.name }),
    });
    if (!yes) return;
    try {
      await postJson(`/v1/users/${user.id}/pin`, { pin });
      setPin('');
      setStatus({ ok: t('staffPin.set', { name: user.name }) });
    } catch (err) {
      setStatus({ error: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <form
      className="convert"
      aria-label={t('staffPin.label', { name: user.name })}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        {t('staffPin.label', { name: user.name })}
        <input type="password" inputMode="numeric" autoComplete="new-password" value={pin} onChange={(e) => setPin(e.target.value)} required autoFocus />
      </label>
      <button type="submit">{t('staffPin.submit')}</button>
      <button type="button" className="secondary" onClick={onDone}>
        {status.ok ? t('staffPin.done') : t('staffPin.cancel')}
      </button>
      {status.ok ? <p role="status" className="form-note">{status.ok}</p> : null}
      {status.error ? <p role="alert" className="error form-note">{status.error}</p> : null}
    </form>
  );
}
