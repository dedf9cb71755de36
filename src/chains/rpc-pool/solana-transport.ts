import type { RpcTransport } from '@solana/kit';
import type { CallCounter, RpcPool } from './pool.js';

/**
 * A @solana/kit transport over a pool (for `createSolanaRpcFromTransport`): the kit hands the JSON-RPC
 * message and reads back the answer's body, errors included, which it turns into its SolanaErrors.
 */
export function solanaPoolTransport(pool: RpcPool, counter: CallCounter = {}): RpcTransport {
  return (async ({ payload }: { payload: unknown }) => pool.request(payload as { method: string; params?: unknown }, counter)) as RpcTransport;
}
