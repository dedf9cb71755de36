import { expect, test } from 'vitest';
import type { ReservedIndex } from '../../src/domain/records.js';
import { IndexReservations } from '../../src/services/index-reservations.js';

/** A wallet store in memory that records each reservation asked of it. */
function walletsInMemory() {
  const next = new Map<string, number>();
  const calls: { merchantId: string; livemode: boolean; count: number }[] = [];
  let failNext = false;
  return {
    calls,
    failOnce: () => (failNext = true),
    async reserveIndexes(merchantId: string, livemode: boolean, count = 1): Promise<ReservedIndex[]> {
      calls.push({ merchantId, livemode, count });
      if (failNext) {
        failNext = false;
        throw new Error('store down');
      }
      return ['evm', 'tron'].map((family) => {
        const key = `${merchantId}/${livemode}/${family}`;
        const first = next.get(key) ?? 0;
        next.set(key, first + count);
        return { family, xpub: `xpub_${family}`, index: first };
      });
    },
  };
}

test('the creations of one turn share one reservation, and each gets its own index of every wallet, in the order asked', async () => {
  const wallets = walletsInMemory();
  const reservations = new IndexReservations(wallets);
  const got = await Promise.all(Array.from({ length: 5 }, () => reservations.take('m_1', false)));
  expect(wallets.calls).toEqual([{ merchantId: 'm_1', livemode: false, count: 5 }]);
  expect(got.map((list) => list.map((w) => `${w.family}:${w.index}`))).toEqual([0, 1, 2, 3, 4].map((i) => [`evm:${i}`, `tron:${i}`]));
  // The next turn continues after them.
  expect((await reservations.take('m_1', false)).map((w) => w.index)).toEqual([5, 5]);
  expect(wallets.calls).toHaveLength(2);
});

test('merchants and modes are reserved apart', async () => {
  const wallets = walletsInMemory();
  const reservations = new IndexReservations(wallets);
  const [a, b, c] = await Promise.all([reservations.take('m_1', false), reservations.take('m_1', true), reservations.take('m_2', false)]);
  expect(wallets.calls).toHaveLength(3);
  expect([a, b, c].map((list) => list[0]?.index)).toEqual([0, 0, 0]);
});

test("a failed reservation fails every creation that waited on it, and the next turn's is asked afresh", async () => {
  const wallets = walletsInMemory();
  const reservations = new IndexReservations(wallets);
  wallets.failOnce();
  const failed = await Promise.allSettled([reservations.take('m_1', false), reservations.take('m_1', false)]);
  expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  expect((await reservations.take('m_1', false)).map((w) => w.index)).toEqual([0, 0]);
});
