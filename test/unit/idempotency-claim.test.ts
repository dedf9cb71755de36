import { expect, test } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { IdempotencyService } from '../../src/services/idempotency-service.js';
import type { IdempotencyScope, IdempotencyStore } from '../../src/services/ports.js';

// The store answers asynchronously (on SQLite, a read waits while a transaction is open): two
// requests with one key must not both pass the check while the first is still reading the store.

type Found = Awaited<ReturnType<IdempotencyStore['find']>>;

/** A store whose reads answer only when the test says so. */
function slowStore(): { store: IdempotencyStore; answer: (found: Found) => void } {
  const waiting: ((found: Found) => void)[] = [];
  const store: IdempotencyStore = {
    find: () => new Promise<Found>((resolve) => waiting.push(resolve)),
    claim: async () => undefined,
    save: async () => undefined,
    saveIfFree: async () => true,
    saveIfFreeAtCommit: async () => undefined,
    claimIfFree: async () => true,
    releaseClaim: async () => undefined,
    purgeOlderThan: async () => 0,
    releaseUnfinished: async () => 0,
  };
  return { store, answer: (found) => waiting.splice(0).forEach((resolve) => resolve(found)) };
}

const scope: IdempotencyScope = { merchantId: 'm_1', livemode: false, key: 'order-1' };
const commit = <T>(work: () => Promise<T>) => work();

test('a duplicate arriving while the first request reads the store is told the key is in use', async () => {
  const { store, answer } = slowStore();
  const service = new IdempotencyService(store, () => 1_000, commit);
  const first = service.begin(scope, 'fp');
  const second = service.begin(scope, 'fp');
  answer(undefined);
  expect(await first).toEqual({ kind: 'proceed' });
  await expect(second).rejects.toThrow(ApiError);
  await expect(second).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
});

test('a stored answer found while reading lets the claim go: the next request replays it too', async () => {
  const { store, answer } = slowStore();
  const service = new IdempotencyService(store, () => 1_000, commit);
  const stored = { fingerprint: 'fp', responseStatus: 200, responseBody: '{"ok":1}', createdAt: 1_000 };
  const first = service.begin(scope, 'fp');
  answer(stored);
  expect(await first).toEqual({ kind: 'replay', status: 200, body: '{"ok":1}' });
  const again = service.begin(scope, 'fp');
  answer(stored);
  expect(await again).toEqual({ kind: 'replay', status: 200, body: '{"ok":1}' });
});
