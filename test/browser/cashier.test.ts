/**
 * The cashier screen in a real browser against the headless app with devnets (Ethereum and TRON): type
 * an amount on the keypad, charge, read the payment link back out of the screenshot's QR code, pay on
 * chain and see "Paid"; then the underpaid, expired and canceled outcomes; then TRON, whose wallet QR
 * is the bare address with the exact amount beside it, on the till and on the customer display; then
 * Solana, whose QR is the Solana Pay request and whose address (the shop's own wallet) is not offered.
 * Screenshots of each in test-artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { join } from 'node:path';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { evmDevnetOf } from '../helpers/evm-chain.js';
import { decodeQrPng } from '../helpers/qr-decode.js';
import type { TestCore } from '../helpers/test-core.js';
import { waitForSolanaPayable } from '../helpers/solana-chain.js';
import { payOnTronDevnet, tronPayMs } from '../helpers/tron-chain.js';

let app: AppInBrowser;
let t: TestCore;
let eth: Devnet;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  // Ethereum, TRON and Solana: an EIP-681 QR, a bare-address QR and a Solana Pay request.
  app = await openAppInBrowser('cashier', { ...DEVNET_UI_CORE, networks: { test: { bsc: 'off' } }, confirmations: { ethereum: 2, tron: 2 } });
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

/** A TRON payment of the test: TronWeb mints, then transfers, each in the next block (0.2 s). */
const TRON_PAY_MS = tronPayMs(DEVNET_UI_CORE.devnetBlockTimeSeconds);
const SIZES = [[1280, 800], [1024, 768], [390, 844]] as const;
/** What the page's clipboard holds (the browser is granted clipboard access for the app's origin). */
const clipboard = () => page.evaluate<string>('navigator.clipboard.readText()');

test('TRON: the wallet QR is the bare T… address, "Send exactly 12.50 USDT on TRON (TRC-20)" beside it with copy buttons and the hint; the display shows the same without copy buttons; a partial payment changes the amount, not the QR', async () => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
  const display = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  display.setDefaultTimeout(UI_WAIT_MS.step);
  const displayErrors: string[] = [];
  display.on('pageerror', (e) => displayErrors.push(String(e)));
  await display.goto(`${t.url}/display`);
  await display.getByText('Welcome').waitFor();

  const { id } = await charge('12.50');
  const tron = (await t.api('GET', `/v1/payment/sessions/${id}`)).body.data.payment_options.find((o: any) => o.network === 'tron');
  expect(tron).toMatchObject({ currency: 'USDT', token_standard: 'TRC-20', qr: { content: 'address', payload: tron.address } });
  expect(tron.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

  const card = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'QR code: TRON deposit address' }) });
  const qr = card.getByRole('img', { name: 'QR code: TRON deposit address' });
  expect(decodeQrPng(await qr.screenshot())).toBe(tron.address);
  const text = (await card.innerText()).replace(/\s+/g, ' ');
  expect(text).toContain('Send exactly 12.50 USDT');
  expect(text).toContain('on TRON (TRC-20)');
  expect(text).toContain(tron.address);
  expect(text).toContain('The QR code holds the address only: type the amount exactly.');
  await card.getByRole('button', { name: 'Copy amount (USDT on TRON)' }).click();
  await expect.poll(() => clipboard()).toBe('12.50');
  await card.getByRole('button', { name: 'Copy address (USDT on TRON)' }).click();
  await expect.poll(() => clipboard()).toBe(tron.address);
  // The EVM options keep their layout: the QR is the EIP-681 request, no "Send exactly".
  const eth = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'QR code: 12.500000 USDT on Ethereum' }) });
  expect(decodeQrPng(await eth.getByRole('img').screenshot())).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@1337\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=12500000$/);
  expect(await eth.getByText('Send exactly').count()).toBe(0);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `cashier-tron-${width}`);
  }
  await page.setViewportSize({ width: 1100, height: 1200 });

  // The customer display: the same QR and amount, and no copy button (it would copy onto the till).
  const shown = display.getByRole('listitem').filter({ has: display.getByRole('img', { name: 'QR code: TRON deposit address' }) });
  await shown.waitFor();
  expect(decodeQrPng(await shown.getByRole('img').screenshot())).toBe(tron.address);
  expect((await shown.innerText()).replace(/\s+/g, ' ')).toMatch(/Send exactly 12\.50 USDT on TRON \(TRC-20\) T[1-9A-HJ-NP-Za-km-z]{33} The QR code holds the address only/);
  expect(await display.getByRole('button').count()).toBe(0);
  for (const [width, height] of SIZES) {
    await display.setViewportSize({ width, height });
    await screenshot(display, `display-tron-${width}`);
  }

  // Part paid on TRON: the amount asks for the rest; the QR is still the address.
  await payOnTronDevnet(join(t.dataDir, 'devnet'), tron.address, 5_000_000n);
  await page.getByText('Underpaid: $7.50 missing').waitFor({ timeout: PAID_SHOWN_MS });
  await expect.poll(() => card.innerText()).toContain('7.50 USDT');
  expect(decodeQrPng(await qr.screenshot())).toBe(tron.address);
  await expect.poll(() => shown.innerText()).toContain('7.50 USDT');
  expect(decodeQrPng(await shown.getByRole('img').screenshot())).toBe(tron.address);

  const rest = await payOnTronDevnet(join(t.dataDir, 'devnet'), tron.address, 7_500_000n);
  await page.getByText('Paid', { exact: true }).waitFor({ timeout: PAID_SHOWN_MS });
  expect(await outcome()).toContain('7.500000 USDT on TRON');
  expect(await page.getByText(`${rest.slice(0, 10)}…${rest.slice(-6)}`).count()).toBe(1); // a devnet's: no explorer link
  await display.getByText('Paid. Thank you!').waitFor({ timeout: PAID_SHOWN_MS });
  await page.getByRole('button', { name: 'New sale' }).click();
  await display.getByText('Welcome').waitFor();
  expect(displayErrors).toEqual([]);
  expect(errors).toEqual([]);
  await display.close();
}, uiBudget(40, [TRON_PAY_MS, PAID_SHOWN_MS, TRON_PAY_MS, PAID_SHOWN_MS]));

