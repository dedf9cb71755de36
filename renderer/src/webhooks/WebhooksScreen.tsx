/** Webhook endpoints: create (secret shown once), enable/disable, events, deliveries, resend, test. */
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { deleteJson, patchJson, postJson } from '../api.js';
import type { ApiData, CreatedWebhookEndpoint, WebhookEndpoint } from '../api-types.js';
import { useConfirm } from '../ConfirmDialog.js';
import { dateFormat } from '../i18n/locale-format.js';
import { loadError, useApi } from '../use-api.js';
import { ConfirmEndpoint } from './ConfirmEndpoint.js';

export const EVENT_TYPES = [
  'payment_session.created',
  'payment_session.payment_detected',
  'payment_session.payment_orphaned',
  'payment_session.processing',
  'payment_session.succeeded',
  'payment_session.expired',
  'payment_session.canceled',
  'payment_session.exception',
  'refund.created',
  'refund.processing',
  'refund.succeeded',
  'refund.failed',
  'balance.available',
  'shift.opened',
  'shift.closed',
  'shift.reconciled',
];
const when = dateFormat({ dateStyle: 'short', timeStyle: 'medium' });
const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
const isDeliveryStatus = (s: string): s is (typeof DELIVERY_STATUSES)[number] => (DELIVERY_STATUSES as readonly string[]).includes(s);

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useApi<ApiData<'listWebhookEndpointDeliveries'>>(`/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=20`);
  const items = deliveries.data?.items ?? [];
  const [actionError, setActionError] = useState<string>();
  const error = actionError ?? deliveries.error;
  const load = deliveries.reload;
  const { t } = useTranslation('webhooks');
  const act = (f: () => Promise<unknown>) => () =>
    void f()
      .then(() => setActionError(undefined))
      .then(load)
      .catch((err: unknown) => setActionError(loadError(err)));
  return (
    <div className="deliveries">
      <div className="screen-head">
        <h4>{t('deliveries.title')}</h4>
        <span>
          <button type="button" className="secondary" onClick={act(() => postJson(`/v1/webhook_endpoints/${endpoint.id}/test`, {}))}>
            {t('deliveries.test')}
          </button>{' '}
          <button type="button" className="secondary" onClick={() => void load()}>
            {t('deliveries.reload')}
          </button>
        </span>
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {items.length === 0 ? <p className="muted">{t('deliveries.none')}</p> : null}
      <div className="table-scroll">
        <table className="table" aria-label={t('deliveries.label', { url: endpoint.url })}>
          <tbody>
            {items.map((d) => {
              const last = d.attempts[d.attempts.length - 1];
              return (
                <tr key={d.id}>
                  <td>{when(d.created_at)}</td>
                  <td>{d.event_type}</td>
                  <td>
                    <span className={`badge badge-${d.status === 'succeeded' ? 'succeeded' : d.status === 'failed' ? 'canceled' : 'pending'}`}>
                      {isDeliveryStatus(d.status) ? t(`deliveryStatus.${d.status}`) : d.status}
                    </span>{' '}
                    {t('deliveries.attempts', { count: d.attempt_count })}
                    {d.next_attempt_at ? `, ${t('deliveries.next', { date: when(d.next_attempt_at) })}` : ''}
                  </td>
                  <td>
                    {last ? (
                      <details>
                        <summary>
                          {t('deliveries.answer', { answer: last.status_code ?? (last.answer_hidden ? t('deliveries.noAnswer') : last.error) ?? t('deliveries.noAnswer'), ms: last.duration_ms })}
                        </summary>
                        {last.answer_hidden ? <p className="muted">{t('deliveries.hidden')}</p> : <pre className="response">{last.response_body ?? last.error ?? ''}</pre>}
                      </details>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    <button type="button" className="secondary" onClick={act(() => postJson(`/v1/events/${d.event_id}/resend`, { webhook_endpoint_id: endpoint.id }))}>
                      {t('deliveries.resend')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function WebhooksScreen() {
  const list = useApi<ApiData<'listWebhookEndpoints'>>('/v1/webhook_endpoints?limit=100');
  const endpoints = list.data?.items ?? [];
  const [actionError, setActionError] = useState<string>();
  const error = actionError ?? list.error;
  const [secret, setSecret] = useState<{ url: string; secret: string }>();
  const [copied, setCopied] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>(['payment_session.succeeded']);
  const [open, setOpen] = useState<string>();
  const [dialog, confirm] = useConfirm();
  const { t } = useTranslation('webhooks');

  const run = (f: () => Promise<unknown>) =>
    void f()
      .then(() => setActionError(undefined))
      .then(list.reload)
      .catch((err: unknown) => setActionError(loadError(err)));

  const create = (e: FormEvent) => {
    e.preventDefault();
    run(async () => {
      const made = await postJson<CreatedWebhookEndpoint>('/v1/webhook_endpoints', {
        url: url.trim(),
        enabled_events: all ? ['*'] : chosen,
        ...(description.trim() && { description: description.trim() }),
      });
      setSecret({ url: made.url, secret: made.secret });
      setCopied(false);
      setUrl('');
      setDescription('');
    });
  };
  const toggle = (type: string) => setChosen((c) => (c.includes(type) ? c.filter((x) => x !== type) : [...c, type]));

  return (
    <section className="screen" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t('title')}</h2>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {secret ? (
        <div className="card secret" role="status">
          <p>
            <Trans t={t} i18nKey="secret.shownOnce" values={{ url: secret.url }} components={{ strong: <strong /> }} />
          </p>
          <code className="secret-value">{secret.secret}</code>{' '}
          <button
            type="button"
            onClick={() => {
              void navigator.clipboard?.writeText(secret.secret).then(() => setCopied(true));
            }}
          >
            {copied ? t('secret.copied') : t('secret.copy')}
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setSecret(undefined)}>
            {t('secret.done')}
          </button>
        </div>
      ) : null}
      <form className="card endpoint-form" onSubmit={create} aria-label={t('form.label')}>
        <h3>{t('form.label')}</h3>
        <label>
          {t('form.url')}
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder={t('form.urlPlaceholder')} />
        </label>
        <label>
          {t('form.description')}
          <input value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> {t('form.allEvents')}
        </label>
        {!all ? (
          <fieldset className="events">
            <legend>{t('form.events')}</legend>
            {EVENT_TYPES.map((type) => (
              <label key={type} className="check">
                <input type="checkbox" checked={chosen.includes(type)} onChange={() => toggle(type)} /> {type}
              </label>
            ))}
          </fieldset>
        ) : null}
        <button type="submit">{t('form.add')}</button>
      </form>
      <ul className="endpoints">
        {endpoints.map((ep) => (
          <li key={ep.id} className="card">
            <div className="screen-head">
              <div>
                <p className="option-title">{ep.url}</p>
                <p className="muted">
                  {ep.status === 'enabled' ? t('endpoint.enabled') : ep.disabled_reason === 'gone' ? t('endpoint.disabledGone') : t('endpoint.disabled')} ·{' '}
                  {ep.enabled_events.includes('*') ? t('endpoint.allEvents') : ep.enabled_events.join(', ')}
                  {ep.description ? ` · ${ep.description}` : ''}
                  {ep.owner_confirmed_at ? ` · ${t('endpoint.confirmed')}` : ''}
                </p>
              </div>
              <span>
                <button type="button" className="secondary" onClick={() => run(() => patchJson(`/v1/webhook_endpoints/${ep.id}`, { status: ep.status === 'enabled' ? 'disabled' : 'enabled' }))}>
                  {ep.status === 'enabled' ? t('endpoint.disable') : t('endpoint.enable')}
                </button>{' '}
                <button type="button" className="secondary" onClick={() => setOpen(open === ep.id ? undefined : ep.id)} aria-expanded={open === ep.id}>
                  {t('endpoint.deliveries')}
                </button>{' '}
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    run(async () => {
                      const rotated = await postJson<CreatedWebhookEndpoint>(`/v1/webhook_endpoints/${ep.id}/rotate_secret`, {});
                      setSecret({ url: rotated.url, secret: rotated.secret });
                    })
                  }
                >
                  {t('endpoint.rotate')}
                </button>{' '}
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void confirm({
                      title: t('delete.title'),
                      body: (
                        <p>
                          <Trans t={t} i18nKey="delete.body" values={{ url: ep.url }} components={{ address: <code className="address" /> }} />
                        </p>
                      ),
                      confirm: t('delete.confirm'),
                    }).then((yes) => yes && run(() => deleteJson(`/v1/webhook_endpoints/${ep.id}`)))
                  }
                >
                  {t('endpoint.delete')}
                </button>
              </span>
            </div>
            {ep.owner_confirmed_at ? null : <ConfirmEndpoint endpoint={ep} onDone={list.reload} />}
            {open === ep.id ? <Deliveries key={ep.owner_confirmed_at ?? 'unconfirmed'} endpoint={ep} /> : null}
          </li>
        ))}
      </ul>
      {endpoints.length === 0 ? <p className="muted">{t('endpoint.none')}</p> : null}
      {dialog}
    </section>
  );
}
