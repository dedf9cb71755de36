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

test('each network\'s state, newest block, last read and problem; on a phone one card per network, no sideways scroll, and the top bar folds behind a Menu button', async () => {
  const { page, errors } = app;
  const table = page.getByRole('table', { name: 'Network health' });
  const ethereum = table.getByRole('row', { name: /^Ethereum/ });
  await expect.poll(() => ethereum.innerText()).toMatch(/Ethereum \(test chain\)\s+Watching\s+\d+\s+0 blocks\s+\d+ s ago\s+None/);
  // Named off in the test configuration: switched off, and said so (issue 31).
  expect(await table.getByRole('row', { name: /^BNB Smart Chain/ }).innerText()).toMatch(/Off\s+—\s+—\s+—\s+Turned off for this mode \(Settings → Networks\)/);
  const apiBlock = (await app.t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'ethereum');
  expect(apiBlock.last_checked_at).toEqual(expect.any(String));
  await screenshot(page, 'status-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
  await screenshot(page, 'status-390');

  // The top bar folds on a phone: the screen's name and a Menu button, the links behind it.
  const nav = page.getByRole('navigation', { name: 'Screens' });
  const menu = page.getByRole('button', { name: 'Menu' });
  expect(await nav.isVisible()).toBe(false);
  expect(await menu.getAttribute('aria-expanded')).toBe('false');
  const bar = (await page.locator('header.bar').boundingBox())!;
  expect(bar.height, 'one line').toBeLessThan(70);
  await menu.click();
  expect(await page.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).toBe('true');
  await screenshot(page, 'menu-open-390');
  await nav.getByRole('link', { name: 'Transactions' }).click();
  await page.getByRole('heading', { name: 'Transactions', exact: true }).waitFor();
  expect(await nav.isVisible(), 'closed again after choosing').toBe(false);
  // A tablet shows the links themselves, no Menu button.
  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await nav.isVisible()).toBe(true);
  expect(await menu.isVisible()).toBe(false);
  expect(errors).toEqual([]);
}, uiBudget(12));
