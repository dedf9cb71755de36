/**
 * Can a sale be paid at all right now? A sale is payable when, in the sign-in's mode, some network is
 * ready (`status: ready` in GET /v1/networks) and offers a coin it can be paid in (`payable`). Else
 * the till keeps Charge disabled and says why, and in live mode how an owner gets it ready, rather
 * than showing a QR code nobody can pay. Read again each time a new sale starts. When the list cannot be read, Charge stays enabled: the API then
 * answers the charge itself.
 */
import { getJson } from '../api.js';
import type { ApiData, Merchant, Network } from '../api-types.js';
import { useLoad } from '../use-api.js';

/** What readiness reads of a network. */
type NetworkReadiness = Pick<Network, 'name' | 'status' | 'tokens'>;

export type Readiness = { ready: true } | { ready: false; reason: string } | { ready: undefined };

/**
 * What to do about it: in test mode the devnets are the app's own; in live mode an owner has to set a
 * live network up first (docs/ui.md, "Live mode with no network ready").
 */
const howToFix = (livemode: boolean) =>
  livemode
    ? 'An owner adds one in Settings → Networks (an RPC endpoint and the live wallet).'
    : 'An owner can fix this in Settings → Networks.';

export function readinessOf(networks: readonly NetworkReadiness[], livemode = false): Readiness {
  if (networks.some((n) => n.status === 'ready' && n.tokens.some((t) => t.payable))) return { ready: true };
  const unreachable = networks.filter((n) => n.status === 'unreachable').map((n) => n.name);
  const why = unreachable.length
    ? `${unreachable.join(', ')} cannot be reached right now`
    : networks.some((n) => n.status === 'ready')
      ? 'no coin can be paid in on the networks that are set up'
      : livemode
        ? 'no live network is set up yet'
        : 'no network is set up for this mode';
  return { ready: false, reason: `No network can take a payment: ${why}. ${howToFix(livemode)}` };
}

export function useReadiness(): Readiness {
  const { data } = useLoad(
    (signal) => Promise.all([getJson<ApiData<'listNetworks'>>('/v1/networks', signal), getJson<Merchant>('/v1/merchant', signal)]),
    [],
  );
  // Unknown while loading or when it cannot be read (an error leaves `data` undefined).
  return data ? readinessOf(data[0].items, data[1].livemode) : { ready: undefined };
}
