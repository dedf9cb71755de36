/**
 * What live mode still lacks before the till can take a payment, in the owner's words, from GET
 * /v1/ui/live-readiness (readable in either mode). Shown before the switch to live, and in live mode
 * while no network is ready: the switch is not refused, because live networks and wallets are set up
 * in live mode, but nobody should find out at the till that no sale can be paid.
 */
import type { LiveReadiness } from '../api-types.js';
import { useApi } from '../use-api.js';

type Missing = LiveReadiness['networks'][number]['missing'][number];

const WORDS: Record<Missing, string> = {
  rpc_url: 'an RPC endpoint',
  wallet: "the shop's live wallet",
  reachable: 'its RPC endpoint to answer (it does not right now)',
  payable_coin: 'a coin customers can pay in',
};

/** GET /v1/ui/live-readiness, read once; undefined while loading or when it cannot be read. */
export function useLiveReadiness(): LiveReadiness | undefined {
  // An error leaves it undefined: the switch still works; only the warning is missing.
  return useApi<LiveReadiness>('/v1/ui/live-readiness').data;
}

/** "Ethereum needs an RPC endpoint and the shop's live wallet", one line per network. */
function needs(n: LiveReadiness['networks'][number]): string {
  const parts = n.missing.map((m) => WORDS[m]);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
  const restart = n.applies_at_next_start ? ' (an endpoint is saved: it is used once the app restarts)' : '';
  return `${n.name} needs ${list}${restart}.`;
}

/** The warning, or nothing when some live network is ready. `live`: whether the sign-in is in live mode already. */
export function LiveNotReady({ readiness, live }: { readiness: LiveReadiness | undefined; live: boolean }) {
  if (!readiness || readiness.ready) return null;
  return (
    <div className="live-not-ready" role="note" aria-label="Live mode is not ready">
      <p>
        <strong>No live network is ready yet.</strong> {live ? 'The till' : 'In live mode the till'} will not take payments until one is: Charge stays
        off and says why.
      </p>
      <ul>
        {readiness.networks.map((n) => (
          <li key={n.network}>{needs(n)}</li>
        ))}
      </ul>
      <p>
        {live
          ? 'Set one up below under Networks → Live networks: its RPC endpoint (then restart the app) and the live wallet.'
          : 'You can switch anyway: live networks and the live wallet are set up in live mode, under Networks → Live networks, and the till takes payments as soon as one is ready.'}
      </p>
    </div>
  );
}
