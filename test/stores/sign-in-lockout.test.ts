/**
 * The PIN sign-in lockout (services/sign-in-guard.ts) over each store: its counters live there, so
 * every instance of a PostgreSQL store counts the same attempts. The numbers are docs/security.md's
 * ("PIN sign-in lockout").
 */
import { expect, test } from 'vitest';
import { type AttemptFrom, SignInGuard } from '../../src/services/sign-in-guard.js';
import type { Stores } from '../../src/storage/stores.js';
import { describeEachStore, openTwoPgStores } from '../helpers/stores.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let now = 0;
const guardOver = (s: Stores) => new SignInGuard({ store: s.users, tx: s.tx, now: () => now });
/** An attempt from a device not known for the user. */
const at = (address: string): AttemptFrom => ({ address });
/** An attempt from a device known for the user. */
const on = (device: string, address = '127.0.0.1'): AttemptFrom => ({ address, device });

/** The Retry-After of the lock `attempt` runs into, or null when it is let through. */
async function lockOf(attempt: Promise<void>): Promise<string | null> {
  try {
    await attempt;
    return null;
  } catch (err) {
    return (err as { headers: Record<string, string> }).headers['Retry-After'] ?? 'no Retry-After';
  }
}

describeEachStore('PIN sign-in lockout', (open) => {
  test('locks per name and address and per address, counts an attempt from its start, and forgets on success', async () => {
    now = 0;
    const guard = guardOver(await open());
    for (let i = 0; i < 5; i++) await guard.begin('usr_a', at('10.0.0.1')); // the 5th begins, then locks
    await expect(guard.begin('usr_a', at('10.0.0.1'))).rejects.toThrow(/locked for 30 s/);
    await guard.begin('usr_a', at('10.0.0.2')); // the same name from another address: its own count
    await guard.begin('usr_b', at('10.0.0.1')); // another user from the same address: 6 of 10
    now += 30_000;
    await guard.begin('usr_a', at('10.0.0.3'));
    await guard.succeeded('usr_a', at('10.0.0.3'));
    for (let i = 0; i < 4; i++) await guard.begin('usr_a', at('10.0.0.3'));
    expect(await lockOf(guard.begin('usr_a', at('10.0.0.3')))).toBeNull(); // the 5th: let through, and locks
    expect(await lockOf(guard.begin('usr_a', at('10.0.0.3')))).toBe('30');
  });

  test('strangers cannot lock a known device out: behind one proxy address, or from many', async () => {
    now = 10 * DAY;
    const guard = guardOver(await open());
    // Everybody behind a TLS proxy on the app's machine is 127.0.0.1: a stranger locks that address for unknown devices…
    for (let i = 0; i < 12; i++) await lockOf(guard.begin('usr_owner', at('127.0.0.1')));
    expect(await lockOf(guard.begin('usr_owner', at('127.0.0.1')))).not.toBeNull();
    // …and the owner on her own till, behind the same address, is not locked.
    expect(await lockOf(guard.begin('usr_owner', on('till-1')))).toBeNull();
    await guard.succeeded('usr_owner', on('till-1'));
    // A stranger with a known device's cookie for another user is still a stranger for this one: the
    // known device's own count is per user (usr_owner on till-1 stays open).
    for (let i = 0; i < 5; i++) await guard.begin('usr_cas', on('till-1'));
    expect(await lockOf(guard.begin('usr_cas', on('till-1')))).toBe('30');
    expect(await lockOf(guard.begin('usr_owner', on('till-1')))).toBeNull();
  });

  test('many addresses: a name takes 20 failures from unknown devices in all, then locks them doubling up to a day; known devices stay open', async () => {
    now = 100 * DAY;
    const guard = guardOver(await open());
    for (let i = 0; i < 20; i++) expect(await lockOf(guard.begin('usr_owner', at(`198.51.100.${i}`)))).toBeNull();
    expect(await lockOf(guard.begin('usr_owner', at('203.0.113.1')))).toBeNull(); // the 21st: through, and locks for 30 s
    expect(await lockOf(guard.begin('usr_owner', at('203.0.113.2')))).toBe('30'); // every new address alike
    expect(await lockOf(guard.begin('usr_owner', on('till-1')))).toBeNull();
    // A right PIN on the known device does not hand the guessers a fresh run.
    await guard.succeeded('usr_owner', on('till-1'));
    // Keep guessing at each lock's end: the 33rd failure locks for a day, and so does every one after.
    for (let n = 22; n <= 33; n++) {
      now += 24 * HOUR + 1;
      expect(await lockOf(guard.begin('usr_owner', at(`203.0.113.${n}`)))).toBeNull();
    }
    expect(await lockOf(guard.begin('usr_owner', at('203.0.113.99')))).toBe(String(24 * 3600));
    // Waiting the day out buys one more guess, not a fresh run: forgetting takes 30 days without a failure.
    now += DAY + 1;
    expect(await lockOf(guard.begin('usr_owner', at('203.0.113.100')))).toBeNull();
    expect(await lockOf(guard.begin('usr_owner', at('203.0.113.101')))).toBe(String(24 * 3600));
  });

  test('parallel guesses stop at the lock; a run is forgotten 30 days after its last failure', async () => {
    now = 1_000_000;
    const guard = guardOver(await open());
    const locks = await Promise.all(Array.from({ length: 8 }, () => lockOf(guard.begin('usr_p', at('10.0.0.9')))));
    expect(locks.filter((l) => l === null)).toHaveLength(5);
    now += DAY + 1; // the lock (30 s) long over, a day without a failure: not forgotten yet
    expect(await lockOf(guard.begin('usr_p', at('10.0.0.9')))).toBeNull();
    expect(await lockOf(guard.begin('usr_p', at('10.0.0.9')))).toBe('60'); // the 6th in a row locked for 1 min
    now += 30 * DAY + 1;
    for (let i = 0; i < 5; i++) expect(await lockOf(guard.begin('usr_p', at('10.0.0.9')))).toBeNull();
  });
});

test('two instances on one PostgreSQL database count the same attempts: a guesser gets no more by spreading them', async () => {
  now = 5_000_000;
  const [x, y] = await openTwoPgStores();
  const [atX, atY] = [guardOver(x), guardOver(y)];
  for (let i = 0; i < 3; i++) await atX.begin('usr_a', at('10.1.0.1'));
  await atY.begin('usr_a', at('10.1.0.1'));
  await atY.begin('usr_a', at('10.1.0.1')); // the 5th of this name from this address, on the other instance: locks
  expect(await lockOf(atX.begin('usr_a', at('10.1.0.1')))).toBe('30');
  expect(await lockOf(atY.begin('usr_a', at('10.1.0.1')))).toBe('30');
  now += 31_000;
  await atX.succeeded('usr_a', at('10.1.0.1')); // a right PIN later clears it on both
  expect(await lockOf(atY.begin('usr_a', at('10.1.0.1')))).toBeNull();
  // The name's count across unknown devices is shared too (a success does not clear it): 6 so far, 14
  // more spread over both instances and many addresses make 20; the 21st locks on both.
  for (let i = 0; i < 14; i++) await (i % 2 ? atX : atY).begin('usr_a', at(`10.9.0.${i}`));
  expect(await lockOf(atY.begin('usr_a', at('10.9.1.1')))).toBeNull();
  expect(await lockOf(atX.begin('usr_a', at('10.9.1.2')))).toBe('30');
  expect(await lockOf(atY.begin('usr_a', at('10.9.1.3')))).toBe('30');
});
