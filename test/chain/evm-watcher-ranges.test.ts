/**
 * The transfer-log watcher (EVM and TRON's shared scan) against an anvil devnet behind the fault
 * endpoint, with an in-memory port that keeps what the recorder would (issue 27, items 1 and 4): behind
 * an endpoint serving 5 blocks of logs a call, the backfill goes in chunks of the range the transport
 * found (`logRange()`), each applied as read, with `behind` exact and a time left estimated; a node
 * behind everywhere stops the pass without moving anything, never taken for a reorganisation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, getAddress, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { TransferLogWatcher } from '../../src/chains/transfer-logs/transfer-log-watcher.js';
import type { ChainScan } from '../../src/domain/chain-scan.js';
import { budget, mine, PAY_MS, TestWallet } from '../helpers/evm-chain.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';
import { FakeWatcherPorts } from '../helpers/fake-watcher-ports.js';

/** FakeWatcherPorts that also keeps the block hashes the applied scans stored, as the recorder does. */
class StoringPorts extends FakeWatcherPorts {
  private blocks = new Map<number, string>();
  override async recentBlocks(): Promise<{ number: number; hash: string }[]> {
    return [...this.blocks].sort((a, b) => b[0] - a[0]).map(([number, hash]) => ({ number, hash }));
  }
  onApply: () => void = () => undefined;
  override async apply(scan: ChainScan): Promise<void> {
    this.onApply();
    if (scan.reorgAncestor !== undefined) for (const n of this.blocks.keys()) if (n > scan.reorgAncestor && n <= (scan.reorgUpTo ?? Infinity)) this.blocks.delete(n);
    for (const b of scan.blocks) this.blocks.set(b.number, b.hash);
    await super.apply(scan);
  }
}

let dir: string;
let devnet: Devnet;
let fault: FaultEndpoint;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-watcher-ranges-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
  fault = await startFaultEndpoint(devnet.rpcUrl, { logRangeCap: 5 });
}, 60_000);
afterAll(async () => {
  await fault?.close();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const SHOP = privateKeyToAccount('0x2000000000000000000000000000000000000000000000000000000000000001').address;
const REQUIRED = 6;

function watcherOf(ports: StoringPorts, logRange: () => number | null): TransferLogWatcher {
  const client = createPublicClient({ transport: http(fault.url, { retryCount: 0 }), cacheTime: 0 }) as PublicClient;
  return new TransferLogWatcher(
    {
      client,
      expectedChainId: String(devnet.chainId),
      tokens: [{ currency: 'USDT', logAddress: devnet.tokens.USDT, contract: devnet.tokens.USDT, decimals: 6 }],
      pollMs: 100,
      confirmations: REQUIRED,
      logRange,
      address: getAddress,
      txId: (hash) => hash,
    },
    ports,
  );
}

test('behind an endpoint serving 5 blocks of logs a call: chunks of 5, each applied as read, behind exact, every payment found once', async () => {
  const ports = new StoringPorts();
  ports.watched.add(SHOP);
  const watcher = watcherOf(ports, () => 5);
  await watcher.tick(); // the first pass places the cursor at the head
  const from = Number(ports.applied.at(-1)!.cursor);

  const paid = [];
  for (let i = 0; i < 3; i++) {
    paid.push(await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: SHOP, amountBaseUnits: BigInt(i + 1) * 1_000_000n }));
    await mine(devnet, 10);
  }
  const head = Number(await createPublicClient({ transport: http(devnet.rpcUrl) }).getBlockNumber());
  const logsBefore = fault.counts().byMethod.eth_getLogs ?? 0;

  // One pass catches up, one chunk (one eth_getLogs of at most 5 blocks) applied at a time: a kill
  // between two chunks keeps what the first applied. What the Status screen reads meanwhile:
  const applied = ports.applied.length;
  const shown: { behind: number | undefined; eta: number | null | undefined }[] = [];
  ports.onApply = () => shown.push({ behind: watcher.stats.behind, eta: watcher.stats.catchUpEtaSeconds });
  await watcher.tick();
  const chunks = Math.ceil((head - from) / 5);
  expect(ports.applied.length - applied).toBe(chunks);
  expect((fault.counts().byMethod.eth_getLogs ?? 0) - logsBefore).toBe(chunks);
  expect(fault.counts().rangeRefused).toBe(0);
  expect(watcher.stats.behind).toBe(0);
  expect(watcher.stats.catchUpEtaSeconds).toBeNull();
  // behind counted down 5 blocks a chunk (as the chunk before left it), with a time left while behind.
  expect(shown.slice(1).map((x) => x.behind)).toEqual(Array.from({ length: chunks - 1 }, (_, i) => head - from - 5 * (i + 1)));
  expect(shown.slice(1).every((x) => typeof x.eta === 'number')).toBe(true);
  // Each found once in the catch-up (a later pass reads the last blocks again: counted once by the recorder).
  expect(ports.transfers().map((t) => t.txId)).toEqual(paid.map((p) => p.txHash));
  // The cursor stored is what is settled: REQUIRED blocks below the head.
  expect(Number(ports.applied.at(-1)!.cursor)).toBe(head - REQUIRED);
}, budget([PAY_MS, PAY_MS, PAY_MS, 20_000]));

