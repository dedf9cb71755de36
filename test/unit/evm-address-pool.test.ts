import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { HDKey } from '@scure/bip32';
import { bytesToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, expect, test, vi } from 'vitest';
import { type AccountSpelling, EvmAddressPool } from '../../src/chains/keccak-accounts/address-pool.js';
import { toTronBase58 } from '../../src/chains/tron/address-format.js';
import { ADDRESS_WORKER_SOURCE, type AddressWorkerData } from '../../src/chains/keccak-accounts/address-worker-source.js';
import { newTestWallet } from '../../src/chains/evm/addresses.js';
import { EvmAddressDeriver, publicKeyToAddress } from '../../src/chains/keccak-accounts/xpub-deriver.js';

const seedA = new Uint8Array(32).fill(11);
const seedB = new Uint8Array(32).fill(42);
const xpubA = newTestWallet(seedA).xpub;
const xpubB = newTestWallet(seedB).xpub;
const derivers = new Map([xpubA, xpubB].map((x) => [x, new EvmAddressDeriver(x)]));
const seeds = new Map([
  [xpubA, seedA],
  [xpubB, seedB],
]);

const pools: EvmAddressPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.stop()));
});
function newPool(options: ConstructorParameters<typeof EvmAddressPool>[0] = {}): EvmAddressPool {
  const pool = new EvmAddressPool(options);
  pools.push(pool);
  return pool;
}

/** What a wallet holding the seed computes for m/44'/60'/0'/0/index. */
function walletAddress(xpub: string, index: number): string {
  const key = HDKey.fromMasterSeed(seeds.get(xpub) as Uint8Array).derive(`m/44'/60'/0'/0/${index}`);
  const address = publicKeyToAddress(key.publicKey as Uint8Array);
  expect(privateKeyToAccount(bytesToHex(key.privateKey as Uint8Array)).address).toBe(address);
  return address;
}

/** Lets the worker answer what it was asked (the pool refills between requests, as between sales). */
async function settle(pool: EvmAddressPool, xpub: string, atLeast = 1): Promise<void> {
  await vi.waitFor(() => expect(pool.readyCount(xpub)).toBeGreaterThanOrEqual(atLeast), { timeout: 10_000, interval: 2 });
}

test("TRON's spelling from the worker is tron/address-format's, for ready addresses and those derived on the spot, kept apart from the same xpub's EIP-55 ones", async () => {
  const pool = newPool({ ahead: 64 });
  const tron: AccountSpelling = { name: 'tron', spell: toTronBase58 };
  const deriver = derivers.get(xpubA) as EvmAddressDeriver;
  expect(pool.address(xpubA, 0, tron)).toBe(toTronBase58(deriver.address(0))); // derived on the spot
  await vi.waitFor(() => expect(pool.readyCount(xpubA, 'tron')).toBeGreaterThan(0), { timeout: 10_000, interval: 2 });
  expect(pool.readyCount(xpubA)).toBe(0); // the EIP-55 spelling of this xpub was never asked
  const servedBefore = pool.served.ready;
  for (let i = 1; i < 8; i++) expect(pool.address(xpubA, i, tron)).toBe(toTronBase58(deriver.address(i)));
  expect(pool.served.ready - servedBefore).toBe(7); // from the worker, spelt there
  // Both spellings of one xpub side by side: each served in its own form.
  expect(pool.address(xpubA, 8)).toBe(deriver.address(8));
  expect(pool.address(xpubA, 8, tron)).toBe(toTronBase58(deriver.address(8)));
});

test('the pool gives exactly the derived address for every index: in sequence, after gaps, repeated, out of order, for two xpubs', async () => {
  const pool = newPool({ ahead: 64 });
  const asked: [string, number][] = [];
  const ask = (xpub: string, index: number) => {
    asked.push([xpub, index]);
    expect(pool.address(xpub, index)).toBe((derivers.get(xpub) as EvmAddressDeriver).address(index));
  };
  ask(xpubA, 0);
  await settle(pool, xpubA);
  for (let i = 1; i < 150; i++) {
    ask(xpubA, i);
    if (i % 10 === 0) await settle(pool, xpubA, 10); // at least ahead / 2 are always ready or asked for
  }
  ask(xpubA, 149); // a group-commit retry asks the same index again
  ask(xpubA, 149);
  ask(xpubA, 1000); // a gap: pre-deriving restarts after it
  await settle(pool, xpubA);
  ask(xpubA, 1001);
  ask(xpubA, 1001);
  ask(xpubA, 1003); // 1002 skipped…
  ask(xpubA, 1002); // …then asked after all
  ask(xpubA, 50); // far behind
  ask(xpubB, 7); // a second xpub, interleaved
  await settle(pool, xpubB);
  for (let i = 8; i < 40; i++) {
    ask(xpubB, i);
    ask(xpubA, 1004 + i);
  }
  ask(xpubA, 2 ** 31 - 1); // the last non-hardened index: nothing to pre-derive after it
  ask(xpubA, 2 ** 31 - 2);
  expect(pool.served.ready).toBeGreaterThan(100); // the worker did serve most of them
  // The independent check, on a sample (@scure/bip32 takes ~1 ms per address).
  for (const [xpub, index] of asked.filter((_, i) => i % 7 === 0)) expect(pool.address(xpub, index)).toBe(walletAddress(xpub, index));
});

