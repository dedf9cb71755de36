/**
 * Settings → Networks' switches in a real browser, then the till with every network on (issue 31):
 * each network's line in plain words, turning one off confirmed first and pending until the restart,
 * one the configuration decides saying where; after a restart with every network on, the "Pay with"
 * picker stays readable at 1024×768 (within the first screen) and on a phone (nothing sideways), and so
 * does the customer's checkout page, with and without its script. Screenshots: network-switches-*, cashier-every-network-*,
 * checkout-every-network-*.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { ARTIFACTS_DIR, type AppInBrowser, ensureRendererBuilt, fitsTabletAndPhone, openAppInBrowser, signIn, uiBudget } from '../helpers/browser.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let app: AppInBrowser;
let page: Page;
let restarted: TestCore | undefined;
/** Ethereum is named by the configuration (its switch says where); every other network is left to its switch. */
const CORE = { networks: { test: { ethereum: 'devnet' as const } } };

beforeAll(async () => {
  app = await openAppInBrowser('settings', CORE);
  ({ page } = app);
}, 180_000);
afterAll(async () => {
  // The browser first: its page holds the restarted core's live feed open, and a server that stops
  // waits for the connections it has.
  await app?.stop();
  await restarted?.core.stop();
  if (restarted) rmSync(restarted.dataDir, { recursive: true, force: true });
}, 60_000);

const dialog = () => page.getByRole('dialog');
const switches = () => page.getByRole('region', { name: 'Where customers can pay' });
const lineOf = (name: string) => switches().getByRole('listitem').filter({ hasText: new RegExp(`^${name} —`) });

