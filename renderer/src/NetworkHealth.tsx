/**
 * How each network's watcher is doing, for the Status screen: whether it reads its chain, the newest
 * block it saw, how long ago it last read the chain (a payment is seen only as fresh as that), and
 * what went wrong, in the API's words. Refreshed every few seconds while shown.
 */
import { useEffect, useState } from 'react';
import type { ApiData } from './api-types.js';
import { useApi, useRefresh } from './use-api.js';

const REFRESH_MS = 5_000;

const STATUS_WORDS: Record<string, string> = {
  ready: 'Watching',
  unreachable: 'Cannot reach its node',
  not_configured: 'Not set up',
};

/** "4 s ago", "3 min ago": how stale the watcher's last read is. */
function ago(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}

export function NetworkHealth() {
  const networks = useApi<ApiData<'listNetworks'>>('/v1/networks');
  const { data, error: failed } = networks;
  const rows = data?.items ?? null;
  // "Last read" is counted from when this answer came.
  const [now, setNow] = useState(Date.now());
  useEffect(() => setNow(Date.now()), [data]);
  useRefresh(networks, REFRESH_MS);

  return (
    <>
      <h3>Networks</h3>
      {failed ? <p className="error">The networks cannot be read: {failed}</p> : null}
      {rows === null ? <p className="muted">Loading…</p> : null}
      {rows ? (
        <div className="table-scroll">
          <table className="table stack-on-phone" aria-label="Network health">
            <thead>
              <tr>
                <th scope="col">Network</th>
                <th scope="col">State</th>
                <th scope="col">Newest block</th>
                <th scope="col">Last read</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((n) => {
                const unpayable = n.tokens.filter((t) => !t.payable);
                const problems = [n.last_error, ...unpayable.map((t) => `${t.currency} is not offered: ${t.unpayable_reason ?? ''}`)].filter(Boolean);
                return (
                  <tr key={n.network}>
                    <th scope="row">
                      {n.name}
                      {n.devnet ? <span className="muted"> (test chain)</span> : null}
                    </th>
                    <td data-label="State" className={n.status === 'ready' ? 'status status-ok' : n.status === 'unreachable' ? 'status status-bad' : 'muted'}>
                      {STATUS_WORDS[n.status] ?? n.status}
                    </td>
                    <td data-label="Newest block">{n.last_block ?? '—'}</td>
                    <td data-label="Last read">{n.last_checked_at ? ago(n.last_checked_at, now) : '—'}</td>
                    <td data-label="Problem">{problems.length ? problems.join(' · ') : n.status === 'not_configured' ? 'No node address for this mode (Settings)' : 'None'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
