/**
 * Settings' "Check endpoint", beside a live network's RPC URL: asks the app to check the URL typed
 * (POST /v1/networks/{network}/rpc_check) and shows the verdict and what to change, in the API's
 * words. Checking moves no money and saves nothing, so it asks no confirmation.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postJson } from '../api.js';
import type { RpcCheck } from '../api-types.js';

type Shown = { state: 'idle' } | { state: 'checking' } | { state: 'done'; check: RpcCheck } | { state: 'failed'; message: string };

export function RpcCheckButton({ network, name, url }: { network: string; name: string; url: string }) {
  const { t } = useTranslation('settings');
  const [shown, setShown] = useState<Shown>({ state: 'idle' });
  const check = async () => {
    setShown({ state: 'checking' });
    try {
      setShown({ state: 'done', check: await postJson<RpcCheck>(`/v1/networks/${network}/rpc_check`, { url: url.trim() }) });
    } catch (err) {
      setShown({ state: 'failed', message: (err as Error).message });
    }
  };
  const tone = shown.state === 'done' ? (shown.check.verdict === 'usable' ? 'status-ok' : shown.check.verdict === 'not_usable' ? 'status-bad' : '') : '';
  return (
    <>
      <button type="button" className="secondary" disabled={!url.trim() || shown.state === 'checking'} onClick={() => void check()}>
        {shown.state === 'checking' ? t('live.checking') : t('live.check', { network: name })}
      </button>
      <div className="rpc-check" role="status" aria-live="polite">
        {shown.state === 'failed' ? <p className="error">{shown.message}</p> : null}
        {shown.state === 'done' ? (
          <>
            <p className={`status ${tone}`}>{t(`live.verdict.${shown.check.verdict}`, { detail: [...shown.check.problems, ...shown.check.limits].join('; ') })}</p>
            <p className="muted">
              {t('live.checkFacts', {
                chainId: shown.check.chain_id ?? '—',
                head: shown.check.head ?? '—',
                range: shown.check.log_range ?? '—',
                latency: shown.check.latency_ms ?? '—',
              })}
            </p>
            {shown.check.advice.length ? (
              <ul className="list">
                {shown.check.advice.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
    </>
  );
}
