/**
 * The owner sees on Status what each RPC endpoint did to the watcher (issue 27, item 6), filled by a
 * real running pool: Ethereum on a real anvil reached through two endpoints, the first a hosted-like
 * one (test/helpers/fault-endpoint.ts: logs capped at 5 blocks a request, 30 % of requests 429) and
 * the second one that serves another chain (chain id 5), which the pool sets aside. The endpoint
 * table shows the learnt 5-block range, the 429s and the set-aside endpoint with its reason, and the
 * network's advice says it in words; at 1024×768 and 390×844 (no sideways scroll), in English and
 * Spanish. Screenshots in test-artifacts/.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { type AppInBrowser, openAppInBrowser, screenshot, uiBudget } from '../helpers/browser.js';
import { createSession, devnetRpc, waitFor } from '../helpers/evm-chain.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';

let dir: string;
let devnet: Devnet;
let fault: FaultEndpoint;
let wrongChain: Server;
let app: AppInBrowser;

/** A node of another chain: answers eth_chainId with 5 (Goerli's), everything else as the devnet does. */
async function startWrongChain(upstream: string): Promise<string> {
  wrongChain = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => void answerAll());
    const answerAll = async () => {
      const calls = JSON.parse(body) as { id: unknown; method: string } | { id: unknown; method: string }[];
      const answer = async (c: { id: unknown; method: string }) =>
        c.method === 'eth_chainId'
          ? { jsonrpc: '2.0', id: c.id, result: '0x5' }
          : (await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(c) })).json();
      const out = Array.isArray(calls) ? await Promise.all(calls.map(answer)) : await answer(calls);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    };
  });
  await new Promise<void>((resolve) => wrongChain.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(wrongChain.address() as AddressInfo).port}/wrong`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-ui-endpoint-limits-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
  fault = await startFaultEndpoint(devnet.rpcUrl, { logRangeCap: 5, rate429: 0.3 });
  const wrong = await startWrongChain(devnet.rpcUrl);
  const off = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
  app = await openAppInBrowser('status', {
    chainPollMs: 50,
    networks: { test: { ...off, ethereum: { rpcUrl: `${fault.url},${wrong}`, chainId: 1337, confirmations: 3, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } } } },
  });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await fault?.close();
  if (wrongChain) await new Promise((resolve) => wrongChain.close(resolve));
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ethereum = async () => (await app.t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'ethereum');

test('Status shows each endpoint filled from the running pool: the learnt 5-block range, the 429s, the other-chain endpoint set aside with why, and the advice in words', async () => {
  const { page, errors } = app;
  // A session makes the watcher read logs; 40 blocks then make it meet the 5-block cap.
  await createSession(app.t, '1.00');
  await devnetRpc(devnet)('anvil_mine', ['0x28']);
  const n = await waitFor(async () => {
    const e = await ethereum();
    const [hosted, other] = e.endpoints;
    return hosted?.log_range_capped && hosted.log_range === 5 && hosted.rate_limited > 0 && other?.state === 'set_aside' && e.behind === 0 ? e : false;
  }, 30_000, 'the pool learnt the cap, met 429s and set the other chain aside');
  expect(n.endpoints[1].reason).toContain('chain id 5, not 1337');

  // The screen shows what the API says now, not what it said when first opened.
  await page.reload();
  const table = page.getByRole('table', { name: 'RPC endpoints' });
  const rows = table.getByRole('row', { name: /^Ethereum/ });
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
  const hosted = await rows.nth(0).innerText();
  // 30 % of its answers are 429s: in use, or waiting out the last one when the page was read.
  expect(hosted).toMatch(/In use|Waiting after errors \(answered 429 Too Many Requests\)/);
  expect(hosted).toMatch(/at most 5 blocks of logs per request/);
  // Counts with their units, not "9 (2 × 429, 2 failed)".
  expect(hosted).toMatch(/\d[\d,]* requests · [\d,]+ refused as too many \(429\)/);
  expect(hosted).toMatch(/answers in \d+ ms/);
  const other = await rows.nth(1).innerText();
  expect(other).toMatch(/Set aside/);
  expect(other).toMatch(/serves chain id 5, not 1337/);
  const health = await page.getByRole('table', { name: 'Network health' }).getByRole('row', { name: /^Ethereum/ }).innerText();
  expect(health).toMatch(/serves at most 5 blocks of logs per request: after downtime, catching up 1,000 blocks takes about/);
  expect(health).toMatch(/\/wrong is set aside, the app uses the network's other endpoints: the RPC serves chain id 5, not 1337/);
  await screenshot(page, 'status-endpoints-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
  await table.scrollIntoViewIfNeeded();
  await screenshot(page, 'status-endpoints-390');

  // The same in Spanish: the table's words are translated; the advice is the API's.
  await page.evaluate("localStorage.setItem('stablepos.language', 'es')");
  await page.reload();
  const tabla = page.getByRole('table', { name: 'Nodos RPC' });
  await expect.poll(() => tabla.getByRole('row', { name: /^Ethereum/ }).count(), { timeout: 10_000 }).toBe(2);
  const alojado = await tabla.getByRole('row', { name: /^Ethereum/ }).nth(0).innerText();
  expect(alojado).toMatch(/como mucho 5 bloques de logs por petición/);
  expect(alojado).toMatch(/[\d.]+ peticiones · [\d.]+ rechazadas? por exceso \(429\)/);
  expect(await tabla.getByRole('row', { name: /^Ethereum/ }).nth(1).innerText()).toMatch(/Apartado/);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
  await tabla.scrollIntoViewIfNeeded();
  await screenshot(page, 'status-endpoints-es-390');
  expect(errors).toEqual([]);
}, uiBudget(14, [30_000, 10_000, 10_000]));