test('after warm-up, sequential indexes are served ready from the worker, and at most `ahead` are kept', async () => {
  const pool = newPool({ ahead: 128 });
  expect(pool.status).toBe('idle'); // no worker before there is work
  const deriver = derivers.get(xpubA) as EvmAddressDeriver;
  expect(pool.address(xpubA, 500)).toBe(deriver.address(500));
  expect(pool.served).toEqual({ ready: 0, derived: 1 });
  expect(pool.status).toBe('idle'); // started after the call, outside the caller's transaction
  await settle(pool, xpubA, 100);
  expect(pool.status).toBe('running');
  for (let i = 501; i <= 800; i++) {
    expect(pool.address(xpubA, i)).toBe(deriver.address(i));
    if (i % 50 === 0) await settle(pool, xpubA, 50);
    expect(pool.readyCount(xpubA)).toBeLessThanOrEqual(128);
  }
  expect(pool.served).toEqual({ ready: 300, derived: 1 });
  expect(pool.address(xpubA, 800)).toBe(deriver.address(800)); // taken already: derived again
  expect(pool.served.derived).toBe(2);
});

test('ready addresses are kept for a bounded number of xpubs; the others still answer right', async () => {
  const pool = newPool({ ahead: 32, maxXpubs: 1 });
  pool.address(xpubA, 0);
  await settle(pool, xpubA);
  pool.address(xpubB, 0);
  expect(pool.readyCount(xpubA)).toBe(0); // dropped for B
  await settle(pool, xpubB);
  for (let i = 1; i < 40; i++) {
    for (const xpub of [xpubA, xpubB]) expect(pool.address(xpub, i)).toBe((derivers.get(xpub) as EvmAddressDeriver).address(i));
  }
  expect(pool.readyCount(xpubA) + pool.readyCount(xpubB)).toBeLessThanOrEqual(32);
});

test('bad indexes and keys are refused as by the deriver', () => {
  const pool = newPool();
  expect(() => pool.address(xpubA, -1)).toThrow(/out of range/);
  expect(() => pool.address(xpubA, 2 ** 31)).toThrow(/out of range/);
  expect(() => pool.address(xpubA, 1.5)).toThrow(/out of range/);
  expect(() => pool.address('xpub-nonsense', 0)).toThrow();
  const xprv = HDKey.fromMasterSeed(seedA).derive("m/44'/60'/0'").privateExtendedKey;
  expect(() => pool.address(xprv, 0)).toThrow(/extended public key/);
});

test('stop ends the worker; a stopped pool still answers, on the main thread', async () => {
  const workers: Worker[] = [];
  const pool = newPool({
    spawn: (data) => {
      const worker = new Worker(ADDRESS_WORKER_SOURCE, { eval: true, workerData: data });
      workers.push(worker);
      return worker;
    },
  });
  pool.address(xpubA, 0);
  await settle(pool, xpubA);
  expect(workers).toHaveLength(1);
  await pool.stop();
  expect(workers[0]?.threadId).toBe(-1); // exited
  expect(pool.status).toBe('stopped');
  for (let i = 1; i < 5; i++) expect(pool.address(xpubA, i)).toBe(walletAddress(xpubA, i));
  expect(pool.served).toEqual({ ready: 0, derived: 5 });
  expect(pool.readyCount(xpubA)).toBe(0);
  expect(workers).toHaveLength(1); // not restarted
});

