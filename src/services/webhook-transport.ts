import { performance } from 'node:perf_hooks';
import type { WebhookResponse, WebhookTransport } from './ports.js';

/** How much of a receiver's answer is kept in the attempts log. */
export const RESPONSE_BODY_CAP = 1024;

/**
 * Webhook POSTs over `fetch` (Node's undici, keep-alive by default). Redirects are not followed;
 * at most RESPONSE_BODY_CAP bytes of the answer are read, the rest is discarded unread.
 */
export class FetchTransport implements WebhookTransport {
  async post(url: string, headers: Record<string, string>, body: string, timeoutMs: number, signal: AbortSignal): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      const text = await readCapped(res, RESPONSE_BODY_CAP);
      return { status: res.status, body: text, retryAfter: res.headers.get('retry-after'), error: null, durationMs: elapsed() };
    } catch (err) {
      return { status: undefined, body: null, retryAfter: null, error: describe(err, timeoutMs), durationMs: elapsed() };
    }
  }
}

async function readCapped(res: Response, cap: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < cap) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (size >= cap) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  // Cut at the cap; a multi-byte character split there becomes U+FFFD.
  return Buffer.concat(chunks).subarray(0, cap).toString('utf8');
}

function describe(err: unknown, timeoutMs: number): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`;
  if (e?.name === 'AbortError') return 'aborted (the app was stopping)';
  const cause = e?.cause;
  if (cause?.code) return `${cause.code}: ${cause.message ?? e.message}`.slice(0, 500);
  return String(e?.message ?? err).slice(0, 500);
}
