/**
 * Settings → Networks' switches in live mode, in a real browser: a live network needs its RPC endpoint
 * before it can be turned on, and the screen says so. A network on by default but without one says
 * customers cannot pay on it yet; one off by default (Base) has its "Turn on" disabled with the reason
 * beside it until its endpoint is saved in the form below, then turns on from the next start. Nothing
 * here reaches a chain: the endpoint is saved, not used, until a restart.
 * Screenshots: network-switches-live-*.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppInBrowser, ARTIFACTS_DIR, fitsTabletAndPhone, openAppInBrowser, screenshot, sidewaysOverflow, switchToLiveMode, uiBudget } from '../helpers/browser.js';

let app: AppInBrowser;
let page: Page;

beforeAll(async () => {
  app = await openAppInBrowser('settings', { networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off', solana: 'off' } }, testRefundWallet: false });
  ({ page } = app);
  await switchToLiveMode(page);
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const switches = () => page.getByRole('region', { name: 'Where customers can pay' });
const lineOf = (name: string) => switches().getByRole('listitem').filter({ hasText: new RegExp(`^${name} —`) });

test('live: a network turns on only once its RPC endpoint is saved, and the screen says why before and what happens after', async () => {
  await lineOf('Ethereum').waitFor();
  expect(await switches().innerText()).toContain('for live mode: a network that is on is watched through its RPC endpoint');
  // On by default, no endpoint: on, but no customer can pay on it yet.
  expect(await lineOf('Ethereum').innerText()).toMatch(/^Ethereum — on, but it needs an RPC endpoint\. Customers cannot pay on Ethereum until one is saved and the app restarts\./);
  expect(await lineOf('Ethereum').getByRole('button', { name: 'Turn off Ethereum' }).isEnabled()).toBe(true);

  // Off by default: "Turn on" cannot be pressed until there is an endpoint, and the line says where to save one.
  const turnOnBase = lineOf('Base').getByRole('button', { name: 'Turn on Base' });
  expect(await lineOf('Base').innerText()).toMatch(/^Base — off\. Customers cannot pay on Base\./);
  expect(await turnOnBase.isDisabled()).toBe(true);
  expect(await lineOf('Base').innerText()).toContain('Save an RPC endpoint for Base below first, then turn it on.');
  const refused = await app.t.api('PATCH', '/v1/networks/base', { key: app.t.liveKey, body: { enabled: true } });
  expect(refused.status).toBe(409);
  await fitsTabletAndPhone(page, 'network-switches-live');
  await page.setViewportSize({ width: 1100, height: 1200 });

  // The endpoint saved in the form below: the switch can be pressed, and turns Base on from the next start.
  const form = page.getByRole('form', { name: 'Live Base' });
  await form.getByLabel('Base RPC URL').fill('http://127.0.0.1:9/base');
  await form.getByRole('button', { name: 'Save Base' }).click();
  await expect.poll(() => turnOnBase.isEnabled()).toBe(true);
  expect(await lineOf('Base').innerText()).not.toContain('Save an RPC endpoint');
  await turnOnBase.click();
  await expect.poll(() => lineOf('Base').innerText()).toMatch(/^Base — off\. Customers cannot pay on Base\.\s*Turns on when the app restarts/);
  const base = (await app.t.api('GET', '/v1/networks', { key: app.t.liveKey })).body.data.items.find((n: { network: string }) => n.network === 'base');
  expect(base).toMatchObject({ status: 'off', enabled: true, applies_at_next_start: true });
  // Test mode is a sandbox: its Base switch is untouched.
  const testBase = (await app.t.api('GET', '/v1/networks')).body.data.items.find((n: { network: string }) => n.network === 'base');
  expect(testBase).toMatchObject({ enabled: false, applies_at_next_start: false });
  await switches().screenshot({ path: join(ARTIFACTS_DIR, 'network-switches-live-pending-1100.png') });
  expect(app.errors).toEqual([]);
}, uiBudget(25));

test('live mode on a phone: every screen of the navigation opens with its heading and nothing to scroll sideways; Status says live', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['Cashier', 'Transactions', 'Refunds', 'Balances', 'Day', 'Deposits', 'Webhooks', 'Settings', 'Status']) {
    await page.goto(`${app.t.url}/#/${name.toLowerCase()}`);
    await page.getByRole('heading', { name: name === 'Cashier' ? 'New sale' : name, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Test mode: payments use local test networks').count(), `${name}: in live mode`).toBe(0);
    expect(await sidewaysOverflow(page), `${name} at 390 px`).toBeLessThanOrEqual(0);
    await screenshot(page, `live-${name.toLowerCase()}-390`);
  }
  // Status names this sign-in's mode, the one its networks are read in, apart from where a new sign-in starts.
  await expect.poll(() => page.locator('.facts').innerText()).toMatch(/^Server\s+ok\s+Mode\s+live\s+New sign-ins start in\s+test$/);
  expect(app.errors).toEqual([]);
}, uiBudget(30));
