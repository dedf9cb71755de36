/**
 * An axe-core scan (WCAG 2.0/2.1 A and AA, and axe's best practices) of every screen, at a POS
 * tablet's size (1024×768) and a phone's (390×844, with the Menu closed and open), against the
 * headless app with a devnet: the first-owner setup, the sign-in with its staff picker, each screen
 * of the navigation, the till during a sale (its QR and picker), underpaid and paid, the customer
 * display following it, the hosted checkout page, a transaction's detail, a refund's confirmation,
 * and Settings in live mode. No violation of impact serious or critical is allowed; each one found is
 * named with its rule, help text and the elements it is on. All findings of every impact are kept in
 * test-artifacts/axe-*.json.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { axeFindings } from '../helpers/axe.js';
import { DEVNET_UI_CORE, ensureRendererBuilt, launchBrowser, openPage, rememberDevice, signIn, TEST_OWNER, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { evmDevnetOf } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let eth: Devnet;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  t = await startTestCore({ ...DEVNET_UI_CORE, rendererDir: ensureRendererBuilt() });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser, { bypassCSP: true }));
  await page.setViewportSize(TABLET);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
/** One axe run: it reads every element's styles, which takes a few seconds on a loaded machine. */
const SCAN_MS = 10_000;
/** Bounds for a test of `steps` UI steps and `scans` axe runs, with the waits it has. */
const scanBudget = (steps: number, scans: number, waitsMs: number[] = []) => uiBudget(steps, waitsMs) + scans * SCAN_MS;

/**
 * The serious and critical findings on `p` as it is now, at the tablet's and the phone's size; with
 * `menu`, on the phone also with the navigation Menu open (and whether the Menu folds the links as it
 * should). The page is left at the tablet's size.
 */
async function scan(p: Page, where: string, { menu = false } = {}): Promise<string[]> {
  const findings: string[] = [];
  for (const size of [TABLET, PHONE]) {
    await p.setViewportSize(size);
    findings.push(...(await axeFindings(p, `${where}-${size.width}`)));
    const toggle = p.locator('button.menu-toggle'); // named Menu, then Close
    const firstLink = p.getByRole('navigation', { name: 'Screens' }).getByRole('link').first();
    // The Menu is what the phone's scan opens: a tablet shows the links, a phone folds them behind it.
    const shown = [await toggle.isVisible(), await firstLink.isVisible()];
    if (menu && size === TABLET && String(shown) !== 'false,true') findings.push(`${where}-${size.width}: the Menu button is shown, or the links are not`);
    if (menu && size === PHONE) {
      if (String(shown) !== 'true,false') findings.push(`${where}-${size.width}: the links are not folded behind the Menu button`);
      await toggle.click();
      await firstLink.waitFor();
      findings.push(...(await axeFindings(p, `${where}-${size.width}-menu`)));
      await toggle.click();
    }
  }
  await p.setViewportSize(TABLET);
  return findings;
}

const depositAddress = async (id: string) =>
  (await t.api('GET', `/v1/payment/sessions/${id}`)).body.data.payment_options.find((o: any) => o.network === 'ethereum' && o.currency === 'USDT').address;

test('the first-owner setup', async () => {
  await page.goto(`${t.url}/`);
  await page.getByRole('heading', { name: 'Create the owner' }).waitFor();
  expect(await scan(page, 'setup')).toEqual([]);
}, scanBudget(2, 2));

test('the sign-in with its staff picker', async () => {
  const setup = await t.api('POST', '/v1/ui/setup', { key: null, body: { ...TEST_OWNER, setup_code: await t.setupCode() } });
  expect(setup.status).toBe(200);
  // Staff are shown only to a device known for one of them: this browser, as if the owner had set up here.
  await rememberDevice(page, t.url, setup.headers.get('set-cookie'));
  const s = await createServices(resolveConfig({ dataDir: t.dataDir }));
  try {
    await s.users.add((await s.merchants.defaultMerchant()).id, { name: 'Cas', role: 'cashier', pin: '1357' });
  } finally {
    await s.close();
  }
  await page.reload(); // the app reads whether it has an owner when it loads
  await page.getByRole('group', { name: 'Who is signing in' }).getByRole('button', { name: /^Cas/ }).waitFor();
  const findings = await scan(page, 'sign-in');
  await signIn(page); // first: the next tests need it, whatever this one found
  expect(findings).toEqual([]);
}, scanBudget(4, 2));

