/** Is the core up, in which mode, how each network's watcher is doing, where are the docs. */
import { useTranslation } from 'react-i18next';
import type { Health } from './api-types.js';
import { useMode } from './mode.js';
import { NetworkHealth } from './NetworkHealth.js';
import { useApi } from './use-api.js';

export function StatusScreen() {
  const { t } = useTranslation('status');
  const { data, error, unreachable, loading, reload: refresh } = useApi<Health>('/health');
  /** `failed`: the core answered with an error; `unreachable`: no answer at all. */
  const state = loading ? 'loading' : error ? (unreachable ? 'unreachable' : 'failed') : 'ready';
  const health = error ? undefined : data;

  const label = { loading: t('checking'), failed: t('error'), unreachable: t('unreachable'), ready: health?.status === 'ok' ? t('ok') : health?.status };
  // The mode this sign-in works in, as the networks below are read in it; the app's start mode (`--mode`,
  // /health) only says where a new sign-in begins, and showed "test" beside live networks.
  const livemode = useMode(true);
  const mode = livemode === undefined ? undefined : t(livemode ? 'modes.live' : 'modes.test');
  const startMode = health?.mode === 'test' || health?.mode === 'live' ? t(`modes.${health.mode}`) : health?.mode;
  const tone = state === 'loading' ? 'muted' : state === 'ready' && health?.status === 'ok' ? 'ok' : 'bad';

  return (
    <section className="page page-wide" aria-labelledby="status-title">
      <h2 id="status-title">{t('title')}</h2>

      <dl className="facts">
        <dt>{t('server')}</dt>
        <dd className={`status status-${tone}`}>{label[state]}</dd>
        <dt>{t('mode')}</dt>
        <dd>{mode ?? '—'}</dd>
        <dt>{t('startMode')}</dt>
        <dd>{startMode ?? '—'}</dd>
      </dl>

      {error ? <p className="error">{error}</p> : null}

      <NetworkHealth />

      <nav className="actions">
        <button type="button" onClick={refresh} disabled={state === 'loading'}>
          {t('checkAgain')}
        </button>
        <a href="/docs">{t('apiDocs')}</a>
      </nav>
    </section>
  );
}
