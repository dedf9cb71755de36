/**
 * Helpers for the EVM payment tests: an outside wallet that signs real transactions, control over a
 * devnet's mining and clock, the data dir's outbox read straight from SQLite, and a bounded reader of
 * a session's server-sent events.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { type Address, createWalletClient, encodeDeployData, encodeFunctionData, type Hash, type Hex, http, keccak256, type PublicClient, toHex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { createDevnetPublicClient, type Devnet, receiptTimeoutMs } from '../../src/chains/evm/devnet/devnet.js';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../../src/chains/anvil/test-token-artifact.js';
import type { ChainIntegration } from '../../src/chain-integration.js';
import { databaseOfDataDir, type TestCore } from './test-core.js';
import { SseParser } from './sse-parser.js';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it returns something truthy, and returns that; fails after `timeoutMs` with the
 * last value seen, so a timeout says what the state was rather than just "timed out".
 */
export async function waitFor<T>(probe: () => Promise<T> | T, timeoutMs: number, what = 'condition', intervalMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      last = await probe();
      if (last) return last as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const shown = last instanceof Error ? last.message : JSON.stringify(last, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))?.slice(0, 2_000);
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${shown}`);
    }
    await sleep(intervalMs);
  }
}

/**
 * A test's own timeout, from its waits: they run one after another and each may use its whole bound,
 * so the test gets their sum, plus `stepsMs` for what it does besides waiting (requests, signing, UI
 * steps). Kept above that sum, a late wait fails with its own message, which says what it waited for
 * and what it last saw, instead of the test failing with a bare "timed out".
 */
export function budget(waitsMs: readonly number[], stepsMs = 10_000): number {
  return waitsMs.reduce((sum, ms) => sum + ms, 0) + stepsMs;
}

/** GET a session's `data` over the API. */
export async function getSession(t: Pick<TestCore, 'api'>, id: string): Promise<any> {
  const res = await t.api('GET', `/v1/payment/sessions/${id}`);
  if (res.status !== 200) throw new Error(`GET session ${id}: ${res.status} ${res.text}`);
  return res.body.data;
}

/** Waits until the session satisfies `check`; returns it. */
export async function waitForSession(t: Pick<TestCore, 'api'>, id: string, check: (s: any) => boolean, timeoutMs = 10_000, what = 'session state'): Promise<any> {
  let last: any;
  try {
    return await waitFor(async () => {
      last = await getSession(t, id);
      return check(last) ? last : false;
    }, timeoutMs, `${what} of ${id}`);
  } catch (error) {
    const brief = last && { status: last.status, exception: last.exception, amount_received: last.amount_received, payments: last.payments };
    throw new Error(`${(error as Error).message}; session: ${JSON.stringify(brief)}`);
  }
}

/** Creates a shape A session and returns its `data`. */
export async function createSession(t: Pick<TestCore, 'api' | 'merchantId'>, value: string, currency = 'USD', extra: Record<string, unknown> = {}): Promise<any> {
  const res = await t.api('POST', '/v1/payment/sessions', { body: { merchant_id: t.merchantId, amount: { value, currency }, ...extra } });
  if (res.status !== 200) throw new Error(`create session: ${res.status} ${res.text}`);
  return res.body.data;
}

/** A session's option of `currency` on `network` (any family's). */
export function option(session: any, network: string, currency: 'USDT' | 'USDC'): any {
  const found = session.payment_options.find((o: any) => o.network === network && o.currency === currency);
  if (!found) throw new Error(`no ${network} ${currency} option in ${JSON.stringify(session.payment_options)}`);
  return found;
}

/** The `uint256=` amount of an EIP-681 URI. */
export function uriAmount(uri: string): bigint {
  const m = /[?&]uint256=(\d+)(?:&|$)/.exec(uri);
  if (!m) throw new Error(`no uint256 in ${uri}`);
  return BigInt(m[1] as string);
}

/** Raw JSON-RPC against a devnet (anvil's own methods included). */
/** The running EVM devnet of `network`, as its own type. @throws Error when the core runs none */
export function evmDevnetOf(chains: ChainIntegration | undefined, network: string): Devnet {
  const devnet = chains?.devnets.find((d) => d.network === network);
  if (!devnet || !('chain' in devnet)) throw new Error(`no ${network} devnet is running`);
  return devnet;
}

export function devnetRpc(devnet: Devnet): <T = unknown>(method: string, params?: unknown[]) => Promise<T> {
  const client = createDevnetPublicClient(devnet);
  return (method, params = []) => client.request({ method: method as never, params: params as never }) as never;
}

/** Mines `blocks` blocks now, whatever the mining mode. */
export async function mine(devnet: Devnet, blocks = 1): Promise<void> {
  await devnetRpc(devnet)('anvil_mine', [`0x${blocks.toString(16)}`]);
}

export function client(devnet: Devnet): PublicClient {
  return createDevnetPublicClient(devnet) as unknown as PublicClient;
}

/**
 * Keys of anvil's dev accounts (the public "test test … junk" mnemonic), all funded with ether at
 * genesis. #0 deploys the devnet's tokens and must send nothing else; #1–#3 are DEVNET_PAYER_KEYS.
 */
export function devAccountKey(index: number): Hex {
  if (index === 0) throw new Error('dev account #0 is the token deployer: its nonces fix the token addresses');
  const key = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error('no private key');
  return toHex(key);
}

const FEES = { maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };

export interface SignedCall {
  hash: Hash;
  raw: Hex;
}

/**
 * An outside wallet: signs contract calls locally with its own key (explicit nonces and gas, nothing
 * estimated, so it works with mining paused) and sends the raw transactions. Nonces are tracked here
 * from the chain's pending count at the first call; `resync()` after a reorganisation.
 */
export class TestWallet {
  readonly account;
  private nextNonce: number | undefined;

  constructor(
    private readonly devnet: Devnet,
    key: Hex,
  ) {
    this.account = privateKeyToAccount(key);
  }

  get address(): Address {
    return this.account.address;
  }

  resync(): void {
    this.nextNonce = undefined;
  }

  /** Signs a call at the wallet's next nonce without sending it (e.g. for `anvil_reorg`'s list). */
  async sign(to: Address | null, data: Hex, gas = 150_000n): Promise<SignedCall> {
    const pub = client(this.devnet);
    this.nextNonce ??= await pub.getTransactionCount({ address: this.address, blockTag: 'pending' });
    const nonce = this.nextNonce++;
    const wallet = createWalletClient({ account: this.account, chain: this.devnet.chain, transport: http(this.devnet.rpcUrl) });
    const raw = await wallet.signTransaction({ ...(to ? { to } : {}), data, nonce, gas, ...FEES, chain: this.devnet.chain } as never);
    return { hash: keccak256(raw), raw };
  }

  async send(to: Address | null, data: Hex, gas = 150_000n): Promise<SignedCall> {
    const signed = await this.sign(to, data, gas);
    const hash = await client(this.devnet).sendRawTransaction({ serializedTransaction: signed.raw });
    if (hash !== signed.hash) throw new Error(`node reports ${hash} for ${signed.hash}`);
    return signed;
  }

  mint(token: Address, to: Address, amount: bigint): Promise<SignedCall> {
    return this.send(token, encodeFunctionData({ abi: TEST_TOKEN_ABI, functionName: 'mint', args: [to, amount] }));
  }

  transfer(token: Address, to: Address, amount: bigint): Promise<SignedCall> {
    return this.send(token, encodeFunctionData({ abi: TEST_TOKEN_ABI, functionName: 'transfer', args: [to, amount] }));
  }

  /** Mint to itself, then transfer to `to`: the transfer is the payment. Not mined here. */
  async pay(token: Address, to: Address, amount: bigint): Promise<{ mint: SignedCall; transfer: SignedCall }> {
    const mint = await this.mint(token, this.address, amount);
    const transfer = await this.transfer(token, to, amount);
    return { mint, transfer };
  }

  /** Deploys contract creation code (constructor arguments already appended); not mined here. */
  deploy(bytecode: Hex, gas = 3_000_000n): Promise<SignedCall> {
    return this.send(null, bytecode, gas);
  }
}

/** mintAndPay's bound (receiptTimeoutMs) on a devnet mining every 0.2 s, as most chain tests run it. */
export const PAY_MS = receiptTimeoutMs(0.2);

/** How long `receipt` waits by default: the next block is at most a second away on our devnets. */
export const RECEIPT_MS = 10_000;

/** Waits for a receipt, failing on a revert. */
export async function receipt(devnet: Devnet, hash: Hash, timeout = RECEIPT_MS) {
  const r = await client(devnet).waitForTransactionReceipt({ hash, timeout, pollingInterval: 50 });
  if (r.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return r;
}

/** Creation code of another TestStablecoin (e.g. a token the app does not accept). */
export function testTokenCreationCode(name: string, symbol: string, decimals: number): Hex {
  return encodeDeployData({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE, args: [name, symbol, decimals] });
}

const BATCHER_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
interface ITestToken {
    function mint(address to, uint256 amount) external;
    function transfer(address to, uint256 value) external returns (bool);
}
/// Mints a + b to itself, then pays toA and toB: one transaction, two Transfer logs.
contract Batcher {
    function payTwo(address token, address toA, uint256 a, address toB, uint256 b) external {
        ITestToken(token).mint(address(this), a + b);
        require(ITestToken(token).transfer(toA, a), "first");
        require(ITestToken(token).transfer(toB, b), "second");
    }
}`;

