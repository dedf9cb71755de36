/**
 * Checking an RPC endpoint before a shop relies on it (issue 27, item 7): `stablepos rpc check NETWORK
 * URL` as a child process and POST /v1/networks/{network}/rpc_check, against a real anvil (chain id
 * 31337) and the fault-injecting endpoint in front of it: a wrong chain is "not usable: serves chain id
 * 31337, not 1", a 5-block log cap reads 5, a limiter's 429s are said, and the route answers only the
 * app's findings, to live owners, a few a minute. TRON's stand-in (/jsonrpc and /wallet) and surfnet
 * (its own genesis hash, then answering as mainnet-beta through the fault endpoint) are checked too.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { startSurfnet, type Surfnet } from '../../src/chains/solana/devnet/surfnet.js';
import { startTronDevnet, type TronDevnet } from '../../src/chains/tron/devnet/tron-devnet.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'stablepos.mjs');

let dir: string;
let devnet: Devnet;
let capped: FaultEndpoint;
/** A local URL nothing listens on. */
let closed: string;

async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-rpc-check-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 31337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
  // Old enough that ranges wider than the cap reach back to real blocks (a range is at most the chain's length).
  await fetch(devnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x64'] }) });
  capped = await startFaultEndpoint(devnet.rpcUrl, { logRangeCap: 5 });
  closed = await closedPort();
}, 60_000);
afterAll(async () => {
  await capped?.close();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** `stablepos rpc check …`: exit code and standard output. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, 'rpc', 'check', ...args], { cwd: ROOT, timeout: 120_000 });
    return { code: 0, out: stdout, err: stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout, err: err.stderr };
  }
}

describe('stablepos rpc check', () => {
  test('anvil as Ethereum mainnet: not usable, it serves chain id 31337, not 1', async () => {
    const r = await cli('ethereum', devnet.rpcUrl);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`Ethereum at ${devnet.rpcUrl}: not usable: serves chain id 31337, not 1`);
    expect(r.out).toContain('what to change: This endpoint is another network\'s: give one for ethereum.');
  }, 120_000);

  test('anvil as the chain it is: usable; behind a 5-block log cap: usable with limits, the cap read as 5', async () => {
    const plain = await cli('ethereum', devnet.rpcUrl, '--chain-id', '31337');
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/: usable\n/);
    expect(plain.out).toMatch(/largest log range: [\d,]+ blocks/);
    expect(plain.out).toContain('rate-limit headers: none');

    const before = capped.counts().byMethod.eth_getLogs ?? 0;
    const r = await cli('ethereum', capped.url, '--chain-id', '31337', '--compare', devnet.rpcUrl);
    expect(r.code).toBe(0);
    expect(r.out).toContain('usable with limits: serves at most 5 blocks of logs per request');
    expect(r.out).toContain('largest log range: 5 blocks');
    expect(r.out).toMatch(/head: [\d,]+, 0 behind the others/);
    expect(r.out).toContain('what to change: Catching up 10,000 blocks after downtime takes 2,000 requests');
    // The refusal named the cap ("limited to a 5 range"): asked straight away.
    expect((capped.counts().byMethod.eth_getLogs ?? 0) - before).toBeLessThanOrEqual(3);
  }, 120_000);

  test('a cap the refusal does not name (geth\'s words, HTTP 413) is found by halving, then bisecting: still 5, in a few calls', async () => {
    for (const rangeRefusal of ['geth', 'http413'] as const) {
      capped.set({ logRangeCap: 5, rangeRefusal });
      try {
        const before = capped.counts().byMethod.eth_getLogs ?? 0;
        const r = await cli('ethereum', capped.url, '--chain-id', '31337');
        expect(r.out, rangeRefusal).toContain('largest log range: 5 blocks');
        expect((capped.counts().byMethod.eth_getLogs ?? 0) - before, rangeRefusal).toBeLessThanOrEqual(16);
      } finally {
        capped.set({ logRangeCap: 5 });
      }
    }
  }, 120_000);

  test('behind a limiter of 2 requests a second: usable with limits, the 429s and their Retry-After said', async () => {
    const limited = await startFaultEndpoint(devnet.rpcUrl, { limitPerSecond: 2 });
    try {
      const r = await cli('ethereum', limited.url, '--chain-id', '31337');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/usable with limits: answered 429 Too Many Requests (once|\d+ times) during the check/);
      expect(r.out).toContain('rate-limit headers: retry-after: 1');
      expect(r.out).toContain('a paid plan or a second endpoint (--rpc NETWORK=URL1,URL2) lifts this');
      // Waited out, not failed: the range was still measured.
      expect(r.out).toMatch(/largest log range: [\d,]+ blocks/);
      expect(limited.counts().refused429).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  }, 120_000);

  test('nothing listening: not usable, in the app\'s words', async () => {
    const r = await cli('ethereum', closed, '--chain-id', '31337');
    expect(r.code).toBe(1);
    expect(r.out).toContain('not usable: refused the connection (nothing listens there) to eth_chainId');
  }, 120_000);

  test('usage errors exit 2 and point at the help, which names what is checked', async () => {
    const unknown = await cli('nowhere', closed);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('stablepos: the network must be "ethereum", "bsc", "base", "arbitrum", "polygon", "tron", "solana" (see "stablepos rpc --help")');
    expect((await cli('ethereum', 'ftp://example')).err).toContain('URL must be an absolute http(s) URL');
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: stablepos rpc check NETWORK URL[\s\S]*--chain-id ID[\s\S]*--compare URL[\s\S]*--api-key KEY/);
  }, 120_000);
});

