import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC endpoint in front of a real local node (anvil, the TRON stand-in, surfnet) that behaves
 * like the hosted ones shops use: capped eth_getLogs ranges in the words providers use, 429s with
 * Retry-After, a request-rate limiter, 502s with an HTML body, dropped connections, a node of a
 * load-balanced pool that lags and answers short with no error, and on Solana null transactions,
 * signature lists that miss the newest slot and a borrowed genesis hash (surfnet answering as
 * mainnet-beta). The live rehearsal, the chain tests and the benchmarks put it between the app and the
 * chain; `set` changes the faults at any time. Paths are kept (TRON's `/jsonrpc` and `/wallet/…`).
 */
export interface Faults {
  /** eth_getLogs (and TRON /jsonrpc) spanning more blocks than this is refused, in `rangeRefusal`'s words. */
  logRangeCap?: number;
  /**
   * How the refusal is worded: quicknode {-32614,'eth_getLogs is limited to a N range'} (default), geth
   * {-32602,'block range too large'}, alchemy {-32600,'You can make eth_getLogs requests with up to a N
   * block range'}, results {-32005,'query returned more than 10000 results'}, http413 (HTTP 413, no JSON).
   */
  rangeRefusal?: 'quicknode' | 'geth' | 'alchemy' | 'http413' | 'results';
  /** Fraction of requests answered 429 (with `Retry-After: retryAfterSeconds` when set). */
  rate429?: number;
  retryAfterSeconds?: number;
  /** A limiter: at most this many requests per second, the rest 429 with `Retry-After: 1`. */
  limitPerSecond?: number;
  /** Fraction answered 502 with an HTML body. */
  rate5xx?: number;
  /** Fraction whose connection is dropped without an answer. */
  dropRate?: number;
  /**
   * A load-balanced pool with one node `lagBlocks` behind: `lagRate` of requests go to it. It reports
   * its own head, returns null for blocks (transactions) above it, and answers eth_getLogs and
   * getSignaturesForAddress only up to its head, with no error.
   */
  lagBlocks?: number;
  lagRate?: number;
  /** Solana: fraction of getTransaction answered null. */
  nullTransactionRate?: number;
  /** Solana: fraction of getSignaturesForAddress answers that miss the newest slot's signatures. */
  shortSignaturesRate?: number;
  /** Solana: answer getGenesisHash with this. */
  genesisHash?: string;
}

export interface FaultCounts {
  requests: number;
  refused429: number;
  failed5xx: number;
  dropped: number;
  rangeRefused: number;
  /** Answers cut short by the lagging node (logs, blocks, signature lists, transactions). */
  short: number;
  nullTransactions: number;
  /** JSON-RPC calls by method (a batch counts each), other requests by path. */
  byMethod: Record<string, number>;
}

export interface FaultEndpoint {
  /** http://127.0.0.1:PORT, without a trailing slash: append the node's own paths. */
  readonly url: string;
  /** Replaces the faults. */
  set(faults: Faults): void;
  counts(): FaultCounts;
  close(): Promise<void>;
}

interface Call {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

const HTML_502 = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n';

const hex = (n: number) => `0x${n.toString(16)}`;

function refusal(kind: Faults['rangeRefusal'], cap: number): { code: number; message: string } {
  switch (kind) {
    case 'geth':
      return { code: -32602, message: 'block range too large' };
    case 'alchemy':
      return { code: -32600, message: `You can make eth_getLogs requests with up to a ${cap} block range. Based on your parameters, this block range should work: [0x0, 0x${(cap - 1).toString(16)}]` };
    case 'results':
      return { code: -32005, message: 'query returned more than 10000 results' };
    default:
      return { code: -32614, message: `eth_getLogs is limited to a ${cap} range` };
  }
}

export async function startFaultEndpoint(upstream: string, initial: Faults = {}): Promise<FaultEndpoint> {
  const base = upstream.replace(/\/+$/, '');
  let faults: Faults = { ...initial };
  const counts: FaultCounts = { requests: 0, refused429: 0, failed5xx: 0, dropped: 0, rangeRefused: 0, short: 0, nullTransactions: 0, byMethod: {} };
  const window: number[] = [];

  const forward = async (path: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string; type: string }> => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? 'application/json' };
  };
  const rpc = async (path: string, method: string, params: unknown[]): Promise<unknown> => {
    const res = await forward(path, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), { 'content-type': 'application/json' });
    const answer = JSON.parse(res.text) as { result?: unknown; error?: { message: string } };
    if (answer.error) throw new Error(`upstream ${method}: ${answer.error.message}`);
    return answer.result;
  };

  const limited = (): boolean => {
    const limit = faults.limitPerSecond;
    if (limit === undefined) return false;
    const now = Date.now();
    while (window.length > 0 && (window[0] as number) <= now - 1000) window.shift();
    if (window.length >= limit) return true;
    window.push(now);
    return false;
  };

  /** The block number a tag or hex quantity names, `head` for latest-like tags. */
  const blockOf = (tag: unknown, head: number): number => {
    if (typeof tag !== 'string' || ['latest', 'pending', 'safe', 'finalized'].includes(tag)) return head;
    if (tag === 'earliest') return 0;
    return Number(BigInt(tag));
  };

  /** One call answered by the pool: faults that concern a single call, then the node's answer. */
  const answer = async (path: string, call: Call, lagging: boolean): Promise<unknown> => {
    const method = typeof call.method === 'string' ? call.method : '';
    const params = Array.isArray(call.params) ? call.params : [];
    const reply = (result: unknown) => ({ jsonrpc: '2.0', id: call.id ?? null, result });
    const send = async (sent: Call) => {
      const res = await forward(path, JSON.stringify(sent), { 'content-type': 'application/json' });
      return JSON.parse(res.text) as { result?: unknown; error?: unknown };
    };
    const passThrough = () => send(call);
    const evm = method.startsWith('eth_');
    const lag = lagging ? (faults.lagBlocks ?? 0) : 0;

    if (method === 'eth_getLogs') {
      const filter = (params[0] ?? {}) as { fromBlock?: unknown; toBlock?: unknown; blockHash?: unknown };
      if (filter.blockHash === undefined) {
        // The node's head only when the answer depends on it (a tag, or the lagging node): a provider
        // answering numbered ranges does no more work than the node, and neither does this endpoint.
        const numbered = (tag: unknown) => typeof tag === 'string' && tag.startsWith('0x');
        const needsHead = lag > 0 || !numbered(filter.fromBlock) || !numbered(filter.toBlock);
        const head = needsHead ? Number(BigInt((await rpc(path, 'eth_blockNumber', [])) as string)) : 0;
        const from = blockOf(filter.fromBlock ?? 'latest', head);
        const to = blockOf(filter.toBlock ?? 'latest', head);
        const cap = faults.logRangeCap;
        if (cap !== undefined && to - from + 1 > cap) {
          counts.rangeRefused++;
          if (faults.rangeRefusal === 'http413') return { status413: true };
          return { jsonrpc: '2.0', id: call.id ?? null, error: refusal(faults.rangeRefusal, cap) };
        }
        if (lag > 0 && to > head - lag) {
          counts.short++;
          const own = head - lag;
          if (from > own) return reply([]);
          return send({ ...call, params: [{ ...filter, fromBlock: hex(from), toBlock: hex(own) }] });
        }
      }
      return passThrough();
    }
    if (evm && lag > 0 && (method === 'eth_blockNumber' || method === 'eth_getBlockByNumber')) {
      const head = Number(BigInt((await rpc(path, 'eth_blockNumber', [])) as string));
      const own = head - lag;
      if (method === 'eth_blockNumber') return reply(hex(own));
      const wanted = blockOf(params[0], own);
      if (wanted > own) {
        counts.short++;
        return reply(null);
      }
      return send({ ...call, params: [hex(wanted), ...params.slice(1)] });
    }
    if (method === 'getGenesisHash' && faults.genesisHash !== undefined) return reply(faults.genesisHash);
    if (method === 'getSlot' && lag > 0) {
      const res = (await passThrough()) as { result?: number };
      if (typeof res.result === 'number') return { ...res, result: Math.max(0, res.result - lag) };
      return res;
    }
    if (method === 'getTransaction') {
      if (faults.nullTransactionRate && Math.random() < faults.nullTransactionRate) {
        counts.nullTransactions++;
        return reply(null);
      }
      const res = (await passThrough()) as { result?: { slot?: number } | null };
      if (lag > 0 && res.result && typeof res.result.slot === 'number') {
        const head = (await rpc(path, 'getSlot', [{ commitment: 'processed' }])) as number;
        if (res.result.slot > head - lag) {
          counts.short++;
          return reply(null);
        }
      }
      return res;
    }
    if (method === 'getSignaturesForAddress') {
      const res = (await passThrough()) as { result?: { slot: number }[] };
      if (!Array.isArray(res.result) || res.result.length === 0) return res;
      let list = res.result;
      if (lag > 0) {
        const head = (await rpc(path, 'getSlot', [{ commitment: 'processed' }])) as number;
        const kept = list.filter((s) => s.slot <= head - lag);
        if (kept.length < list.length) counts.short++;
        list = kept;
      }
      if (faults.shortSignaturesRate && Math.random() < faults.shortSignaturesRate) {
        const newest = Math.max(...list.map((s) => s.slot));
        const kept = list.filter((s) => s.slot !== newest);
        if (kept.length < list.length) counts.short++;
        list = kept;
      }
      return { ...res, result: list };
    }
    return passThrough();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '/';
    counts.requests++;
    let parsed: Call | Call[] | undefined;
    try {
      parsed = body === '' ? undefined : (JSON.parse(body) as Call | Call[]);
    } catch {
      parsed = undefined;
    }
    const calls = parsed === undefined ? [] : Array.isArray(parsed) ? parsed : [parsed];
    for (const c of calls) {
      const m = typeof c.method === 'string' ? c.method : path;
      counts.byMethod[m] = (counts.byMethod[m] ?? 0) + 1;
    }
    if (calls.length === 0) counts.byMethod[path] = (counts.byMethod[path] ?? 0) + 1;

    if (faults.dropRate && Math.random() < faults.dropRate) {
      counts.dropped++;
      req.socket.destroy();
      return;
    }
    if (faults.rate5xx && Math.random() < faults.rate5xx) {
      counts.failed5xx++;
      res.writeHead(502, { 'content-type': 'text/html' }).end(HTML_502);
      return;
    }
    const refused = limited() ? { retryAfter: 1 } : faults.rate429 && Math.random() < faults.rate429 ? { retryAfter: faults.retryAfterSeconds } : undefined;
    if (refused) {
      counts.refused429++;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (refused.retryAfter !== undefined) headers['retry-after'] = String(refused.retryAfter);
      res.writeHead(429, headers).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32005, message: 'Too Many Requests' } }));
      return;
    }
    // Not JSON-RPC (TRON's /wallet/…): passed through as is.
    if (parsed === undefined || calls.some((c) => typeof c.method !== 'string')) {
      const headers: Record<string, string> = {};
      if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
      const up = await forward(path, body, headers);
      res.writeHead(up.status, { 'content-type': up.type }).end(up.text);
      return;
    }
    // One node of the pool answers the whole request (a batch too), as a load balancer routes it.
    const lagging = (faults.lagBlocks ?? 0) > 0 && Math.random() < (faults.lagRate ?? 0);
    const answers = [];
    for (const c of calls) answers.push(await answer(path, c, lagging));
    if (answers.some((a) => (a as { status413?: boolean }).status413)) {
      res.writeHead(413, { 'content-type': 'text/plain' }).end('Request Entity Too Large');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(`fault endpoint: ${error instanceof Error ? error.message : String(error)}`);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (next) => {
      faults = { ...next };
    },
    counts: () => ({ ...counts, byMethod: { ...counts.byMethod } }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
