/**
 * Secrets at rest (docs/security.md): the data dir and its files are private from their creation,
 * and no webhook secret or API key the API hands out is ever written in plain text, neither in the
 * database nor in its WAL, not even inside the idempotent answers kept for replay.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { filesUnder, octal, rawOccurrences } from '../helpers/data-dir-files.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const dirs: string[] = [];
const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.stop()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stablepos-secrets-'));
  dirs.push(dir);
  return dir;
}

async function core(dataDir: string): Promise<TestCore> {
  const t = await startTestCore({ dataDir });
  cores.push(t);
  return t;
}

const modeOf = (path: string) => octal(statSync(path).mode & 0o777);

/** `name mode` for everything under the data dir, for one readable assertion. */
const modes = (dir: string) => Object.fromEntries(filesUnder(dir).map((f) => [f.name, octal(f.mode)]));

describe('file modes', () => {
  test('a new data dir is 0700 and the database, its WAL and SHM are 0600 from their creation, under a permissive umask', async () => {
    const parent = tempDir();
    const dataDir = join(parent, 'data');
    const before = process.umask(0o022); // a usual shell's: new files 0644, folders 0755
    try {
      const services = await createServices(resolveConfig({ dataDir, rateFeed: { source: 'off' } }));
      try {
        await services.apiKeys.create((await services.merchants.defaultMerchant()).id, 'test'); // something in the WAL
        expect(modeOf(dataDir)).toBe('0700');
        const files = modes(dataDir);
        expect(files).toMatchObject({ 'stablepos.sqlite': '0600', 'stablepos.sqlite-wal': '0600', 'stablepos.sqlite-shm': '0600' });
        for (const [name, mode] of Object.entries(files)) expect(`${name} ${mode}`).toBe(`${name} 0600`);
      } finally {
        await services.close();
      }
    } finally {
      process.umask(before);
    }
  });

  test('a running app: the data dir 0700, every file in it 0600, the data key included', async () => {
    process.umask(0o022);
    const dataDir = join(tempDir(), 'data');
    const t = await core(dataDir);
    await t.api('POST', '/v1/webhook_endpoints', { body: { url: 'https://shop.example/hooks', enabled_events: ['*'] } });
    expect(modeOf(dataDir)).toBe('0700');
    const files = modes(dataDir);
    expect(Object.keys(files).sort()).toEqual(
      ['data-key.json', 'refund-wallet.secret', 'stablepos.sqlite', 'stablepos.sqlite-shm', 'stablepos.sqlite-wal', 'test-wallet.json'],
    );
    for (const [name, mode] of Object.entries(files)) expect(`${name} ${mode}`).toBe(`${name} 0600`);
  });

  test('a data dir an earlier version left open (0755, files 0644) is closed at start', async () => {
    const dataDir = tempDir();
    await (await createServices(resolveConfig({ dataDir, rateFeed: { source: 'off' } }))).close();
    writeFileSync(join(dataDir, 'rates-ecb.json'), '{}');
    mkdirSync(join(dataDir, 'devnet'));
    writeFileSync(join(dataDir, 'devnet', 'ethereum.json'), '{}');
    for (const f of filesUnder(dataDir)) chmodSync(f.path, f.isDir ? 0o755 : 0o644);
    chmodSync(dataDir, 0o755);

    await core(dataDir);
    expect(modeOf(dataDir)).toBe('0700');
    const files = modes(dataDir);
    expect(files).toMatchObject({ devnet: '0700', 'devnet/ethereum.json': '0600', 'rates-ecb.json': '0600', 'stablepos.sqlite': '0600', 'test-wallet.json': '0600' });
    for (const [name, mode] of Object.entries(files)) expect(`${name} ${mode}`).toBe(`${name} ${name === 'devnet' ? '0700' : '0600'}`);
  });
});

