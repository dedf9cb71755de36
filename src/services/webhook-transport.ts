import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { isPublicAddress } from '../domain/ip-addresses.js';
import type { AnswerPeer } from '../domain/webhook-answers.js';
import type { WebhookResponse, WebhookTransport } from './ports.js';

/** How much of a receiver's answer is kept in the attempts log. */
export const RESPONSE_BODY_CAP = 1024;

/**
 * Webhook POSTs over node:http(s) with keep-alive agents: measured at about twice the deliveries per
 * second of `fetch` on the same machine (bench section `webhooks`). Redirects are not followed; at most
 * RESPONSE_BODY_CAP bytes of the answer are kept, the rest is read and dropped so the connection
 * can be reused (or the socket is closed once the cap is far exceeded).
 *
 * Each answer says whether it came from a public address (`peer`), judged by the addresses actually
 * used, not by the URL's spelling: every address the name resolved to (a name resolving to 127.0.0.1,
 * or to a public and a private address, is private), an IP literal as the URL parser normalised it
 * (`0x7f000001` is 127.0.0.1), and the socket's remote address (a kept-alive socket resolves nothing).
 * No address known at all (a DNS failure) is private: the rule fails closed.
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
      const addresses: string[] = [];
      /** The request once made: its socket says where it connected. */
      const made: { req?: ReturnType<typeof httpRequest> } = {};
      const peer = (): AnswerPeer => {
        const remote = made.req?.socket?.remoteAddress;
        const all = remote === undefined ? addresses : [...addresses, remote];
        return all.length > 0 && all.every(isPublicAddress) ? 'public' : 'private';
      };
      const fail = (error: string) => finish({ status: undefined, body: null, retryAfter: null, error, peer: peer() });
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        fail('invalid URL');
        return;
      }
      const literal = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(literal)) addresses.push(literal);
      // Node's own lookup, noting what each name resolved to.
      const lookup: LookupFunction = (hostname, options, callback) =>
        dnsLookup(hostname, options, (err, address: string | { address: string }[], family?: number) => {
          if (!err) for (const a of Array.isArray(address) ? address : [{ address }]) addresses.push(a.address);
          (callback as (e: typeof err, a: typeof address, f?: number) => void)(err, address, family);
        });
      const isHttps = target.protocol === 'https:';
      const payload = Buffer.from(body, 'utf8');
      const sent = (isHttps ? httpsRequest : httpRequest)(target, {
        method: 'POST',
        agent: isHttps ? this.https : this.http,
        lookup,
        headers: { ...headers, 'content-length': String(payload.length) },
      });
      made.req = sent;
      const timer = setTimeout(() => {
        fail(`timed out after ${timeoutMs} ms`);
        sent.destroy();
      }, timeoutMs);
      const onAbort = () => {
        fail('aborted (the app was stopping)');
        sent.destroy();
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      sent.on('error', (err: NodeJS.ErrnoException & { address?: string }) => {
        if (typeof err.address === 'string') addresses.push(err.address);
        fail(err.code ? `${err.code}: ${err.message}`.slice(0, 500) : String(err.message).slice(0, 500));
      });
      sent.on('response', (res: IncomingMessage) => {
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
            peer: peer(),
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      });
      sent.end(payload);
    });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
