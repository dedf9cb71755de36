import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { containsCredential } from '../../src/domain/credentials.js';
import { DataKeyCipher, isSealed } from '../../src/domain/secret-cipher.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;

describe('DataKeyCipher', () => {
  const cipher = new DataKeyCipher(() => randomBytes(32));

  test('seals to text that holds nothing of the secret, and opens it again', () => {
    const sealed = cipher.seal(secret, 'webhook signing secret');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(cipher.open(sealed, 'webhook signing secret')).toBe(secret);
    // A fresh IV every time: the same secret never seals to the same text.
    expect(cipher.seal(secret, 'webhook signing secret')).not.toBe(sealed);
  });

  test('opens only for the purpose it was sealed for, under the key that sealed it, unaltered', () => {
    const sealed = cipher.seal(secret, 'webhook signing secret');
    expect(() => cipher.open(sealed, 'stored API answer')).toThrow(/cannot be opened with this data key/);
    expect(() => new DataKeyCipher(() => randomBytes(32)).open(sealed, 'webhook signing secret')).toThrow(/cannot be opened/);
    const bytes = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64url');
    bytes[20]! ^= 1;
    expect(() => cipher.open(`sealed:v1:${bytes.toString('base64url')}`, 'webhook signing secret')).toThrow(/cannot be opened/);
    expect(() => cipher.open('sealed:v1:AAAA', 'webhook signing secret')).toThrow(/damaged/);
    expect(() => cipher.open(secret, 'webhook signing secret')).toThrow(/not a sealed secret/);
  });

  test('asks for the key only when first used', () => {
    let loads = 0;
    const lazy = new DataKeyCipher(() => (loads++, randomBytes(32)));
    expect(loads).toBe(0);
    lazy.open(lazy.seal('x', 'p'), 'p');
    lazy.unlock();
    expect(loads).toBe(1);
  });
});

test('containsCredential: every credential prefix the API hands out, at the start of a word only', () => {
  for (const text of [`{"secret":"${secret}"}`, '{"secret":"sk_live_abc"}', '"sk_test_abc"', '{"token":"uit_abc"}']) expect(containsCredential(text)).toBe(true);
  for (const text of ['{"metadata":{"circuit_breaker":"on"}}', '{"description":"task_live_x ask_test_y"}', '{"id":"we_123"}']) {
    expect(containsCredential(text)).toBe(false);
  }
});
