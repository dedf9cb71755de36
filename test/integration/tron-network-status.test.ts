/**
 * How GET /v1/networks reports a live TRON endpoint that cannot serve the watcher: not configured (no
 * endpoint), a java-tron node without /jsonrpc enabled, and TronGrid refusing a missing or wrong key.
 * The endpoints are local HTTP servers answering as those nodes do.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { waitFor } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const cores: TestCore[] = [];
const servers: Server[] = [];
afterAll(async () => {
  for (const c of cores) await c.stop();
  for (const s of servers) s.close();
});

/** A local endpoint that answers every request with `status`. */
async function answering(status: number): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

async function liveTron(rpcUrl: string | undefined): Promise<any> {
  const noDevnets = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
  const t = await startTestCore({ chainPollMs: 50, ...(rpcUrl && { networks: { test: noDevnets, live: { tron: { rpcUrl } } } }) });
  cores.push(t);
  const read = async () => (await t.api('GET', '/v1/networks', { key: t.liveKey })).body.data.items.find((n: any) => n.network === 'tron');
  return rpcUrl ? waitFor(async () => ((await read()).last_error ? read() : false), 10_000, 'the TRON watcher\'s first error') : read();
}

test('no endpoint: not_configured, with the mainnet chain id and USDT only', async () => {
  const tron = await liveTron(undefined);
  expect(tron).toMatchObject({ status: 'not_configured', family: 'tron', token_standard: 'TRC-20', chain_id: 728126428, rpc_url: null, confirmations: 19 });
  expect(tron.tokens).toEqual([{ currency: 'USDT', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6, payable: true, unpayable_reason: null }]);
});

test('a java-tron node without /jsonrpc enabled (404): unreachable, saying which node setting to change', async () => {
  const tron = await liveTron(await answering(404));
  expect(tron.status).toBe('unreachable');
  expect(tron.last_error).toContain('node.jsonrpc.httpFullNodeEnable');
});

test('TronGrid refusing the key (401): unreachable, pointing at the API key', async () => {
  const tron = await liveTron(await answering(401));
  expect(tron.status).toBe('unreachable');
  expect(tron.last_error).toContain('TRON-PRO-API-KEY');
});
