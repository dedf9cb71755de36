import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { DataKeyCipher } from '../../src/domain/secret-cipher.js';
import { checkSharedDataKey } from '../../src/shared-data-key.js';
import { describeEachStore } from '../helpers/stores.js';

const keyOf = () => {
  const key = randomBytes(32);
  return new DataKeyCipher(() => key);
};

describeEachStore('one data key per database', (open) => {
  test('the first start records its key; the same key passes again, another key is refused until a reset makes it the key', async () => {
    const s = await open();
    const check = (cipher: DataKeyCipher, reset = false) => checkSharedDataKey({ settings: s.settings, tx: s.tx, cipher, reset, now: 1, keyFile: '/dir/data-key.json' });
    const first = keyOf();
    const second = keyOf();
    await check(first);
    await check(first);
    await expect(check(second)).rejects.toThrow(/data key \(\/dir\/data-key\.json\) is not the one the database's secrets are sealed with: copy data-key\.json/);
    await check(second, true);
    await check(second);
    await expect(check(first)).rejects.toThrow(/is not the one/);
  });

  test('two first starts at once with different keys: exactly one key becomes the database\'s', async () => {
    const s = await open();
    const results = await Promise.allSettled([keyOf(), keyOf()].map((cipher) => checkSharedDataKey({ settings: s.settings, tx: s.tx, cipher, reset: false, now: 1, keyFile: 'k' })));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
