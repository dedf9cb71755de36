import { expect, test } from 'vitest';
import { ApiKeyService, hashKey } from '../../src/services/api-key-service.js';
import type { ApiKeyRecord, ApiKeyStore, ChangeSignals } from '../../src/services/ports.js';

// The store answers asynchronously: a key looked up just before its revocation committed must not
// be cached, or it would keep working after `revoke` returned.

test('a lookup that began before a revocation does not leave the revoked key in the cache', async () => {
  const secret = `sk_test_${'a'.repeat(32)}`;
  const record: ApiKeyRecord = { id: 'key_1', merchantId: 'm_1', livemode: false, prefix: secret.slice(0, 16), createdAt: 0, revokedAt: null };
  let revoked = false;
  let answerLookup!: () => void;
  const store: ApiKeyStore = {
    insert: async () => undefined,
    findActiveByHash: (hash) =>
      new Promise((resolve) => {
        const found = hash === hashKey(secret) ? { id: record.id, merchantId: record.merchantId, livemode: false } : undefined;
        // The first lookup read the row before the revocation; it answers only when the test says so.
        if (!revoked) answerLookup = () => resolve(found);
        else resolve(undefined);
      }),
    list: async () => (revoked ? [] : [record]),
    activeByPrefix: async () => (revoked ? [] : [record]),
    revoke: async () => {
      revoked = true;
      return true;
    },
    keysVersion: async () => 1,
  };
  const signals: ChangeSignals = { publish: async () => undefined, subscribe: () => () => undefined, onResync: () => () => undefined };
  const keys = new ApiKeyService({ store, tx: (work) => work(), signals, now: () => 5 });
  const during = keys.authenticate(secret);
  await new Promise((resolve) => setImmediate(resolve)); // the lookup is under way
  await keys.revoke(record.prefix);
  answerLookup();
  expect(await during).not.toBeNull(); // concurrent with the revocation: either answer is fair
  expect(await keys.authenticate(secret)).toBeNull(); // but once revoked, never again
});