test('each screen of the navigation, with the phone\'s Menu closed and open', async () => {
  const nav = page.getByRole('navigation', { name: 'Screens' });
  const names = await nav.getByRole('link').allTextContents();
  expect(names).toEqual(['Cashier', 'Transactions', 'Refunds', 'Balances', 'Day', 'Deposits', 'Webhooks', 'Settings', 'Status']);
  const findings: string[] = [];
  for (const name of names) {
    await nav.getByRole('link', { name }).click();
    await page.getByRole('heading', { name: name === 'Cashier' ? 'New sale' : name, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    findings.push(...(await scan(page, `screen-${name.toLowerCase()}`, { menu: true })));
  }
  expect(findings).toEqual([]);
}, scanBudget(8 * 5, 8 * 3));

test('a sale: the till with its QR and picker, the customer display and the hosted checkout page; then underpaid and paid', async () => {
  const display = (await openPage(browser, { bypassCSP: true })).page;
  await display.setViewportSize(TABLET);
  const till = await page.evaluate<string>('localStorage.getItem("stablepos.till")');
  await display.goto(`${t.url}/display?till=${till}&mode=test`);
  await display.getByText('Welcome').waitFor();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Cashier' }).click();
  await page.getByLabel('Amount').fill('10');
  await page.getByRole('button', { name: 'Charge' }).click();
  await page.getByRole('img', { name: 'QR code: 10.00 USDT on Ethereum' }).waitFor();
  await display.getByRole('img', { name: 'QR code: 10.00 USDT on Ethereum' }).waitFor();
  const session = (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0];
  const findings = [...(await scan(page, 'cashier-sale', { menu: true })), ...(await scan(display, 'display-sale'))];

  const checkout = (await openPage(browser, { bypassCSP: true })).page;
  await checkout.goto(session.payment_url);
  await checkout.getByRole('img', { name: /^QR code:/ }).first().waitFor();
  findings.push(...(await scan(checkout, 'checkout')));
  await checkout.close();

  const to = await depositAddress(session.session_id);
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to, amountBaseUnits: 4_000_000n });
  await page.getByRole('status').filter({ hasText: 'Underpaid' }).waitFor({ timeout: UI_WAIT_MS.payment });
  await display.getByText('Still to pay').waitFor();
  findings.push(...(await scan(page, 'cashier-underpaid')), ...(await scan(display, 'display-underpaid')));

  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to, amountBaseUnits: 6_000_000n });
  await page.getByText('Paid', { exact: true }).waitFor({ timeout: UI_WAIT_MS.payment });
  await display.getByText('Paid. Thank you!').waitFor({ timeout: UI_WAIT_MS.payment });
  findings.push(...(await scan(page, 'cashier-paid')), ...(await scan(display, 'display-paid')));
  await display.close();
  await page.getByRole('button', { name: 'New sale' }).click();
  expect(findings).toEqual([]);
}, scanBudget(16, 3 + 2 + 2 + 4 + 4, [UI_WAIT_MS.pay, UI_WAIT_MS.payment, UI_WAIT_MS.pay, UI_WAIT_MS.payment]));

test('a transaction\'s detail and a refund\'s confirmation', async () => {
  const paid = (await t.api('GET', '/v1/payment/sessions?status=SUCCEEDED&limit=1')).body.data.items[0];
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Transactions' }).click();
  await page.getByRole('button', { name: `Details of ${paid.session_id}` }).click();
  const detail = page.getByRole('region', { name: 'Session details' });
  await detail.getByRole('link', { name: 'Refund…' }).waitFor();
  const findings = await scan(page, 'transaction-detail');

  await detail.getByRole('link', { name: 'Refund…' }).click();
  const form = page.getByRole('form', { name: 'New refund' });
  await form.getByLabel(/Amount to refund/).fill('1');
  await form.getByRole('button', { name: 'Refund…' }).click();
  await page.getByRole('dialog').waitFor();
  findings.push(...(await scan(page, 'refund-confirm')));
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  expect(findings).toEqual([]);
}, scanBudget(8, 4));

test('Settings in live mode, and the switch to it', async () => {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Switch to live mode…' }).click();
  const confirm = page.getByRole('form', { name: 'Switch to live mode' });
  await confirm.getByLabel('Your PIN').waitFor();
  const findings = await scan(page, 'live-switch');
  await confirm.getByLabel('Your PIN').fill(TEST_OWNER.pin);
  await confirm.getByRole('button', { name: 'Switch to live mode' }).click();
  await page.getByRole('button', { name: 'Switch to test mode' }).waitFor();
  await page.waitForLoadState('networkidle');
  findings.push(...(await scan(page, 'settings-live', { menu: true })));
  expect(findings).toEqual([]);
  expect(errors).toEqual([]);
}, scanBudget(7, 5));
