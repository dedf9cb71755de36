import { expect, test, vi } from 'vitest';
import { newTestWallet } from '../../src/chains/evm/addresses.js';
import { evmFamily } from '../../src/chains/evm/index.js';
import { acquireAddressPool } from '../../src/chains/keccak-accounts/shared-address-pool.js';
import { EvmAddressDeriver } from '../../src/chains/keccak-accounts/xpub-deriver.js';
import { newTestTronWallet, TronAddressDeriver } from '../../src/chains/tron/addresses.js';
import { tronFamily } from '../../src/chains/tron/index.js';

// EVM and TRON deposits come from one pool, and so one worker thread (a thread is an isolate: ~13 MB
// of RSS each, docs/development.md, Benchmarks); it ends with its last holder.

const evmXpub = newTestWallet(new Uint8Array(32).fill(5)).xpub;
const tronXpub = newTestTronWallet(new Uint8Array(32).fill(6)).xpub;

test('EVM and TRON deposit sources share one pool, whose worker ends with the last of them', async () => {
  const evm = evmFamily.deposits(() => {});
  const tron = tronFamily.deposits(() => {});
  const peek = acquireAddressPool(() => {});
  const { pool } = peek;
  expect(pool.served).toEqual({ ready: 0, derived: 0 });

  expect(evm.deposit(evmXpub, 0)).toBe(new EvmAddressDeriver(evmXpub).address(0));
  expect(tron.deposit(tronXpub, 0)).toBe(new TronAddressDeriver(tronXpub).address(0));
  // Both families' addresses were served by the one pool, which started one worker for both.
  expect(pool.served).toEqual({ ready: 0, derived: 2 });
  await vi.waitFor(() => expect(pool.readyCount(evmXpub) + pool.readyCount(tronXpub)).toBeGreaterThan(0));
  expect(pool.status).toBe('running');
  for (let i = 1; i < 20; i++) {
    expect(evm.deposit(evmXpub, i)).toBe(new EvmAddressDeriver(evmXpub).address(i));
    expect(tron.deposit(tronXpub, i)).toBe(new TronAddressDeriver(tronXpub).address(i));
  }

  await evm.stop();
  await tron.stop();
  expect(pool.status).toBe('running'); // still held (by `peek`)
  await peek.release();
  await peek.release(); // once per acquire: a second release changes nothing
  expect(pool.status).toBe('stopped');

  // The next holder (another core in this process) gets a new pool.
  const next = tronFamily.deposits(() => {});
  try {
    expect(next.deposit(tronXpub, 3)).toBe(new TronAddressDeriver(tronXpub).address(3));
    const again = acquireAddressPool(() => {});
    expect(again.pool).not.toBe(pool);
    expect(again.pool.served.derived).toBe(1);
    await again.release();
  } finally {
    await next.stop();
  }
});

test('a failed worker is told to every holder', async () => {
  const a = vi.fn();
  const b = vi.fn();
  const first = acquireAddressPool(a);
  const second = acquireAddressPool(b);
  try {
    expect(second.pool).toBe(first.pool);
    // The pool's own log is the shared one: what it says reaches both holders' logs.
    (first.pool as unknown as { log: (m: string, e?: unknown) => void }).log('worker failed', 'why');
    expect(a).toHaveBeenCalledWith('worker failed', 'why');
    expect(b).toHaveBeenCalledWith('worker failed', 'why');
  } finally {
    await first.release();
    await second.release();
  }
});
