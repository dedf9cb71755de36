/**
 * The Status screen shows each network's watcher as a person needs it: watching or not, the newest
 * block, how long ago it last read the chain, and what is wrong, in words (issue 16: "Status with each
 * network's head, lag and last error").
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, uiBudget } from '../helpers/browser.js';

let app: AppInBrowser;

beforeAll(async () => {
  // Ethereum's devnet runs; BNB Smart Chain, TRON and Solana are off.
  app = await openAppInBrowser('status', { ...DEVNET_UI_CORE });
}, 120_000);
afterAll(async () => app?.stop());

test('each network\'s state, newest block, last read and problem; on a phone one card per network, no sideways scroll', async () => {
  const { page, errors } = app;
  const table = page.getByRole('table', { name: 'Network health' });
  const ethereum = table.getByRole('row', { name: /^Ethereum/ });
  await expect.poll(() => ethereum.innerText()).toMatch(/Ethereum \(test chain\)\s+Watching\s+\d+\s+\d+ s ago\s+None/);
  expect(await table.getByRole('row', { name: /^BNB Smart Chain/ }).innerText()).toMatch(/Not set up\s+—\s+—\s+No node address for this mode \(Settings\)/);
  const apiBlock = (await app.t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'ethereum');
  expect(apiBlock.last_checked_at).toEqual(expect.any(String));
  await screenshot(page, 'status-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'status-390');
  expect(errors).toEqual([]);
}, uiBudget(8));
