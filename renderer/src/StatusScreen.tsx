/** Is the core up, in which mode, how each network's watcher is doing, where are the docs. */
import { useEffect } from 'react';
import { NetworkHealth } from './NetworkHealth.js';
import { useHealth } from './store.js';

export function StatusScreen() {
  const { state, health, error, refresh } = useHealth();

  useEffect(() => {
    void refresh();
  }, [refresh]);

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
        {health?.version ? (
          <>
            <dt>Version</dt>
            <dd>{health.version}</dd>
          </>
        ) : null}
      </dl>

      {error ? <p className="error">{error}</p> : null}

      <NetworkHealth />

      <nav className="actions">
        <button type="button" onClick={() => void refresh()} disabled={state === 'loading'}>
          Check again
        </button>
        <a href="/docs">API documentation</a>
      </nav>
    </section>
  );
}
