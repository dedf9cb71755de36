/**
 * The cashier is told before charging on a network that fell behind, and the owner sees why on Status
 * (issue 27, item 6): Ethereum on a real anvil behind a proxy that keeps its watcher 1,000 blocks
 * behind (test/helpers/holding-proxy.ts); the till's Ethereum option says it is catching up, the
 * picker marks it, and Status shows the lag and the advice. Screenshots at 1024×768 and 390×844.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { type AppInBrowser, openAppInBrowser, screenshot, uiBudget } from '../helpers/browser.js';
import { createSession, devnetRpc, waitFor } from '../helpers/evm-chain.js';
import { type HoldingProxy, startHoldingProxy } from '../helpers/holding-proxy.js';

let dir: string;
let devnet: Devnet;
let proxy: HoldingProxy;
let app: AppInBrowser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-ui-network-behind-'));
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(dir, 'ethereum.json'), blockTimeSeconds: 0 });
  proxy = await startHoldingProxy(devnet.rpcUrl);
  const off = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));
  app = await openAppInBrowser('cashier', {
    chainPollMs: 50,
    networks: { test: { ...off, ethereum: { rpcUrl: proxy.url, chainId: 1337, confirmations: 3, tokens: { USDT: devnet.tokens.USDT, USDC: devnet.tokens.USDC } } } },
  });
}, 120_000);
afterAll(async () => {
  proxy?.release();
  await app?.stop();
  await proxy?.close();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ethereum = async () => (await app.t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'ethereum');

test('the till says "Ethereum is catching up" on the option before the customer pays; Status shows the lag and what it means', async () => {
  const { page, errors, t } = app;
  // A session makes the watcher read logs at all; then 3,000 blocks, of which it reads 2,000.
  await createSession(t, '1.00');
  const caughtUp = await waitFor(async () => {
    const n = await ethereum();
    return n.behind === 0 && n.last_block !== null ? n : false;
  }, 10_000, 'the watcher caught up');
  proxy.pause();
  await devnetRpc(devnet)('anvil_mine', ['0xbb8']);
  proxy.holdLogsFrom(caughtUp.last_block + 1500);
  await waitFor(async () => ((await ethereum()).delayed ? true : false), 20_000, 'Ethereum delayed');

  for (const k of '5') await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: k, exact: true }).click();
  await page.getByRole('button', { name: 'Charge' }).click();
  const said = page.getByRole('note').filter({ hasText: 'Ethereum is catching up: payments on it will show late' });
  await said.waitFor();
  expect(await page.getByRole('group', { name: 'Pay with' }).innerText()).toMatch(/USDT on Ethereum\s+\(shows late\)/);
  await screenshot(page, 'till-network-behind-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await said.isVisible()).toBe(true);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
  await screenshot(page, 'till-network-behind-390');

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`${t.url}/#/status`);
  const row = page.getByRole('table', { name: 'Network health' }).getByRole('row', { name: /^Ethereum/ });
  await expect.poll(() => row.innerText(), { timeout: 10_000 }).toMatch(/1,00\d blocks: payments show late/);
  expect(await row.innerText()).toContain('The watcher is 1,00');
  await screenshot(page, 'status-network-behind-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'status-network-behind-390');
  expect(errors).toEqual([]);
}, uiBudget(14, [10_000, 20_000]));
