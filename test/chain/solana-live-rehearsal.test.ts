/**
 * Solana's live rehearsal (issue 27, item 8): the core in LIVE mode, its `solana` network an RPC URL
 * that is the fault-injecting endpoint (test/helpers/fault-endpoint.ts) in front of a surfnet answering
 * as mainnet-beta (its genesis hash borrowed), USDC and USDT at their mainnet mints (written with
 * surfnet_setAccount), a live merchant wallet. Customers pay Solana Pay requests with @solana/pay's
 * parseURL and createTransfer (web3.js 1.x), straight to surfnet as their own wallets would. Ten
 * payments made within a few seconds, behind a limiter of 10 requests a second, then ten more under
 * random 429s, 502s, null transactions and signature lists that miss the newest slot, then ten more
 * through a pool with a node that lags: every session SUCCEEDED, each paid once. Last, a restart
 * through a node that does not know the cursor's signature records nothing twice.
 */
import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { address, none, some } from '@solana/kit';
import { getMintEncoder, getMintSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { Keypair, PublicKey } from '@solana/web3.js';
import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSurfnet, type Surfnet } from '../../src/chains/solana/devnet/surfnet.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { budget, getSession, outboxEvents, paymentRows, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { type FaultEndpoint, type Faults, startFaultEndpoint } from '../helpers/fault-endpoint.js';
import { connectionOf, LAMPORTS_PER_SOL, openTokenAccount, type SolanaTestChain, SolanaPayer, waitForConfirmed } from '../helpers/solana-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const MAINNET_BETA = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
const MAINNET_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MAINNET_USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const PAYMENTS = 10;

let surfnet: Surfnet;
let chain: SolanaTestChain;
let fault: FaultEndpoint;
let t: TestCore;
let stopped = false;
const merchant = Keypair.generate();
/** The core's data dir, its own: it outlives the restart below. */
const home = mkdtempSync(join(tmpdir(), 'stablepos-solana-rehearsal-'));
/** Every session paid so far, with the signature that paid it. */
const paid: { sessionId: string; signature: string }[] = [];

/** The core, in live mode on Solana only, its RPC `rpcUrl`, the shop's wallet its live wallet. */
const liveCore = (rpcUrl: string) =>
  startTestCore({
    dataDir: join(home, 'data'),
    networks: { test: Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), live: { solana: { rpcUrl } } },
    liveWallets: { solana: merchant.publicKey.toBase58() },
  });

/** The test core's API with its live key: every call of this file is in live mode. */
const live = () => ({ merchantId: t.merchantId, api: (method: string, path: string, options: { body?: unknown } = {}) => t.api(method, path, { ...options, key: t.liveKey }) });

beforeAll(async () => {
  const feePayer = Keypair.generate();
  surfnet = startSurfnet(50, feePayer.secretKey);
  const connection = connectionOf(surfnet.rpcUrl, surfnet.wsUrl);
  const mintAuthority = Keypair.generate();
  // The mainnet mints, as mainnet has them (classic Token program, 6 decimals), minted by the test.
  const rent = await connection.getMinimumBalanceForRentExemption(getMintSize());
  const mint = Array.from(getMintEncoder().encode({ mintAuthority: some(address(mintAuthority.publicKey.toBase58())), supply: 0n, decimals: 6, isInitialized: true, freezeAuthority: none() }));
  for (const m of [MAINNET_USDC, MAINNET_USDT]) surfnet.setAccount(m, rent, mint, TOKEN_PROGRAM_ADDRESS);
  const coin = (currency: 'USDC' | 'USDT', m: string) => ({ currency, mint: new PublicKey(m), program: TOKEN_PROGRAM_ID });
  chain = {
    connection,
    coins: { USDC: coin('USDC', MAINNET_USDC), USDT: coin('USDT', MAINNET_USDT) },
    mintAuthority,
    feePayer,
    fundSol: (owner, sol = 10) => surfnet.fundSolMany([{ address: owner.toBase58(), lamports: sol * LAMPORTS_PER_SOL }]),
  };
  // A shop's wallet: it holds SOL (createTransfer refuses a recipient that does not exist) and its USDC
  // and USDT accounts are open, as a wallet that ever received them has.
  chain.fundSol(merchant.publicKey, 1);
  for (const c of ['USDC', 'USDT'] as const) await openTokenAccount(chain, chain.coins[c], merchant.publicKey);

  fault = await startFaultEndpoint(surfnet.rpcUrl, { genesisHash: MAINNET_BETA });
  t = await liveCore(fault.url);
  await waitFor(
    async () => {
      const solana = (await live().api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'solana');
      return solana?.tokens.find((k: any) => k.currency === 'USDC')?.payable === true ? solana : false;
    },
    20_000,
    'live Solana USDC payable',
  );
}, 60_000);

afterAll(async () => {
  if (!stopped) await t?.stop();
  await fault?.close();
  (chain?.connection as unknown as { _rpcWebSocket?: { close(): void } } | undefined)?._rpcWebSocket?.close();
  surfnet?.stop();
  rmSync(home, { recursive: true, force: true });
});

/**
 * Ten live sessions, each paid by its own customer with a transfer @solana/pay builds from the
 * session's URI, all sent within a few seconds; resolves once every one is SUCCEEDED, and checks each
 * was paid once. Returns how long, from the last payment confirmed to all SUCCEEDED.
 */
