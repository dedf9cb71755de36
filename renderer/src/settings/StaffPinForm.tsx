/**
 * Settings → Staff → Change PIN: an owner sets a staff member's new PIN without knowing the old one
 * (a forgotten PIN is the usual reason, as on Square and Shopify POS), once the confirmation has said
 * that the old PIN stops working and the person is signed out on every till.
 */
import { useState } from 'react';
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
  const submit = async () => {
    const yes = await confirm({
      title: `Set a new PIN for ${user.name}?`,
      body: (
        <p>
          {user.name} ({user.role}) signs in with the new PIN from now on: the old PIN stops working, and {user.name} is signed out at once on every till.
        </p>
      ),
      confirm: `Set ${user.name}'s new PIN`,
    });
    if (!yes) return;
    try {
      await postJson(`/v1/users/${user.id}/pin`, { pin });
      setPin('');
      setStatus({ ok: `${user.name}'s new PIN is set. Tell them in person.` });
    } catch (err) {
      setStatus({ error: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <form
      className="convert"
      aria-label={`New PIN for ${user.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        New PIN for {user.name}
        <input type="password" inputMode="numeric" autoComplete="new-password" value={pin} onChange={(e) => setPin(e.target.value)} required autoFocus />
      </label>
      <button type="submit">Set new PIN</button>
      <button type="button" className="secondary" onClick={onDone}>
        {status.ok ? 'Done' : 'Cancel'}
      </button>
      {status.ok ? <p role="status" className="form-note">{status.ok}</p> : null}
      {status.error ? <p role="alert" className="error form-note">{status.error}</p> : null}
    </form>
  );
}
