/**
 * PINs and live mode in a real browser, at a tablet's (1024×768) and a phone's (390×844) size: the
 * switch to live says first that no live network is ready and what each lacks, and the till in live
 * mode says how to get ready; an owner sets a cashier's new PIN from Settings → Staff once confirmed;
 * anyone signed in changes their own PIN from the top bar (current PIN asked, confirmed first), which
 * ends their other sign-ins and keeps this one.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type AppInBrowser, openAppInBrowser, screenshot, TEST_OWNER, uiBudget } from '../helpers/browser.js';
import type { TestCore } from '../helpers/test-core.js';

const TABLET_AND_PHONE = [[1024, 768], [390, 844]] as const;

let app: AppInBrowser;
let t: TestCore;
let page: Page;
let errors: string[];

const dialog = () => page.getByRole('dialog');
const rightEdge = async (l: Locator) => {
  const box = (await l.boundingBox())!;
  return box.x + box.width;
};
const sideways = () => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
/** On a phone the top bar's buttons fold behind Menu. */
async function topBarButton(name: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole('button', { name });
}
const signInOverApi = async (user: string, pin: string) => (await t.api('POST', '/v1/ui/sessions', { key: null, body: { user, pin } })).body.data?.token as string;

beforeAll(async () => {
  // No test network either: the till is blocked in both modes, and only live readiness is asked about.
  app = await openAppInBrowser('settings', { networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off', solana: 'off' } } });
  ({ t, page, errors } = app);
}, 120_000);
afterAll(async () => app?.stop());

test('live mode with no network ready: the switch says so first, per network, and the till says how to get ready', async () => {
  await page.getByRole('button', { name: 'Switch to live mode…' }).click();
  for (const [width, height] of TABLET_AND_PHONE) {
    await page.setViewportSize({ width, height });
    const form = page.getByRole('form', { name: 'Switch to live mode' });
    const note = form.getByRole('note', { name: 'Live mode is not ready' });
    await note.waitFor();
    const text = await note.innerText();
    expect(text).toContain('No live network is ready yet. In live mode the till will not take payments until one is');
    expect(text).toContain("Ethereum needs an RPC endpoint and the shop's live wallet.");
    expect(text).toContain('You can switch anyway');
    expect(text).not.toMatch(/\/v1\/|rpc_url|payable_coin/);
    await form.getByRole('button', { name: 'Switch to live mode anyway' }).waitFor();
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, `live-not-ready-${width}`);
    // (Other Settings tables are wider than a phone today: the warning itself must fit.)
    expect(await rightEdge(note), `${width}: the warning fits the screen's width`).toBeLessThanOrEqual(width);
  }

  // Switching anyway is allowed (live settings are made in live mode), and live mode keeps saying it.
  const form = page.getByRole('form', { name: 'Switch to live mode' });
  await form.getByLabel('Your PIN').fill(TEST_OWNER.pin);
  await form.getByRole('button', { name: 'Switch to live mode anyway' }).click();
  await page.getByRole('button', { name: 'Switch to test mode' }).waitFor();
  const live = page.getByRole('note', { name: 'Live mode is not ready' });
  expect(await live.innerText()).toContain('The till will not take payments until one is');
  expect(await live.innerText()).toContain('Set one up below under Networks → Live networks');

  await page.goto(`${t.url}/#/cashier`);
  await page.getByLabel('Amount').fill('12.50');
  const reason = page.getByText('No network can take a payment: no live network is set up yet. An owner adds one in Settings → Networks (an RPC endpoint and the live wallet).');
  await reason.waitFor();
  expect(await page.getByRole('button', { name: 'Charge' }).isDisabled()).toBe(true);
  await screenshot(page, 'live-not-ready-till-390');
  await page.setViewportSize({ width: 1024, height: 768 });
  const box = (await page.getByRole('button', { name: 'Charge' }).boundingBox())!;
  expect(box.y + box.height, 'Charge on a tablet\'s first screen').toBeLessThanOrEqual(768);
  await screenshot(page, 'live-not-ready-till-1024');
  expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
}, uiBudget(40));

test('Settings → Staff: an owner sets a cashier\'s new PIN once confirmed; the cashier is signed out everywhere', async () => {
  // Live mode since the test above: staff can be changed.
  expect((await t.api('POST', '/v1/users', { key: t.liveKey, body: { name: 'Cem', role: 'cashier', pin: '3141' } })).status).toBe(200);
  const cem = await signInOverApi('Cem', '3141');
  await page.goto(`${t.url}/#/settings`);
  await page.reload(); // Cem was added behind the screen's back
  for (const [width, height] of TABLET_AND_PHONE) {
    await page.setViewportSize({ width, height });
    await page.getByRole('button', { name: 'Change PIN of Cem' }).waitFor();
    expect(await page.getByRole('button', { name: `Change PIN of ${TEST_OWNER.name}` }).count(), 'one\'s own PIN is changed with the current PIN').toBe(0);
    expect(await rightEdge(page.getByRole('table', { name: 'Staff' })), `${width}: the staff table fits the screen's width`).toBeLessThanOrEqual(width);
  }

  await page.getByRole('button', { name: 'Change PIN of Cem' }).click();
  const form = page.getByRole('form', { name: 'New PIN for Cem' });
  await form.getByLabel('New PIN for Cem').fill('1111');
  await form.getByRole('button', { name: 'Set new PIN' }).click();
  expect(await dialog().getByRole('heading').innerText()).toBe('Set a new PIN for Cem?');
  await dialog().getByRole('button', { name: "Set Cem's new PIN" }).click();
  await form.getByRole('alert').filter({ hasText: 'The PIN must not be one digit repeated' }).waitFor();
  expect(await signInOverApi('Cem', '3141')).toMatch(/^uit_/);

  // Cancel leaves the PIN as it was.
  await form.getByLabel('New PIN for Cem').fill('4826');
  await form.getByRole('button', { name: 'Set new PIN' }).click();
  expect(await dialog().innerText()).toContain('the old PIN stops working, and Cem is signed out at once on every till');
  await screenshot(page, 'staff-pin-confirm-390');
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog().count()).toBe(0);
  expect((await t.api('GET', '/v1/ui/sessions/current', { key: cem })).status).toBe(200);

  await form.getByRole('button', { name: 'Set new PIN' }).click();
  await dialog().getByRole('button', { name: "Set Cem's new PIN" }).click();
  await form.getByRole('status').filter({ hasText: "Cem's new PIN is set." }).waitFor();
  expect((await t.api('GET', '/v1/ui/sessions/current', { key: cem })).status).toBe(401);
  expect(await signInOverApi('Cem', '3141')).toBeUndefined();
  expect(await signInOverApi('Cem', '4826')).toMatch(/^uit_/);
  await form.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => form.count()).toBe(0);
}, uiBudget(40));

