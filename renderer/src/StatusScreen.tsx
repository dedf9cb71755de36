/** Is the core up, in which mode, how each network's watcher is doing, where are the docs. */
import type { Health } from './api-types.js';
import { NetworkHealth } from './NetworkHealth.js';
import { useApi } from './use-api.js';

export function StatusScreen() {
  const { data, error, unreachable, loading, reload: refresh } = useApi<Health>('/health');
  /** `failed`: the core answered with an error; `unreachable`: no answer at all. */
  const state = loading ? 'loading' : error ? (unreachable ? 'unreachable' : 'failed') : 'ready';
  const health = error ? undefined : data;

  const label = { loading: 'checking…', failed: 'error', unreachable: 'unreachable', ready: health?.status };
  const tone = state === 'loading' ? 'muted' : state === 'ready' && health?.status === 'ok' ? 'ok' : 'bad';

  return (
    <section className="page page-wide" aria-labelledby="status-title">
      <h2 id="status-title">Status</h2>

      <dl className="facts">
        <dt>Server</dt>
        <dd className={`status status-${tone}`}>{label[state]}</dd>
        <dt>Mode</dt>
        <dd>{health?.mode ?? '—'}</dd>
      </dl>

      {error ? <p className="error">{error}</p> : null}

      <NetworkHealth />

      <nav className="actions">
        <button type="button" onClick={refresh} disabled={state === 'loading'}>
          Check again
        </button>
        <a href="/docs">API documentation</a>
      </nav>
    </section>
  );
}