test('a node behind on every answer: the pass stops, nothing applied, no error, never a reorganisation', async () => {
  const ports = new StoringPorts();
  ports.watched.add(SHOP);
  const watcher = watcherOf(ports, () => 5);
  await watcher.tick(); // the cursor at the head
  expect(watcher.stats.behind).toBe(0);
  const applied = ports.applied.length;

  // Every request now goes to a node two blocks behind: its head is below the block stored last.
  fault.set({ logRangeCap: 5, lagBlocks: 2, lagRate: 1 });
  try {
    await mine(devnet);
    await watcher.tick();
    expect(ports.applied.length).toBe(applied);
    expect(watcher.stats.lagged).toBe(1);
    expect(watcher.stats.lastError).toBeNull();
    expect(ports.errors).toEqual([]);
    // Behind pass after pass is no passing lag: after ten in a row the owner is told.
    for (let i = 1; i < 10; i++) await watcher.tick();
    expect(ports.applied.length).toBe(applied);
    expect(watcher.stats.lastError).toMatch(/is below block \d+, scanned already: the node is behind \(10 passes in a row\)$/);
  } finally {
    fault.set({ logRangeCap: 5 });
  }
  // The node caught up: the pass goes on from the cursor kept, no reorganisation reported.
  await watcher.tick();
  expect(watcher.stats.behind).toBe(0);
  expect(watcher.stats.lastError).toBeNull();
  // The new block alone first (its parent is the block stored last; the cursor untouched), then the
  // window again with it: 7 blocks in two chunks of at most 5.
  expect(ports.applied.length).toBe(applied + 3);
  expect(ports.applied[applied]).toMatchObject({ cursor: ports.applied[applied - 1]!.cursor });
  expect(ports.applied.filter((s) => s.reorgAncestor !== undefined)).toEqual([]);
}, budget([5_000]));

test('behind a cap below the blocks read again (6 here, 5 a call), a new block is read alone first: its payment is applied after one eth_getLogs, the cursor untouched, then the window as always', async () => {
  const ports = new StoringPorts();
  ports.watched.add(SHOP);
  const watcher = watcherOf(ports, () => 5);
  await watcher.tick();
  await mine(devnet, REQUIRED + 2);
  await watcher.tick(); // caught up: the block stored last is the head
  await watcher.tick();
  const cursor = ports.applied.at(-1)!.cursor;
  const applied = ports.applied.length;
  const logsBefore = fault.counts().byMethod.eth_getLogs ?? 0;
  let logsAtFirstApply: number | undefined;
  ports.onApply = () => (logsAtFirstApply ??= (fault.counts().byMethod.eth_getLogs ?? 0) - logsBefore);

  // A mint to the shop: a Transfer to it, in one new block (automine) whose parent is the head stored.
  const paid = await new TestWallet(devnet, DEVNET_PAYER_KEYS[0]!).mint(devnet.tokens.USDT, SHOP, 4_000_000n);
  await watcher.tick();
  const first = ports.applied[applied]!;
  expect(first.transfers.map((t) => t.txId)).toEqual([paid.hash]);
  expect(first.cursor).toBe(cursor);
  expect(logsAtFirstApply).toBe(1);
  // Then the window read again with the new block (7 blocks: two calls), counted once by the recorder.
  expect(ports.applied.length - applied).toBe(3);
  expect((fault.counts().byMethod.eth_getLogs ?? 0) - logsBefore).toBe(3);
  ports.onApply = () => undefined;
}, budget([PAY_MS, 5_000]));
