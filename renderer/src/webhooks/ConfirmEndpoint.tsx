/**
 * The owner confirms an endpoint as a system of theirs, so the deliveries log shows what its address
 * answers even on the shop's own network (docs/webhooks.md, "Answers from the shop's network"). It says
 * in plain words what this allows, names the address, and asks for the owner's PIN again, as the
 * switch to live mode does: a sign-in left open is not enough to open the shop's network to reading.
 */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { postJson } from '../api.js';
import type { WebhookEndpoint } from '../api-types.js';
import { loadError } from '../use-api.js';

export function ConfirmEndpoint({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const { t } = useTranslation('webhooks');
  if (!open) {
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        {t('confirm.start')}
      </button>
    );
  }
  const close = () => (setOpen(false), setPin(''), setError(undefined));
  return (
    <form
      className="convert"
      aria-label={t('confirm.label', { url: endpoint.url })}
      onSubmit={(e) => {
        e.preventDefault();
        void postJson(`/v1/webhook_endpoints/${endpoint.id}/confirm`, { url: endpoint.url, pin })
          .then(() => (close(), onDone()))
          .catch((err: unknown) => (setPin(''), setError(loadError(err))));
      }}
    >
      <p>
        <Trans t={t} i18nKey="confirm.body" values={{ url: endpoint.url }} components={{ address: <code className="address" />, strong: <strong /> }} />
      </p>
      <label>
        {t('confirm.pin')}
        <input type="password" inputMode="numeric" autoComplete="current-password" value={pin} onChange={(e) => setPin(e.target.value)} required autoFocus />
      </label>
      <button type="submit">{t('confirm.submit')}</button>
      <button type="button" className="secondary" onClick={close}>
        {t('confirm.cancel')}
      </button>
      {error ? <p className="error" role="alert">{error}</p> : null}
    </form>
  );
}
