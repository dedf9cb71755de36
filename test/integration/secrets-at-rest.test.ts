/**
 * Secrets at rest (docs/security.md): the data dir and its files are private from their creation.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { filesUnder, octal } from '../helpers/data-dir-files.js';
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
  test('a new data dir is 0700 and the database, its WAL and SHM are 0600 from their creation, under a permissive umask', () => {
    const parent = tempDir();
    const dataDir = join(parent, 'data');
    const before = process.umask(0o022); // a usual shell's: new files 0644, folders 0755
    try {
      const services = createServices(resolveConfig({ dataDir, rateFeed: { source: 'off' } }));
      try {
        services.apiKeys.create(services.merchants.defaultMerchant().id, 'test'); // something in the WAL
        expect(modeOf(dataDir)).toBe('0700');
        const files = modes(dataDir);
        expect(files).toMatchObject({ 'stablepos.sqlite': '0600', 'stablepos.sqlite-wal': '0600', 'stablepos.sqlite-shm': '0600' });
        for (const [name, mode] of Object.entries(files)) expect(`${name} ${mode}`).toBe(`${name} 0600`);
      } finally {
        services.close();
      }
    } finally {
      process.umask(before);
    }
  });

  test('a running app: the data dir 0700, every file in it 0600', async () => {
    process.umask(0o022);
    const dataDir = join(tempDir(), 'data');
    const t = await core(dataDir);
    await t.api('POST', '/v1/webhook_endpoints', { body: { url: 'https://shop.example/hooks', enabled_events: ['*'] } });
    expect(modeOf(dataDir)).toBe('0700');
    const files = modes(dataDir);
    expect(Object.keys(files).sort()).toEqual(
      ['refund-wallet.secret', 'stablepos.sqlite', 'stablepos.sqlite-shm', 'stablepos.sqlite-wal', 'test-wallet.json'],
    );
    for (const [name, mode] of Object.entries(files)) expect(`${name} ${mode}`).toBe(`${name} 0600`);
  });

  test('a data dir an earlier version left open (0755, files 0644) is closed at start', async () => {
    const dataDir = tempDir();
    createServices(resolveConfig({ dataDir, rateFeed: { source: 'off' } })).close();
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