test('a worker that cannot be created: one log line, every address derived on the main thread', async () => {
  const log = vi.fn();
  const pool = newPool({
    log,
    spawn: () => {
      throw new Error('no threads here');
    },
  });
  expect(pool.address(xpubA, 0)).toBe(walletAddress(xpubA, 0));
  await vi.waitFor(() => expect(pool.status).toBe('failed'));
  for (let i = 1; i < 5; i++) expect(pool.address(xpubA, i)).toBe(walletAddress(xpubA, i));
  await new Promise((resolve) => setImmediate(resolve));
  expect(pool.served).toEqual({ ready: 0, derived: 5 });
  expect(log).toHaveBeenCalledTimes(1);
  expect(log.mock.calls[0]?.[1]).toBeInstanceOf(Error);
});

test('a worker that fails to load its dependencies: one log line, then the main thread derives', async () => {
  const log = vi.fn();
  const spawnWith = (patch: Partial<AddressWorkerData>) => (data: AddressWorkerData) =>
    new Worker(ADDRESS_WORKER_SOURCE, { eval: true, workerData: { ...data, ...patch } });
  for (const patch of [{ secp256k1: '/nonexistent/secp256k1.js' }, { sha3: 'file:///nonexistent/sha3.js' }]) {
    log.mockClear();
    const pool = newPool({ log, spawn: spawnWith(patch) });
    expect(pool.address(xpubA, 0)).toBe(walletAddress(xpubA, 0));
    await vi.waitFor(() => expect(pool.status).toBe('failed'), { timeout: 10_000 });
    for (let i = 1; i < 40; i++) expect(pool.address(xpubA, i)).toBe((derivers.get(xpubA) as EvmAddressDeriver).address(i));
    expect(pool.served).toEqual({ ready: 0, derived: 40 });
    expect(log).toHaveBeenCalledTimes(1);
  }
});

test('answers are taken only for the xpub and the job they were asked for', async () => {
  // A worker answering each job twice with wrong addresses: once for another xpub, once for an older job.
  const liar = `
    const { parentPort } = require('node:worker_threads');
    parentPort.on('message', (job) => {
      const addresses = Array.from({ length: job.end - job.start }, () => '0x000000000000000000000000000000000000dEaD');
      parentPort.postMessage({ xpub: job.xpub === '${xpubA}' ? '${xpubB}' : '${xpubA}', generation: job.generation, start: job.start, addresses });
      parentPort.postMessage({ xpub: job.xpub, generation: job.generation - 1, start: job.start, addresses });
      parentPort.postMessage({ xpub: job.xpub, generation: job.generation, start: job.end, addresses: addresses.slice(0, 1) });
    });`;
  const pool = newPool({ spawn: () => new Worker(liar, { eval: true }) });
  pool.address(xpubA, 0);
  pool.address(xpubB, 0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  pool.address(xpubA, 1000); // restarts: the old job's generation is now stale
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(pool.readyCount(xpubA)).toBe(0);
  expect(pool.readyCount(xpubB)).toBe(0);
  for (let i = 1; i < 20; i++) {
    expect(pool.address(xpubA, i)).toBe((derivers.get(xpubA) as EvmAddressDeriver).address(i));
    expect(pool.address(xpubB, i)).toBe((derivers.get(xpubB) as EvmAddressDeriver).address(i));
    expect(pool.address(xpubA, 1000 + i)).toBe((derivers.get(xpubA) as EvmAddressDeriver).address(1000 + i));
  }
  expect(pool.served.ready).toBe(0);
});

test('under tsx, as the app runs, the worker loads and serves, and never keeps the process alive', async () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // Without unref() the process would not end and the timeout would fail the test.
  const { stdout } = await promisify(execFile)(process.execPath, ['bin/run-ts.mjs', 'test/fixtures/address-pool-run.ts'], { cwd: root, timeout: 15_000 });
  expect(JSON.parse(stdout)).toEqual({ status: 'running', served: { ready: 20, derived: 1 }, mismatches: 0 });
});

test('a pool stopped while its worker is in the middle of a batch: the worker ends, the process exits cleanly', async () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // A suite run aborted once with "terminate called after throwing an instance of 'Napi::Error'" in
  // this file: terminate() during the native tweak-add. The worker is now asked to stop between
  // batches, and stop() waits for it (without worker.ref() there, this process ended with exit code
  // 13, its stop never settled).
  const { stdout } = await promisify(execFile)(process.execPath, ['bin/run-ts.mjs', 'test/fixtures/address-pool-stop.ts', '20'], { cwd: root, timeout: 60_000 });
  expect(JSON.parse(stdout)).toEqual({ rounds: 20, busy: 20 });
}, 90_000);
