/**
 * The back office in Spanish, in a real browser: Español picked in Settings (the device's choice)
 * turns Transactions, a sale's detail, Refunds, Balances, Webhooks and Settings into Spanish, with
 * amounts and dates as the till writes them (Latin American Spanish, es-419: "12.50 USDT", "6:40 p.m."),
 * on a POS tablet (1024×768) and a phone (390×844) without a page wider than the screen, and the
 * choice survives a reload (docs/ui.md, "Languages").
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { createSession, evmDevnetOf, option, waitForSession } from '../helpers/evm-chain.js';

let app: AppInBrowser;
let page: Page;
let errors: string[];
let saleId: string;

beforeAll(async () => {
  app = await openAppInBrowser('settings', DEVNET_UI_CORE);
  const { t } = app;
  ({ page, errors } = app);
  // A paid sale with a part refunded: a row, a detail with its payment, a refund in the list.
  const sale = await createSession(t, '12.50', 'USDT', { description: 'lámpara' });
  await mintAndPay(evmDevnetOf(t.core.chains, 'ethereum'), { payerKey: DEVNET_PAYER_KEYS[1]!, token: 'USDT', to: option(sale, 'ethereum', 'USDT').address, amountBaseUnits: 12_500_000n });
  saleId = (await waitForSession(t, sale.session_id, (x) => x.status === 'SUCCEEDED', UI_WAIT_MS.payment)).session_id;
  const refund = await t.api('POST', '/v1/refunds', { body: { session_id: saleId, amount: { value: '2.50', currency: 'USDT' } }, headers: { 'idempotency-key': 'spanish-refund' } });
  expect(refund.status).toBe(200);
}, 120_000);
afterAll(async () => app?.stop());

const heading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const pageWidth = () => page.evaluate<number>('document.documentElement.scrollWidth');
/** What sticks out past the screen's right edge, for the failure's message. */
const wider = (width: number) =>
  page.evaluate<string[]>(
    `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > ${width} && e.closest('.table-scroll') === null).map((e) => e.tagName + ' ' + (e.textContent ?? '').slice(0, 40)).slice(-5)`,
  );

/** Opens a screen by its address and waits for its Spanish title. */
async function open(hash: string, title: string) {
  await page.goto(`${new URL(page.url()).origin}/#/${hash}`);
  await heading(title).waitFor();
}

test('Español, picked in Settings, is kept after a reload', async () => {
  await heading('Settings').waitFor();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await heading('Ajustes').waitFor();
  expect(await page.getByRole('heading', { name: 'Idioma' }).count()).toBe(1);
  expect(await page.getByRole('form', { name: 'Tienda' }).getByText('solo se puede cambiar en modo real').count()).toBe(1);
  await page.reload();
  await heading('Ajustes').waitFor();
  expect(await page.getByRole('combobox', { name: 'Idioma' }).inputValue()).toBe('es');
  expect(await page.evaluate<string>('document.documentElement.lang')).toBe('es');
}, uiBudget(8));

test.each([
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
])('every back-office screen speaks Spanish at $width×$height, no wider than the screen', async (viewport) => {
  await page.setViewportSize(viewport);
  const fits = async (name: string) => {
    await screenshot(page, `es-${name}-${viewport.width}`);
    expect(await pageWidth(), `${name} at ${viewport.width}: ${(await wider(viewport.width)).join(' | ')}`).toBeLessThanOrEqual(viewport.width);
  };

  await open('transactions', 'Transacciones');
  const row = page.getByRole('table', { name: 'Sesiones de pago' }).getByRole('row').filter({ hasText: 'USDT en Ethereum' });
  await expect.poll(() => row.innerText()).toMatch(/12\.50 USDT[\s\S]*Pagada[\s\S]*USDT en Ethereum/);
  expect(await page.getByRole('button', { name: 'Aplicar' }).count()).toBe(1);
  await fits('transactions');
  await page.getByRole('button', { name: `Detalles de ${saleId}` }).click();
  const detail = page.getByRole('region', { name: 'Detalles de la sesión' });
  // The payment as the app writes amounts (not "12.500000"), its state in words.
  await expect.poll(() => detail.getByRole('listitem').first().innerText()).toMatch(/^12\.50 USDT en Ethereum, confirmado \(\d+ confirmaciones\): 0x/);
  expect(await detail.locator('dt', { hasText: 'Neto para ti' }).count()).toBe(1);
  await detail.getByRole('link', { name: 'Reembolsar…' }).scrollIntoViewIfNeeded();
  await fits('transactions-detail');

  await open('refunds', 'Reembolsos');
  const refund = page.getByRole('listitem').filter({ hasText: '2.50 USDT en Ethereum' });
  await expect.poll(() => refund.innerText(), { timeout: UI_WAIT_MS.refund }).toMatch(/Reembolsado/);
  // Its date as the till writes dates too: a 12-hour clock ("6:40 p. m."), not Spain's "18:40".
  expect(await refund.innerText()).toMatch(/\d{1,2}:\d{2}\s[ap]\.\s?m\./);
  await page.getByLabel('Buscar una venta').fill('lámpara');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const form = page.getByRole('form', { name: 'Nuevo reembolso' });
  await form.getByRole('button', { name: 'Reembolsar todo (10.00 USDT)' }).waitFor();
  expect(await form.locator('p').first().innerText()).toMatch(/^12\.50 USDT · .* · recibido 12\.50 USDT · reembolsado 2\.50 USDT · lámpara$/);
  await fits('refunds');

  await open('balances', 'Saldos');
  await page.getByRole('heading', { name: 'Ventas netas por día' }).waitFor();
  await page.getByRole('table', { name: 'Cuentas de fondos' }).waitFor();
  await page.locator('.recharts-legend-item-text', { hasText: 'Ventas netas en USDT' }).waitFor();
  await fits('balances');

  await open('webhooks', 'Webhooks');
  await page.getByRole('form', { name: 'Nuevo endpoint' }).getByRole('button', { name: 'Agregar endpoint' }).waitFor();
  await fits('webhooks');

  await open('settings', 'Ajustes');
  await page.getByRole('heading', { name: 'Claves de API (modo de prueba)' }).waitFor();
  await fits('settings');

  await page.setViewportSize({ width: 1100, height: 1200 });
}, uiBudget(30, [UI_WAIT_MS.refund]));

test('no errors in the console', () => {
  expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
});
