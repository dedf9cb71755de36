/**
 * The owner's Day screen in a real browser against the headless app with an Ethereum devnet (issue 30,
 * item 5): a shift on a till with a sale paid on chain and a sale outside any shift; the screen shows
 * the day's totals, the hour bars, the network, the shift with what it charged against what arrived,
 * and downloads the CSV. At a tablet's and a phone's size with no sideways scrolling, screenshots in
 * test-artifacts/; in Spanish it speaks Spanish.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, sidewaysOverflow, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { createSession, evmDevnetOf, option, waitForSession } from '../helpers/evm-chain.js';
import type { TestCore } from '../helpers/test-core.js';

let app: AppInBrowser;
let t: TestCore;
let page: Page;
let errors: string[];

beforeAll(async () => {
  app = await openAppInBrowser('day', DEVNET_UI_CORE);
  ({ t, page, errors } = app);
}, 120_000);
afterAll(async () => app?.stop());

test('the day: totals, the hour bars, the network, the shift and its differences, the CSV; in Spanish too', async () => {
  const eth = evmDevnetOf(t.core.chains, 'ethereum');
  const shift = (await t.api('POST', '/v1/shifts', { body: { till: 'front-till' } })).body.data;
  const inShift = await createSession(t, '20.00', 'USD', { till: 'front-till' });
  const outside = await createSession(t, '5.00', 'USD');
  for (const s of [inShift, outside]) {
    const opt = option(s, 'ethereum', 'USDT');
    await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: opt.address, amountBaseUnits: BigInt(opt.amount_due.replace('.', '')) });
  }
  for (const s of [inShift, outside]) await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', UI_WAIT_MS.payment);
  const report = (await t.api('GET', '/v1/reports/daily')).body.data;

  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByRole('heading', { name: 'Day', exact: true }).waitFor();
  await expect.poll(() => page.getByText('2 sales, 2 paid').count()).toBe(1);
  expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(report.date);
  // The hour bars: 24, the busy hour's bar taller than nothing.
  const bars = page.locator('figure.day-chart rect');
  expect(await bars.count()).toBe(24);
  const hour = report.by_hour.find((h: any) => h.sessions > 0);
  expect(Number(await bars.nth(hour.hour).getAttribute('height'))).toBeGreaterThan(0);
  const network = page.getByRole('table', { name: 'By network' }).getByRole('row').filter({ has: page.getByRole('rowheader') });
  expect(await network.count()).toBe(1);
  expect(await network.getByRole('cell').first().innerText()).toBe('2');
  const shifts = page.getByRole('table', { name: 'Shifts' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'front-till' }) });
  expect(await shifts.count()).toBe(1);
  expect(await shifts.getByRole('cell').nth(2).innerText()).toBe('1');
  expect(await shifts.getByRole('cell').nth(3).innerText()).toMatch(/20\.00 charged, \S*20\.00 arrived/);
  expect(await page.getByText('1 sale was charged outside any shift (counted above).').count()).toBe(1);
  expect(shift.id).toBe(report.shifts[0].id);

  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await sidewaysOverflow(page), `the Day screen at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, `day-${width}`);
  }
  await page.setViewportSize({ width: 1024, height: 768 });

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`day-${report.date}.csv`);

  // Another day: nothing in it.
  await page.getByLabel('Date', { exact: true }).fill('2020-01-01');
  await expect.poll(() => page.getByText('0 sales, 0 paid').count()).toBe(1);
  expect(await page.getByText('No shift was open this day.').count()).toBe(1);

  await page.evaluate('localStorage.setItem("stablepos.language", "es")');
  await page.reload();
  await page.getByRole('heading', { name: 'Día', exact: true }).waitFor();
  await expect.poll(() => page.getByText('2 ventas, 2 pagadas').count()).toBe(1);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'day-es-390');
  expect(errors).toEqual([]);
}, uiBudget(40, [UI_WAIT_MS.pay, UI_WAIT_MS.payment, UI_WAIT_MS.payment]));
