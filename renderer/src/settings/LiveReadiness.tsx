/**
 * What live mode still lacks before the till can take a payment, in the owner's words, from GET
 * /v1/ui/live-readiness (readable in either mode). Shown before the switch to live, and in live mode
 * while no network is ready: the switch is not refused, because live networks and wallets are set up
 * in live mode, but nobody should find out at the till that no sale can be paid.
 */
import { Trans, useTranslation } from 'react-i18next';
import type { LiveReadiness } from '../api-types.js';
import { i18n } from '../i18n/index.js';
import { listFormat } from '../i18n/locale-format.js';
import { useApi } from '../use-api.js';

type Missing = LiveReadiness['networks'][number]['missing'][number];

const MISSING: readonly Missing[] = ['rpc_url', 'wallet', 'reachable', 'payable_coin'];

/** GET /v1/ui/live-readiness, read once; undefined while loading or when it cannot be read. */
export function useLiveReadiness(): LiveReadiness | undefined {
  // An error leaves it undefined: the switch still works; only the warning is missing.
  return useApi<LiveReadiness>('/v1/ui/live-readiness').data;
}

/** "Ethereum needs an RPC endpoint and the shop's live wallet", one line per network. */
function needs(n: LiveReadiness['networks'][number]): string {
  const parts = n.missing.map((m) => (MISSING.includes(m) ? i18n.t(`settings:readiness.${m}`) : m));
  // "a, b and c" in the UI's language ("a, b y c").
  const list = listFormat(parts, 'conjunction');
  return i18n.t(n.applies_at_next_start ? 'settings:readiness.needsRestart' : 'settings:readiness.needs', { network: n.name, list });
}

/** The warning, or nothing when some live network is ready. `live`: whether the sign-in is in live mode already. */
export function LiveNotReady({ readiness, live }: { readiness: LiveReadiness | undefined; live: boolean }) {
  const { t } = useTranslation('settings');
  if (!readiness || readiness.ready) return null;
  return (
    <div className="live-not-ready" role="note" aria-label={t('readiness.label')}>
      <p>
        <Trans t={t} i18nKey={live ? 'readiness.noneReadyLive' : 'readiness.noneReadyTest'} components={{ strong: <strong /> }} />
      </p>
      <ul>
        {readiness.networks.map((n) => (
          <li key={n.network}>{needs(n)}</li>
        ))}
      </ul>
      <p>
        {live ? t('readiness.nextLive') : t('readiness.nextTest')}
      </p>
    </div>
  );
}
