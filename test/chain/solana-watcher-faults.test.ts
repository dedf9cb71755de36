/**
 * The Solana watcher's manners with an RPC that is not always there (issue 27, item 5), on a real
 * surfnet behind a transport the test controls call by call (429s, 5xx and dropped connections are
 * sent again by the RPC pool: test/unit/rpc-pool.test.ts, and on surfnet solana-live-rehearsal): a
 * transaction a pool node returns as null is asked again and, while it stays null, stops the batch before it (what came before applied, the cursor
 * not past it, nothing skipped); a node that does not know the cursor's signature, and lists older ones
 * again, makes nothing read or reported twice; a node whose head lags never moves the head back.
 * Customers pay with web3.js 1.x + spl-token (test/helpers/solana-chain.ts), never the app's code.
 */
import { createDefaultRpcTransport, createSolanaRpcFromTransport } from '@solana/kit';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { type MerchantTokenAccount, SolanaWatcher } from '../../src/chains/solana/watcher.js';
import { FakeWatcherPorts } from '../helpers/fake-watcher-ports.js';
import { ataOf, openTokenAccount, type OwnSurfnet, SolanaPayer, slotOf, startOwnSurfnet } from '../helpers/solana-chain.js';

interface Call {
  method: string;
  params: unknown[];
}
/** What the transport does with a call: answer it (the node's answer, maybe changed), or fail it. */
type Fault = (call: Call) => 'pass' | 'null' | { params: unknown[] } | { lower: number };

let chain: OwnSurfnet;
let payer: SolanaPayer;
let accounts: MerchantTokenAccount[];
const merchant = Keypair.generate();
let fault: Fault = () => 'pass';
const sent: Call[] = [];

/** The RPC as the app makes it, over a transport that applies `fault` to every call first. */
function faultyRpc() {
  const upstream = createDefaultRpcTransport({ url: chain.rpcUrl });
  const transport = (async (config: Parameters<typeof upstream>[0]) => {
    const payload = config.payload as { method: string; params: unknown[] };
    const call = { method: payload.method, params: payload.params };
    sent.push(call);
    const what = fault(call);
    if (what === 'null') return { jsonrpc: '2.0', id: (payload as { id?: unknown }).id, result: null };
    const answer = (await upstream({ ...config, payload: typeof what === 'object' && 'params' in what ? { ...payload, params: what.params } : payload })) as { result: unknown };
    // The SDK's transport parses integers as bigints.
    if (typeof what === 'object' && 'lower' in what && typeof answer.result === 'bigint') return { ...answer, result: answer.result - BigInt(what.lower) };
    return answer;
  }) as typeof upstream;
  return createSolanaRpcFromTransport(transport);
}

const watcher = (ports: FakeWatcherPorts) =>
  new SolanaWatcher({ rpc: faultyRpc(), merchantTokenAccounts: accounts, expectedChainId: chain.genesisHash, pollMs: 100, reread: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 } }, ports);

/** A Solana Pay payment of `amount` USDC to the merchant, with a fresh watched reference; its signature. */
async function pay(ports: FakeWatcherPorts, amount: bigint): Promise<string> {
  const reference = Keypair.generate().publicKey.toBase58();
  ports.watched.add(reference);
  return payer.pay(chain.coins.USDC, { address: merchant.publicKey.toBase58(), reference }, amount);
}

const count = (method: string, from = 0) => sent.slice(from).filter((c) => c.method === method).length;

beforeAll(async () => {
  chain = await startOwnSurfnet();
  await openTokenAccount(chain, chain.coins.USDC, merchant.publicKey);
  payer = new SolanaPayer(chain);
  accounts = [{ currency: 'USDC', mint: chain.coins.USDC.mint.toBase58(), account: ataOf(chain.coins.USDC, merchant.publicKey).toBase58(), decimals: 6 }];
}, 60_000);

afterAll(() => chain?.stop());

beforeEach(() => {
  fault = () => 'pass';
});

test('a transaction a pool node returns as null is asked again, and found in the same pass', async () => {
  const ports = new FakeWatcherPorts();
  const w = watcher(ports);
  await w.tick();
  const signature = await pay(ports, 2_000_000n);
  let nulls = 2;
  fault = ({ method }) => (method === 'getTransaction' && nulls-- > 0 ? 'null' : 'pass');
  await w.tick(); // before: "lists transaction … but does not return it yet", the whole pass lost
  expect(ports.transfers().map((t) => t.txId)).toEqual([signature]);
  expect(w.stats.lastError).toBeNull();
});

