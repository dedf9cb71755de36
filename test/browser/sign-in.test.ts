/**
 * PIN sign-in in a real browser (Debian's Chromium) against the headless app: the first owner is
 * created on the setup screen with the one-time setup code (PIN tapped on the keypad), signs out, a wrong PIN is refused on
 * screen, the right one lets the owner reach Balances; a cashier picks their name from the staff
 * shown and taps the PIN, sees no Balances link, and the API refuses it the balance.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { ensureRendererBuilt, launchBrowser, openPage, screenshot, uiBudget } from '../helpers/browser.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  t = await startTestCore({ rendererDir: ensureRendererBuilt() });
  browser = await launchBrowser();
  ({ page, errors } = await openPage(browser));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

const tap = async (digits: string) => {
  for (const d of digits) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: d, exact: true }).click();
};

async function signIn(name: string, pin: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('first start: create the owner with the setup code, sign out, a wrong PIN is refused, the right one opens Balances', async () => {
  await page.goto(`${t.url}/`);
  await page.getByRole('heading', { name: 'Create the owner' }).waitFor();
  // A browser is asked for the one-time code that `stablepos serve` printed, and told where it comes from.
  expect(await page.locator('#setup-code-help').textContent()).toMatch(/printed where it was started.*stablepos serve.*stablepos users setup-code/s);
  await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC');
  await page.getByLabel('Name').fill('Olga');
  await page.getByLabel('PIN', { exact: true }).fill('2580');
  await page.getByLabel('Confirm PIN').fill('2580');
  await page.getByRole('button', { name: 'Create owner and sign in' }).click();
  await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual([
    'That setup code does not work. Use the code printed by the app\'s latest start, or run stablepos users setup-code for a new one.',
  ]);
  await screenshot(page, 'sign-in-setup-code-wrong');
  await page.getByLabel('Setup code').fill((await t.setupCode()).toLowerCase());
  await page.getByLabel('PIN', { exact: true }).fill('');
  await page.getByLabel('Confirm PIN').fill('');
  await page.getByLabel('PIN', { exact: true }).focus();
  await tap('2580');
  await page.getByLabel('Confirm PIN').focus();
  await tap('2581');
  await page.getByRole('button', { name: 'Delete last digit' }).click();
  await tap('0');
  await screenshot(page, 'sign-in-first-owner');
  await page.getByRole('button', { name: 'Create owner and sign in' }).click();

  await expect.poll(() => page.locator('.who').textContent()).toBe('Olga owner');
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Balances' }).click();
  await page.getByRole('heading', { name: 'Balances' }).waitFor();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.getByRole('link', { name: 'Balances' }).count()).toBe(0);

  await signIn('Olga', '9999');
  await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['Wrong name or PIN.']);
  await screenshot(page, 'sign-in-wrong-pin');

  // The keyboard works too: type the PIN into the field and press Enter.
  await page.getByLabel('PIN', { exact: true }).fill('');
  await page.getByLabel('PIN', { exact: true }).pressSequentially('2580');
  await page.getByLabel('PIN', { exact: true }).press('Enter');
  await expect.poll(() => page.locator('.who').textContent()).toBe('Olga owner');
  await page.getByRole('link', { name: 'Balances' }).click();
  await page.getByRole('heading', { name: 'Balances' }).waitFor();
  // The only console errors are the browser's log of the refused setup code and sign-in.
  expect(errors).toEqual([expect.stringMatching(/status of 400/), expect.stringMatching(/status of 401/)]);
}, uiBudget(25));

test('a cashier taps their name and PIN, sees no Balances link, and the API refuses them the balance', async () => {
  const s = await createServices(resolveConfig({ dataDir: t.dataDir }));
  try {
    await s.users.add((await s.merchants.defaultMerchant()).id, { name: 'Cas', role: 'cashier', pin: '1357' });
  } finally {
    await s.close();
  }
  // A browser that never signed in here is shown no names: it types one.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`${t.url}/`);
  await strangerPage.getByRole('heading', { name: 'Sign in' }).waitFor();
  await strangerPage.getByLabel('Name').waitFor();
  expect(await strangerPage.getByRole('group', { name: 'Who is signing in' }).count()).toBe(0);
  await screenshot(strangerPage, 'sign-in-unknown-device');
  await stranger.close();

  await page.getByRole('button', { name: 'Sign out' }).click();
  // A till where staff signed in before shows its staff to tap, cashiers first; the tap picks the name and moves on to the PIN.
  const picker = page.getByRole('group', { name: 'Who is signing in' });
  await expect.poll(() => picker.getByRole('button').allTextContents()).toEqual(['Cascashier', 'Olgaowner']);
  await picker.getByRole('button', { name: /^Cas/ }).click();
  expect(await page.getByLabel('Name').inputValue()).toBe('Cas');
  expect(await page.getByLabel('PIN', { exact: true }).evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
  expect(await picker.getByRole('button', { name: /^Cas/ }).getAttribute('aria-pressed')).toBe('true');
  await screenshot(page, 'sign-in-staff-picker');
  await tap('1357');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.locator('.who').textContent()).toBe('Cas cashier');
  // The list is names and roles only, nothing else about a person, and only to a known device.
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  expect(cookies).toMatch(/stablepos_known_usr_/);
  expect((await t.api('GET', '/v1/ui/staff', { key: null, headers: { cookie: cookies } })).body.data.items).toEqual([{ name: 'Cas', role: 'cashier' }, { name: 'Olga', role: 'owner' }]);
  expect((await t.api('GET', '/v1/ui/staff', { key: null })).body.data.items).toEqual([]);
  expect(await page.getByRole('link', { name: 'Status' }).count()).toBe(1);
  expect(await page.getByRole('link', { name: 'Balances' }).count()).toBe(0);

  // The UI's own token, taken from the page's sessionStorage, gets 403 from the API.
  const token = await page.evaluate('sessionStorage.getItem("stablepos.uiSession")');
  expect(token).toMatch(/^uit_/);
  const res = await t.api('GET', '/v1/balance', { key: token as string });
  expect(res.status).toBe(403);
  expect(res.body.error.code).toBe('role_forbidden');

  // Straight to the screen by its address: refused on screen as well.
  await page.goto(`${t.url}/#/balances`);
  await expect.poll(() => page.getByRole('alert').allTextContents()).toEqual(['Only an owner can open Balances.']);
  await screenshot(page, 'sign-in-cashier');
});

test('when the sign-in expires, the UI returns to the sign-in screen', async () => {
  // On a reload: the stored sign-in is checked and found over.
  t.advance(13 * 3_600_000); // past the cashier's 12 h of inactivity
  await page.reload();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();

  // In use: the next refused call sends the owner back to sign in, saying why.
  await signIn('Olga', '2580');
  await page.goto(`${t.url}/#/balances`);
  await page.getByRole('heading', { name: 'Balances' }).waitFor();
  // The screen done loading (its chart's code comes in a chunk of its own, redrawing the screen, and
  // Refresh is disabled while it loads), so the click below is the call that is refused.
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
  t.advance(9 * 3_600_000); // past the owner's 8 h
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.getByRole('alert').allTextContents()).toEqual(['Your sign-in has ended. Sign in again.']);
});
