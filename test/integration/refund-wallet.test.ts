/** Storing the refund wallet's key through the API: sealed at rest, never shown, refused without a box. */
import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';

const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const cores: TestCore[] = [];
afterAll(async () => {
  for (const c of cores) await c.stop();
});

test('with a passphrase: the key is sealed (not stored in clear), its address shown, the key never', async () => {
  const t = await startTestCore({ walletPassphrase: 'correct horse battery staple' });
  cores.push(t);
  const before = await t.api('GET', '/v1/refund_wallets/evm', { key: t.liveKey });
  expect(before.body.data).toEqual({ object: 'refund_wallet', family: 'evm', livemode: true, address: null, protection: 'passphrase (scrypt, AES-256-GCM)', networks: [] });
  const put = await t.api('PUT', '/v1/refund_wallets/evm', { key: t.liveKey, body: { private_key: KEY.slice(2) } });
  expect(put.status).toBe(200);
  expect(put.body.data.address).toBe(privateKeyToAccount(KEY).address);
  expect(put.text).not.toContain(KEY.slice(2));
  const db = new Database(join(t.dataDir, 'stablepos.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const dump = JSON.stringify(db.prepare('SELECT * FROM refund_wallets').all());
    expect(dump).not.toContain(KEY.slice(2));
    expect(dump).toContain(privateKeyToAccount(KEY).address);
  } finally {
    db.close();
  }
  expectError(await t.api('PUT', '/v1/refund_wallets/evm', { key: t.liveKey, body: { private_key: 'abc' } }), 400, 'parameter_invalid', 'private_key');
  expectError(await t.api('PUT', '/v1/refund_wallets/evm', { key: t.liveKey, body: { private_key: '0'.repeat(64) } }), 400, 'parameter_invalid', 'private_key');
});

test('without a passphrase or keychain, live keys are refused and refunds stay on the QR path', async () => {
  const t = await startTestCore();
  cores.push(t);
  expect((await t.api('GET', '/v1/refund_wallets/evm', { key: t.liveKey })).body.data).toMatchObject({ address: null, protection: null });
  expectError(await t.api('PUT', '/v1/refund_wallets/evm', { key: t.liveKey, body: { private_key: KEY } }), 409, 'invalid_state');
});

test('a network whose node does not answer is said to be unavailable within seconds, never holding the answer', async () => {
  // A node that takes every request and never answers (the RPC pool would retry it for 30 s).
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const rpcUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
  try {
    const off = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
    const tokens = { USDC: '0x5FbDB2315678afecb367f032d93F642f64180aa3' };
    const t = await startTestCore({ networks: { test: { ...off, ethereum: { rpcUrl, chainId: 1337, tokens } }, live: {} } });
    cores.push(t);
    const put = await t.api('PUT', '/v1/refund_wallets/evm', { body: { private_key: KEY } });
    expect(put.status).toBe(200);
    const started = Date.now();
    const got = await t.api('GET', '/v1/refund_wallets/evm');
    expect(Date.now() - started).toBeLessThan(6_000);
    // Only the family's networks running in this mode: BNB Smart Chain is off.
    expect(got.body.data.networks).toEqual([
      {
        network: 'ethereum',
        gas_coin: 'ETH',
        status: 'unavailable',
        gas_balance: null,
        gas_per_refund: null,
        enough_gas: null,
        coins: [],
        error: expect.stringContaining('did not answer within 3 s'),
      },
    ]);
    // Another family with no running network: nothing to read.
    expect((await t.api('GET', '/v1/refund_wallets/tron')).body.data.networks).toEqual([]);
  } finally {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
