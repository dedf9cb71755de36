/**
 * The Transactions screen in a real browser: sessions with filters and search (amount, description,
 * id), the detail view with its payments and event timeline, its Refund button opening the sale's
 * refund form, "Accept as paid" confirmed with what it writes off (and, refunded in part, what the sale keeps), paging, the CSV export, and a
 * cashier offered none of the owner's buttons, against the headless app with a devnet.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, signIn, TEST_OWNER, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { createSession, option, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import type { TestCore } from '../helpers/test-core.js';

let app: AppInBrowser;
let t: TestCore;
let page: Page;
let errors: string[];
let paidId: string;

beforeAll(async () => {
  app = await openAppInBrowser('transactions', DEVNET_UI_CORE);
  ({ t, page, errors } = app);
  const eth = evmDevnetOf(t.core.chains, 'ethereum');
  for (let i = 0; i < 23; i++) await createSession(t, `${i + 1}.00`, 'USD', { description: `item ${i + 1}` });
  const paid = await createSession(t, '42.42', 'EUR');
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDC', to: option(paid, 'ethereum', 'USDC').address, amountBaseUnits: BigInt(Number(option(paid, 'ethereum', 'USDC').amount_due) * 1e6) });
  paidId = (await waitForSession(t, paid.session_id, (x) => x.status === 'SUCCEEDED', 15_000)).session_id;
  await page.getByRole('button', { name: 'Apply' }).click(); // the list was read before these existed
}, 120_000);
afterAll(async () => app?.stop());

const rows = () => page.getByRole('table', { name: 'Payment sessions' }).getByRole('row');

test('newest first, 20 a page; Older and Newer walk the pages', async () => {
  await expect.poll(() => rows().count()).toBe(21); // header + 20
  expect(await rows().nth(1).innerText()).toContain('€42.42');
  await page.getByRole('button', { name: 'Older' }).click();
  await expect.poll(() => rows().count()).toBe(5); // header + the 4 oldest
  expect(await rows().nth(4).innerText()).toContain('$1.00');
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect.poll(() => rows().nth(1).innerText()).toContain('€42.42');
  await screenshot(page, 'transactions');
});

test('filters and search: status, network, an amount, an id', async () => {
  await page.getByLabel('Status').selectOption('SUCCEEDED');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => rows().count()).toBe(2);
  expect(await rows().nth(1).innerText()).toMatch(/€42\.42[\s\S]*Paid[\s\S]*USDC on Ethereum/);
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Network').selectOption('bsc');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => page.getByText('No sessions match.').count()).toBe(1);
  await page.getByLabel('Network').selectOption('');
  await page.getByLabel('Search').fill('7.00');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => rows().nth(1).innerText().catch(() => '')).toContain('$7.00');
  // Polled too: the table may still be re-rendering from the previous filter on a loaded machine.
  await expect.poll(() => rows().count()).toBe(2);
  // A word of the description: "item 2" is in "item 2" and "item 20" to "item 23".
  await page.getByLabel('Search').fill('ITEM 2');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => rows().count()).toBe(6);
  await page.getByLabel('Search').fill('item 23');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => rows().nth(1).innerText().catch(() => '')).toContain('$23.00');
  await expect.poll(() => rows().count()).toBe(2);
  // The start of an id is enough.
  await page.getByLabel('Search').fill(paidId.slice(0, 20));
  await page.getByRole('button', { name: 'Apply' }).click();
  // The list before this search also had one row: wait for the row's content, not for the count.
  await expect.poll(() => rows().nth(1).innerText()).toContain('€42.42');
  await expect.poll(() => rows().count()).toBe(2);
});

test('the detail view shows the payment and the timeline of events', async () => {
  await page.getByRole('button', { name: `Details of ${paidId}` }).click();
  const detail = page.getByRole('region', { name: 'Session details' });
  await expect.poll(() => detail.getByRole('listitem').allTextContents()).toEqual([
    expect.stringMatching(/^45\.\d{2,6} USDC on Ethereum, confirmed \(\d+ confirmations\): 0x/),
    expect.stringMatching(/created$/),
    expect.stringMatching(/payment detected$/),
    expect.stringMatching(/processing$/),
    expect.stringMatching(/succeeded$/),
  ]);
  await screenshot(page, 'transactions-detail');
  // No exception, nothing to accept.
  expect(await detail.getByRole('button', { name: 'Accept as paid…' }).count()).toBe(0);
  // Refund is where the sale is: it opens the refund form of this sale.
  await detail.getByRole('link', { name: 'Refund…' }).click();
  const form = page.getByRole('form', { name: 'New refund' });
  await form.getByText('€42.42', { exact: false }).first().waitFor();
  expect(await form.locator('p').first().innerText()).toMatch(/^€42\.42 · Paid · received €42\.42/);
  expect(await form.getByLabel('Amount to refund (EUR)').inputValue()).toBe('');
  await form.getByRole('button', { name: 'Refund all (€42.42)' }).waitFor();
  await page.getByRole('link', { name: 'Transactions' }).click();
  await page.getByRole('button', { name: `Details of ${paidId}` }).click();
  await detail.getByRole('button', { name: 'Close' }).click();
});

test('at 1024×768 the detail shows what was paid, the fee and the net, as the ledger booked them; the list has fee and net', async () => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const [booked] = (await t.api('GET', `/v1/payment/sessions/${paidId}`)).body.data.booked;
  // As the screen writes a coin: 2 to 6 decimals and the code.
  const coin = (value: string) => `${value.replace(/(\.\d\d\d*?)0+$/, '$1')} USDC`;
  expect(Number(booked.fee)).toBeGreaterThan(0);
  await expect.poll(() => rows().nth(1).innerText()).toContain(`${coin(booked.fee)}\t${coin(booked.net)}`);
  await page.getByRole('button', { name: `Details of ${paidId}` }).click();
  const detail = page.getByRole('region', { name: 'Session details' });
  const fact = (name: string) => detail.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');
  await expect.poll(() => fact('Fee').innerText()).toBe(coin(booked.fee));
  expect(await fact('Paid in USDC').innerText()).toBe(coin(booked.gross));
  expect(await fact('Net to you').innerText()).toBe(coin(booked.net));
  await screenshot(page, 'transactions-detail-1024');
  await detail.getByRole('button', { name: 'Close' }).click();
  // On a phone each session folds into a card (each value under its column's name): the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await rows().nth(1).waitFor();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await screenshot(page, 'transactions-390');
  await page.getByRole('button', { name: `Details of ${paidId}` }).click();
  await detail.getByRole('heading', { name: 'Payments' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await screenshot(page, 'transactions-detail-390');
  await detail.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 1100, height: 1200 });
});

test('Export CSV downloads every matching session', async () => {
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByRole('button', { name: 'Apply' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const text = readFileSync((await file.path()) as string, 'utf8');
  const lines = text.trimEnd().split('\r\n');
  expect(lines).toHaveLength(24); // header + 23 USD sessions
  expect(lines.slice(1).every((l) => l.includes(',USD,'))).toBe(true);
  expect(errors).toEqual([]);
});

test('an underpaid sale: "Accept as paid" says what it writes off and does nothing until confirmed; a cashier sees none of the owner\'s buttons', async () => {
  const eth = evmDevnetOf(t.core.chains, 'ethereum');
  const short = await createSession(t, '10', 'USDT', { description: 'short' });
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[2]!, token: 'USDT', to: option(short, 'ethereum', 'USDT').address, amountBaseUnits: 4_000_000n });
  await waitForSession(t, short.session_id, (x) => x.exception === 'UNDERPAID' && x.payments[0]?.status === 'confirmed', UI_WAIT_MS.payment);
  const state = async () => (await t.api('GET', `/v1/payment/sessions/${short.session_id}`)).body.data;

  await page.getByLabel('Currency').selectOption('');
  await page.getByLabel('Search').fill('short');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: `Details of ${short.session_id}` }).click();
  const detail = page.getByRole('region', { name: 'Session details' });
  await detail.getByRole('button', { name: 'Accept as paid…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this sale as paid?' });
  const words = (await dialog.innerText()).replace(/\s+/g, ' ');
  expect(words).toContain('The sale of 10.00 USDT received 4.00 USDT.');
  expect(words).toContain('The missing 6.00 USDT is written off');
  await screenshot(page, 'transactions-accept-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  expect(await state()).toMatchObject({ status: 'PENDING', exception: 'UNDERPAID', resolved_by: null });
  // The payment as the app writes amounts ("4.00 USDT", not the API's "4.000000").
  expect(await detail.getByRole('listitem').first().innerText()).toMatch(/^4\.00 USDT on Ethereum, confirmed \(\d+ confirmations\): 0x/);

  // A cashier: the sale without the owner's buttons (accept, refund, export) or the Refunds screen.
  const cashier = await t.api('POST', '/v1/users', { key: t.liveKey, body: { name: 'Cato', role: 'cashier', pin: '4826' } });
  expect(cashier.status).toBe(200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, { name: 'Cato', pin: '4826' });
  await page.goto(`${t.url}/#/transactions`);
  await page.getByRole('button', { name: `Details of ${short.session_id}` }).click();
  await detail.getByText('Underpaid', { exact: false }).first().waitFor();
  await detail.getByText('4.00 USDT').first().waitFor();
  expect(await detail.getByRole('button', { name: 'Accept as paid…' }).count()).toBe(0);
  expect(await detail.getByRole('link', { name: 'Refund…' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Refunds' }).count()).toBe(0);
  await screenshot(page, 'transactions-cashier');

  // The owner again: confirmed, the rest is written off and the sale is paid.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, TEST_OWNER);
  await page.goto(`${t.url}/#/transactions`);
  await page.getByRole('button', { name: `Details of ${short.session_id}` }).click();
  await detail.getByRole('button', { name: 'Accept as paid…' }).click();
  await dialog.getByRole('button', { name: 'Write off 6.00 USDT' }).click();
  await expect.poll(async () => (await state()).status).toBe('SUCCEEDED');
  expect((await state()).resolved_by).toBe('owner');
  await expect.poll(() => detail.getByRole('button', { name: 'Accept as paid…' }).count()).toBe(0);
  expect(errors).toEqual([]);
}, uiBudget(35, [UI_WAIT_MS.pay, UI_WAIT_MS.payment]));

test('a sale refunded in part before it is accepted: "Accept as paid" says what went back and what the sale keeps, and only that is booked', async () => {
  const eth = evmDevnetOf(t.core.chains, 'ethereum');
  const part = await createSession(t, '10', 'USDT', { description: 'part refunded' });
  await mintAndPay(eth, { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'USDT', to: option(part, 'ethereum', 'USDT').address, amountBaseUnits: 4_000_000n });
  await waitForSession(t, part.session_id, (x) => x.exception === 'UNDERPAID' && x.payments[0]?.status === 'confirmed', UI_WAIT_MS.payment);
  // Past its deadline (EXPIRED, UNDERPAID: refundable), then 1.00 of the 4.00 sent back.
  t.advance(16 * 60 * 1000);
  try {
    await waitForSession(t, part.session_id, (x) => x.status === 'EXPIRED', UI_WAIT_MS.step);
    const refund = await t.api('POST', '/v1/refunds', { body: { session_id: part.session_id, amount: { value: '1.00', currency: 'USDT' } } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);

    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Currency').selectOption('');
    await page.getByLabel('Search').fill('part refunded');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: `Details of ${part.session_id}` }).click();
    const detail = page.getByRole('region', { name: 'Session details' });
    await detail.getByRole('button', { name: 'Accept as paid…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept this sale as paid?' });
    const words = (await dialog.innerText()).replace(/\s+/g, ' ');
    expect(words).toContain('The sale of 10.00 USDT received 4.00 USDT.');
    expect(words).toContain('1.00 USDT of it was sent back to the customer already: the sale keeps 3.00 USDT, and only that is added to your balance.');
    expect(words).toContain('The missing 7.00 USDT is written off');
    await screenshot(page, 'transactions-accept-refunded');
    await dialog.getByRole('button', { name: 'Write off 7.00 USDT' }).click();
    await expect.poll(async () => (await t.api('GET', `/v1/payment/sessions/${part.session_id}`)).body.data.status).toBe('SUCCEEDED');
    const booked = (await t.api('GET', `/v1/payment/sessions/${part.session_id}`)).body.data.booked;
    expect(booked).toEqual([expect.objectContaining({ currency: 'USDT', gross: '3.000000', refunded: '0.000000' })]);
    expect(errors).toEqual([]);
  } finally {
    t.advance(-16 * 60 * 1000);
  }
}, uiBudget(20, [UI_WAIT_MS.pay, UI_WAIT_MS.payment]));
