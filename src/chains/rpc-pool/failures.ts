/**
 * What an endpoint's answer means for the pool: an answer to hand back (a result, or a JSON-RPC
 * error that is the node's reply: invalid params, execution reverted), a failure to retry elsewhere
 * or later (no connection, a timeout, 429, 5xx, a rate limit in any provider's words), or a refused
 * eth_getLogs range (retried with a smaller range on the same endpoint).
 */
export type Outcome =
  | { kind: 'answer'; status: number; text: string; json: unknown }
  | { kind: 'retry'; reason: string; rateLimited: boolean; retryAfterMs: number | null; startedAt?: number }
  | { kind: 'range'; reason: string; cap: number | null };

/** Rate limits as providers word them in a JSON-RPC error (Infura, Alchemy, QuickNode, public nodes). */
const RATE_LIMIT = /rate.?limit|too many requests|request rate|limit exceeded|exceeded .*(quota|capacity|rate)|compute units? per second|throughput/i;
/** Range refusals as providers word them; their numbers (-32602, -32005, -32600, -32614) say less than the words. */
const RANGE_REFUSAL = /block range|range too large|limited to a? ?\d* ?(block )?range|up to a \d+ block range|more than \d+ results|query returned more than|too many blocks|range (is )?too (large|wide|big)|exceeds? (the )?(max|maximum)? ?(block )?range|maxBlockRange/i;

/** `Retry-After` in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The largest range a refusal names ("limited to a 5 range", "up to a 10000 block range"); null when none. */
function namedCap(message: string): number | null {
  const m = /(?:limited to an? |up to an? )(\d+)(?: block)? range/i.exec(message) ?? /max(?:imum)? (?:block )?range(?: is| of)? (\d+)/i.exec(message);
  return m ? Number(m[1]) : null;
}

/** The JSON-RPC error of an answer, when it is one (a batch is never sent by the pool). */
export function rpcError(json: unknown): { code: number; message: string } | null {
  const e = (json as { error?: unknown } | null)?.error;
  if (e === null || typeof e !== 'object') return null;
  const { code, message } = e as { code?: unknown; message?: unknown };
  return { code: typeof code === 'number' ? code : 0, message: typeof message === 'string' ? message : JSON.stringify(e) };
}

/**
 * Classifies one HTTP answer. `logs` says the request was an eth_getLogs, where a 413 or a range
 * refusal means "ask for fewer blocks", not "this endpoint is broken". `json` is the parsed body, or
 * undefined when it was no JSON (a proxy's HTML error page).
 */
export function classify(status: number, text: string, json: unknown, retryAfter: string | null, logs: boolean): Outcome {
  if (status === 429) return { kind: 'retry', reason: 'answered 429 Too Many Requests', rateLimited: true, retryAfterMs: retryAfterMs(retryAfter) };
  if (logs && status === 413) return { kind: 'range', reason: 'answered 413 Payload Too Large to eth_getLogs', cap: null };
  if (status >= 500 || status === 408) return { kind: 'retry', reason: `answered HTTP ${status}`, rateLimited: false, retryAfterMs: retryAfterMs(retryAfter) };
  if (json === undefined) {
    // 200 with no JSON is a broken proxy; 4xx with no JSON (401, 403, 404) is the endpoint's answer.
    if (status >= 200 && status < 300) return { kind: 'retry', reason: `answered HTTP ${status} without JSON`, rateLimited: false, retryAfterMs: null };
    return { kind: 'answer', status, text, json };
  }
  const error = rpcError(json);
  if (error) {
    if (logs && RANGE_REFUSAL.test(error.message)) return { kind: 'range', reason: `refused the range: ${error.message}`, cap: namedCap(error.message) };
    if (RATE_LIMIT.test(error.message) || error.code === 429) {
      return { kind: 'retry', reason: `said "${error.message.slice(0, 120)}"`, rateLimited: true, retryAfterMs: retryAfterMs(retryAfter) };
    }
  }
  return { kind: 'answer', status, text, json };
}

/** A call the pool gave up on: every endpoint failed or was set aside for `giveUpMs`. */
export class RpcPoolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RpcPoolError';
  }
}
