/**
 * Can a sale be paid at all right now? A sale is payable when, in the sign-in's mode, some network is
 * ready (`status: ready` in GET /v1/networks) and offers a coin it can be paid in (`payable`). Else
 * the till keeps Charge disabled and says why, and in live mode how an owner gets it ready, rather
 * than showing a QR code nobody can pay. Read again each time a new sale starts. When the list cannot be read, Charge stays enabled: the API then
 * answers the charge itself.
 */
import { getJson } from '../api.js';
import type { ApiData, Merchant, Network } from '../api-types.js';
import { i18n } from '../i18n/index.js';
import { useLoad } from '../use-api.js';

/** What readiness reads of a network. */
type NetworkReadiness = Pick<Network, 'name' | 'status' | 'tokens'>;

export type Readiness = { ready: true } | { ready: false; reason: string } | { ready: undefined };

/**
 * What to do about it: in test mode the devnets are the app's own; in live mode an owner has to set a
 * live network up first (docs/ui.md, "Live mode with no network ready").
 */
const howToFix = (livemode: boolean) => (livemode ? i18n.t('readiness.fixLive', { ns: 'cashier' }) : i18n.t('readiness.fixTest', { ns: 'cashier' }));

export function readinessOf(networks: readonly NetworkReadiness[], livemode = false): Readiness {
  if (networks.some((n) => n.status === 'ready' && n.tokens.some((t) => t.payable))) return { ready: true };
  const unreachable = networks.filter((n) => n.status === 'unreachable').map((n) => n.name);
  const why = unreachable.length
    ? i18n.t('readiness.unreachable', { ns: 'cashier', networks: unreachable.join(', ') })
    : networks.some((n) => n.status === 'ready')
      ? i18n.t('readiness.noCoin', { ns: 'cashier' })
      : livemode
        ? i18n.t('readiness.noLiveNetwork', { ns: 'cashier' })
        : i18n.t('readiness.noNetwork', { ns: 'cashier' });
  return { ready: false, reason: `${why} ${howToFix(livemode)}` };
}

export function useReadiness(): Readiness {
  const { data } = useLoad(
    (signal) => Promise.all([getJson<ApiData<'listNetworks'>>('/v1/networks', signal), getJson<Merchant>('/v1/merchant', signal)]),
    [],
  );
  // Unknown while loading or when it cannot be read (an error leaves `data` undefined).
  return data ? readinessOf(data[0].items, data[1].livemode) : { ready: undefined };
}