test('Solana: the wallet QR is the Solana Pay request with the session\'s reference, "Scan with a Solana Pay wallet" and the amount beside it; no address to copy, on the till and on the display', async () => {
  const display = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  display.setDefaultTimeout(UI_WAIT_MS.step);
  const displayErrors: string[] = [];
  display.on('pageerror', (e) => displayErrors.push(String(e)));
  await display.goto(`${t.url}/display`);
  await display.getByText('Welcome').waitFor();

  // Solana is offered once its watcher has looked the merchant's token accounts up.
  await waitForSolanaPayable(t);
  const { id } = await charge('12.50');
  const solana = (await t.api('GET', `/v1/payment/sessions/${id}`)).body.data.payment_options.find((o: any) => o.network === 'solana' && o.currency === 'USDC');
  expect(solana.uri).toMatch(new RegExp(`^solana:${solana.address}\\?amount=12\\.5&spl-token=[1-9A-HJ-NP-Za-km-z]{32,44}&reference=${solana.reference}&`));
  const name = 'QR code: Solana Pay request for 12.500000 USDC on Solana';
  for (const [screen, shown] of [['till', page], ['display', display]] as const) {
    const card = shown.getByRole('listitem').filter({ has: shown.getByRole('img', { name }) });
    await card.waitFor();
    expect(decodeQrPng(await card.getByRole('img').screenshot()), screen).toBe(solana.uri);
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    expect(text, screen).toContain('USDC on Solana (SPL) 12.50 USDC Scan with a Solana Pay wallet (Phantom, Solflare…).');
    expect(text, screen).toContain("a transfer typed by hand to the shop's address is not matched to this sale");
    // The shop's wallet takes every sale: copied and paid by hand, it would name none.
    expect(text, screen).not.toContain(solana.address);
    expect(await card.getByRole('button').count(), screen).toBe(0);
    for (const [width, height] of SIZES) {
      await shown.setViewportSize({ width, height });
      await screenshot(shown, `${screen === 'till' ? 'cashier' : 'display'}-solana-${width}`);
    }
  }
  await page.setViewportSize({ width: 1100, height: 1200 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await display.getByText('This payment request was canceled').waitFor();
  expect(displayErrors).toEqual([]);
  expect(errors).toEqual([]);
  await display.close();
}, uiBudget(20));
