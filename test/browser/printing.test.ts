/**
 * The receipt's print on the till's paid screen (docs/ui.md, "Printing"), in a real browser against
 * the headless app with the Ethereum devnet and local stand-ins for the network printer
 * (test/helpers/printer-server.ts): a printer out of paper shows "Not printed." with why and Retry,
 * the sale paid all the same; Retry once it is back prints, and says so; Print again prints another.
 * Then the owner's Settings → Receipt printer. Screenshots in test-artifacts/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, switchToLiveMode, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { evmDevnetOf } from '../helpers/evm-chain.js';
import { escposJob, FakePrinters, jobText, setShopPrinter } from '../helpers/printer-server.js';
import type { TestCore } from '../helpers/test-core.js';

let app: AppInBrowser;
let t: TestCore;
let eth: Devnet;
let page: Page;
let errors: string[];
const printers = new FakePrinters();

beforeAll(async () => {
  app = await openAppInBrowser('cashier', {
    ...DEVNET_UI_CORE,
    printing: { receiptBytes: async (id) => escposJob(`Receipt ${id}`), connectTimeoutMs: 1000, writeTimeoutMs: 1000 },
  });
  ({ t, page, errors } = app);
  eth = evmDevnetOf(t.core.chains, 'ethereum');
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await printers.closeAll();
});

const setPrinter = (url: string, printOnPaid: boolean) => setShopPrinter(t, url, printOnPaid);

test('a printer out of paper: "Not printed." with why and Retry, the sale paid; Retry prints once it is back; Print again prints another', async () => {
  const stalled = await printers.start('stalled');
  await setPrinter(stalled.url, true);
  for (const k of '2.40') await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: k, exact: true }).click();
  await page.getByRole('button', { name: 'Charge' }).click();
  await page.getByText('Waiting for payment').waitFor();
  const s = (await t.api('GET', '/v1/payment/sessions?limit=1')).body.data.items[0];
  const address = s.payment_options.find((o: any) => o.network === 'ethereum' && o.currency === 'USDT').address;
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: address, amountBaseUnits: 2_400_000n });
  await page.getByText('Paid', { exact: true }).waitFor({ timeout: UI_WAIT_MS.payment });

  // The automatic print fails within its timeouts (1 s + 1 s): said plainly, with Retry.
  await page.getByText('Not printed.').waitFor();
  expect(await page.getByRole('alert').innerText()).toMatch(/Check that the printer is on, has paper[\s\S]*did not take the receipt within 1 s/);
  expect(await page.getByRole('button', { name: 'New sale' }).count()).toBe(1);
  await screenshot(page, 'printing-not-printed');

  const p = await printers.start('capture');
  await setPrinter(p.url, true);
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('Receipt printed.').waitFor();
  expect(p.jobs.map((j) => jobText(j))).toEqual([`Receipt ${s.session_id}`]);
  expect(await page.getByText('Not printed.').count()).toBe(0);
  await screenshot(page, 'printing-printed');
  await page.getByRole('button', { name: 'Print again' }).click();
  await p.waitForJobs(2);
  await page.getByText('Receipt printed.').waitFor();
  // The till goes on: New sale starts the next one whatever the printer did.
  await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByLabel('Amount').waitFor();
  expect(errors).toEqual([]);
}, uiBudget(16, [UI_WAIT_MS.pay, UI_WAIT_MS.payment]));

test('Settings → Receipt printer: the owner sets it in live mode; a public address is refused with why', async () => {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'Receipt printer' });
  // The owner's sign-in is in test mode: the shared printer is changed in live mode only.
  await card.getByText('can be changed only in live mode', { exact: false }).waitFor();
  await switchToLiveMode(page);
  // What the live printer is now: the one the first test left (on paid, the capture stand-in).
  await card.getByText('Printing each paid sale\'s receipt on tcp://127.0.0.1:', { exact: false }).waitFor();
  await card.getByLabel('Printer address').fill('tcp://8.8.8.8');
  await card.getByRole('button', { name: 'Save printer' }).click();
  await card.getByRole('alert').waitFor();
  expect(await card.getByRole('alert').innerText()).toMatch(/public internet address/);
  await card.getByLabel('Printer address').fill('tcp://192.168.1.77');
  await card.getByRole('button', { name: 'Save printer' }).click();
  await card.getByText('Printing each paid sale\'s receipt on tcp://192.168.1.77:9100.').waitFor();
  await screenshot(page, 'printing-settings');
  expect((await t.api('GET', '/v1/settings/printer', { key: t.liveKey })).body.data).toEqual({ object: 'printer_settings', url: 'tcp://192.168.1.77:9100', print_on_paid: true });
  // The refused address's 400, which the browser logs, is the only error.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
}, uiBudget(14));
