/**
 * The cashier screen in a real browser against the headless app with devnets (Ethereum, TRON, Solana):
 * type an amount on the keypad, charge, read the wallet request back out of the screenshot's QR code,
 * pay on chain and see "Paid"; then the underpaid, expired and canceled outcomes; then TRON, whose
 * wallet QR is the bare address with the exact amount beside it, on the till and on the customer
 * display; then Solana, whose QR is the Solana Pay request and whose address (the shop's own wallet)
 * is not offered. The app listens on loopback, so no QR code of the payment page (which no customer's
 * phone could open) is shown; with a public URL (its own core) it is. Then the till at a tablet's and
 * a phone's size, and a till with no network ready. Screenshots of each in test-artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { join } from 'node:path';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, sidewaysOverflow, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
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
  await page.getByText('Waiting for payment').waitFor();
  const newest = (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0];
  return { id: newest.session_id, paymentUrl: newest.payment_url };
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;
const LOCAL_ONLY = 'The payment page is only reachable on this computer, so its QR code is not shown';

/**
 * Every QR code on the page can be paid from a customer's own phone: each decodes, to a wallet request
 * (EIP-681, Solana Pay), a TRON address, or a URL whose host is not loopback. Returns what they hold.
 */
async function expectEveryQrPayable(p: Page): Promise<string[]> {
  const qrs = p.getByRole('img', { name: /^QR code:/ });
  const texts: string[] = [];
  for (let i = 0; i < (await qrs.count()); i++) {
    const text = decodeQrPng(await qrs.nth(i).screenshot());
    expect(text, `QR code ${i}`).not.toBeNull();
    if (/^https?:/.test(text!)) expect(new URL(text!).hostname).not.toMatch(LOOPBACK);
    else expect(text).toMatch(/^(ethereum:0x|solana:|T[1-9A-HJ-NP-Za-km-z]{33}$)/);
    texts.push(text!);
  }
  expect(texts.length).toBeGreaterThan(0);
  return texts;
}

/** The address of the customer display of the till in `till` (each till and mode has its own: /display?till=…&mode=test, the till here being in test mode). */
const displayOf = async (till: Page, url: string) => `${url}/display?till=${await till.evaluate<string>('localStorage.getItem("stablepos.till")')}&mode=test`;

/** Nothing to scroll sideways. */
/** A payment mined → shown on screen: the screens follow the session's event stream, which pushes each change at once. */
const PAID_SHOWN_MS = UI_WAIT_MS.payment;

const depositAddress = async (id: string) =>
  (await t.api('GET', `/v1/payment/sessions/${id}`)).body.data.payment_options.find((o: any) => o.network === 'ethereum' && o.currency === 'USDT').address;
const outcome = () => page.getByRole('status').first().innerText();

