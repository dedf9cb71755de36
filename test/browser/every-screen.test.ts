/**
 * Every screen the owner can reach opens without console errors, and a screenshot of each is kept
 * (test-artifacts/screen-*.png); the customer display too, without signing in.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppInBrowser, openAppInBrowser, screenshot, uiBudget } from '../helpers/browser.js';

let app: AppInBrowser;

beforeAll(async () => {
  app = await openAppInBrowser('cashier');
}, 120_000);
afterAll(async () => app?.stop());

test('each screen in the navigation opens, with its heading, and without console errors', async () => {
  const { page, errors } = app;
  const links = await page.getByRole('navigation', { name: 'Screens' }).getByRole('link').allTextContents();
  expect(links).toEqual(['Cashier', 'Transactions', 'Refunds', 'Balances', 'Day', 'Deposits', 'Webhooks', 'Settings', 'Status']);
  for (const name of links) {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name }).click();
    // Each screen titles itself; the cashier's start screen is "New sale".
    await page.getByRole('heading', { name: name === 'Cashier' ? 'New sale' : name, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `screen-${name.toLowerCase()}`);
  }
  await page.goto(`${app.t.url}/display`);
  await page.getByText('Welcome').waitFor();
  await screenshot(page, 'screen-display');
  expect(errors).toEqual([]);
}, uiBudget(35)); // eight screens of four steps each, and the display
