import { NETWORK_IDS } from '../../src/chains/registry.js';
import type { CoreConfig } from '../../src/config.js';

/**
 * How the bench configures the core, in a module of its own so the parent can print it without
 * importing (and so running) the server script.
 */

/** Raised far above any load we send: the bench measures the work, not 429s. */
export const BENCH_RATE_LIMIT = { max: 1e9, windowMs: 1000 } as const;

/**
 * What the core's test-mode EVM networks are during the bench:
 * - `off`: no chain I/O. Every session still gets its derived deposit address, its address row and
 *   its outbox event; only payment_options (no network is ready) and the watchers are missing.
 *   The default: the figures are the API's alone, and nothing else competes for the 2 cores.
 * - `devnet`: the app's test-mode default, the anvil devnets of EVM and TRON (their own processes, not in the core's
 *   CPU or RSS figures) and a watcher per network polling every 100 ms.
 */
export type CoreNetworks = 'off' | 'devnet';
export const CORE_NETWORKS: readonly CoreNetworks[] = ['off', 'devnet'];

export function coreNetworkConfig(networks: CoreNetworks): CoreConfig['networks'] {
  return networks === 'off' ? { test: Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])) } : {};
}

/** One line for the report's notes. */
export function describeCoreNetworks(networks: CoreNetworks): string {
  return networks === 'off'
    ? 'core test-mode networks off (BENCH_CORE_NETWORKS=off): sessions still derive a deposit address and write their outbox event; no payment_options, no watchers'
    : 'core test-mode networks on anvil devnets (BENCH_CORE_NETWORKS=devnet): payment_options for every network and coin (EVM: 2 x 2; TRON: USDT), watchers polling every 100 ms; anvil and the TRON stand-in run in their own processes';
}