test('charge 12.50 on the keypad: the big QR code is the session\'s payment link; paying it shows "Paid"', async () => {
  expect(await page.getByLabel('Currency').inputValue()).toBe('USD'); // the shop's default currency first
  const { id, paymentUrl } = await charge('12.50');
  expect(await page.getByRole('heading', { name: '$12.50' }).count()).toBe(1);
  expect(await page.getByText('Expires in 14:5').count()).toBe(1); // a labelled countdown
  // One wallet QR, of the network and coin picked (the first the API lists, until the cashier picks
  // another), large, with the amount in the coin as the checkout page writes it, and the address.
  expect(await page.getByRole('radio', { name: 'USDT on Ethereum' }).isChecked()).toBe(true);
  const wallet = page.getByRole('img', { name: 'QR code: 12.50 USDT on Ethereum' });
  expect((await wallet.boundingBox())!.width).toBeGreaterThanOrEqual(280);
  expect(decodeQrPng(await wallet.screenshot())).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@1337\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=12500000$/);
  expect(await page.getByText(await depositAddress(id)).count()).toBe(1);
  await page.getByRole('radio', { name: 'USDC on Ethereum' }).check();
  expect(decodeQrPng(await page.getByRole('img', { name: 'QR code: 12.50 USDC on Ethereum' }).screenshot())).toMatch(/uint256=12500000$/);
  await page.getByRole('radio', { name: 'USDT on Ethereum' }).check();

  // The app listens on loopback: the payment page's QR code would open nothing on a phone.
  expect(new URL(paymentUrl).hostname).toMatch(LOOPBACK);
  expect(await page.getByRole('img', { name: 'QR code: payment link' }).count()).toBe(0);
  expect(await page.getByText(LOCAL_ONLY).count()).toBe(1);
  expect(await expectEveryQrPayable(page)).toHaveLength(1);
  await screenshot(page, 'cashier-waiting');

  const paid = await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: await depositAddress(id), amountBaseUnits: 12_500_000n });
  await page.getByText('Paid', { exact: true }).waitFor({ timeout: PAID_SHOWN_MS });
  expect(await outcome()).toContain('12.50 USDT on Ethereum');
  expect(await page.getByText(`${paid.txHash.slice(0, 10)}…${paid.txHash.slice(-6)}`).count()).toBe(1);
  // Full screen: the paid card covers the viewport, and New sale has the focus (Enter starts the next).
  const cover = (await page.locator('.paid-screen').boundingBox())!;
  expect([cover.x, cover.y, cover.width, cover.height]).toEqual([0, 0, 1100, 1200]);
  expect(await page.getByRole('button', { name: 'New sale' }).evaluate((b) => b === b.ownerDocument.activeElement)).toBe(true);
  await screenshot(page, 'cashier-paid');
  await page.keyboard.press('Enter');
  await page.getByLabel('Amount').waitFor();
  expect(await page.getByLabel('Amount').evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true); // focus on the amount
}, uiBudget(15, [UI_WAIT_MS.pay, PAID_SHOWN_MS]));

test('the customer display (/display?till=…, no sign-in) mirrors its own till\'s sale, not another till\'s: its QR, then "Paid", then welcome', async () => {
  const display = await browser.newPage({ viewport: { width: 900, height: 900 } });
  display.setDefaultTimeout(UI_WAIT_MS.step);
  const displayErrors: string[] = [];
  display.on('pageerror', (e) => displayErrors.push(String(e)));
  // The till links to its own display, in its own mode (test here).
  const link = await page.getByRole('link', { name: 'open it' }).getAttribute('href');
  expect(`${t.url}/display?${link!.split('?')[1]}`).toBe(await displayOf(page, t.url));
  await display.goto(await displayOf(page, t.url));
  await display.getByText('Welcome').waitFor();
  expect(await display.getByRole('note').innerText()).toBe('Test mode: a rehearsal, no real payment');
  // Another till's display (one display per till) never shows this till's sale, nor this till's
  // live display (each mode has its own: a test sale never reaches what customers see).
  const otherTill = await browser.newPage({ viewport: { width: 600, height: 600 } });
  await otherTill.goto(`${t.url}/display?till=another-till&mode=test`);
  await otherTill.getByText('Welcome').waitFor();
  const liveDisplay = await browser.newPage({ viewport: { width: 600, height: 600 } });
  await liveDisplay.goto((await displayOf(page, t.url)).replace('&mode=test', ''));
  await liveDisplay.getByText('Welcome').waitFor();
  const { id } = await charge('9');
  const qr = display.getByRole('img', { name: 'QR code: 9.00 USDT on Ethereum' });
  await qr.waitFor();
  for (const other of [otherTill, liveDisplay]) {
    expect(await other.getByText('Welcome').count()).toBe(1);
    expect(await other.getByRole('img').count()).toBe(0);
    await other.close();
  }
  expect(decodeQrPng(await qr.screenshot())).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@1337\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=9000000$/);
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(360); // most of the display
  expect(await expectEveryQrPayable(display)).toHaveLength(1); // no payment page QR on loopback, and no word about it
  expect(await display.getByText(LOCAL_ONLY).count()).toBe(0);
  expect(await display.getByText('$9.00').count()).toBe(1);
  await screenshot(display, 'display-waiting');
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: await depositAddress(id), amountBaseUnits: 9_000_000n });
  await display.getByText('Paid. Thank you!').waitFor({ timeout: PAID_SHOWN_MS });
  await page.getByRole('button', { name: 'New sale' }).click();
  await display.getByText('Welcome').waitFor();
  expect(displayErrors).toEqual([]);
  await display.close();
}, uiBudget(15, [UI_WAIT_MS.pay, PAID_SHOWN_MS]));