async function tenPayments(): Promise<number> {
  const sessions = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const res = await live().api('POST', '/v1/payment/sessions', { body: { merchant_id: t.merchantId, amount: { value: `${i + 1}.25`, currency: 'USD' } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.livemode).toBe(true);
    sessions.push(res.body.data);
  }
  const payers = await Promise.all(
    sessions.map(async () => {
      const payer = new SolanaPayer(chain);
      await payer.receive(chain.coins.USDC, 100_000_000n);
      return payer;
    }),
  );
  const signatures = await Promise.all(
    sessions.map(async (s, i) => {
      const o = s.payment_options.find((x: any) => x.network === 'solana' && x.currency === 'USDC');
      expect(o).toMatchObject({ token_contract: MAINNET_USDC, address: merchant.publicKey.toBase58() });
      const { recipient, amount, splToken, reference } = parseURL(o.uri) as TransferRequestURL;
      const payer = payers[i] as SolanaPayer;
      const tx = await createTransfer(chain.connection, payer.keypair.publicKey, { recipient, amount: amount!, splToken, reference }, { commitment: 'confirmed' });
      tx.feePayer = payer.keypair.publicKey;
      tx.recentBlockhash = (await chain.connection.getLatestBlockhash('confirmed')).blockhash;
      tx.sign(payer.keypair);
      return waitForConfirmed(chain.connection, await chain.connection.sendRawTransaction(tx.serialize()));
    }),
  );
  const paidAt = Date.now();
  const done = await Promise.all(sessions.map((s) => waitForSession(live(), s.session_id, (x) => x.status === 'SUCCEEDED', 60_000)));
  const took = Date.now() - paidAt;
  for (const [i, s] of done.entries()) {
    expect(s.exception).toBeNull();
    expect(s.payments).toEqual([expect.objectContaining({ tx_hash: signatures[i], amount: `${i + 1}.250000`, currency: 'USDC', status: 'confirmed' })]);
    paid.push({ sessionId: s.session_id, signature: signatures[i] as string });
  }
  return took;
}

async function rehearse(faults: Faults): Promise<void> {
  fault.set({ genesisHash: MAINNET_BETA, ...faults });
  const before = fault.counts();
  const took = await tenPayments();
  const after = fault.counts();
  const calls = after.requests - before.requests;
  const endpoint = (await live().api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'solana')?.endpoints[0];
  // What the lead and the benchmarks compare (docs/payments.md quotes a run).
  console.info(`solana live rehearsal ${JSON.stringify(faults)}: ${PAYMENTS} SUCCEEDED ${took} ms after the last payment; ${calls} requests, ${after.refused429 - before.refused429} refused 429, ${after.failed5xx - before.failed5xx} 502, ${after.nullTransactions - before.nullTransactions} null transactions, ${after.short - before.short} short lists; by method ${JSON.stringify(Object.fromEntries(Object.entries(after.byMethod).map(([m, n]) => [m, n - (before.byMethod[m] ?? 0)])))}; the app's pace now ${endpoint?.requests_per_second ?? 'unpaced'} requests a second`);
  // Seen within seconds, not minutes (finality on surfnet is 1.5 s behind confirmed).
  expect(took).toBeLessThan(30_000);
}

test('behind a limiter of 10 requests a second: 10 payments made within seconds, all SUCCEEDED, each once', async () => {
  await rehearse({ limitPerSecond: 10 });
}, budget([60_000, 30_000]));

test('under random 429s, 502s, null transactions and signature lists that miss the newest slot: 10 payments, all SUCCEEDED, each once', async () => {
  await rehearse({ rate429: 0.2, rate5xx: 0.1, nullTransactionRate: 0.2, shortSignaturesRate: 0.3 });
}, budget([60_000, 30_000]));

test('a load-balanced pool with one node 40 slots (2 s) behind answering a third of the calls: its older head, short lists and null transactions lose nothing', async () => {
  await rehearse({ lagBlocks: 40, lagRate: 0.33 });
}, budget([60_000, 30_000]));

/**
 * A node that does not know the `until` signature (a pool node that never saw it, or pruned it): it
 * lists the account's signatures as if there were no cursor. Counts the transactions read through it.
 */
async function untilBlindNode(upstream: string): Promise<{ url: string; transactionsRead: () => number; close: () => Promise<void> }> {
  let read = 0;
  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { method: string; params?: unknown[] };
    if (call.method === 'getSignaturesForAddress' && call.params?.[1]) delete (call.params[1] as { until?: string }).until;
    if (call.method === 'getTransaction') read++;
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  };
  const server = createServer((req, res) => void forward(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    transactionsRead: () => read,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('after a restart, a node that does not know the cursor\'s signature lists every earlier payment again: none is recorded twice', async () => {
  expect(paid).toHaveLength(3 * PAYMENTS);
  const rows = (await paymentRows(t.dataDir)).length;
  await t.stop();
  fault.set({ genesisHash: MAINNET_BETA });
  const node = await untilBlindNode(fault.url);
  try {
    t = await liveCore(node.url);
    // Every earlier payment's transaction is read again (the watcher has no slot for its cursor after a restart).
    await waitFor(() => node.transactionsRead() >= paid.length, 30_000, 'the earlier payments read again');
    const after = (await paymentRows(t.dataDir)).length;
    expect(after).toBe(rows);
    for (const { sessionId, signature } of paid) {
      const s = await getSession(live(), sessionId);
      expect(s).toMatchObject({ status: 'SUCCEEDED', exception: null });
      expect(s.payments.map((p: any) => p.tx_hash)).toEqual([signature]);
      expect((await outboxEvents(t.dataDir, sessionId)).filter((e) => e.type === 'payment_session.payment_detected')).toHaveLength(1);
    }
  } finally {
    await t.stop(); // before the node it reads through
    stopped = true;
    await node.close();
  }
}, 60_000);
