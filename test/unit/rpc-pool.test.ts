/**
 * The RPC endpoint pool (src/chains/rpc-pool/) against small JSON-RPC nodes of its own, real HTTP
 * servers on loopback: what it retries and what it hands back, Retry-After and pacing under a limiter,
 * failover, eth_getLogs split to a capped endpoint's range in every refusal wording, endpoints set
 * aside for another chain id or a head far behind, and the per-endpoint report.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, type PublicClient } from 'viem';
import { afterEach, describe, expect, test } from 'vitest';
import type { ReadyNetwork } from '../../src/chains/family.js';
import { ethRpcPool } from '../../src/chains/rpc-pool/eth-pool.js';
import { retryAfterMs } from '../../src/chains/rpc-pool/failures.js';
import { RpcPool } from '../../src/chains/rpc-pool/pool.js';
import { poolTransport } from '../../src/chains/rpc-pool/viem-transport.js';
import { rpcUrlsProblem, splitRpcUrls } from '../../src/domain/rpc-urls.js';

/** What a fake node does with the next request: a hook returns an answer, or undefined for the normal one. */
type Hook = (method: string, params: unknown[]) => { status: number; body: string; headers?: Record<string, string> } | 'drop' | undefined;

interface FakeNode {
  url: string;
  /** Requests by method. */
  calls: Record<string, number>;
  set(o: Partial<{ chainId: number; head: number; cap: number | null; wording: 'quicknode' | 'geth' | 'alchemy' | 'results' | 'http413'; limitPerSecond: number | null; hook: Hook | null }>): void;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

const json = (id: unknown, result: unknown) => JSON.stringify({ jsonrpc: '2.0', id, result });
const rpcError = (id: unknown, code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } });

/** A node with one log per block (its `blockNumber`), a head, a chain id, and the faults a test sets. */
async function fakeNode(): Promise<FakeNode> {
  const state = { chainId: 1, head: 20_000, cap: null as number | null, wording: 'quicknode', limitPerSecond: null as number | null, hook: null as Hook | null };
  const calls: Record<string, number> = {};
  let windowStart = 0;
  let inWindow = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id, method, params = [] } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: unknown; method: string; params?: unknown[] };
      calls[method] = (calls[method] ?? 0) + 1;
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': status === 502 ? 'text/html' : 'application/json', ...headers });
        res.end(body);
      };
      if (state.limitPerSecond !== null) {
        const now = Date.now();
        if (now - windowStart >= 1000) {
          windowStart = now;
          inWindow = 0;
        }
        if (++inWindow > state.limitPerSecond) return send(429, '{"error":"too many requests"}', { 'retry-after': '1' });
      }
      const hooked = state.hook?.(method, params);
      if (hooked === 'drop') return req.socket.destroy();
      if (hooked) return send(hooked.status, hooked.body, hooked.headers);
      if (method === 'eth_chainId') return send(200, json(id, `0x${state.chainId.toString(16)}`));
      if (method === 'eth_blockNumber') return send(200, json(id, `0x${state.head.toString(16)}`));
      if (method === 'eth_getLogs') {
        const filter = params[0] as { fromBlock: string; toBlock: string };
        const from = Number(filter.fromBlock);
        const to = Number(filter.toBlock);
        if (state.cap !== null && to - from + 1 > state.cap) {
          const cap = state.cap;
          switch (state.wording) {
            case 'geth':
              return send(200, rpcError(id, -32602, 'block range too large'));
            case 'alchemy':
              return send(200, rpcError(id, -32600, `You can make eth_getLogs requests with up to a ${cap} block range`));
            case 'results':
              return send(200, rpcError(id, -32005, 'query returned more than 10000 results'));
            case 'http413':
              return send(413, 'Payload Too Large');
            default:
              return send(200, rpcError(id, -32614, `eth_getLogs is limited to a ${cap} range`));
          }
        }
        const logs = [];
        for (let b = from; b <= Math.min(to, state.head); b++) logs.push({ blockNumber: `0x${b.toString(16)}`, logIndex: '0x0' });
        return send(200, json(id, logs));
      }
      return send(200, rpcError(id, -32601, `the method ${method} does not exist/is not available`));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://user:secret@127.0.0.1:${(server.address() as AddressInfo).port}/rpc?key=abc`,
    calls,
    set: (o) => Object.assign(state, o),
  };
}