test('underpaid: amber, the rest due large, the QR codes asking for it and the next step; the display shows what is still due; two payments listed once paid', async () => {
  const display = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  display.setDefaultTimeout(UI_WAIT_MS.step);
  await display.goto(await displayOf(page, t.url));
  await display.getByText('Welcome').waitFor();
  await page.getByLabel('Amount').fill('10');
  await page.getByRole('button', { name: 'Charge' }).click();
  await page.getByText('Waiting for payment').waitFor();
  const id = (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0].session_id;
  const first = await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: await depositAddress(id), amountBaseUnits: 4_000_000n });
  const card = page.getByRole('status').filter({ hasText: 'Underpaid' });
  await card.waitFor({ timeout: PAID_SHOWN_MS });
  const text = (await card.innerText()).replace(/\s+/g, ' ');
  expect(text).toContain('$6.00 still due');
  expect(text).toContain('Received $4.00 of $10.00');
  expect(text).toContain('If the customer pays the rest another way (cash, card), an owner can accept the sale as paid');
  expect(await card.evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).borderColor)).toBe('rgb(180, 83, 9)'); // amber, as the checkout page
  const rest = page.getByRole('img', { name: 'QR code: 6.00 USDT on Ethereum' });
  expect(decodeQrPng(await rest.screenshot())).toMatch(/uint256=6000000$/);
  expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0); // money arrived: the API refuses to cancel
  // The display's big number is what is still due, and its QR code asks for it.
  await display.getByText('Still to pay').waitFor();
  expect(await display.locator('.display-amount').innerText()).toBe('$6.00');
  expect(decodeQrPng(await display.getByRole('img', { name: 'QR code: 6.00 USDT on Ethereum' }).screenshot())).toMatch(/uint256=6000000$/);
  for (const [width, height] of [[1024, 768], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, `cashier-underpaid-${width}`);
    await display.setViewportSize({ width, height });
    expect(await sidewaysOverflow(display)).toBe(0);
    await screenshot(display, `display-underpaid-${width}`);
  }
  await page.setViewportSize({ width: 1100, height: 1200 });

  const second = await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: await depositAddress(id), amountBaseUnits: 6_000_000n });
  await page.getByText('Paid', { exact: true }).waitFor({ timeout: PAID_SHOWN_MS });
  const paid = page.getByRole('list', { name: 'Payments' });
  expect(await paid.getByRole('listitem').allInnerTexts()).toEqual([
    `4.00 USDT on Ethereum: ${first.txHash.slice(0, 10)}…${first.txHash.slice(-6)}`,
    `6.00 USDT on Ethereum: ${second.txHash.slice(0, 10)}…${second.txHash.slice(-6)}`,
  ]);
  await display.getByText('Paid. Thank you!').waitFor({ timeout: PAID_SHOWN_MS });
  await page.getByRole('button', { name: 'New sale' }).click();
  await display.close();
}, uiBudget(20, [UI_WAIT_MS.pay, PAID_SHOWN_MS, UI_WAIT_MS.pay, PAID_SHOWN_MS, PAID_SHOWN_MS]));

