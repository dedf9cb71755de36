/**
 * The PIN sign-in lockout (services/sign-in-guard.ts) over each store: its counters live there, so
 * every instance of a PostgreSQL store counts the same attempts.
 */
import { expect, test } from 'vitest';
import { SignInGuard } from '../../src/services/sign-in-guard.js';
import type { Stores } from '../../src/storage/stores.js';
import { describeEachStore, openTwoPgStores } from '../helpers/stores.js';

let now = 0;
const guardOver = (s: Stores) => new SignInGuard({ store: s.users, tx: s.tx, now: () => now });

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
  test('locks per user and per address, counts an attempt from its start, and forgets on success', async () => {
    now = 0;
    const guard = guardOver(await open());
    for (let i = 0; i < 5; i++) await guard.begin('usr_a', '10.0.0.1'); // the 5th begins, then locks
    await expect(guard.begin('usr_a', '10.0.0.2')).rejects.toThrow(/locked for 30 s/);
    await guard.begin('usr_b', '10.0.0.1'); // another user from the same address: 6 of 10
    now += 30_000;
    await guard.begin('usr_a', '10.0.0.3');
    await guard.succeeded('usr_a', '10.0.0.3');
    for (let i = 0; i < 4; i++) await guard.begin('usr_a', '10.0.0.3');
    expect(await lockOf(guard.begin('usr_a', '10.0.0.3'))).toBeNull(); // the 5th: let through, and locks
    expect(await lockOf(guard.begin('usr_a', '10.0.0.3'))).toBe('30');
  });

  test('parallel guesses stop at the lock; a run is forgotten a day after its last failure', async () => {
    now = 1_000_000;
    const guard = guardOver(await open());
    const locks = await Promise.all(Array.from({ length: 8 }, () => lockOf(guard.begin('usr_p', '10.0.0.9'))));
    expect(locks.filter((l) => l === null)).toHaveLength(5);
    now += 24 * 3_600_000 + 1; // the lock (30 s) long over, and a day without a failure
    for (let i = 0; i < 5; i++) expect(await lockOf(guard.begin('usr_p', '10.0.0.9'))).toBeNull();
  });
});

test('two instances on one PostgreSQL database count the same attempts: a guesser gets no more by spreading them', async () => {
  now = 5_000_000;
  const [x, y] = await openTwoPgStores();
  const [atX, atY] = [guardOver(x), guardOver(y)];
  for (let i = 0; i < 3; i++) await atX.begin('usr_a', `10.1.0.${i}`);
  await atY.begin('usr_a', '10.2.0.1');
  await atY.begin('usr_a', '10.2.0.2'); // the 5th of this user's, on the other instance: locks
  expect(await lockOf(atX.begin('usr_a', '10.1.0.9'))).toBe('30');
  expect(await lockOf(atY.begin('usr_a', '10.2.0.9'))).toBe('30');
  await atX.succeeded('usr_a', '10.1.0.9'); // a right PIN later clears it on both
  expect(await lockOf(atY.begin('usr_a', '10.2.0.9'))).toBeNull();
});
