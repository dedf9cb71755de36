import { evmDevnetOf } from '../helpers/evm-chain.js';
/**
 * The cashier screen in a real browser against the headless app with a devnet: type an amount on the
 * keypad, charge, read the payment link back out of the screenshot's QR code, pay on chain and see
 * "Paid"; then the underpaid, expired and canceled outcomes. Screenshots of each in test-artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { decodeQrPng } from '../helpers/qr-decode.js';
import type { TestCore } from '../helpers/test-core.js';

let app: AppInBrowser;
let t: TestCore;
let eth: Devnet;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  app = await openAppInBrowser('cashier', DEVNET_UI_CORE);
  ({ t, browser, page, errors } = app);
  eth = evmDevnetOf(t.core.chains, 'ethereum');
}, 120_000);
afterAll(async () => app?.stop());

async function charge(keys: string): Promise<{ id: string; paymentUrl: string }> {
  for (const k of keys) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: k, exact: true }).click();
  await page.getByRole('button', { name: 'Charge' }).click();
  await page.getByRole('img', { name: 'QR code: payment link' }).waitFor();
  const newest = (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0];
  return { id: newest.session_id, paymentUrl: newest.payment_url };
}

/** A payment mined → shown on screen: the screens follow the session's event stream, which pushes each change at once. */
const PAID_SHOWN_MS = UI_WAIT_MS.payment;

const depositAddress = async (id: string) =>
  (await t.api('GET', `/v1/payment/sessions/${id}`)).body.data.payment_options.find((o: any) => o.network === 'ethereum' && o.currency === 'USDT').address;
const outcome = () => page.getByRole('status').first().innerText();

test('charge 12.50 on the keypad: the big QR code is the session\'s payment link; paying it shows "Paid"', async () => {
  expect(await page.getByLabel('Currency').inputValue()).toBe('USD'); // the shop's default currency first
  const { id, paymentUrl } = await charge('12.50');
  expect(await page.getByRole('heading', { name: '$12.50' }).count()).toBe(1);
  // One wallet QR per network and coin, with the amount in the coin and the address.
  expect(await page.getByRole('img', { name: /^QR code: 12\.500000 USDT on Ethereum$/ }).count()).toBe(1);
  expect(await page.getByText(await depositAddress(id)).count()).toBe(2); // USDT and USDC share the address

  expect(decodeQrPng(await page.getByRole('img', { name: 'QR code: payment link' }).screenshot())).toBe(paymentUrl);
  await screenshot(page, 'cashier-waiting');

  const paid = await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: await depositAddress(id), amountBaseUnits: 12_500_000n });
  await page.getByText('Paid', { exact: true }).waitFor({ timeout: PAID_SHOWN_MS });
  expect(await outcome()).toContain('12.500000 USDT on Ethereum');
  expect(await page.getByText(`${paid.txHash.slice(0, 10)}…${paid.txHash.slice(-6)}`).count()).toBe(1);
  await screenshot(page, 'cashier-paid');
  await page.getByRole('button', { name: 'New sale' }).click();
}, uiBudget(15, [UI_WAIT_MS.pay, PAID_SHOWN_MS]));

test('the customer display (/display, no sign-in) mirrors the sale: its QR, then "Paid", then welcome', async () => {
  const display = await browser.newPage({ viewport: { width: 900, height: 900 } });
  display.setDefaultTimeout(UI_WAIT_MS.step);
  const displayErrors: string[] = [];
  display.on('pageerror', (e) => displayErrors.push(String(e)));
  await display.goto(`${t.url}/display`);
  await display.getByText('Welcome').waitFor();
  const { id, paymentUrl } = await charge('9');
  const qr = display.getByRole('img', { name: 'QR code: payment link' });
  await qr.waitFor();
  expect(decodeQrPng(await qr.screenshot())).toBe(paymentUrl);
  expect(await display.getByText('$9.00').count()).toBe(1);
  await screenshot(display, 'display-waiting');
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: await depositAddress(id), amountBaseUnits: 9_000_000n });
  await display.getByText('Paid. Thank you!').waitFor({ timeout: PAID_SHOWN_MS });
  await page.getByRole('button', { name: 'New sale' }).click();
  await display.getByText('Welcome').waitFor();
  expect(displayErrors).toEqual([]);
  await display.close();
}, uiBudget(15, [UI_WAIT_MS.pay, PAID_SHOWN_MS]));

test('underpaid: the screen says how much is missing and keeps asking for the rest', async () => {
  await page.getByLabel('Amount').fill('10');
  await page.getByRole('button', { name: 'Charge' }).click();
  await page.getByRole('img', { name: 'QR code: payment link' }).waitFor();
  const id = (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0].session_id;
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: await depositAddress(id), amountBaseUnits: 4_000_000n });
  await page.getByText('Underpaid: $6.00 missing').waitFor({ timeout: PAID_SHOWN_MS });
  expect(await page.getByRole('img', { name: /^QR code: 6\.000000 USDT on Ethereum$/ }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0); // money arrived: no cancel
  await screenshot(page, 'cashier-underpaid');
  await page.getByRole('button', { name: 'New sale' }).click();
}, uiBudget(8, [UI_WAIT_MS.pay, PAID_SHOWN_MS]));

test('expired: past the deadline the screen says so; canceled: the Cancel button ends the sale', async () => {
  await charge('7');
  t.advance(16 * 60 * 1000);
  await page.getByText('Expired', { exact: true }).waitFor({ timeout: 10_000 });
  expect(await outcome()).toContain('Nothing was paid');
  await screenshot(page, 'cashier-expired');
  t.advance(-16 * 60 * 1000);
  await page.getByRole('button', { name: 'New sale' }).click();

  await charge('3');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Canceled', { exact: true }).waitFor({ timeout: 10_000 });
  await screenshot(page, 'cashier-canceled');
  await page.getByRole('button', { name: 'New sale' }).click();
  expect(await page.getByLabel('Amount').inputValue()).toBe('');
  expect(errors).toEqual([]);
}, uiBudget(12, [10_000, 10_000]));