describe('no secret in plain text', () => {
  test('webhook secrets (created, rotated) and API keys, also in idempotent answers, never reach the raw bytes of any file in the data dir', async () => {
    const dataDir = tempDir();
    const t = await core(dataDir);
    const secrets: string[] = [];
    const post = async (path: string, key: string, body: unknown = {}) => {
      const res = await t.api('POST', path, { body, headers: { 'idempotency-key': key } });
      expect(res.status, res.text).toBe(200);
      // The replay is the same answer, secret included: it was stored (sealed) and opened again.
      const again = await t.api('POST', path, { body, headers: { 'idempotency-key': key } });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(res.text);
      return res.body.data;
    };
    for (const i of [1, 2]) {
      const e = await post('/v1/webhook_endpoints', `endpoint-${i}`, { url: `https://shop.example/hooks/${i}`, enabled_events: ['*'] });
      secrets.push(e.secret);
      const rotated = await post(`/v1/webhook_endpoints/${e.id}/rotate_secret`, `rotate-${i}`);
      secrets.push(rotated.secret);
    }
    secrets.push((await post('/v1/api_keys', 'key-1')).secret);
    secrets.push((await t.api('POST', '/v1/api_keys', { body: {} })).body.data.secret);
    expect(secrets.filter((s) => /^(whsec_|sk_test_)/.test(s))).toHaveLength(6);

    // While the app runs, the new pages are in the WAL.
    expect(statSync(join(dataDir, 'stablepos.sqlite-wal')).size).toBeGreaterThan(0);
    expect(rawOccurrences(dataDir, secrets)).toEqual([]);
    // After a clean stop everything has been checkpointed into the main file.
    await t.stop();
    cores.splice(0);
    expect(rawOccurrences(dataDir, secrets)).toEqual([]);
  });

  test('the data key file holds no webhook secret and no API key; with no passphrase it is the key itself (docs/security.md)', async () => {
    const dataDir = tempDir();
    const t = await core(dataDir);
    const e = (await t.api('POST', '/v1/webhook_endpoints', { body: { url: 'https://shop.example/hooks', enabled_events: ['*'] } })).body.data;
    const stored = JSON.parse(readFileSync(join(dataDir, 'data-key.json'), 'utf8'));
    expect(stored).toMatchObject({ v: 1, sealedBy: null });
    expect(Buffer.from(stored.key, 'base64')).toHaveLength(32);
    expect(rawOccurrences(dataDir, [e.secret])).toEqual([]);
  });
});

describe('the data key under a passphrase (STABLEPOS_WALLET_PASSPHRASE)', () => {
  test('sealed by it in its file; the served app needs it, the CLI\'s key and user commands do not', async () => {
    const dataDir = tempDir();
    const walletPassphrase = 'a long enough passphrase';
    const first = await startTestCore({ dataDir, walletPassphrase });
    cores.push(first);
    const e = (await first.api('POST', '/v1/webhook_endpoints', { body: { url: 'https://shop.example/hooks', enabled_events: ['*'] } })).body.data;
    await first.stop();
    cores.splice(0);
    expect(JSON.parse(readFileSync(join(dataDir, 'data-key.json'), 'utf8'))).toMatchObject({ v: 1, sealedBy: 'passphrase (scrypt, AES-256-GCM)' });
    expect(rawOccurrences(dataDir, [e.secret])).toEqual([]);

    // `stablepos keys create` and `users list` never open a secret: no passphrase needed.
    const cli = await createServices(resolveConfig({ dataDir, rateFeed: { source: 'off' }, walletPassphrase: undefined }));
    try {
      expect((await cli.apiKeys.create((await cli.merchants.defaultMerchant()).id, 'test')).secret).toMatch(/^sk_test_/);
    } finally {
      await cli.close();
    }
    await expect(startTestCore({ dataDir, walletPassphrase: undefined })).rejects.toThrow(/sealed by passphrase .*STABLEPOS_WALLET_PASSPHRASE/);
    await expect(startTestCore({ dataDir, walletPassphrase: 'another long passphrase' })).rejects.toThrow(/wrong passphrase/);
    const again = await startTestCore({ dataDir, walletPassphrase });
    cores.push(again);
    expect((await again.api('GET', `/v1/webhook_endpoints/${e.id}`)).status).toBe(200);
  });
});
