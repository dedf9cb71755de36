import { expect, test } from 'vitest';
import { ApiKeyService, KEY_REVOKED } from '../../src/services/api-key-service.js';
import type { Stores } from '../../src/storage/stores.js';
import { addMerchant } from '../helpers/sales-records.js';
import { describeEachStore, openTwoPgStores } from '../helpers/stores.js';

const MERCHANT = 'mrc_keys';
const addKeysMerchant = (s: Stores) => addMerchant(s, MERCHANT);

/** The service over a store, as the core wires it (core-services.ts). */
const keysOf = (s: Stores) => new ApiKeyService({ store: s.apiKeys, tx: s.tx, signals: s.signals, now: () => 1_000 });

const key = (id: string, prefix: string, createdAt: number, livemode = false) => ({ id, merchantId: MERCHANT, livemode, prefix, hash: `hash_${id}`, createdAt });

/** What every store's API keys promise (ports.ts, ApiKeyStore). */
describeEachStore('API keys', (open) => {
  test('an active key is found by its hash, with its merchant and mode; a revoked one is not', async () => {
    const s = await open();
    await addKeysMerchant(s);
    await s.apiKeys.insert(key('key_1', 'sk_live_AAAA1111', 10, true));
    expect(await s.apiKeys.findActiveByHash('hash_key_1')).toEqual({ id: 'key_1', merchantId: MERCHANT, livemode: true });
    expect(await s.apiKeys.findActiveByHash('hash_nope')).toBeUndefined();
    expect(await s.apiKeys.revoke('key_1', 20)).toBe(true);
    expect(await s.apiKeys.revoke('key_1', 30)).toBe(false); // once only: the first time stays
    expect(await s.apiKeys.findActiveByHash('hash_key_1')).toBeUndefined();
    expect(await s.apiKeys.list()).toEqual([{ id: 'key_1', merchantId: MERCHANT, livemode: true, prefix: 'sk_live_AAAA1111', createdAt: 10, revokedAt: 20 }]);
  });

  test('keys are listed oldest first, per merchant; active ones found by a prefix, "_" taken literally', async () => {
    const s = await open();
    await addKeysMerchant(s);
    await s.apiKeys.insert(key('key_b', 'sk_test_BBBB2222', 20));
    await s.apiKeys.insert(key('key_a', 'sk_test_AAAA1111', 10));
    await s.apiKeys.insert(key('key_c', 'sk_test_AAAA3333', 30));
    await s.apiKeys.revoke('key_c', 40);
    expect((await s.apiKeys.list(MERCHANT)).map((k) => k.id)).toEqual(['key_a', 'key_b', 'key_c']);
    expect(await s.apiKeys.list('mrc_other')).toEqual([]);
    expect((await s.apiKeys.activeByPrefix('sk_test_AAAA')).map((k) => k.id)).toEqual(['key_a']);
    expect((await s.apiKeys.activeByPrefix('sk_test_')).map((k) => k.id)).toEqual(['key_a', 'key_b']);
    expect(await s.apiKeys.activeByPrefix('skXtest')).toEqual([]);
  });
});

test('[postgres] a key revoked on one instance is refused by another once the signal arrived, though it was cached there', async () => {
  const [a, b] = await openTwoPgStores();
  await addKeysMerchant(a);
  const atA = keysOf(a);
  const atB = keysOf(b);
  const { secret } = await atA.create(MERCHANT, 'test');
  expect(await atB.authenticate(secret)).toMatchObject({ merchantId: MERCHANT }); // now cached at B
  const heard = new Promise<void>((resolve) => b.signals.subscribe(KEY_REVOKED, () => resolve()));
  await atA.revoke(secret);
  await heard;
  expect(await atB.authenticate(secret)).toBeNull();
});

test('[postgres] a resync of the signals drops the key cache (a revocation may have been missed)', async () => {
  const [a] = await openTwoPgStores();
  await addKeysMerchant(a);
  const keys = keysOf(a);
  const { secret, record } = await keys.create(MERCHANT, 'test');
  expect(await keys.authenticate(secret)).toMatchObject({ merchantId: MERCHANT }); // now cached
  // Revoked with no signal (as one missed while the listening connection was away): the cache still answers.
  await a.database.pool.query('UPDATE api_keys SET revoked_at = 2000 WHERE id = $1', [record.id]);
  expect(await keys.authenticate(secret)).toMatchObject({ merchantId: MERCHANT });
  const resynced = new Promise<void>((resolve) => a.signals.onResync(resolve));
  await a.database.pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [a.signals.applicationName]);
  await resynced;
  expect(await keys.authenticate(secret)).toBeNull();
});