const network = (urls: string[], confirmations = 3): ReadyNetwork => ({
  network: 'ethereum',
  livemode: true,
  status: 'ready',
  rpcUrl: urls[0] as string,
  rpcUrls: urls,
  chainId: '1',
  pollMs: 1000,
  confirmations,
  devnet: false,
  tokens: {},
});

const shown = (node: FakeNode) => node.url.replace('user:secret@', '').replace('?key=abc', '');

/** One pool and what it counted beyond each call's first request. */
function pool(urls: string[], o: { giveUpMs?: number } = {}) {
  const p = o.giveUpMs === undefined ? ethRpcPool(network(urls)) : new RpcPool({ ...optionsOf(ethRpcPool(network(urls))), giveUpMs: o.giveUpMs });
  const counted = { extra: 0 };
  const client = createPublicClient({ transport: poolTransport(p, { extra: () => void counted.extra++ }), cacheTime: 0 }) as PublicClient;
  return { pool: p, client, counted };
}
const optionsOf = (p: RpcPool) => (p as unknown as { o: ConstructorParameters<typeof RpcPool>[0] }).o;

const getLogs = (client: PublicClient, from: number, to: number) => client.getLogs({ fromBlock: BigInt(from), toBlock: BigInt(to) });

describe('retries and answers', () => {
  test('a 429 with Retry-After is waited out and retried; the call gets its answer, the retry is counted', async () => {
    const node = await fakeNode();
    let refused = 0;
    node.set({ hook: (m) => (m === 'eth_blockNumber' && refused++ === 0 ? { status: 429, body: '{}', headers: { 'retry-after': '1' } } : undefined) });
    const { pool: p, client, counted } = pool([node.url]);
    const started = Date.now();
    expect(await client.getBlockNumber()).toBe(20_000n);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // eth_chainId (the identity check) and the refused request, beyond the call's first.
    expect(counted.extra).toBe(2);
    const [report] = p.report();
    expect(report).toMatchObject({ url: shown(node), state: 'ok', rateLimited: 1, failures: 1, requests: 3 });
  });

  test('502 with an HTML page, dropped connections and rate limits in words fail over to the next endpoint', async () => {
    const first = await fakeNode();
    const second = await fakeNode();
    second.set({ head: 20_001 });
    const faults: ReturnType<Hook>[] = [{ status: 502, body: '<html>Bad Gateway</html>' }, 'drop', { status: 200, body: rpcError(1, -32005, 'request rate exceeded') }];
    for (const fault of faults) {
      first.set({ hook: (m) => (m === 'eth_blockNumber' ? fault : undefined) });
      const { client, pool: p } = pool([first.url, second.url]);
      expect(await client.getBlockNumber()).toBe(20_001n);
      expect(p.report()[0]).toMatchObject({ state: 'backing_off', failures: 1 });
    }
  });

  test('answers that are errors (invalid params, a missing method) are not retried: they reach the caller as viem errors', async () => {
    const node = await fakeNode();
    node.set({ hook: (m) => (m === 'eth_getBalance' ? { status: 200, body: rpcError(1, -32602, 'invalid argument 0: hex string has length 3') } : undefined) });
    const { client, pool: p } = pool([node.url]);
    await expect(client.getBalance({ address: '0x0000000000000000000000000000000000000001' })).rejects.toMatchObject({ name: 'InvalidParamsRpcError' });
    expect(node.calls.eth_getBalance).toBe(1);
    await expect(client.request({ method: 'eth_nothing' as 'eth_chainId' })).rejects.toThrow(/does not exist/);
    expect(node.calls.eth_nothing).toBe(1);
    expect(p.report()[0]?.failures).toBe(0);
  });

  test('gives up after its bound, saying what each endpoint did', async () => {
    const node = await fakeNode();
    node.set({ hook: () => ({ status: 503, body: 'down for maintenance' }) });
    const { client } = pool([node.url], { giveUpMs: 1500 });
    await expect(client.getBlockNumber()).rejects.toThrow(/no RPC endpoint answered in 2 s: http:\/\/127\.0\.0\.1:\d+\/rpc answered HTTP 503/);
  });

  test('interrupt() ends a call that is retrying against an endpoint that is down at once, not after the bound; later calls work', async () => {
    const node = await fakeNode();
    node.set({ hook: (m) => (m === 'eth_blockNumber' ? { status: 503, body: 'down for maintenance' } : undefined) });
    const { client, pool: p } = pool([node.url]);
    const started = Date.now();
    const call = client.getBlockNumber();
    const settled = call.then(() => 'answered', (error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 300));
    p.interrupt();
    expect(await settled).toMatch(/stopped while the RPC call was under way/);
    // Without it, the call would retry for the pool's 30 s.
    expect(Date.now() - started).toBeLessThan(3_000);
    node.set({ hook: null });
    expect(await client.getBlockNumber()).toBe(20_000n);
  });

  test('Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('pacing under a limiter', () => {
  test('an endpoint allowing 20 requests a second is held below it after the first 429s, with few refusals', async () => {
    const node = await fakeNode();
    node.set({ limitPerSecond: 20 });
    const { client, pool: p } = pool([node.url]);
    const started = Date.now();
    // Three callers at once, as a watcher's parallel reads are.
    await Promise.all([0, 1, 2].map(async () => {
      for (let i = 0; i < 40; i++) await client.getBlockNumber();
    }));
    const report = p.report()[0]!;
    expect(report.requestsPerSecond).not.toBeNull();
    expect(report.requestsPerSecond!).toBeLessThan(20);
    // Unpaced, 120 calls at full speed against 20 a second would be refused ~100 times.
    expect(report.rateLimited).toBeLessThanOrEqual(8);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});

test('429s at random (30 %, whatever the rate) are no limit to pace down to: 150 calls still take seconds, not minutes', async () => {
  const node = await fakeNode();
  let n = 0;
  // Three requests in ten refused, spread as a provider shedding load spreads them.
  node.set({ hook: (m) => (m === 'eth_blockNumber' && [1, 4, 7].includes(n++ % 10) ? { status: 429, body: '{}' } : undefined) });
  const { client, pool: p } = pool([node.url]);
  const started = Date.now();
  for (let i = 0; i < 150; i++) await client.getBlockNumber();
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(p.report()[0]!.rateLimited).toBeGreaterThan(30);
}, 40_000);

describe('eth_getLogs ranges', () => {
  test.each(['quicknode', 'alchemy', 'geth', 'http413', 'results'] as const)(
    'a 5-block cap (%s wording): 10,000 blocks caught up in ~2,000 calls, complete and in order, with few refusals',
    async (wording) => {
      const node = await fakeNode();
      node.set({ cap: 5, wording });
      const { client, pool: p } = pool([node.url]);
      const started = Date.now();
      const logs = await getLogs(client, 1, 10_000);
      expect(logs.map((l) => Number(l.blockNumber))).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1));
      expect(Date.now() - started).toBeLessThan(30_000);
      const wasted = (node.calls.eth_getLogs ?? 0) - 2000;
      // Told the cap in words: one refusal, and a probe above it after 2,000 answers. Halving (geth,
      // 413, results): ~12 refusals on the way down, smaller parts (4 blocks) until 20 answers let it
      // grow, then a refusal or two while growing back to the cap.
      expect(wasted).toBeLessThanOrEqual(wording === 'quicknode' || wording === 'alchemy' ? 3 : 40);
      expect(p.report()[0]).toMatchObject({ logRangeCapped: true });
      expect(p.logRange()).toBeLessThanOrEqual(5);
      expect(p.logRange()).toBeGreaterThanOrEqual(wording === 'quicknode' || wording === 'alchemy' ? 5 : 2);
    },
    60_000,
  );

  test('an uncapped endpoint answers the whole range in one call; its largest range is reported', async () => {
    const node = await fakeNode();
    const { client, pool: p } = pool([node.url]);
    expect(await getLogs(client, 100, 2099)).toHaveLength(2000);
    expect(node.calls.eth_getLogs).toBe(1);
    expect(p.report()[0]).toMatchObject({ logRange: 2000, logRangeCapped: false });
    expect(p.logRange()).toBeNull();
  });

  test('the range grows back after successes (a results-bound refusal is about busy blocks, not a cap)', async () => {
    const node = await fakeNode();
    node.set({ cap: 8, wording: 'results' });
    const { client, pool: p } = pool([node.url]);
    await getLogs(client, 1, 400);
    expect(p.logRange()).toBeLessThanOrEqual(8);
    node.set({ cap: null });
    // A refused range is a ceiling for 2,000 answers, then tried again.
    expect(await getLogs(client, 1, 20_000)).toHaveLength(20_000);
    expect(p.logRange()).toBeGreaterThan(8);
  });
});

describe('identity and lag', () => {
  test('an endpoint that reports another chain id is set aside with the reason, never used; an endpoint that is down is failed over', async () => {
    const wrong = await fakeNode();
    wrong.set({ chainId: 5 });
    const right = await fakeNode();
    const down = 'http://127.0.0.1:9/';
    const { client, pool: p } = pool([wrong.url, down, right.url]);
    expect(await client.getBlockNumber()).toBe(20_000n);
    expect(await getLogs(client, 1, 10)).toHaveLength(10);
    expect(wrong.calls.eth_blockNumber).toBeUndefined();
    expect(wrong.calls.eth_getLogs).toBeUndefined();
    const [aside, off, ok] = p.report();
    expect(aside).toMatchObject({ url: shown(wrong), state: 'set_aside', reason: 'the RPC serves chain id 5, not 1: check the RPC URL for this network' });
    // Backing off for a moment after each failure (its reason said while it lasts), then tried again.
    expect(off).toMatchObject({ url: 'http://127.0.0.1:9' });
    expect(off!.failures).toBeGreaterThanOrEqual(1);
    expect(off!.failures).toBe(off!.requests);
    expect(ok).toMatchObject({ state: 'ok', reason: null, head: 20_000 });
  });

  test('a single endpoint of another chain: every call fails, saying so', async () => {
    const wrong = await fakeNode();
    wrong.set({ chainId: 56 });
    const { client } = pool([wrong.url]);
    await expect(client.getBlockNumber()).rejects.toThrow(/serves chain id 56, not 1/);
  });

  test('an endpoint whose head is more than the confirmations behind the others is set aside until it catches up', async () => {
    const behind = await fakeNode();
    const ahead = await fakeNode();
    behind.set({ head: 19_990 });
    ahead.set({ head: 20_000 });
    const { client, pool: p } = pool([behind.url, ahead.url]);
    // The first call compares heads in the background; the head polls that pass through do too.
    await client.getBlockNumber();
    await expect.poll(() => p.report()[0]?.state, { timeout: 3000 }).toBe('set_aside');
    expect(p.report()[0]?.reason).toBe('its head is 10 blocks behind the others');
    expect(await client.getBlockNumber()).toBe(20_000n);
    behind.set({ head: 20_000 });
    // Compared again every ~10 s; here, by the next head poll that reaches it.
    (p as unknown as { lastHeadCompare: number }).lastHeadCompare = 0;
    await client.getBlockNumber();
    await expect.poll(() => p.report()[0]?.state, { timeout: 3000 }).toBe('ok');
  });
});

describe('endpoint lists', () => {
  test('comma-separated, trimmed, each an absolute http(s) URL, none twice', () => {
    expect(splitRpcUrls(' https://a.example/rpc , https://b.example ')).toEqual(['https://a.example/rpc', 'https://b.example']);
    expect(rpcUrlsProblem('https://a.example')).toBeNull();
    expect(rpcUrlsProblem('https://a.example,https://b.example/x')).toBeNull();
    expect(rpcUrlsProblem('https://a.example,ftp://b')).toBe('URL 2 of 2 must be an absolute http or https URL');
    expect(rpcUrlsProblem('nope')).toBe('must be an absolute http or https URL');
    expect(rpcUrlsProblem('https://a.example,https://a.example')).toBe('names the same URL twice');
    expect(rpcUrlsProblem(' , ')).toMatch(/must be an absolute/);
  });
});

test('behind a known cap, the parts of one eth_getLogs are asked several at once, complete and in order', async () => {
  let inFlight = 0;
  let most = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id, method, params = [] } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: unknown; method: string; params?: unknown[] };
      const send = (body: string) => res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      if (method === 'eth_chainId') return send(json(id, '0x1'));
      const filter = params[0] as { fromBlock: string; toBlock: string };
      const from = Number(filter.fromBlock);
      const to = Number(filter.toBlock);
      if (to - from + 1 > 5) return send(rpcError(id, -32614, 'eth_getLogs is limited to a 5 range'));
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        const logs = Array.from({ length: to - from + 1 }, (_, i) => ({ address: '0x0000000000000000000000000000000000000001', topics: [], data: '0x', blockNumber: `0x${(from + i).toString(16)}`, blockHash: `0x${'1'.repeat(64)}`, transactionHash: `0x${'2'.repeat(64)}`, transactionIndex: '0x0', logIndex: '0x0', removed: false }));
        send(json(id, logs));
      }, 50);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { client, pool: p } = pool([`http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`]);
  await getLogs(client, 1, 10); // learns the cap: one part at a time until then
  expect(p.logRange()).toBe(5);
  most = 0;
  const logs = await getLogs(client, 11, 30);
  expect(logs.map((l) => Number(l.blockNumber))).toEqual(Array.from({ length: 20 }, (_, i) => 11 + i));
  expect(most).toBe(4);
});
