import { EvmAddressPool } from './address-pool.js';

/**
 * One EvmAddressPool, and so one derive-ahead worker thread, for every family that derives keccak
 * accounts (EVM, and TRON spelling the same 20 bytes in base58check). A worker thread is a V8 isolate
 * of its own: ~13 MB of RSS measured per worker (docs/development.md, Benchmarks), and a pool per
 * family started two. Sharing is exact: a pool's answer depends on (xpub, index) alone, whichever
 * family asks, and its per-xpub state keeps the families' xpubs apart.
 *
 * Held while a core's deposit sources live: the last holder's release stops the pool, and the next
 * acquire (another core in the same process, as tests start them) makes a new one.
 */
let shared: { pool: EvmAddressPool; logs: Set<Log> } | undefined;

type Log = (message: string, err?: unknown) => void;

export interface SharedAddressPool {
  readonly pool: EvmAddressPool;
  /** Lets go of the pool; the last holder's release ends its worker. Once per acquire. */
  release(): Promise<void>;
}

export function acquireAddressPool(log: Log): SharedAddressPool {
  if (!shared) {
    const logs = new Set<Log>();
    // The worker's failure concerns every holder: each one's log says it.
    shared = { pool: new EvmAddressPool({ log: (message, err) => logs.forEach((l) => l(message, err)) }), logs };
  }
  const held = shared;
  // A wrapper per holder: two holders passing the same function still count twice.
  const mine: Log = (message, err) => log(message, err);
  held.logs.add(mine);
  let released = false;
  return {
    pool: held.pool,
    async release() {
      if (released) return;
      released = true;
      held.logs.delete(mine);
      if (held.logs.size > 0) return;
      if (shared === held) shared = undefined;
      await held.pool.stop();
    },
  };
}