/** Creation code and ABI of a tiny batching contract (`payTwo`), compiled with solc-js. */
export function compileBatcher(): { abi: any[]; bytecode: Hex } {
  const solc = createRequire(import.meta.url)('solc');
  const input = {
    language: 'Solidity',
    sources: { 'Batcher.sol': { content: BATCHER_SOURCE } },
    settings: { evmVersion: 'cancun', outputSelection: { 'Batcher.sol': { Batcher: ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: any) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e: any) => e.formattedMessage).join('\n'));
  const c = output.contracts['Batcher.sol'].Batcher;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

export interface OutboxEvent {
  type: string;
  payload: any;
}

/** Rows of a core's store by SQL: its PostgreSQL database (the `postgres` test project) or its data dir's SQLite file. */
export async function storeRows<T>(dataDir: string, sql: { sqlite: string; pg: string }, args: unknown[]): Promise<T[]> {
  const url = databaseOfDataDir(dataDir);
  if (url !== undefined) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql.pg, args)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(dataDir, 'stablepos.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql.sqlite).all(...args) as T[];
  } finally {
    db.close();
  }
}

/** The session's events in the durable outbox, oldest first, read straight from the store. */
export async function outboxEvents(dataDir: string, sessionId: string): Promise<OutboxEvent[]> {
  const rows = await storeRows<{ type: string; payload: string }>(
    dataDir,
    { sqlite: 'SELECT type, payload FROM events WHERE object_id = ? ORDER BY seq', pg: 'SELECT type, payload FROM events WHERE object_id = $1 ORDER BY seq' },
    [sessionId],
  );
  return rows.map((r) => ({ type: r.type, payload: JSON.parse(r.payload) }));
}

