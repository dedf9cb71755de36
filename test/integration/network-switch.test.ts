/**
 * Each network's switch, per mode (issue 31): owner only, the caller's mode only (a test credential never
 * turns a live network on or off), saved with the other network settings, applied at the next start,
 * and the start-up configuration wins. An off network is listed as `off` and never offered.
 * The test-mode switch bringing a devnet up again is test/chain/network-switch.test.ts.
 */
import { afterAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

const cores: TestCore[] = [];
afterAll(async () => {
  for (const c of cores) await c.stop();
});

const byNetwork = (res: { body: any }) => Object.fromEntries(res.body.data.items.map((n: any) => [n.network, n]));

/** The owner's switch as a program would flip it outside the running app (the core's own settings). */
async function saveSwitch(t: TestCore, network: string, livemode: boolean, enabled: boolean) {
  const s = await createServices(resolveConfig({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }));
  try {
    await s.networkSettings.setEnabled(network, livemode, enabled);
  } finally {
    await s.close();
  }
}

test('the configuration wins: a network it names cannot be switched, and says where it is set', async () => {
  // Every test network is named `off` by the test core, and ethereum's live endpoint by a flag.
  const t = await startTestCore({ networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off', solana: 'off' }, live: { ethereum: { rpcUrl: 'http://127.0.0.1:9/' } } } });
  cores.push(t);
  const test = byNetwork(await t.api('GET', '/v1/networks'));
  expect(test.bsc).toMatchObject({ status: 'off', enabled: false, set_at_start: 'networks.test.bsc', applies_at_next_start: false });
  expectError(await t.api('PATCH', '/v1/networks/bsc', { body: { enabled: true } }), 409, 'invalid_state', 'enabled');
  const live = byNetwork(await t.api('GET', '/v1/networks', { key: t.liveKey }));
  expect(live.ethereum).toMatchObject({ enabled: true, set_at_start: '--rpc ethereum=…, --rpc-ethereum or STABLEPOS_RPC_ETHEREUM', applies_at_next_start: false });
  expect(live.bsc).toMatchObject({ status: 'not_configured', enabled: true, set_at_start: null });
  const refused = await t.api('PATCH', '/v1/networks/ethereum', { key: t.liveKey, body: { enabled: false } });
  expectError(refused, 409, 'invalid_state', 'enabled');
  expect(refused.body.error.message).toContain('--rpc ethereum=');
  expectError(await t.api('PATCH', '/v1/networks/bitcoin', { body: { enabled: true } }), 400, 'parameter_invalid', 'network');
  expectError(await t.api('PATCH', '/v1/networks/bsc', { body: { enabled: 'yes' } }), 400, 'parameter_invalid', 'enabled');
});

test('live: turning a network on needs its RPC endpoint; off, it is not watched even with one saved, from the next start', async () => {
  const t = await startTestCore();
  cores.push(t);
  const live = { key: t.liveKey };
  // The live default: on (needs an endpoint) for the specification's networks.
  expect(byNetwork(await t.api('GET', '/v1/networks', live)).bsc).toMatchObject({ status: 'not_configured', enabled: true, set_at_start: null, applies_at_next_start: false });

  // Off, then on again without an endpoint: refused in plain words, nothing saved.
  const off = await t.api('PATCH', '/v1/networks/bsc', { ...live, body: { enabled: false } });
  expect(off.status).toBe(200);
  expect(off.body.data).toEqual({ object: 'network_switch', network: 'bsc', livemode: true, enabled: false, set_at_start: null, applies_at_next_start: true });
  const noEndpoint = await t.api('PATCH', '/v1/networks/bsc', { ...live, body: { enabled: true } });
  expectError(noEndpoint, 409, 'invalid_state', 'enabled');
  expect(noEndpoint.body.error.message).toContain('needs an RPC endpoint');
  // Saving an endpoint does not turn it on: the switch stays off, and says so in Settings too.
  await t.api('PATCH', '/v1/settings/networks/bsc', { ...live, body: { rpc_url: 'http://127.0.0.1:9/bsc' } });
  const settings = (await t.api('GET', '/v1/settings/networks', live)).body.data.networks.find((n: any) => n.network === 'bsc');
  expect(settings).toMatchObject({ enabled: false, rpc_url: 'http://127.0.0.1:9/bsc', running_status: 'not_configured', applies_at_next_start: true });
  // Off networks lack nothing for live mode: the readiness leaves them out.
  await t.core.stop();
  const again = await startTestCore({ dataDir: t.dataDir });
  cores.push(again);
  const afterRestart = byNetwork(await again.api('GET', '/v1/networks', { key: again.liveKey }));
  expect(afterRestart.bsc).toMatchObject({ status: 'off', enabled: false, applies_at_next_start: false, rpc_url: null, last_block: null });
  expect(again.core.chains?.watchers.has('bsc:live')).toBe(false);
  const readiness = (await again.api('GET', '/v1/ui/live-readiness', { key: again.liveKey })).body.data;
  expect(readiness.networks.map((n: any) => n.network)).not.toContain('bsc');
  expect((await again.api('GET', '/v1/settings/networks', { key: again.liveKey })).body.data.networks.find((n: any) => n.network === 'bsc'))
    .toMatchObject({ enabled: false, running_status: 'off', applies_at_next_start: false });

  // On again, with its endpoint saved: pending until the next start, then watched.
  const on = await again.api('PATCH', '/v1/networks/bsc', { key: again.liveKey, body: { enabled: true } });
  expect(on.body.data).toMatchObject({ enabled: true, applies_at_next_start: true });
  await again.core.stop();
  const third = await startTestCore({ dataDir: t.dataDir });
  cores.push(third);
  expect(byNetwork(await third.api('GET', '/v1/networks', { key: third.liveKey })).bsc).toMatchObject({ enabled: true, applies_at_next_start: false });
  expect(byNetwork(await third.api('GET', '/v1/networks', { key: third.liveKey })).bsc.status).not.toBe('off');
  expect(third.core.chains?.watchers.has('bsc:live')).toBe(true);
});

test('test mode: a network switched off has no devnet and no payment option, and is listed as off', async () => {
  const t = await startTestCore();
  cores.push(t);
  // bsc is left to its switch (the test core names every test network otherwise): off before it starts.
  await saveSwitch(t, 'bsc', false, false);
  await t.core.stop();
  const again = await startTestCore({ dataDir: t.dataDir, networks: { test: { ethereum: 'off', tron: 'off', solana: 'off' } } });
  cores.push(again);
  expect(byNetwork(await again.api('GET', '/v1/networks')).bsc).toMatchObject({ status: 'off', enabled: false, set_at_start: null, applies_at_next_start: false, devnet: false, rpc_url: null });
  expect(again.core.chains?.devnets).toEqual([]);
  const session = await again.api('POST', '/v1/payment/sessions', { body: shapeA(again.merchantId, '1.00', 'USDT') });
  expect(session.status).toBe(200);
  expect(session.body.data.payment_options.map((o: any) => o.network)).not.toContain('bsc');
  // On again: its devnet starts at the next start (test/chain/network-switch.test.ts), and the list says so now.
  const on = await again.api('PATCH', '/v1/networks/bsc', { body: { enabled: true } });
  expect(on.body.data).toEqual({ object: 'network_switch', network: 'bsc', livemode: false, enabled: true, set_at_start: null, applies_at_next_start: true });
  expect(byNetwork(await again.api('GET', '/v1/networks')).bsc).toMatchObject({ status: 'off', enabled: true, applies_at_next_start: true });

  // Test mode is a sandbox: the test switch never moves the live one, nor the live one the test one.
  expect((await again.api('PATCH', '/v1/networks/bsc', { key: again.liveKey, body: { enabled: false } })).body.data).toMatchObject({ livemode: true, enabled: false });
  expect((await again.api('PATCH', '/v1/networks/bsc', { body: { enabled: false } })).body.data).toMatchObject({ livemode: false, enabled: false });
  expect((await again.api('PATCH', '/v1/networks/bsc', { body: { enabled: true } })).body.data).toMatchObject({ livemode: false, enabled: true });
  expect(byNetwork(await again.api('GET', '/v1/networks', { key: again.liveKey })).bsc.enabled).toBe(false);
  expect(byNetwork(await again.api('GET', '/v1/networks')).bsc.enabled).toBe(true);
});
