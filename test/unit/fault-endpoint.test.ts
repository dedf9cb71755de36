/**
 * The fault-injecting endpoint the live rehearsal, chain tests and benchmarks put between the app and
 * a node: each fault, against a small upstream node whose answers are known (head 100; one log per
 * block; Solana slot 500 with signatures in slots 498–500).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';

let upstream: Server;
let f: FaultEndpoint;
const HEAD = 100;

function node(method: string, params: any[]): unknown {
  switch (method) {
    case 'eth_blockNumber':
      return `0x${HEAD.toString(16)}`;
    case 'eth_getBlockByNumber': {
      const n = params[0] === 'latest' ? HEAD : Number(BigInt(params[0]));
      return n > HEAD ? null : { number: `0x${n.toString(16)}`, hash: `0x${n.toString(16).padStart(64, '0')}` };
    }
    case 'eth_getLogs': {
      const from = Number(BigInt(params[0].fromBlock));
      const to = Math.min(Number(BigInt(params[0].toBlock)), HEAD);
      return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => ({ blockNumber: `0x${(from + i).toString(16)}` }));
    }
    case 'getSlot':
      return 500;
    case 'getGenesisHash':
      return 'localgenesis';
    case 'getSignaturesForAddress':
      return [500, 499, 498].map((slot) => ({ signature: `s${slot}`, slot }));
    case 'getTransaction':
      return { slot: Number(String(params[0]).slice(1)) };
    default:
      return null;
  }
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url?.startsWith('/wallet/')) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url, body }));
      const call = JSON.parse(body);
      const one = (c: any) => ({ jsonrpc: '2.0', id: c.id, result: node(c.method, c.params ?? []) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(call) ? call.map(one) : one(call)));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  f = await startFaultEndpoint(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await f?.close();
  upstream?.close();
});

const post = async (body: unknown, path = '/') => {
  const res = await fetch(`${f.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: (() => { try { return JSON.parse(text); } catch { return undefined; } })() };
};
const call = (method: string, params: unknown[] = []) => post({ jsonrpc: '2.0', id: 7, method, params });
const logs = (from: number, to: number) => call('eth_getLogs', [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }]);

test('without faults, calls, batches and TRON /wallet paths pass through unchanged', async () => {
  f.set({});
  expect((await call('eth_blockNumber')).json).toEqual({ jsonrpc: '2.0', id: 7, result: '0x64' });
  expect((await logs(91, 100)).json.result).toHaveLength(10);
  const batch = await post([{ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }, { jsonrpc: '2.0', id: 2, method: 'getSlot' }]);
  expect(batch.json).toEqual([{ jsonrpc: '2.0', id: 1, result: '0x64' }, { jsonrpc: '2.0', id: 2, result: 500 }]);
  expect((await post({ value: 1 }, '/wallet/getnowblock')).json).toEqual({ path: '/wallet/getnowblock', body: '{"value":1}' });
});

test('a capped log range is refused in each provider\'s words; within the cap it is answered', async () => {
  f.set({ logRangeCap: 5 });
  expect((await logs(96, 100)).json.result).toHaveLength(5);
  expect((await logs(95, 100)).json.error).toEqual({ code: -32614, message: 'eth_getLogs is limited to a 5 range' });
  f.set({ logRangeCap: 5, rangeRefusal: 'geth' });
  expect((await logs(1, 100)).json.error.code).toBe(-32602);
  f.set({ logRangeCap: 5, rangeRefusal: 'alchemy' });
  expect((await logs(1, 100)).json.error.message).toMatch(/up to a 5 block range/);
  f.set({ logRangeCap: 5, rangeRefusal: 'results' });
  expect((await logs(1, 100)).json.error).toEqual({ code: -32005, message: 'query returned more than 10000 results' });
  f.set({ logRangeCap: 5, rangeRefusal: 'http413' });
  expect((await logs(1, 100)).status).toBe(413);
});

test('429s carry Retry-After; the limiter refuses what exceeds its rate; 502s are HTML; drops close the connection', async () => {
  f.set({ rate429: 1, retryAfterSeconds: 2 });
  const refused = await call('eth_blockNumber');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('2');

  f.set({ limitPerSecond: 3 });
  const statuses = await Promise.all(Array.from({ length: 6 }, () => call('getSlot').then((r) => r.status)));
  expect(statuses.filter((s) => s === 200)).toHaveLength(3);
  expect(statuses.filter((s) => s === 429)).toHaveLength(3);

  f.set({ rate5xx: 1 });
  const bad = await call('eth_blockNumber');
  expect(bad.status).toBe(502);
  expect(bad.text).toMatch(/<html>/);

  f.set({ dropRate: 1 });
  await expect(call('eth_blockNumber')).rejects.toThrow();
  f.set({});
  expect(f.counts()).toMatchObject({ refused429: 4, failed5xx: 1, dropped: 1 });
});

test('a lagging node reports its own head, has no newer blocks, and answers logs short without an error', async () => {
  f.set({ lagBlocks: 2, lagRate: 1 });
  expect((await call('eth_blockNumber')).json.result).toBe('0x62');
  expect((await call('eth_getBlockByNumber', ['latest', false])).json.result.number).toBe('0x62');
  expect((await call('eth_getBlockByNumber', ['0x64', false])).json.result).toBeNull();
  const short = await logs(96, 100);
  expect(short.json.error).toBeUndefined();
  expect(short.json.result.map((l: any) => l.blockNumber)).toEqual(['0x60', '0x61', '0x62']);
  expect((await logs(99, 100)).json.result).toEqual([]);
  expect((await call('getSlot')).json.result).toBe(498);
  expect((await call('getSignaturesForAddress', ['x'])).json.result.map((s: any) => s.slot)).toEqual([498]);
  expect((await call('getTransaction', ['s500'])).json.result).toBeNull();
  expect((await call('getTransaction', ['s497'])).json.result).toEqual({ slot: 497 });
});

test('Solana: null transactions, signature lists missing the newest slot, a borrowed genesis hash', async () => {
  f.set({ nullTransactionRate: 1, shortSignaturesRate: 1, genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d' });
  expect((await call('getTransaction', ['s499'])).json.result).toBeNull();
  expect((await call('getSignaturesForAddress', ['x'])).json.result.map((s: any) => s.slot)).toEqual([499, 498]);
  expect((await call('getGenesisHash')).json.result).toBe('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d');
  f.set({});
  expect((await call('getGenesisHash')).json.result).toBe('localgenesis');
});
