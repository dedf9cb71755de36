import { isSolanaError, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR } from '@solana/kit';

/**
 * One RPC call of the Solana watcher, sent again when the endpoint was only busy or briefly away: a
 * 429 (after its `Retry-After` when it gives one), a 5xx, a connection dropped without an answer. A
 * pass thus keeps what it has read instead of starting over a second later with the same calls (which,
 * behind a limiter of 10 requests a second, saw no payment at all: issue 27). Anything else (a
 * JSON-RPC error, a 4xx) is thrown at once: sending it again would get the same answer.
 *
 * Kept small and in this one place: the shared RPC pool (src/chains/rpc-pool/) retries, paces and
 * fails over per endpoint for every family; once the watcher's transport is the pool, this is the
 * part to drop.
 */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait, ms, doubled at every retry (jittered: 50 to 100 % of it), up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How the wait is spent (tests may shorten it). */
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 250, maxDelayMs: 5_000 };

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The wait a failed call asks for before it is sent again, ms; undefined when it is not to be sent again. */
export function retryDelay(error: unknown, attempt: number, policy: RetryPolicy): number | undefined {
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const { statusCode, headers } = error.context;
    if (statusCode === 429) return retryAfterMs(headers, policy) ?? backoff;
    return statusCode >= 500 ? backoff : undefined;
  }
  // fetch's own failure (connection refused, reset, closed without an answer) is a TypeError; the
  // SDK's errors for a bad answer are SolanaErrors and are not retried.
  return error instanceof TypeError ? backoff : undefined;
}

/** `Retry-After` in seconds or as an HTTP date, capped at the policy's longest wait. */
function retryAfterMs(headers: Headers | undefined, policy: RetryPolicy): number | undefined {
  const value = headers?.get?.('retry-after');
  if (value === null || value === undefined || value === '') return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.min(policy.maxDelayMs, Math.max(0, ms)) : undefined;
}

/** Sends `call()` until it answers, or fails in a way not worth repeating, or the tries run out (then its last error). */
export async function withRetries<T>(call: () => Promise<T>, policy: RetryPolicy = DEFAULT_RETRY): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = attempt + 1 < policy.attempts ? retryDelay(error, attempt, policy) : undefined;
      if (delay === undefined) throw error;
      await (policy.sleep ?? sleepFor)(delay);
    }
  }
}