test('expired: past the deadline the screen says so; canceled: the Cancel button ends the sale', async () => {
  await charge('7');
  t.advance(16 * 60 * 1000);
  await page.getByText('Expired', { exact: true }).waitFor({ timeout: 10_000 });
  expect(await outcome()).toContain('Nothing was paid');
  await screenshot(page, 'cashier-expired');
  t.advance(-16 * 60 * 1000);
  // Charge again: a new sale of the same amount, no typing.
  const before = (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0].session_id;
  await page.getByRole('button', { name: 'Charge again' }).click();
  await page.getByText('Waiting for payment').waitFor();
  const again = (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0];
  expect(again.session_id).not.toBe(before);
  expect(again.amount).toEqual({ value: '7.00', currency: 'USD' });
  // Esc cancels a sale nothing was paid for, then leaves it for a new one.
  await page.keyboard.press('Escape');
  await page.getByText('Canceled', { exact: true }).waitFor({ timeout: 10_000 });
  expect((await t.api('GET', `/v1/payment/sessions/${again.session_id}`)).body.data.status).toBe('CANCELED');
  await page.keyboard.press('Escape');
  await page.getByLabel('Amount').waitFor();

  await charge('3');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Canceled', { exact: true }).waitFor({ timeout: 10_000 });
  await screenshot(page, 'cashier-canceled');
  await page.getByRole('button', { name: 'New sale' }).click();
  expect(await page.getByLabel('Amount').inputValue()).toBe('');
  expect(errors).toEqual([]);
}, uiBudget(18, [10_000, 10_000, 10_000]));

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
  await display.goto(await displayOf(page, t.url));
  await display.getByText('Welcome').waitFor();

  const { id } = await charge('12.50');
  await page.getByRole('radio', { name: 'USDT on TRON' }).check();
  await display.getByRole('radio', { name: 'USDT on TRON' }).check();
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
  await page.getByRole('radio', { name: 'USDT on Ethereum' }).check();
  const eth = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'QR code: 12.50 USDT on Ethereum' }) });
  expect(decodeQrPng(await eth.getByRole('img').screenshot())).toMatch(/^ethereum:0x[0-9a-fA-F]{40}@1337\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=12500000$/);
  expect(await eth.getByText('Send exactly').count()).toBe(0);
  await page.getByRole('radio', { name: 'USDT on TRON' }).check();
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
  await page.getByText('$7.50 still due').waitFor({ timeout: PAID_SHOWN_MS });
  await expect.poll(() => card.innerText()).toContain('7.50 USDT');
  expect(decodeQrPng(await qr.screenshot())).toBe(tron.address);
  await expect.poll(() => shown.innerText()).toContain('7.50 USDT');
  expect(decodeQrPng(await shown.getByRole('img').screenshot())).toBe(tron.address);

  const rest = await payOnTronDevnet(join(t.dataDir, 'devnet'), tron.address, 7_500_000n);
  await page.getByText('Paid', { exact: true }).waitFor({ timeout: PAID_SHOWN_MS });
  expect(await outcome()).toContain('7.50 USDT on TRON');
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
  await display.goto(await displayOf(page, t.url));
  await display.getByText('Welcome').waitFor();

  // Solana is offered once its watcher has looked the merchant's token accounts up.
  await waitForSolanaPayable(t);
  const { id } = await charge('12.50');
  const solana = (await t.api('GET', `/v1/payment/sessions/${id}`)).body.data.payment_options.find((o: any) => o.network === 'solana' && o.currency === 'USDC');
  expect(solana.uri).toMatch(new RegExp(`^solana:${solana.address}\\?amount=12\\.5&spl-token=[1-9A-HJ-NP-Za-km-z]{32,44}&reference=${solana.reference}&`));
  const name = 'QR code: Solana Pay request for 12.50 USDC on Solana';
  for (const [screen, shown] of [['till', page], ['display', display]] as const) {
    await shown.getByRole('radio', { name: 'USDC on Solana' }).check();
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
  // The display goes back to Welcome by itself a few seconds after a sale ends (the till has not moved on).
  await display.getByText('Welcome').waitFor({ timeout: 8_000 + UI_WAIT_MS.step });
  await page.getByRole('button', { name: 'New sale' }).click();
  expect(displayErrors).toEqual([]);
  expect(errors).toEqual([]);
  await display.close();
}, uiBudget(20, [8_000]));

const TABLET_AND_PHONE = [[1024, 768], [390, 844]] as const;

