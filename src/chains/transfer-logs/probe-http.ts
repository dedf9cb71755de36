import type { ProbeFindings } from '../../domain/rpc-check.js';
/**
 * The HTTP side of checking an RPC endpoint (`stablepos rpc check`, POST /v1/networks/{network}/rpc_check):
 * JSON-RPC calls that record what a shop needs to know (latency, 429s and rate-limit headers) and
 * say what went wrong in the app's own words (HTTP status, JSON-RPC error code), never with the
 * endpoint's text: the URL is the caller's, and what answers it could be anything (docs/security.md,
 * "Checking an RPC endpoint"). Shared by every family's probe.
 */

/** One call may take this long; a check makes about twenty, so it ends within a minute or two at worst. */
const TIMEOUT_MS = 5_000;
/** A 429 is waited out at most this long (its Retry-After), twice, before the call counts as refused. */
const MAX_RETRY_WAIT_MS = 2_000;

/** The answer to one call: its JSON-RPC result or error, or why there was none (in our words). */
export type ProbeAnswer =
  | { ok: true; result: unknown }
  | { ok: false; code: number | null; message: string; /** The endpoint's own message, only to read a range cap from; never shown. */ said: string };

export class ProbeHttp {
  readonly latencies: number[] = [];
  readonly rateLimitHeaders = new Map<string, string>();
  rateLimited = 0;

  constructor(private readonly headers: Readonly<Record<string, string>> = {}) {}

  /** A JSON-RPC call; `timed` ones count towards latency (simple calls, not log scans). */
  async call(url: string, method: string, params: unknown[] = [], timed = true): Promise<ProbeAnswer> {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...this.headers },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'manual',
        });
      } catch (err) {
        return { ok: false, code: null, message: noAnswer(err), said: '' };
      }
      this.keepRateLimitHeaders(response.headers);
      const text = await response.text().catch(() => '');
      const ms = performance.now() - started;
      if (response.status === 429) {
        this.rateLimited++;
        const wait = Math.min(Number(response.headers.get('retry-after') ?? 1) * 1000 || 1000, MAX_RETRY_WAIT_MS);
        if (attempt < 2) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        return { ok: false, code: 429, message: 'answered 429 Too Many Requests', said: '' };
      }
      if (response.status !== 200) return { ok: false, code: response.status, message: `answered HTTP ${response.status}`, said: text.slice(0, 300) };
      let body: { result?: unknown; error?: { code?: unknown; message?: unknown } };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        return { ok: false, code: null, message: 'answered with something other than JSON-RPC', said: '' };
      }
      if (body.error !== undefined || !('result' in body)) {
        const code = typeof body.error?.code === 'number' ? body.error.code : null;
        return { ok: false, code, message: code === null ? 'answered with an error' : `answered JSON-RPC error ${code}`, said: String(body.error?.message ?? '').slice(0, 300) };
      }
      if (timed) this.latencies.push(ms);
      return { ok: true, result: body.result };
    }
  }

  /** A plain HTTP POST (TRON's /wallet API): its status and JSON, or why there was none. */
  async post(url: string, body: unknown): Promise<{ status: number | null; json: unknown; message: string }> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'manual',
      });
      this.keepRateLimitHeaders(response.headers);
      if (response.status === 429) this.rateLimited++;
      const text = await response.text().catch(() => '');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, json, message: `answered HTTP ${response.status}` };
    } catch (err) {
      return { status: null, json: undefined, message: noAnswer(err) };
    }
  }

  /**
   * Writes into `f` what every probe notes of the endpoint's manners: its median latency, the
   * rate-limit headers it sent, and the 429s met, with what lifts them (`flag`: how the owner gives a
   * second endpoint, e.g. `--rpc solana=URL1,URL2`).
   */
  noteManners(f: ProbeFindings, flag: string): void {
    f.latencyMs = this.medianLatency();
    f.rateLimitHeaders = [...this.rateLimitHeaders].map(([name, value]) => `${name}: ${value}`);
    if (this.rateLimited > 0) {
      f.limits.push(`answered 429 Too Many Requests ${this.rateLimited === 1 ? 'once' : `${this.rateLimited} times`} during the check`);
      f.advice.push(`Under load the app slows down to what the endpoint allows: a paid plan or a second endpoint (${flag}) lifts this.`);
    }
  }

  /** The median latency of the simple calls, ms; null when none answered. */
  medianLatency(): number | null {
    if (this.latencies.length === 0) return null;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return Math.round(sorted[Math.floor(sorted.length / 2)]!);
  }

  private keepRateLimitHeaders(headers: Headers): void {
    headers.forEach((value, name) => {
      if (/^(x-)?ratelimit-|^retry-after$/i.test(name)) this.rateLimitHeaders.set(name.toLowerCase(), value.slice(0, 100));
    });
  }
}

/** Why no answer came, from the error's code only (never a message that could carry the endpoint's words). */
function noAnswer(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `did not answer within ${TIMEOUT_MS / 1000} s`;
  const cause = (err as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  if (code === 'ECONNREFUSED') return 'refused the connection (nothing listens there)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'cannot be found (the host name does not resolve)';
  if (code !== null && /^[A-Z_]+$/.test(code)) return `could not be reached (${code})`;
  return 'could not be reached';
}

/** Findings before any check: nothing known. */
export function noFindings(): ProbeFindings {
  return { chainId: null, head: null, lag: null, logRange: null, latencyMs: null, rateLimitHeaders: [], problems: [], limits: [], advice: [] };
}
