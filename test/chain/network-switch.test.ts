/**
 * The test-mode switch end to end (issue 31): a network left to its switch runs its own devnet; turned
 * off by the owner it is gone after the restart (no devnet, no watcher, no payment option, listed as
 * off); turned on again, its devnet is back after the next restart and its options with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

const dir = mkdtempSync(join(tmpdir(), 'stablepos-switch-'));
let t: TestCore | undefined;
afterAll(async () => {
  await t?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Only bsc is left to its switch: the other networks are named off, so no other devnet starts. */
const start = async () => (t = await startTestCore({ dataDir: join(dir, 'data'), networks: { test: { ethereum: 'off', tron: 'off', solana: 'off' } }, devnetBlockTimeSeconds: 0.25 }));
const restart = async () => {
  await t?.core.stop();
  return start();
};
const bscOf = async (core: TestCore) => (await core.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'bsc');
const optionNetworks = async (core: TestCore) => {
  const s = await core.api('POST', '/v1/payment/sessions', { body: shapeA(core.merchantId, '1.00', 'USDT') });
  expect(s.status, s.text).toBe(200);
  return s.body.data.payment_options.map((o: any) => o.network);
};

test('bsc in test mode: on by default (its devnet), off after a restart once switched off, back on after the next', async () => {
  let core = await start();
  expect(await bscOf(core)).toMatchObject({ status: 'ready', devnet: true, enabled: true, applies_at_next_start: false });
  expect(core.core.chains?.devnets.map((d) => d.network)).toEqual(['bsc']);
  expect(await optionNetworks(core)).toContain('bsc');

  // Off: nothing changes under the running till; the list says it waits for the restart.
  const off = await core.api('PATCH', '/v1/networks/bsc', { body: { enabled: false } });
  expect(off.body.data).toMatchObject({ enabled: false, applies_at_next_start: true });
  expect(await bscOf(core)).toMatchObject({ status: 'ready', enabled: false, applies_at_next_start: true });
  expect(await optionNetworks(core)).toContain('bsc');

  core = await restart();
  expect(await bscOf(core)).toMatchObject({ status: 'off', devnet: false, enabled: false, applies_at_next_start: false, last_block: null });
  expect(core.core.chains?.devnets).toEqual([]);
  expect(core.core.chains?.watchers.size).toBe(0);
  expect(await optionNetworks(core)).not.toContain('bsc');

  // On again: its own devnet (its chain id and test coins) after the next start.
  await core.api('PATCH', '/v1/networks/bsc', { body: { enabled: true } });
  core = await restart();
  const bsc = await bscOf(core);
  expect(bsc).toMatchObject({ status: 'ready', devnet: true, enabled: true, applies_at_next_start: false });
  expect(bsc.tokens.map((c: any) => c.currency)).toEqual(['USDT', 'USDC']);
  expect(await optionNetworks(core)).toContain('bsc');
}, 120_000);
