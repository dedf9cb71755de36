import { custom, type Transport } from 'viem';
import { rpcError } from './failures.js';
import type { CallCounter, RpcPool } from './pool.js';

/**
 * A viem transport over a pool: viem's clients (the EVM and TRON watchers, EVM payouts) call as they
 * would over `http()`, and the pool retries, fails over and splits eth_getLogs underneath. viem's own
 * retries are off: the pool's are the only ones, so `counter` sees every request sent.
 */
export function poolTransport(pool: RpcPool, counter: CallCounter = {}): Transport {
  return custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        const answer = await pool.request({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }, counter);
        const error = rpcError(answer);
        // viem maps `code` to its RpcError classes (InvalidParamsRpcError, LimitExceededRpcError…), as over http().
        if (error) throw Object.assign(new Error(error.message), { code: error.code, data: (answer as { error?: { data?: unknown } }).error?.data });
        return (answer as { result?: unknown }).result;
      },
    },
    { retryCount: 0 },
  );
}