describe('stablepos rpc check tron', () => {
  let tron: TronDevnet;
  beforeAll(async () => {
    // The stand-in serves mainnet's chain id, and caps eth_getLogs ranges as java-tron's maxBlockRange does.
    tron = await startTronDevnet({ stateFile: join(dir, 'tron', 'tron.json'), blockTimeSeconds: 0.2, maxLogBlockRange: 40 });
    await fetch(tron.anvilRpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x64'] }) });
  }, 60_000);
  afterAll(async () => tron?.stop());

  test('a TRON node: /jsonrpc and /wallet both answer, its 40-block cap read from java-tron\'s words', async () => {
    const r = await cli('tron', tron.httpUrl);
    expect(r.out).toContain('usable with limits: serves at most 40 blocks of logs per request');
    expect(r.out).toContain('chain id: 728126428 (expected 728126428)');
    expect(r.code).toBe(0);
  }, 120_000);

  test('an endpoint serving neither TRON\'s /jsonrpc nor /wallet (an EVM node): not usable, saying what each is for', async () => {
    const r = await cli('tron', devnet.rpcUrl, '--chain-id', '31337');
    expect(r.code).toBe(1);
    // anvil serves neither path: both are said, each with its remedy.
    expect(r.out).toContain('not usable: answered HTTP 404 to eth_chainId; its /wallet API answered HTTP 404 to /wallet/getnowblock');
    expect(r.out).toContain('node.jsonrpc.httpFullNodeEnable = true');
    expect(r.out).toContain('Refunds are paid through the node\'s /wallet API');
  }, 120_000);
});

describe('stablepos rpc check solana', () => {
  const MAINNET_BETA = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
  let surfnet: Surfnet;
  let asMainnet: FaultEndpoint;
  beforeAll(async () => {
    surfnet = startSurfnet(400, Keypair.generate().secretKey);
    asMainnet = await startFaultEndpoint(surfnet.rpcUrl, { genesisHash: MAINNET_BETA });
  }, 60_000);
  afterAll(async () => {
    await asMainnet?.close();
    surfnet?.stop();
  });

  test('surfnet as itself is another cluster: not usable; answering as mainnet-beta: usable, its slot read', async () => {
    const own = await cli('solana', surfnet.rpcUrl);
    expect(own.code).toBe(1);
    expect(own.out).toMatch(new RegExp(`not usable: serves genesis hash [1-9A-HJ-NP-Za-km-z]{32,44}, not ${MAINNET_BETA}`));
    expect(own.out).toContain('This endpoint is another cluster\'s (devnet or testnet)');

    const r = await cli('solana', asMainnet.url, '--compare', surfnet.rpcUrl);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Solana at ${asMainnet.url}: usable\n`);
    expect(r.out).toMatch(/head: [\d,]+, \d+ behind the others/);
    expect(r.out).not.toContain('log range');
  }, 120_000);
});

describe('POST /v1/networks/{network}/rpc_check', () => {
  let t: TestCore;
  beforeAll(async () => {
    const off = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
    // Live Ethereum is the devnet, configured as the shop's chain (chain id 31337, its test USDT).
    t = await startTestCore({ networks: { test: off, live: { ethereum: { rpcUrl: devnet.rpcUrl, chainId: 31337, tokens: { USDT: devnet.tokens.USDT } } } } });
  }, 60_000);
  afterAll(async () => t?.stop());

  const check = (network: string, url: string, key = t.liveKey) => t.api('POST', `/v1/networks/${network}/rpc_check`, { key, body: { url } });

  test('a 5-block cap: usable with limits, log_range 5, lag against the running endpoint; a wrong chain: not usable', async () => {
    const r = await check('ethereum', capped.url);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      object: 'rpc_check',
      network: 'ethereum',
      verdict: 'usable_with_limits',
      summary: 'usable with limits: serves at most 5 blocks of logs per request',
      chain_id: '31337',
      lag: 0,
      log_range: 5,
      problems: [],
    });
    const bsc = await check('bsc', devnet.rpcUrl);
    expect(bsc.body.data).toMatchObject({ verdict: 'not_usable', summary: 'not usable: serves chain id 31337, not 56', chain_id: '31337', head: null, log_range: null });
  }, 120_000);

  test('never the endpoint\'s body: an HTML error page is "answered HTTP 502"', async () => {
    capped.set({ rate5xx: 1 });
    try {
      const r = await check('ethereum', capped.url);
      expect(r.body.data.summary).toBe('not usable: answered HTTP 502 to eth_chainId');
      expect(JSON.stringify(r.body)).not.toMatch(/html|Bad Gateway/i);
    } finally {
      capped.set({ logRangeCap: 5 });
    }
  }, 120_000);

  test('test credentials are refused (the check is of the live network); a URL that is not http(s) is 400', async () => {
    expectError(await check('ethereum', devnet.rpcUrl, t.testKey), 403, 'livemode_mismatch');
    expectError(await check('ethereum', 'file:///etc/passwd'), 400, 'parameter_invalid', 'url');
  }, 60_000);

  test('at most 6 checks a minute: then 429 rate_limited with Retry-After', async () => {
    // Earlier tests of this core used 4 (the 400 counts for nothing: refused before the limiter).
    let last = await check('ethereum', closed);
    for (let i = 0; i < 4 && last.status === 200; i++) last = await check('ethereum', closed);
    expectError(last, 429, 'rate_limited');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);
});
