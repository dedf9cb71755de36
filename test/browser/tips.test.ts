/**
 * Tips at the till in a real browser against the headless app with the Ethereum devnet (issue 30,
 * item 1): with tips on in the shop's settings, the till offers the presets (each with the tip it
 * makes), a custom amount and "No tip" after Charge and before any payment code; the customer display
 * keeps its welcome until the choice is made; the chosen tip makes the QR code ask for the total, and
 * paying it shows Paid with the total. Then "No tip" and a custom tip, a till without tips, and the
 * choices at a tablet's (1024×768) and a phone's (390×844) size, in English and in Spanish.
 * Screenshots in test-artifacts/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, openPage, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { evmDevnetOf } from '../helpers/evm-chain.js';
import { decodeQrPng } from '../helpers/qr-decode.js';
import type { TestCore } from '../helpers/test-core.js';

let app: AppInBrowser;
let t: TestCore;
let eth: Devnet;
let page: Page;
let errors: string[];

const setTips = async (tips: Record<string, unknown>) => {
  const res = await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: { settings: { tips } } });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  app = await openAppInBrowser('cashier', DEVNET_UI_CORE);
  ({ t, page, errors } = app);
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  await setTips({ enabled: true, percentages: [10, 15, 20], custom: true });
  // The till reads the shop's settings when it opens.
  await page.reload();
  await page.getByRole('button', { name: 'Charge' }).waitFor();
}, 120_000);
afterAll(async () => app?.stop());

async function charge(keys: string): Promise<string> {
  for (const k of keys) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: k, exact: true }).click();
  await page.getByRole('button', { name: 'Charge' }).click();
  await page.getByRole('heading', { name: 'Add a tip?' }).waitFor();
  return (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0].session_id;
}
const session = async (id: string) => (await t.api('GET', `/v1/payment/sessions/${id}`)).body.data;
const qrs = () => page.getByRole('img', { name: /^QR code:/ });

test('the till offers the tip before the codes; 15% makes the QR ask for the total; paid, it shows the total', async () => {
  const id = await charge('10');
  // The choices, each preset with its tip, and "No tip" among them; no payment code yet.
  for (const [percent, tip] of [['10%', '$1.00'], ['15%', '$1.50'], ['20%', '$2.00']]) {
    expect(await page.getByRole('button', { name: `Tip ${percent}: ${tip}` }).count()).toBe(1);
  }
  expect(await page.getByRole('button', { name: 'No tip' }).count()).toBe(1);
  expect(await page.getByLabel('Other tip (USD)').count()).toBe(1);
  expect(await qrs().count()).toBe(0);
  // The customer display keeps its welcome while the total may still change.
  const { page: display } = await openPage(app.browser);
  await display.goto(`${t.url}/display?till=${await page.evaluate<string>('localStorage.getItem("stablepos.till")')}&mode=test`);
  await display.getByRole('heading', { name: 'Welcome' }).waitFor();

  for (const [width, height, name] of [[1024, 768, 'tips-choice-1024'], [390, 844, 'tips-choice-390']] as const) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  }
  await page.setViewportSize({ width: 1100, height: 1200 });

  await page.getByRole('button', { name: 'Tip 15%: $1.50' }).click();
  const wallet = page.getByRole('img', { name: 'QR code: 11.50 USDT on Ethereum' });
  await wallet.waitFor();
  expect(decodeQrPng(await wallet.screenshot())).toMatch(/uint256=11500000$/);
  expect(await page.getByRole('heading', { name: '$11.50' }).count()).toBe(1);
  expect(await page.getByText('Includes a tip of $1.50').count()).toBe(1);
  expect((await session(id)).tip).toEqual({ value: '1.50', currency: 'USD' });
  // Now the display shows the sale, with the total.
  await display.getByText('$11.50').first().waitFor();
  await screenshot(page, 'tips-tipped');

  const address = (await session(id)).payment_options.find((o: any) => o.currency === 'USDT').address;
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: address, amountBaseUnits: 11_500_000n });
  await page.getByText('Paid', { exact: true }).waitFor({ timeout: UI_WAIT_MS.payment });
  expect(await page.locator('.paid-amount').innerText()).toBe('$11.50');
  expect((await session(id)).booked[0]).toMatchObject({ gross: '11.500000', tip: '1.500000' });
  await page.getByRole('button', { name: 'New sale' }).click();
  await display.close();
}, uiBudget(16, [UI_WAIT_MS.pay, UI_WAIT_MS.payment]));

test('"No tip" is a choice: the codes ask for the amount; a custom tip is checked and added', async () => {
  const none = await charge('5');
  await page.getByRole('button', { name: 'No tip' }).click();
  await page.getByRole('img', { name: 'QR code: 5.00 USDT on Ethereum' }).waitFor();
  expect((await session(none)).tip).toEqual({ value: '0.00', currency: 'USD' });
  expect(await page.getByText('Includes a tip of').count()).toBe(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'New sale' }).click();

  const custom = await charge('8');
  await page.getByLabel('Other tip (USD)').fill('2.555');
  await page.getByText('Enter a tip with at most 2 decimals for USD.').waitFor();
  expect(await page.getByRole('button', { name: 'Add tip' }).isDisabled()).toBe(true);
  await page.getByLabel('Other tip (USD)').fill('2,25');
  await page.getByRole('button', { name: 'Add tip' }).click();
  await page.getByRole('img', { name: 'QR code: 10.25 USDT on Ethereum' }).waitFor();
  expect((await session(custom)).amount_total).toEqual({ value: '10.25', currency: 'USD' });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'New sale' }).click();
}, uiBudget(16));

test('in Spanish; and with tips off the codes come at once', async () => {
  await page.evaluate('localStorage.setItem("stablepos.language", "es")');
  await page.reload();
  for (const k of '12') await page.getByRole('group', { name: 'Teclado' }).getByRole('button', { name: k, exact: true }).click();
  await page.getByRole('button', { name: 'Cobrar' }).click();
  await page.getByRole('heading', { name: '¿Quieres dejar propina?' }).waitFor();
  expect(await page.getByRole('button', { name: 'Sin propina' }).count()).toBe(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'tips-choice-es-390');
  await page.setViewportSize({ width: 1100, height: 1200 });
  await page.getByRole('button', { name: 'Sin propina' }).click();
  await page.getByRole('img', { name: /^Código QR/ }).first().waitFor();
  await page.evaluate('localStorage.setItem("stablepos.language", "en")');

  await setTips({ enabled: false });
  // A reload starts at the amount entry, with the shop's settings read again.
  await page.reload();
  for (const k of '3') await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: k, exact: true }).click();
  await page.getByRole('button', { name: 'Charge' }).click();
  await page.getByRole('img', { name: 'QR code: 3.00 USDT on Ethereum' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Add a tip?' }).count()).toBe(0);
  expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
}, uiBudget(16));
