/**
 * Settings' "Check endpoint" beside a live network's RPC URL (issue 27, item 7): the owner types an
 * endpoint and sees the verdict and what to change before saving it. Live Ethereum is a real anvil
 * (chain id 31337, configured as the shop's chain) behind the fault-injecting endpoint capping log
 * ranges at 5 blocks; BNB Smart Chain expects chain 56, so the same anvil is another network's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { type AppInBrowser, openAppInBrowser, screenshot, uiBudget } from '../helpers/browser.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';

let dir: string;
let devnet: Devnet;
let capped: FaultEndpoint;
let app: AppInBrowser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-ui-rpc-check-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 31337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
  // Longer than the cap, so that wider ranges are asked for and refused.
  await fetch(devnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x64'] }) });
  capped = await startFaultEndpoint(devnet.rpcUrl, { logRangeCap: 5 });
  const off = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
  app = await openAppInBrowser('settings', {
    uiMode: 'live',
    networks: { test: off, live: { ethereum: { rpcUrl: devnet.rpcUrl, chainId: 31337, tokens: { USDT: devnet.tokens.USDT } } } },
  });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await capped?.close();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('Check endpoint: a 5-block cap is usable with limits, with what to change; another network\'s chain is not usable', async () => {
  const { page, errors } = app;
  const ethereum = page.getByRole('form', { name: 'Live Ethereum' });
  await ethereum.getByLabel('Ethereum RPC URL').fill(capped.url);
  await ethereum.getByRole('button', { name: 'Check Ethereum endpoint' }).click();
  const verdict = ethereum.getByRole('status');
  await verdict.getByText('Usable with limits: serves at most 5 blocks of logs per request').waitFor();
  expect(await verdict.innerText()).toContain('largest log range 5 blocks');
  expect(await verdict.innerText()).toContain('Catching up 10,000 blocks after downtime takes 2,000 requests');
  // Nothing was saved: checking is not saving.
  expect((await app.t.api('GET', '/v1/settings/networks', { key: app.t.liveKey })).body.data.networks.find((n: any) => n.network === 'ethereum').rpc_url).toBeNull();
  await screenshot(page, 'settings-rpc-check-1024');

  const bsc = page.getByRole('form', { name: 'Live BNB Smart Chain' });
  await bsc.getByLabel('BNB Smart Chain RPC URL').fill(devnet.rpcUrl);
  await bsc.getByRole('button', { name: 'Check BNB Smart Chain endpoint' }).click();
  await bsc.getByRole('status').getByText('Not usable: serves chain id 31337, not 56').waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await bsc.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-rpc-check-390');
  // The form and its verdict fit the phone's width (the verdict wraps; nothing scrolls sideways in it).
  const box = (await bsc.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await bsc.evaluate((form) => form.scrollWidth - form.clientWidth)).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
}, uiBudget(10));