test('a tablet (1024×768) and a phone (390×844): keypad and Charge on the first screen, nothing to scroll sideways, while entering and during a sale; every QR code payable from a phone', async () => {
  for (const [width, height] of TABLET_AND_PHONE) {
    await page.setViewportSize({ width, height });
    await page.getByLabel('Amount').fill('1234567.89');
    const chargeButton = page.getByRole('button', { name: 'Charge' });
    const box = (await chargeButton.boundingBox())!;
    expect(box.y + box.height, `${width}: Charge within the first screen`).toBeLessThanOrEqual(height);
    expect((await page.getByRole('button', { name: '0', exact: true }).boundingBox())!.y).toBeGreaterThan(0);
    expect(await sidewaysOverflow(page), `${width}: sideways`).toBe(0);
    // The amount stays inside its field: it never runs into the buttons beside or under it.
    const amount = (await page.getByLabel('Amount').boundingBox())!;
    const currency = (await page.getByLabel('Currency').boundingBox())!;
    expect(amount.x + amount.width).toBeLessThanOrEqual(currency.x);
    await screenshot(page, `cashier-entry-${width}`);

    await chargeButton.click();
    await page.getByText('Waiting for payment').waitFor();
    expect(await sidewaysOverflow(page), `${width}: sideways during the sale`).toBe(0);
    const texts = await expectEveryQrPayable(page);
    expect(texts).toHaveLength(1);
    expect((await page.getByRole('img', { name: /^QR code:/ }).boundingBox())!.width).toBeGreaterThanOrEqual(280);
    await screenshot(page, `cashier-waiting-${width}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Canceled', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'New sale' }).click();
  }
  await page.setViewportSize({ width: 1100, height: 1200 });
  expect(errors).toEqual([]);
}, uiBudget(20));

test('with a public URL the payment page\'s QR code is shown, on the till and the display, and holds that URL; Settings names the address', async () => {
  const publicUrl = 'https://pay.shop.example';
  const pub = await openAppInBrowser('cashier', { ...DEVNET_UI_CORE, publicUrl });
  try {
    const display = await pub.browser.newPage({ viewport: { width: 1024, height: 768 } });
    display.setDefaultTimeout(UI_WAIT_MS.step);
    await display.goto(await displayOf(pub.page, pub.t.url));
    await display.getByText('Welcome').waitFor();
    await pub.page.getByLabel('Amount').fill('5');
    await pub.page.getByRole('button', { name: 'Charge' }).click();
    await pub.page.getByText('Waiting for payment').waitFor();
    const id = (await pub.t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0].session_id;
    for (const [width, height] of TABLET_AND_PHONE) {
      for (const shown of [pub.page, display]) {
        await shown.setViewportSize({ width, height });
        const link = shown.getByRole('img', { name: 'QR code: payment link' });
        await link.waitFor();
        expect(decodeQrPng(await link.screenshot())).toBe(`${publicUrl}/pay/${id}`);
        expect(await expectEveryQrPayable(shown)).toHaveLength(2);
        expect(await shown.getByText(LOCAL_ONLY).count()).toBe(0);
        expect(await sidewaysOverflow(shown)).toBe(0);
      }
      await screenshot(pub.page, `cashier-public-url-${width}`);
      await screenshot(display, `display-public-url-${width}`);
    }
    await pub.page.getByRole('button', { name: 'Cancel' }).click();
    await pub.page.getByText('Canceled', { exact: true }).waitFor();
    await pub.page.goto(`${pub.t.url}/#/settings`);
    await pub.page.getByText(`Customers' phones open the payment page at ${publicUrl}.`).waitFor();
    expect(pub.errors).toEqual([]);
  } finally {
    await pub.stop();
  }
}, uiBudget(25, [60_000]));

test('no network ready (every network off): Charge is disabled, with the reason in plain words, at a tablet\'s and a phone\'s size', async () => {
  const off = await openAppInBrowser('cashier', { networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off', solana: 'off' } } });
  try {
    await off.page.getByLabel('Amount').fill('12.50');
    const reason = off.page.getByText('No network can take a payment: no network is set up for this mode. An owner can fix this in Settings → Networks.');
    await reason.waitFor();
    for (const [width, height] of TABLET_AND_PHONE) {
      await off.page.setViewportSize({ width, height });
      const chargeButton = off.page.getByRole('button', { name: 'Charge' });
      expect(await chargeButton.isDisabled()).toBe(true);
      expect(await chargeButton.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
      const box = (await reason.boundingBox())!;
      expect(box.y + box.height, `${width}: the reason on the first screen`).toBeLessThanOrEqual(height);
      await screenshot(off.page, `cashier-no-network-${width}`);
    }
    await off.page.getByLabel('Amount').press('Enter'); // submitting the form charges nothing either
    expect((await off.t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items).toEqual([]);
    expect(off.errors).toEqual([]);
  } finally {
    await off.stop();
  }
}, uiBudget(12, [30_000]));