test('Change my PIN, from the top bar at a tablet\'s and a phone\'s size: current PIN asked, confirmed first; other sign-ins end, this one stays', async () => {
  const elsewhere = await signInOverApi(TEST_OWNER.name, TEST_OWNER.pin);
  const pins = [TEST_OWNER.pin, '8642', '9753'];
  for (const [i, [width, height]] of TABLET_AND_PHONE.entries()) {
    const [current, next] = [pins[i] as string, pins[i + 1] as string];
    await page.setViewportSize({ width, height });
    await page.goto(`${t.url}/#/cashier`);
    await (await topBarButton('Change my PIN')).click();
    const form = dialog().getByRole('form', { name: 'Change my PIN' });
    await form.getByLabel('Current PIN').fill('0000');
    await form.getByLabel('New PIN', { exact: true }).fill(next);
    await form.getByLabel('New PIN again').fill(`${next}1`);
    await form.getByRole('button', { name: 'Change PIN…' }).click();
    await form.getByRole('alert').filter({ hasText: 'type the new PIN twice the same' }).waitFor();
    await form.getByLabel('New PIN again').fill(next);
    await form.getByRole('button', { name: 'Change PIN…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change your PIN?' });
    expect(await confirm.innerText()).toContain('your other sign-ins, on other tills and browsers, end at once');
    await confirm.getByRole('button', { name: 'Change my PIN' }).click();
    await form.getByRole('alert').filter({ hasText: 'Wrong current PIN.' }).waitFor();
    expect(await sideways(), `${width}: nothing to scroll sideways`).toBeLessThanOrEqual(0);
    await screenshot(page, `my-pin-${width}`);

    await form.getByLabel('Current PIN').fill(current);
    await form.getByRole('button', { name: 'Change PIN…' }).click();
    await confirm.getByRole('button', { name: 'Change my PIN' }).click();
    await form.getByRole('status').filter({ hasText: 'Your PIN is changed.' }).waitFor();
    await form.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    // This sign-in stays: the next screen still loads.
    await page.goto(`${t.url}/#/transactions`);
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    expect(await signInOverApi(TEST_OWNER.name, current)).toBeUndefined();
    expect(await signInOverApi(TEST_OWNER.name, next)).toMatch(/^uit_/);
  }
  expect((await t.api('GET', '/v1/ui/sessions/current', { key: elsewhere })).status).toBe(401);
  expect(errors.filter((e) => !/favicon|status of 400/.test(e))).toEqual([]);
}, uiBudget(60));
