/** Is the core up, in which mode, how each network's watcher is doing, where are the docs. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkHealth } from './NetworkHealth.js';
import { useHealth } from './store.js';

export function StatusScreen() {
  const { t } = useTranslation('status');
  const { state, health, error, refresh } = useHealth();

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const label = { loading: t('checking'), failed: t('error'), unreachable: t('unreachable'), ready: health?.status === 'ok' ? t('ok') : health?.status };
  const mode = health?.mode === 'test' || health?.mode === 'live' ? t(`modes.${health.mode}`) : health?.mode;
  const tone = state === 'loading' ? 'muted' : state === 'ready' && health?.status === 'ok' ? 'ok' : 'bad';

  return (
    <section className="page page-wide" aria-labelledby="status-title">
      <h2 id="status-title">{t('title')}</h2>

      <dl className="facts">
        <dt>{t('server')}</dt>
        <dd className={`status status-${tone}`}>{label[state]}</dd>
        <dt>{t('mode')}</dt>
        <dd>{mode ?? '—'}</dd>
        {health?.version ? (
          <>
            <dt>{t('version')}</dt>
            <dd>{health.version}</dd>
          </>
        ) : null}
      </dl>

      {error ? <p className="error">{error}</p> : null}

      <NetworkHealth />

      <nav className="actions">
        <button type="button" onClick={() => void refresh()} disabled={state === 'loading'}>
          {t('checkAgain')}
        </button>
        <a href="/docs">{t('apiDocs')}</a>
      </nav>
    </section>
  );
}