test('a transaction that stays null stops the batch before it: the ones before are applied, the cursor stops there, and it is never skipped', async () => {
  const ports = new FakeWatcherPorts();
  const w = watcher(ports);
  await w.tick();
  const [a, b, c] = [await pay(ports, 3_000_001n), await pay(ports, 3_000_002n), await pay(ports, 3_000_003n)];
  fault = ({ method, params }) => (method === 'getTransaction' && params[0] === b ? 'null' : 'pass');
  await expect(w.tick()).rejects.toThrow(`the RPC lists transaction ${b} but does not return it yet`);
  // Before: nothing applied at all (the pass thrown away, `a` read again next time).
  expect(ports.transfers().map((t) => t.txId)).toEqual([a]);
  expect(JSON.parse(ports.applied.at(-1)?.cursor ?? '{}')).toEqual({ [accounts[0]?.account as string]: a });
  // Status says it is behind from `b` on (issue 27, item 6: its payment options are marked late).
  expect(w.stats.behind).toBe((w.stats.lastHead as number) - (await slotOf(chain.connection, b)) + 1);
  expect(w.stats.behind).toBeGreaterThan(0);

  fault = () => 'pass';
  const from = sent.length;
  await w.tick();
  expect(ports.transfers().map((t) => t.txId)).toEqual([a, b, c]);
  expect(w.stats.behind).toBe(0);
  // `a` is not read again: the cursor had moved past it.
  expect(sent.slice(from).filter((x) => x.method === 'getTransaction').map((x) => x.params[0])).toEqual([b, c]);
});

test('a block a node returns as null stops the batch the same way', async () => {
  const ports = new FakeWatcherPorts();
  const w = watcher(ports);
  await w.tick();
  const [a, b] = [await pay(ports, 4_000_001n), await pay(ports, 4_000_002n)];
  const slot = await slotOf(chain.connection, b);
  fault = ({ method, params }) => (method === 'getBlock' && BigInt(params[0] as bigint) === BigInt(slot) ? 'null' : 'pass');
  await expect(w.tick()).rejects.toThrow(`the RPC has no block for slot ${slot} yet`);
  expect(ports.transfers().map((t) => t.txId)).toEqual([a]);
  fault = () => 'pass';
  await w.tick();
  expect(ports.transfers().map((t) => t.txId)).toEqual([a, b]);
});

test('a node that does not know the cursor\'s signature lists older ones again: none is read or reported twice', async () => {
  const ports = new FakeWatcherPorts();
  const w = watcher(ports);
  await w.tick();
  const first = await pay(ports, 5_000_001n);
  await w.tick();
  expect(ports.transfers().map((t) => t.txId)).toEqual([first]);

  const second = await pay(ports, 5_000_002n);
  // As a node that never saw `until`: it lists the account's whole history, newest first.
  fault = ({ method, params }) => {
    if (method !== 'getSignaturesForAddress') return 'pass';
    const { until: _ignored, ...config } = (params[1] ?? {}) as Record<string, unknown>;
    return { params: [params[0], config] };
  };
  const from = sent.length;
  await w.tick();
  expect(ports.transfers().map((t) => t.txId)).toEqual([first, second]);
  // Only the new one is read (before: every earlier payment of this file read and reported again).
  expect(sent.slice(from).filter((x) => x.method === 'getTransaction').map((x) => x.params[0])).toEqual([second]);
});

test('an idle pass is two calls; a signature list that misses the newest transaction costs a listing again, never the payment', async () => {
  const ports = new FakeWatcherPorts();
  const w = watcher(ports);
  await w.tick();
  await w.tick();
  let from = sent.length;
  await w.tick();
  // getMultipleAccounts (every followed account's balance, and the confirmed slot) and getSlot (finalized).
  expect(sent.slice(from).map((c) => c.method)).toEqual(['getMultipleAccounts', 'getSlot']);

  const signature = await pay(ports, 6_000_000n);
  // As a node of the pool that does not have the newest slot yet: it lists nothing new.
  let short = 1;
  fault = ({ method, params }) => (method === 'getSignaturesForAddress' && short-- > 0 ? { params: [params[0], { ...(params[1] as object), before: signature }] } : 'pass');
  await w.tick();
  expect(ports.transfers()).toEqual([]);
  from = sent.length;
  await w.tick();
  expect(ports.transfers().map((t) => t.txId)).toEqual([signature]);
  expect(count('getSignaturesForAddress', from)).toBe(1);
});

test('a node whose head lags does not move the head back', async () => {
  const ports = new FakeWatcherPorts();
  const w = watcher(ports);
  await w.tick();
  const head = ports.applied.at(-1)?.head as number;
  fault = ({ method }) => (method === 'getSlot' ? { lower: 1_000 } : 'pass');
  await w.tick();
  expect(ports.applied.at(-1)?.head ?? head).toBeGreaterThanOrEqual(head);
  expect(w.stats.lastHead).toBeGreaterThanOrEqual(head);
});
