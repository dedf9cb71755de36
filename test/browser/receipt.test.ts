/**
 * Receipts in a real browser (docs/receipts.md), against the headless app with the ethereum devnet and
 * a public URL a phone would reach: the customer display shows the receipt QR under "Paid", the
 * payment page shows "Your receipt" after paying, both QRs open /pay/{id}/receipt, and the receipt
 * page and the printable page render without errors, CSP violations or serious axe findings.
 * Screenshots at 1024×768 and 390×844 in test-artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { axeFindings } from '../helpers/axe.js';
import { DEVNET_UI_CORE, ensureRendererBuilt, launchBrowser, openPage, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { evmDevnetOf, option, PAY_MS, waitForSession } from '../helpers/evm-chain.js';
import { decodeQrPng } from '../helpers/qr-decode.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const PUBLIC_URL = 'https://pay.shop.example';
const SIZES = [[1024, 768], [390, 844]] as const;

let t: TestCore;
let browser: Browser;
let sessionId: string;

beforeAll(async () => {
  t = await startTestCore({ ...DEVNET_UI_CORE, publicUrl: PUBLIC_URL, rendererDir: ensureRendererBuilt() });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

async function qrOf(page: Page, name: string): Promise<string | null> {
  return decodeQrPng(await page.getByRole('img', { name }).screenshot());
}

test('the customer display shows the receipt QR under "Paid"; the payment page shows "Your receipt"; both open the receipt page', async () => {
  const created = await t.api('POST', '/api/v1/checkout/sessions/create', {
    body: {
      currency: 'EUR', mode: 'payment', success_url: 'https://shop.example/ok', cancel_url: 'https://shop.example/back',
      line_items: [
        { quantity: 2, price_data: { currency: 'EUR', unit_amount: 350, product_data: { name: 'Café con leche' } } },
        { quantity: 1, price_data: { currency: 'EUR', unit_amount: 425, product_data: { name: 'Tarta de queso' } } },
      ],
    },
  });
  expect(created.status, created.text).toBe(200);
  const s = created.body.data;
  sessionId = s.session_id;
  expect((await t.api('PUT', '/v1/display', { body: { session_id: sessionId, till: 'till-receipt' } })).status).toBe(200);

  const { page: display, errors: displayErrors } = await openPage(browser);
  await display.setViewportSize({ width: 1024, height: 768 });
  await display.goto(`${t.url}/display?till=till-receipt&mode=test`);
  await display.getByRole('img', { name: 'QR code: payment link' }).waitFor();
  const { page: payPage, errors: payErrors } = await openPage(browser);
  await payPage.setViewportSize({ width: 390, height: 844 });
  await payPage.goto(`${t.url}/pay/${sessionId}`);
  expect(await payPage.locator('.receipt-link').isHidden()).toBe(true);

  const opt = option(s, 'ethereum', 'USDT');
  await mintAndPay(evmDevnetOf(t.core.chains, 'ethereum'), { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: opt.address, amountBaseUnits: BigInt(opt.amount_due.replace('.', '')) });
  await waitForSession(t, sessionId, (x) => x.status === 'SUCCEEDED', UI_WAIT_MS.payment);

  const receiptUrl = `${PUBLIC_URL}/pay/${sessionId}/receipt`;
  await display.getByText('Paid. Thank you!').waitFor();
  await display.getByText('Scan for your receipt on your phone.').waitFor();
  expect(await qrOf(display, 'QR code: your receipt')).toBe(receiptUrl);
  for (const [width, height] of SIZES) {
    await display.setViewportSize({ width, height });
    await screenshot(display, `display-receipt-qr-${width}`);
  }

  // The payment page's script shows the receipt link when the live status says SUCCEEDED.
  await payPage.getByRole('link', { name: 'View your receipt' }).waitFor();
  expect(await payPage.getByRole('link', { name: 'View your receipt' }).getAttribute('href')).toBe(receiptUrl);
  expect(await qrOf(payPage, 'QR code: your receipt, to open on your phone')).toBe(receiptUrl);
  for (const [width, height] of SIZES) {
    await payPage.setViewportSize({ width, height });
    await screenshot(payPage, `checkout-paid-receipt-link-${width}`);
  }
  expect(displayErrors).toEqual([]);
  expect(payErrors).toEqual([]);
  await display.close();
  await payPage.close();
}, uiBudget(8, [PAY_MS, UI_WAIT_MS.payment]));

test('the receipt page (no credentials) and the printable page render cleanly at both sizes', async () => {
  const { page, errors } = await openPage(browser);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.goto(`${t.url}/pay/${sessionId}/receipt`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/2 × Café con leche 7\.00 EUR/);
    expect(text).toMatch(/Total 11\.25 EUR/);
    expect(text).toContain('Test mode · no real money');
    // The page fits a phone: nothing wider than the screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await screenshot(page, `receipt-page-${width}`);
  }
  expect(errors).toEqual([]);
  await page.close();

  // The printable page, as the back office opens it with a key, then as printed (80 mm).
  const context = await browser.newContext({ extraHTTPHeaders: { authorization: `Bearer ${t.testKey}` }, viewport: { width: 1024, height: 768 } });
  const printable = await context.newPage();
  const printErrors: string[] = [];
  printable.on('console', (m) => { if (m.type() === 'error') printErrors.push(m.text()); });
  await printable.goto(`${t.url}/v1/payment/sessions/${sessionId}/receipt?format=html`);
  expect(await qrOf(printable, 'QR code: this receipt online')).toBe(`${PUBLIC_URL}/pay/${sessionId}/receipt`);
  await screenshot(printable, 'receipt-printable-1024');
  await printable.emulateMedia({ media: 'print' });
  expect(await printable.evaluate<number>('document.querySelector("main").getBoundingClientRect().width')).toBeCloseTo(80 * 96 / 25.4, 0);
  await screenshot(printable, 'receipt-printable-print');
  expect(printErrors).toEqual([]); // a CSP refusal of its inline style would show here
  await context.close();
}, uiBudget(6));

test('axe: the display\'s paid screen with the receipt QR, the paid payment page and the receipt page have no serious findings', async () => {
  // A page of its own that lets axe's script in (the app's CSP refuses inline scripts: test/helpers/axe.ts).
  const { page } = await openPage(browser, { bypassCSP: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  const findings: string[] = [];
  await page.goto(`${t.url}/display?till=till-receipt&mode=test`);
  await page.getByText('Scan for your receipt on your phone.').waitFor();
  findings.push(...(await axeFindings(page, 'display-receipt-qr')));
  await page.goto(`${t.url}/pay/${sessionId}`);
  await page.getByRole('link', { name: 'View your receipt' }).waitFor();
  findings.push(...(await axeFindings(page, 'checkout-paid-receipt-link')));
  await page.goto(`${t.url}/pay/${sessionId}/receipt`);
  findings.push(...(await axeFindings(page, 'receipt-page')));
  expect(findings).toEqual([]);
  await page.close();
}, uiBudget(6));
