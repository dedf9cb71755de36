import { request } from 'node:http';
import type { ApiResponse } from './test-core.js';

export interface RawRequest {
  method?: string;
  path: string;
  /** The `Host` header to send (fetch always sends the URL's own); `null` sends none at all. */
  host: string | null;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * One request to `baseUrl` with a chosen `Host` header, as a browser reaching the app under another
 * name (DNS rebinding, a LAN name, a proxy) sends it: node's fetch does not let a caller set `Host`.
 */
export function requestWithHost(baseUrl: string, req: RawRequest): Promise<ApiResponse> {
  const url = new URL(baseUrl);
  const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
  const headers: Record<string, string> = { ...req.headers };
  if (req.host !== null) headers.host = req.host;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const r = request({ hostname: url.hostname, port: url.port, method: req.method ?? 'GET', path: req.path, headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON (an HTML page): keep the text
        }
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out.set(name, value);
        resolve({ status: res.statusCode ?? 0, headers: out, body: body as never, text });
      });
    });
    r.on('error', reject);
    r.end(payload);
  });
}