test('Settings: a switch per network in plain words; off is confirmed and waits for the restart; every network on after it, and the till\'s "Pay with" stays readable', async () => {
  const listed = (await app.t.api('GET', '/v1/networks')).body.data.items as { network: string; name: string; enabled: boolean }[];
  expect(listed.map((n) => n.network)).toEqual([...NETWORK_IDS]);
  await lineOf('Ethereum').waitFor();
  expect(await lineOf('Ethereum').innerText()).toMatch(/Ethereum — on\. Customers can pay on Ethereum\.\s+Set where the app is started \(networks\.test\.ethereum\): change it there\./);
  expect(await lineOf('Ethereum').getByRole('button').count()).toBe(0);

  // Off: asked first in plain words; Cancel changes nothing.
  await lineOf('BNB Smart Chain').getByRole('button', { name: 'Turn off BNB Smart Chain' }).click();
  expect(await dialog().getByRole('heading').innerText()).toBe('Turn off BNB Smart Chain?');
  expect(await dialog().innerText()).toContain('customers can no longer pay on BNB Smart Chain');
  expect(await dialog().innerText()).toContain('Restart when no customer is paying on BNB Smart Chain');
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog().count()).toBe(0);
  expect((await app.t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'bsc').enabled).toBe(true);
  await lineOf('BNB Smart Chain').getByRole('button', { name: 'Turn off BNB Smart Chain' }).click();
  await dialog().getByRole('button', { name: 'Turn off BNB Smart Chain' }).click();
  // Still running until the restart, and said so.
  await expect.poll(() => lineOf('BNB Smart Chain').innerText()).toMatch(/BNB Smart Chain — on\. Customers can pay on BNB Smart Chain\.\s*Turns off when the app restarts/);
  await fitsTabletAndPhone(page, 'network-switches');
  await page.setViewportSize({ width: 1100, height: 1200 });

  // On again, and every network that is off by default turned on: nothing to confirm.
  await lineOf('BNB Smart Chain').getByRole('button', { name: 'Turn on BNB Smart Chain' }).click();
  await expect.poll(() => lineOf('BNB Smart Chain').innerText()).not.toContain('restarts');
  for (const n of listed.filter((l) => !l.enabled)) {
    expect(await lineOf(n.name).innerText()).toContain(`${n.name} — off. Customers cannot pay on ${n.name}.`);
    await lineOf(n.name).getByRole('button', { name: `Turn on ${n.name}` }).click();
    await expect.poll(() => lineOf(n.name).innerText()).toContain('Turns on when the app restarts');
  }
  await switches().screenshot({ path: join(ARTIFACTS_DIR, 'network-switches-pending-1100.png') });
  expect(app.errors).toEqual([]);

  // The restart: every network runs its devnet, and the till offers each.
  await app.t.core.stop();
  restarted = await startTestCore({ ...CORE, dataDir: app.t.dataDir, rendererDir: ensureRendererBuilt() });
  const now = (await restarted.api('GET', '/v1/networks')).body.data.items as { network: string; status: string; applies_at_next_start: boolean }[];
  expect(now.map((n) => [n.network, n.status, n.applies_at_next_start])).toEqual(NETWORK_IDS.map((id) => [id, 'ready', false]));
  await page.goto(`${restarted.url}/#/cashier`);
  await signIn(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByLabel('Amount').fill('12.50');
  await page.getByRole('button', { name: 'Charge' }).click();
  await page.getByText('Waiting for payment').waitFor();
  const picker = page.getByRole('group', { name: 'Pay with' });
  const radios = picker.getByRole('radio');
  await expect.poll(() => radios.count()).toBeGreaterThanOrEqual(NETWORK_IDS.length);
  // Each network's options (a Solana coin shows once the watcher has looked up the wallet's token accounts).
  for (const n of listed) await expect.poll(() => picker.getByRole('radio', { name: new RegExp(` on ${n.name}$`) }).count(), { message: n.name }).toBeGreaterThan(0);
  // An option is picked by its full name, and its QR code follows.
  await picker.getByRole('radio', { name: 'USDC on BNB Smart Chain' }).check();
  await page.getByRole('img', { name: /USDC on BNB Smart Chain/ }).waitFor();
  await fitsTabletAndPhone(page, 'cashier-every-network', async (width) => {
    const box = (await picker.boundingBox())!;
    expect(box.x + box.width, `${width}: the picker within the width`).toBeLessThanOrEqual(width);
    // On the till's tablet the whole picker is on the first screen, beside the QR code.
    if (width === 1024) expect(box.y + box.height, 'the picker within 768 px').toBeLessThanOrEqual(768);
  });

  // The customer's side: the sale's checkout page names every network, and one that offers USDC only
  // (Base) takes the coin picker to USDC, with USDT unselectable.
  const [sale] = (await restarted.api('GET', '/v1/payment/sessions?limit=1')).body.data.items;
  await page.goto(sale.payment_url);
  const networkPicker = page.getByRole('group', { name: 'Network' });
  await networkPicker.waitFor();
  expect(await networkPicker.locator('label').allInnerTexts()).toEqual(listed.map((n) => n.name));
  await page.locator('label[for="pick-network-base"]').click();
  await page.locator('#opt-base-USDC').waitFor({ state: 'visible' });
  expect(await page.locator('#pick-coin-USDT').isDisabled()).toBe(true);
  expect(await page.locator('#pick-coin-USDC').isChecked()).toBe(true);
  expect(await page.locator('#opt-base-USDC').innerText()).toContain('Base · ERC-20');
  await fitsTabletAndPhone(page, 'checkout-every-network', async (width) => {
    const box = (await networkPicker.boundingBox())!;
    expect(box.x + box.width, `${width}: the network picker within the width`).toBeLessThanOrEqual(width);
  });

  // The same page without its script (the pickers work by CSS alone): Base with USDT still picked says
  // so and names the coin to pick, instead of showing nothing.
  const noScript = await app.browser.newPage({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await noScript.goto(sale.payment_url);
  await noScript.locator('label[for="pick-network-base"]').click();
  expect(await noScript.locator('#pick-coin-USDT').isChecked()).toBe(true);
  const none = noScript.locator('#none-base-USDT');
  await none.waitFor({ state: 'visible' });
  expect(await none.innerText()).toBe('USDT is not offered on Base: pick USDC.');
  expect(await noScript.locator('.panel:visible').count()).toBe(0);
  await noScript.locator('label[for="pick-coin-USDC"]').click();
  await noScript.locator('#opt-base-USDC').waitFor({ state: 'visible' });
  expect(await none.isVisible()).toBe(false);
  expect(await noScript.locator('.panel:visible, .panel-none:visible').count()).toBe(1);
  await noScript.close();
  expect(app.errors).toEqual([]);
}, uiBudget(40, [60_000]));
