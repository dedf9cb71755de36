/**
 * The hosted checkout page in a real browser, as a customer's phone opens it, against the headless app
 * with devnets (Ethereum and TRON): picking TRON shows a QR that holds the bare address, with the exact
 * amount large, the network in words, copy buttons and a line saying the amount must be typed; after a
 * partial payment the page's script updates the amount live, keeps the address QR, and redraws the
 * EIP-681 QRs whose amount changed; a tip added at the till after the page opened redraws the headline
 * and the codes with the total. Screenshots at three sizes in test-artifacts/.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_UI_CORE, launchBrowser, openPage, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { createSession, waitForSession } from '../helpers/evm-chain.js';
import { decodeQrPng } from '../helpers/qr-decode.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { payOnTronDevnet, tronPayMs } from '../helpers/tron-chain.js';

let t: TestCore;
let browser: Browser;
let page: Page;
let errors: string[];
/** Paths the page asked for and got 404: the browser's own favicon request, nothing of the page's. */
const missing: string[] = [];

beforeAll(async () => {
  t = await startTestCore({ ...DEVNET_UI_CORE, networks: { test: { solana: 'off', bsc: 'off' } }, confirmations: { ethereum: 2, tron: 2 } });
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(new URL(r.url()).pathname);
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

const TRON_PAY_MS = tronPayMs(DEVNET_UI_CORE.devnetBlockTimeSeconds);
const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');
const panel = (key: string) => page.locator(`#opt-${key}`);
const qrText = async (key: string) => decodeQrPng(await page.locator(`#qr-${key}`).screenshot());

test('TRON picked: the QR is the bare address; "Send exactly 12.50 USDT", "on TRON (TRC-20)", copy buttons and the hint beside it; a partial payment changes the amount live, keeps the address QR and redraws the EIP-681 QRs', async () => {
  const s = await createSession(t, '12.50', 'USD');
  const tron = s.payment_options.find((o: any) => o.network === 'tron');
  expect(tron.qr).toEqual({ content: 'address', payload: tron.address });
  // The page is fetched once; a second fetch is the script drawing fresh QR codes.
  let pageLoads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/pay/${s.session_id}`) pageLoads += 1;
  });
  await page.goto(s.payment_url);
  await page.locator('label[for="pick-network-tron"]').click(); // the network picker's choice
  const p = panel('tron-USDT');
  await p.waitFor({ state: 'visible' });
  expect(await page.getByRole('img', { name: 'QR code: deposit address on TRON' }).count()).toBe(1);
  expect(await qrText('tron-USDT')).toBe(tron.address);
  const text = (await p.innerText()).replace(/\s+/g, ' ');
  expect(text).toMatch(/Send exactly 12\.50 USDT Copy on TRON \(TRC-20\)/);
  expect(text).toContain('The QR code holds the address only: type the amount in your wallet exactly as shown.');
  expect(text).not.toContain('Scan with your wallet app');
  await p.getByRole('button', { name: 'Copy amount' }).click();
  await expect.poll(clipboard).toBe('12.50');
  await p.getByRole('button', { name: 'Copy address' }).click();
  await expect.poll(clipboard).toBe(tron.address);
  // The tron: request stays for the wallets that take it, behind "Open in wallet app" (phones only).
  expect(await p.locator('a.wallet').getAttribute('href')).toBe(tron.uri);
  for (const [width, height] of [[1280, 800], [1024, 768], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `checkout-tron-${width}`);
  }
  await page.setViewportSize({ width: 1100, height: 1200 });

  // 5 of 12.50 paid on TRON: every option now asks for 7.50.
  await payOnTronDevnet(join(t.dataDir, 'devnet'), tron.address, 5_000_000n);
  await page.getByText('Partly paid: 7.50 USDT or USDC still due').waitFor({ timeout: TRON_PAY_MS + UI_WAIT_MS.payment });
  await expect.poll(() => p.locator('.exact-amount').innerText()).toMatch(/7\.50 USDT/);
  expect(await qrText('tron-USDT')).toBe(tron.address);
  // The Ethereum QRs carried the old amount: the script fetched the page again for fresh ones.
  await page.locator('label[for="pick-network-ethereum"]').click();
  await expect.poll(() => qrText('ethereum-USDT')).toMatch(/uint256=7500000$/);
  expect(pageLoads).toBe(2);
  await screenshot(page, 'checkout-tron-partly-paid');

  await payOnTronDevnet(join(t.dataDir, 'devnet'), tron.address, 7_500_000n);
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', TRON_PAY_MS + UI_WAIT_MS.payment);
  await page.locator('.status[data-status=SUCCEEDED]').waitFor();
  expect(await page.getByText('Payments received').isVisible()).toBe(true);
  expect(missing.filter((path) => path !== '/favicon.ico')).toEqual([]);
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
}, uiBudget(30, [TRON_PAY_MS, TRON_PAY_MS + UI_WAIT_MS.payment, TRON_PAY_MS + UI_WAIT_MS.payment]));

test('a tip added at the till after the page opened: the headline shows the total and the codes ask for it', async () => {
  const s = await createSession(t, '10.00', 'USD');
  await page.goto(s.payment_url);
  const headline = page.locator('h1.amount .amount-total');
  expect(await headline.innerText()).toBe('10.00 USD');
  const tipped = await t.api('POST', `/v1/payment/sessions/${s.session_id}/tip`, { body: { tip: { value: '1.50', currency: 'USD' } } });
  expect(tipped.status).toBe(200);
  await expect.poll(() => headline.innerText(), { timeout: UI_WAIT_MS.payment }).toBe('11.50 USD');
  await page.locator('label[for="pick-network-ethereum"]').click();
  await expect.poll(() => qrText('ethereum-USDT'), { timeout: UI_WAIT_MS.payment }).toMatch(/uint256=11500000$/);
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
}, uiBudget(20));
