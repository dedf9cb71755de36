/** Webhook endpoints: create (secret shown once), enable/disable, events, deliveries, resend, test. */
import { type FormEvent, useState } from 'react';
import { deleteJson, patchJson, postJson } from '../api.js';
import type { ApiData, CreatedWebhookEndpoint, WebhookEndpoint } from '../api-types.js';
import { useConfirm } from '../ConfirmDialog.js';
import { loadError, useApi } from '../use-api.js';

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
];
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useApi<ApiData<'listWebhookEndpointDeliveries'>>(`/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=20`);
  const items = deliveries.data?.items ?? [];
  const [actionError, setActionError] = useState<string>();
  const error = actionError ?? deliveries.error;
  const load = deliveries.reload;
  const act = (f: () => Promise<unknown>) => () =>
    void f()
      .then(() => setActionError(undefined))
      .then(load)
      .catch((err: unknown) => setActionError(loadError(err)));
  return (
    <div className="deliveries">
      <div className="screen-head">
        <h4>Deliveries</h4>
        <span>
          <button type="button" className="secondary" onClick={act(() => postJson(`/v1/webhook_endpoints/${endpoint.id}/test`, {}))}>
            Send test event
          </button>{' '}
          <button type="button" className="secondary" onClick={() => void load()}>
            Reload
          </button>
        </span>
      </div>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {items.length === 0 ? <p className="muted">No deliveries yet.</p> : null}
      <table className="table" aria-label={`Deliveries to ${endpoint.url}`}>
        <tbody>
          {items.map((d) => {
            const last = d.attempts[d.attempts.length - 1];
            return (
              <tr key={d.id}>
                <td>{when.format(new Date(d.created_at))}</td>
                <td>{d.event_type}</td>
                <td>
                  <span className={`badge badge-${d.status === 'succeeded' ? 'succeeded' : d.status === 'failed' ? 'canceled' : 'pending'}`}>{d.status}</span>{' '}
                  {d.attempt_count} attempt{d.attempt_count === 1 ? '' : 's'}
                  {d.next_attempt_at ? `, next ${when.format(new Date(d.next_attempt_at))}` : ''}
                </td>
                <td>
                  {last ? (
                    <details>
                      <summary>
                        {last.status_code ?? last.error ?? 'no answer'} in {last.duration_ms} ms
                      </summary>
                      <pre className="response">{last.response_body ?? last.error ?? ''}</pre>
                    </details>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <button type="button" className="secondary" onClick={act(() => postJson(`/v1/events/${d.event_id}/resend`, { webhook_endpoint_id: endpoint.id }))}>
                    Resend
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
      <h2 id="webhooks-title">Webhooks</h2>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {secret ? (
        <div className="card secret" role="status">
          <p>
            Signing secret for <strong>{secret.url}</strong>. It is shown only now: store it where your receiver reads it.
          </p>
          <code className="secret-value">{secret.secret}</code>{' '}
          <button
            type="button"
            onClick={() => {
              void navigator.clipboard?.writeText(secret.secret).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setSecret(undefined)}>
            Done
          </button>
        </div>
      ) : null}
      <form className="card endpoint-form" onSubmit={create} aria-label="New endpoint">
        <h3>New endpoint</h3>
        <label>
          Endpoint URL
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://shop.example/webhooks" />
        </label>
        <label>
          Description
          <input value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> All events
        </label>
        {!all ? (
          <fieldset className="events">
            <legend>Events</legend>
            {EVENT_TYPES.map((type) => (
              <label key={type} className="check">
                <input type="checkbox" checked={chosen.includes(type)} onChange={() => toggle(type)} /> {type}
              </label>
            ))}
          </fieldset>
        ) : null}
        <button type="submit">Add endpoint</button>
      </form>
      <ul className="endpoints">
        {endpoints.map((ep) => (
          <li key={ep.id} className="card">
            <div className="screen-head">
              <div>
                <p className="option-title">{ep.url}</p>
                <p className="muted">
                  {ep.status === 'enabled' ? 'Enabled' : `Disabled${ep.disabled_reason === 'gone' ? ' (the receiver answered 410 Gone)' : ''}`} ·{' '}
                  {ep.enabled_events.includes('*') ? 'all events' : ep.enabled_events.join(', ')}
                  {ep.description ? ` · ${ep.description}` : ''}
                </p>
              </div>
              <span>
                <button type="button" className="secondary" onClick={() => run(() => patchJson(`/v1/webhook_endpoints/${ep.id}`, { status: ep.status === 'enabled' ? 'disabled' : 'enabled' }))}>
                  {ep.status === 'enabled' ? 'Disable' : 'Enable'}
                </button>{' '}
                <button type="button" className="secondary" onClick={() => setOpen(open === ep.id ? undefined : ep.id)} aria-expanded={open === ep.id}>
                  Deliveries
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
                  Rotate secret
                </button>{' '}
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void confirm({
                      title: 'Delete this endpoint?',
                      body: (
                        <p>
                          <code className="address">{ep.url}</code> gets no more events from now on: deliveries waiting for a retry are dropped and its delivery log is
                          deleted. To receive events again, add the endpoint anew (it gets a new signing secret).
                        </p>
                      ),
                      confirm: 'Delete endpoint',
                    }).then((yes) => yes && run(() => deleteJson(`/v1/webhook_endpoints/${ep.id}`)))
                  }
                >
                  Delete
                </button>
              </span>
            </div>
            {open === ep.id ? <Deliveries endpoint={ep} /> : null}
          </li>
        ))}
      </ul>
      {endpoints.length === 0 ? <p className="muted">No endpoints yet.</p> : null}
      {dialog}
    </section>
  );
}
