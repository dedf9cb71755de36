import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC pass-through that counts the calls going through it by method, so the chain sections
 * can say what the watcher asks for per block, not just how many calls it makes. Block reads are
 * split: `eth_getBlockByNumber(latest)` (the head poll) apart from reads of a given block; Solana's
 * slot reads by commitment, `getSlot(confirmed)` apart from `getSlot(finalized)`.
 *
 * Requests keep their path: a TRON node's base URL goes here, and the watcher's calls to its
 * `/jsonrpc` are counted by method like anvil's at `/`; a request to any other path (a TRON node's
 * `/wallet/…`) is counted by its path, so a call the watcher should not make still shows.
 */
export interface CountingProxy {
  readonly url: string;
  /** Calls so far by method; a copy. */
  counts(): Record<string, number>;
  close(): Promise<void>;
}

function label(call: { method?: unknown; params?: unknown }): string {
  const method = typeof call.method === 'string' ? call.method : '?';
  if (method === 'eth_getBlockByNumber' && Array.isArray(call.params)) {
    return call.params[0] === 'latest' ? 'eth_getBlockByNumber(latest)' : 'eth_getBlockByNumber(n)';
  }
  if (method === 'getSlot') {
    const config: unknown = Array.isArray(call.params) ? call.params[0] : undefined;
    // Without one, the RPC's default, `finalized` (what @solana/kit leaves out when asked for it).
    const commitment = typeof config === 'object' && config !== null && 'commitment' in config ? String(config.commitment) : 'finalized';
    return `getSlot(${commitment})`;
  }
  return method;
}

/** Whether a request to `path` is JSON-RPC: anvil's root, or a TRON node's /jsonrpc. */
const isJsonRpc = (path: string) => path === '/' || path === '' || /\/jsonrpc\/?$/.test(path);

/** Forwards to `target` (an origin, or an origin and a path the requests' paths are appended to). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const base = target.replace(/\/+$/, '');
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] as string;
      if (!isJsonRpc(path)) count(`${req.method ?? '?'} ${path}`);
      else {
        try {
          const parsed = JSON.parse(body) as unknown;
          for (const call of Array.isArray(parsed) ? parsed : [parsed]) count(label(call as { method?: unknown; params?: unknown }));
        } catch {
          count('(unparsable)');
        }
      }
      const method = req.method ?? 'POST';
      const withBody = method !== 'GET' && method !== 'HEAD';
      fetch(`${base}${req.url ?? '/'}`, { method, headers: { 'content-type': req.headers['content-type'] ?? 'application/json' }, ...(withBody && { body }) }).then(
        async (upstream) => {
          const text = await upstream.text();
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
          res.end(text);
        },
        (err: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(String(err));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `after - before` per method, methods with no calls left out. */
export function countsDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(after)) {
    const d = v - (before[k] ?? 0);
    if (d) out[k] = d;
  }
  return out;
}
