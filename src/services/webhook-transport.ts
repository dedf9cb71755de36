import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { WebhookResponse, WebhookTransport } from './ports.js';

/** How much of a receiver's answer is kept in the attempts log. */
export const RESPONSE_BODY_CAP = 1024;

/**
 * Webhook POSTs over node:http(s) with keep-alive agents: measured at about twice the deliveries per
 * second of `fetch` on the same machine (bench section `webhooks`). Redirects are not followed; at most
 * RESPONSE_BODY_CAP bytes of the answer are kept, the rest is read and dropped so the connection
 * can be reused (or the socket is closed once the cap is far exceeded).
 */
export class HttpTransport implements WebhookTransport {
  private readonly http = new HttpAgent({ keepAlive: true, maxFreeSockets: 16, scheduling: 'lifo' });
  private readonly https = new HttpsAgent({ keepAlive: true, maxFreeSockets: 16, scheduling: 'lifo' });

  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number, signal: AbortSignal): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (r: Omit<WebhookResponse, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve({ ...r, durationMs: elapsed() });
      };
      const fail = (error: string) => finish({ status: undefined, body: null, retryAfter: null, error });
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        fail('invalid URL');
        return;
      }
      const isHttps = target.protocol === 'https:';
      const payload = Buffer.from(body, 'utf8');
      const req = (isHttps ? httpsRequest : httpRequest)(target, {
        method: 'POST',
        agent: isHttps ? this.https : this.http,
        headers: { ...headers, 'content-length': String(payload.length) },
      });
      const timer = setTimeout(() => {
        fail(`timed out after ${timeoutMs} ms`);
        req.destroy();
      }, timeoutMs);
      const onAbort = () => {
        fail('aborted (the app was stopping)');
        req.destroy();
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err: NodeJS.ErrnoException) => fail(err.code ? `${err.code}: ${err.message}`.slice(0, 500) : String(err.message).slice(0, 500)));
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_BODY_CAP) chunks.push(chunk);
          size += chunk.length;
          if (size > 64 * RESPONSE_BODY_CAP) res.destroy(); // not worth reading on
        });
        const done = () =>
          finish({
            status: res.statusCode,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_CAP).toString('utf8'),
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            error: null,
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      });
      req.end(payload);
    });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
