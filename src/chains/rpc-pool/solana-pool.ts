import { parseJsonWithBigInts, stringifyJsonWithBigInts } from '@solana/rpc-spec-types';
import type { ReadyNetwork } from '../family.js';
import { RpcPool } from './pool.js';

/**
 * Decision: on Solana an endpoint whose `confirmed` slot is more than 10 slots (about 4 s) behind the
 * most advanced endpoint's is set aside: nodes of one cluster differ by a slot or two, and a node 10
 * behind would show a payment seconds after the others.
 */
const SOLANA_LAG_SLOTS = 10;

/**
 * The pool of a Solana network: endpoints proven by getGenesisHash, heads from getSlot at
 * `confirmed`, answers parsed with bigints as @solana/kit's own transport parses them (the kit then
 * narrows the fields it types as numbers).
 */
export function solanaRpcPool(network: ReadyNetwork): RpcPool {
  return new RpcPool({
    urls: network.rpcUrls ?? [network.rpcUrl],
    ...(network.rpcHeaders && { headers: { ...network.rpcHeaders } }),
    parse: parseJsonWithBigInts,
    stringify: (body) => stringifyJsonWithBigInts(body),
    identity: {
      method: 'getGenesisHash',
      expected: network.chainId,
      read: (result) => String(result),
      mismatch: (seen) => `the RPC serves the cluster with genesis hash ${seen}, not ${network.chainId}: check the RPC URL for this network`,
    },
    head: {
      method: 'getSlot',
      params: [{ commitment: 'confirmed' }],
      of: (method, params, result) => {
        const commitment = Array.isArray(params) ? (params[0] as { commitment?: unknown } | undefined)?.commitment : undefined;
        return method === 'getSlot' && commitment === 'confirmed' && typeof result === 'number' ? result : null;
      },
      lagLimit: SOLANA_LAG_SLOTS,
      unit: 'slots',
    },
  });
}
