/**
 * The data key (src/data-key.ts): made on first use in a 0600 file, sealed by the box the host
 * offers (here the passphrase box), never silently replaced.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadDataKey } from '../../src/data-key.js';
import { PassphraseSecretBox } from '../../src/services/secret-box.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function keyFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stablepos-data-key-'));
  dirs.push(dir);
  return join(dir, 'data-key.json');
}

const options = (file: string, box?: PassphraseSecretBox) => ({ file, box, sealedDataExists: () => false, allowNewKey: false });
const box = new PassphraseSecretBox('correct horse battery');

test('without a box: a random key, kept as is in a new 0600 file, the same at every load', () => {
  const file = keyFile();
  const key = loadDataKey(options(file));
  expect(key).toHaveLength(32);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ v: 1, sealedBy: null, key: key.toString('base64') });
  expect(loadDataKey(options(file))).toEqual(key);
});

test('with the passphrase box: the file holds only the sealed key; a key kept as is goes under the box once one is offered', () => {
  const file = keyFile();
  const key = loadDataKey(options(file));
  expect(loadDataKey(options(file, box))).toEqual(key);
  const text = readFileSync(file, 'utf8');
  expect(JSON.parse(text)).toMatchObject({ v: 1, sealedBy: box.kind });
  expect(text).not.toContain(key.toString('base64'));
  expect(text).not.toContain(key.toString('hex'));
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(loadDataKey(options(file, box))).toEqual(key);
});

test('a sealed key needs its box: refused without it, with another passphrase, or with another kind of box', () => {
  const file = keyFile();
  loadDataKey(options(file, box));
  expect(() => loadDataKey(options(file))).toThrow(/sealed by passphrase .* which this start does not offer.*STABLEPOS_WALLET_PASSPHRASE/);
  expect(() => loadDataKey(options(file, new PassphraseSecretBox('wrong horse battery')))).toThrow(/cannot be opened by passphrase .*wrong passphrase/);
  const keychain = { kind: 'OS keychain (Electron safeStorage)', seal: () => '', open: () => new Uint8Array() };
  expect(() => loadDataKey(options(file, keychain as unknown as PassphraseSecretBox))).toThrow(/but this start offers OS keychain/);
});

test('a missing file is never silently replaced while sealed data exists; allowNewKey makes a new one', () => {
  const file = keyFile();
  const first = loadDataKey(options(file));
  unlinkSync(file);
  expect(() => loadDataKey({ ...options(file), sealedDataExists: () => true })).toThrow(/is missing.*STABLEPOS_RESET_SEALED_SECRETS=1/);
  const second = loadDataKey({ ...options(file), sealedDataExists: () => true, allowNewKey: true });
  expect(second).not.toEqual(first);
});
