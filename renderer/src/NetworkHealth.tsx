/**
 * How each network's watcher is doing, for the Status screen: whether it reads its chain, the newest
 * block it saw, how long ago it last read the chain (a payment is seen only as fresh as that), and
 * what went wrong, in the API's words. Refreshed every few seconds while shown.
 */
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiData } from './api-types.js';
import { useApi, useRefresh } from './use-api.js';

const REFRESH_MS = 5_000;

const STATUS_WORDS = {
  ready: 'networks.watching',
  unreachable: 'networks.cannotReach',
  not_configured: 'networks.notSetUp',
  off: 'networks.off',
} as const;

const statusWord = (t: TFunction<'status'>, status: string): string => (status in STATUS_WORDS ? t(STATUS_WORDS[status as keyof typeof STATUS_WORDS]) : status);

/** "4 s ago", "3 min ago": how stale the watcher's last read is. */
function ago(t: TFunction<'status'>, iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 90) return t('networks.secondsAgo', { n: seconds });
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? t('networks.minutesAgo', { n: minutes }) : t('networks.hoursAgo', { n: Math.round(minutes / 60) });
}

/** Each RPC endpoint the watchers use, with the limits it met (GET /v1/networks `endpoints`). */
function Endpoints({ rows }: { rows: ApiData<'listNetworks'>['items'] }) {
  const { t, i18n } = useTranslation('status');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <h3>{t('endpoints.title')}</h3>
      <div className="table-scroll">
        <table className="table stack-on-phone" aria-label={t('endpoints.table')}>
          <thead>
            <tr>
              <th scope="col">{t('endpoints.endpoint')}</th>
              <th scope="col">{t('endpoints.state')}</th>
              <th scope="col">{t('endpoints.requests')}</th>
              <th scope="col">{t('endpoints.limits')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.flatMap((n) =>
              n.endpoints.map((e, i) => (
                <tr key={`${n.network}-${i}`}>
                  <th scope="row">
                    {n.name} · {e.url ?? t('endpoints.numbered', { n: i + 1 })}
                  </th>
                  <td data-label={t('endpoints.state')} className={e.state === 'ok' ? 'status status-ok' : 'status status-bad'}>
                    {t(`endpoints.states.${e.state}`, { defaultValue: e.state })}
                    {e.reason ? <span className="muted"> ({e.reason})</span> : null}
                  </td>
                  <td data-label={t('endpoints.requests')}>
                    {[
                      t('endpoints.requestCount', { count: e.requests, formatted: number.format(e.requests) }),
                      // Only what happened: "0 failed" beside every healthy endpoint is noise.
                      e.rate_limited > 0 ? t('endpoints.refusedCount', { count: e.rate_limited, formatted: number.format(e.rate_limited) }) : null,
                      e.failures > 0 ? t('endpoints.failedCount', { count: e.failures, formatted: number.format(e.failures) }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </td>
                  <td data-label={t('endpoints.limits')}>
                    {[
                      e.log_range_capped && e.log_range !== null ? t('endpoints.logCap', { n: number.format(e.log_range) }) : null,
                      e.requests_per_second !== null ? t('endpoints.paced', { n: number.format(e.requests_per_second) }) : null,
                      e.latency_ms !== null ? t('endpoints.latency', { n: Math.round(e.latency_ms) }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ') || t('networks.none')}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function NetworkHealth() {
  const { t, i18n } = useTranslation('status');
  const networks = useApi<ApiData<'listNetworks'>>('/v1/networks');
  const { data, error: failed } = networks;
  const rows = data?.items ?? null;
  // "Last read" is counted from when this answer came.
  const [now, setNow] = useState(Date.now());
  useEffect(() => setNow(Date.now()), [data]);
  useRefresh(networks, REFRESH_MS);

  return (
    <>
      <h3>{t('networks.title')}</h3>
      {failed ? <p className="error">{t('networks.cannotRead', { message: failed })}</p> : null}
      {rows === null ? <p className="muted">{t('networks.loading')}</p> : null}
      {rows ? (
        <div className="table-scroll">
          <table className="table stack-on-phone" aria-label={t('networks.table')}>
            <thead>
              <tr>
                <th scope="col">{t('networks.network')}</th>
                <th scope="col">{t('networks.state')}</th>
                <th scope="col">{t('networks.newestBlock')}</th>
                <th scope="col">{t('networks.behind')}</th>
                <th scope="col">{t('networks.lastRead')}</th>
                <th scope="col">{t('networks.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((n) => {
                const unpayable = n.tokens.filter((t) => !t.payable);
                // One line each: the advice is sentences, one per finding (the lag, then each endpoint's), and
                // run together they made one unreadable block beside a network with two endpoints.
                const advice = n.advice ? n.advice.split(/(?<=\.)\s+/) : [];
                const problems = [n.last_error, ...advice, ...unpayable.map((u) => t('networks.notOffered', { currency: u.currency, reason: u.unpayable_reason ?? '' }))].filter(
                  (p): p is string => Boolean(p),
                );
                return (
                  <tr key={n.network}>
                    <th scope="row">
                      {n.name}
                      {n.devnet ? <span className="muted"> {t('networks.testChain')}</span> : null}
                    </th>
                    <td data-label={t('networks.state')} className={n.status === 'ready' ? 'status status-ok' : n.status === 'unreachable' ? 'status status-bad' : 'muted'}>
                      {statusWord(t, n.status)}
                    </td>
                    <td data-label={t('networks.newestBlock')}>{n.last_block ?? '—'}</td>
                    <td data-label={t('networks.behind')} className={n.delayed ? 'status status-bad' : undefined}>
                      {n.behind === null ? '—' : t(n.delayed ? 'networks.behindLate' : 'networks.blocks', { n: new Intl.NumberFormat(i18n.language).format(n.behind) })}
                    </td>
                    <td data-label={t('networks.lastRead')}>{n.last_checked_at ? ago(t, n.last_checked_at, now) : '—'}</td>
                    <td data-label={t('networks.problem')}>
                      {problems.length
                        ? problems.map((p, i) => (
                            <span key={i} className="problem-line">
                              {p}
                            </span>
                          ))
                        : n.status === 'not_configured'
                          ? t('networks.noNode')
                          : n.status === 'off'
                            ? t('networks.turnedOff')
                            : t('networks.none')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows?.some((n) => n.endpoints.length > 0) ? <Endpoints rows={rows} /> : null}
    </>
  );
}
