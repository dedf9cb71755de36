import type { ReadyNetwork } from '../family.js';
import { RpcPool } from './pool.js';

/**
 * The pool of a network whose nodes speak Ethereum's JSON-RPC (EVM; TRON's /jsonrpc): endpoints
 * proven by eth_chainId, heads read from the watcher's own head polls (eth_blockNumber, the latest
 * block) and compared, an endpoint more than the network's confirmations behind set aside.
 */
export function ethRpcPool(network: ReadyNetwork, o: { urls?: readonly string[]; jsonRpcPath?: string } = {}): RpcPool {
  return new RpcPool({
    urls: o.urls ?? network.rpcUrls ?? [network.rpcUrl],
    ...(network.rpcHeaders && { headers: { ...network.rpcHeaders } }),
    ...(o.jsonRpcPath !== undefined && { jsonRpcPath: o.jsonRpcPath }),
    identity: {
      method: 'eth_chainId',
      expected: network.chainId,
      read: (result) => (typeof result === 'string' ? String(Number(result)) : String(result)),
      mismatch: (seen) => `the RPC serves chain id ${seen}, not ${network.chainId}: check the RPC URL for this network`,
    },
    head: {
      method: 'eth_blockNumber',
      params: [],
      of: (method, params, result) => {
        if (method === 'eth_blockNumber' && typeof result === 'string') return Number(result);
        const latest = method === 'eth_getBlockByNumber' && Array.isArray(params) && params[0] === 'latest';
        const number = (result as { number?: unknown } | null)?.number;
        return latest && typeof number === 'string' ? Number(number) : null;
      },
      lagLimit: Math.max(network.confirmations, 2),
      unit: 'blocks',
    },
  });
}
