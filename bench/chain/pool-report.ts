import type { WatcherStats } from '../../src/chains/family.js';
import type { Figure } from '../section.js';

/**
 * The part of the RPC pool's per-endpoint report (`WatcherStats.endpoints`, EndpointReport in
 * src/chains/family.ts, from the rpcpool work of issue 27) that the capped sections print. Read
 * structurally: on a core without the pool there is none, and the rows are left out.
 */
interface PoolEndpoint {
  state: string;
  reason: string | null;
  requestsPerSecond: number | null;
  logRange: number | null;
  logRangeCapped: boolean;
}

/** What the watcher's pool learnt of its (only) endpoint: the log range it settled on, the pace after 429s, its state. */
export function poolFigures(stats: WatcherStats, prefix: string, label: string): Figure[] {
  const endpoint = (stats as { endpoints?: readonly PoolEndpoint[] }).endpoints?.[0];
  if (!endpoint) return [];
  return [
    { key: `${prefix}.pool_log_range`, label: `${label}: eth_getLogs range the pool settled on${endpoint.logRangeCapped ? ' (capped)' : ''}`, value: endpoint.logRange ?? 'unknown', unit: 'blocks' },
    { key: `${prefix}.pool_requests_per_sec`, label: `${label}: pace the pool settled on after 429s`, value: endpoint.requestsPerSecond ?? 'none', ...(endpoint.requestsPerSecond !== null && { unit: '/s' }) },
    { key: `${prefix}.pool_state`, label: `${label}: endpoint state`, value: endpoint.reason ? `${endpoint.state}: ${endpoint.reason}` : endpoint.state },
  ];
}