/** Payment rows of the whole store (whatever their session), read straight from it (`tx_hash`: the stored transaction id). */
export async function paymentRows(dataDir: string): Promise<{ session_id: string | null; to_address: string; token_contract: string; tx_hash: string }[]> {
  const sql = 'SELECT session_id, to_address, token_contract, tx_id AS tx_hash FROM payments ORDER BY seq';
  return await storeRows(dataDir, { sqlite: sql, pg: sql }, []);
}

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Opens a server-sent events stream and collects its events as they come. `next(check, ms)` resolves
 * with the first collected event (not yet consumed) that passes `check`, or fails after `ms`.
 */
export interface SseStream {
  status: number;
  contentType: string | null;
  events: SseEvent[];
  next(check: (e: SseEvent) => boolean, timeoutMs: number): Promise<SseEvent>;
  close(): Promise<void>;
}

export async function openStream(url: string, key: string): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' }, signal: controller.signal });
  const events: SseEvent[] = [];
  let consumed = 0;
  let ended = false;
  const parser = new SseParser();
  const pump = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        events.push(...parser.push(value));
      }
    } catch {
      // aborted
    } finally {
      ended = true;
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    async next(check: (e: SseEvent) => boolean, timeoutMs: number): Promise<SseEvent> {
      const found = await waitFor(() => {
        for (let i = consumed; i < events.length; i++) {
          if (check(events[i] as SseEvent)) {
            consumed = i + 1;
            return events[i];
          }
        }
        if (ended) throw new Error('stream ended');
        return undefined;
      }, timeoutMs, 'a server-sent event', 20);
      return found;
    },
    async close(): Promise<void> {
      controller.abort();
      await pump;
    },
  };
}
