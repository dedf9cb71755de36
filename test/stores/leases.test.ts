import { expect, test } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';

const TTL = 3000;

/** What every store's leader leases promise (ports.ts, LeaseStore): one holder, fencing tokens that grow. */
describeEachStore('leader leases', (open) => {
  test('a free lease is taken; its holder renews it under the same token; another is refused until it expires', async () => {
    const { leases } = await open();
    const first = await leases.acquire('watcher:ethereum:test', 'a', TTL, 1000);
    expect(first).toBeTypeOf('number');
    expect(await leases.acquire('watcher:ethereum:test', 'b', TTL, 2000)).toBeUndefined();
    expect(await leases.acquire('watcher:ethereum:test', 'a', TTL, 3000)).toBe(first);
    expect(await leases.current('watcher:ethereum:test')).toEqual({ name: 'watcher:ethereum:test', holder: 'a', token: first, expiresAt: 3000 + TTL });
    // Renewed at 3000: still a's at 5999, b's from 6000 on.
    expect(await leases.acquire('watcher:ethereum:test', 'b', TTL, 5999)).toBeUndefined();
    const second = await leases.acquire('watcher:ethereum:test', 'b', TTL, 6000);
    expect(second).toBeGreaterThan(first as number);
    expect((await leases.current('watcher:ethereum:test'))?.holder).toBe('b');
  });

  test('leases of different names are independent', async () => {
    const { leases } = await open();
    expect(await leases.acquire('timers', 'a', TTL, 0)).toBeDefined();
    expect(await leases.acquire('watcher:tron:live', 'b', TTL, 0)).toBeDefined();
    expect(await leases.acquire('timers', 'b', TTL, 1)).toBeUndefined();
    expect(await leases.current('nothing')).toBeUndefined();
  });

  test('a holder that lets its lease expire and takes it again gets a new token', async () => {
    const { leases } = await open();
    const first = await leases.acquire('timers', 'a', TTL, 0);
    const again = await leases.acquire('timers', 'a', TTL, TTL);
    expect(again).toBeGreaterThan(first as number);
  });

  test('a released lease is taken at once, under a new token; release by another holder changes nothing', async () => {
    const { leases } = await open();
    const first = await leases.acquire('timers', 'a', TTL, 0);
    await leases.release('timers', 'b');
    expect(await leases.acquire('timers', 'b', TTL, 1)).toBeUndefined();
    await leases.release('timers', 'a');
    const second = await leases.acquire('timers', 'b', TTL, 2);
    expect(second).toBeGreaterThan(first as number);
    expect(await leases.isHeld('timers', second as number, 3)).toBe(true);
  });

  test('the fence: held only under the current token and before the expiry', async () => {
    const { leases } = await open();
    const a = (await leases.acquire('timers', 'a', TTL, 0)) as number;
    expect(await leases.isHeld('timers', a, TTL - 1)).toBe(true);
    expect(await leases.isHeld('timers', a, TTL)).toBe(false);
    expect(await leases.isHeld('timers', a + 1, 1)).toBe(false);
    const b = (await leases.acquire('timers', 'b', TTL, TTL)) as number;
    expect(await leases.isHeld('timers', a, TTL + 1)).toBe(false);
    expect(await leases.isHeld('timers', b, TTL + 1)).toBe(true);
    expect(await leases.isHeld('unknown', a, 0)).toBe(false);
  });

  test('many holders asking at once: exactly one gets the lease', async () => {
    const { leases } = await open();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => leases.acquire('watcher:solana:live', `h${i}`, TTL, 100)));
    expect(answers.filter((t) => t !== undefined)).toHaveLength(1);
  });
});
