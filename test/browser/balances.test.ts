/**
 * The Balances screen in a real browser (Debian's Chromium) against the headless app with a devnet:
 * sign in as the owner with a PIN, see a paid session's money pending, let it settle, convert part of it
 * through a quote, and see the accounts, the chart and the conversion, with no console errors.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { createSession, option, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import type { TestCore } from '../helpers/test-core.js';

let app: AppInBrowser;
let t: TestCore;
let page: Page;
let errors: string[];

beforeAll(async () => {
  // The test moves the clock a day on while signed in.
  app = await openAppInBrowser('balances', { ...DEVNET_UI_CORE, uiSessionIdleMs: { owner: 48 * 3_600_000 } });
  ({ t, page, errors } = app);
}, 120_000);
afterAll(async () => app?.stop());

const row = (currency: string) => page.getByRole('table', { name: 'Funds accounts' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: currency }) });

test('signed in as the owner, the Balances screen shows a paid session pending, then available after midnight', async () => {
  const eth = evmDevnetOf(t.core.chains, 'ethereum');
  const s = await createSession(t, '100', 'USDT');
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 100_000_000n });
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', UI_WAIT_MS.payment);

  await page.getByRole('button', { name: 'Refresh' }).click(); // the session was paid after the screen opened
  await expect.poll(() => row('USDT').getByRole('cell').allTextContents()).toEqual(['0.00 USDT', '98.40 USDT']);
  await expect.poll(() => page.getByText('98.40 USDT available').count()).toBe(1);
  // What the pending money is made of, in words.
  const parts = page.getByRole('table', { name: 'What makes up each balance' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'USDT' }) });
  await expect.poll(() => parts.getByRole('cell').first().innerText()).toBe('98.40 USDT\n100.00 USDT paid − 1.60 USDT fees');
  // The chart: dated x-axis ticks, amounts on the y-axis, a legend per coin, and the period's net.
  const chart = page.locator('figure.chart');
  await expect.poll(async () => (await chart.locator('.recharts-legend-item-text').allTextContents()).sort()).toEqual(['Net sales in USDC', 'Net sales in USDT']);
  const xTick = chart.locator('.recharts-xAxis-tick-labels text');
  await expect.poll(() => xTick.count()).toBeGreaterThanOrEqual(3);
  const xTicks = await xTick.allTextContents();
  expect(xTicks.every((x) => /^[A-Z][a-z]{2} \d{1,2}$/.test(x)), xTicks.join(' | ')).toBe(true);
  const yTicks = await chart.locator('.recharts-yAxis-tick-labels text').allTextContents();
  expect(yTicks).toContain('0');
  expect(yTicks.some((y) => Number(y.replace(/,/g, '')) >= 98.4), yTicks.join(' | ')).toBe(true);
  expect(await chart.getByText('Last 30 days: 98.4 USDT, 0 USDC net in all').count()).toBe(1);
  await screenshot(page, 'balances-pending');
  for (const [width, height] of [[1280, 800], [1024, 768], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await expect.poll(() => xTick.count()).toBeGreaterThanOrEqual(3); // redrawn at the new width
    await screenshot(page, `balances-pending-${width}`);
  }
  await page.setViewportSize({ width: 1100, height: 1200 });

  // Past the next midnight (UTC, the default time zone) the settlement job makes it available.
  t.advance(24 * 60 * 60 * 1000);
  await waitFor(async () => (await t.api('GET', '/v1/balance')).body.data.accounts.find((a: any) => a.currency === 'USDT').available.value === '98.400000', 5_000, 'settlement');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => row('USDT').getByRole('cell').allTextContents()).toEqual(['98.40 USDT', '0.00 USDT']);
  expect(await page.getByText('Nothing pending.').count()).toBe(1);
}, uiBudget(10, [UI_WAIT_MS.pay, UI_WAIT_MS.payment, 5_000]));

test('convert through a quote: the rate, fee and amount are shown, then the EUR account appears', async () => {
  await page.getByLabel('Amount').fill('50');
  await page.getByLabel('To').selectOption('EUR');
  await page.getByRole('button', { name: 'Get a quote' }).click();
  await expect.poll(() => page.getByText(/50\.00 USDT → €46\.06/).count()).toBe(1);
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  await expect.poll(() => row('EUR').getByRole('cell').allTextContents()).toEqual(['€46.06', '€0.00']);
  expect(await row('USDT').getByRole('cell').allTextContents()).toEqual(['48.40 USDT', '0.00 USDT']);
  expect(await page.getByText(/50\.00 USDT → €46\.06$/).count()).toBe(1); // the recent conversions list

  expect(errors).toEqual([]);

  // The quote's rate as people read one: 6 decimals at most, not the API's 12.
  await page.getByLabel('Amount').fill('1000');
  await page.getByRole('button', { name: 'Get a quote' }).click();
  expect(await page.locator('.quote').innerText()).toMatch(/\(rate \d+\.\d{1,6},/);
  // An amount above what is available: the API's words with the amount as the app writes amounts (the browser logs the 409).
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['Only 48.40 USDT is available to convert (pending funds become available when they settle).']);
  await screenshot(page, 'balances-converted');
  expect(errors).toEqual([expect.stringMatching(/status of 409/)]);
});
