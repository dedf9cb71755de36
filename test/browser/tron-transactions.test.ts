/**
 * TRON on the Transactions and Refunds screens, in test and in live mode, in a real browser. Live mode
 * needs a TRON node: both modes point at one TRON devnet stand-in started here (its chain id is
 * mainnet's), with its test USDT as the live token and a live watch-only xpub, so live payments and
 * payouts are real transactions on a chain the app watches. TRON is named as /v1/networks names it;
 * a live transaction links to Tronscan, a test one nowhere; a refund goes to a `T…` address the owner
 * types, and its payout, paid by hand from the QR's details, links to Tronscan too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORKS } from '../../src/chains/registry.js';
import { tronDevnet, type RunningTronDevnet } from '../../src/chains/tron/devnet/index.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, switchToLiveMode, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { waitFor, waitForSession } from '../helpers/evm-chain.js';
import { decodeQrPng } from '../helpers/qr-decode.js';
import type { TestCore } from '../helpers/test-core.js';
import { newAccount, payOnTronDevnet, tronPayMs } from '../helpers/tron-chain.js';

const BLOCK_SECONDS = DEVNET_UI_CORE.devnetBlockTimeSeconds;
const TRON_PAY_MS = tronPayMs(BLOCK_SECONDS);
const LIVE_XPUB = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/195'/0'").publicExtendedKey;

let dir: string;
let chain: RunningTronDevnet;
let app: AppInBrowser;
let t: TestCore;
let page: Page;
let errors: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-tron-ui-'));
  chain = await tronDevnet.start('tron', { dir: join(dir, 'devnet'), blockTimeSeconds: BLOCK_SECONDS });
  const { chainId, tokens } = tronDevnet.describe(chain);
  const tron = { rpcUrl: chain.rpcUrl, chainId, tokens: { USDT: tokens.USDT!.contract }, confirmations: 2 };
  app = await openAppInBrowser('transactions', {
    ...DEVNET_UI_CORE,
    networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off', tron }, live: { tron } },
    liveWallets: { tron: LIVE_XPUB },
    // No refund wallet key in either mode: refunds are paid by hand from the screen's QR and details.
    testRefundWallet: false,
  });
  ({ t, page, errors } = app);
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await chain?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A session of `usdt` USDT in the key's mode, paid in full on TRON; its payment's txID. */
async function paidOnTron(key: string, usdt: string): Promise<{ id: string; txId: string }> {
  const created = await t.api('POST', '/v1/payment/sessions', { key, body: { merchant_id: t.merchantId, amount: { value: usdt, currency: 'USDT' } } });
  expect(created.status).toBe(200);
  const s = created.body.data;
  const option = s.payment_options.find((o: any) => o.network === 'tron');
  expect(option.address).toMatch(/^T/);
  const txId = await payOnTronDevnet(join(dir, 'devnet'), option.address, BigInt(Math.round(Number(usdt) * 1e6)));
  await waitForSession({ api: (m, p, o = {}) => t.api(m, p, { ...o, key }) }, s.session_id, (x) => x.status === 'SUCCEEDED', UI_WAIT_MS.payment);
  return { id: s.session_id, txId };
}

async function switchMode(toLive: boolean): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).click();
  if (toLive) {
    await switchToLiveMode(page);
  } else {
    await page.getByRole('button', { name: 'Switch to test mode' }).click();
    await page.getByRole('note').filter({ hasText: 'Test mode' }).waitFor();
  }
}

const rows = () => page.getByRole('table', { name: 'Payment sessions' }).getByRole('row');

/** Opens a session's detail on the Transactions screen and returns its payments' list items. */
async function paymentsOf(id: string) {
  await page.getByRole('link', { name: 'Transactions' }).click();
  await page.getByLabel('Search').fill(id);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: `Details of ${id}` }).click();
  const detail = page.getByRole('region', { name: 'Session details' });
  await detail.getByRole('heading', { name: 'Payments' }).waitFor();
  return detail.getByRole('list').first().getByRole('listitem');
}

test('transactions: TRON by name in the list, the network filter and the detail; a live transaction links to Tronscan, a devnet one nowhere', async () => {
  const testPaid = await paidOnTron(t.testKey, '5');
  const livePaid = await paidOnTron(t.liveKey, '6');
  expect(testPaid.txId).toMatch(/^[0-9a-f]{64}$/); // a TRON txID: 64 hex digits, no 0x

  // Test mode: the filter offers TRON by name (from /v1/networks: every network, those off too, whose
  // past sales stay findable) and finds the session by it.
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => page.getByLabel('Network').locator('option').allTextContents()).toEqual(['Any network', ...NETWORKS.map((n) => n.name)]);
  await page.getByLabel('Network').selectOption('tron');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => rows().count()).toBe(2);
  expect(await rows().nth(1).innerText()).toMatch(/Paid[\s\S]*USDT on TRON/);
  await page.getByLabel('Network').selectOption('');
  let items = await paymentsOf(testPaid.id);
  await expect.poll(() => items.first().innerText()).toMatch(/^5\.00 USDT on TRON, confirmed/);
  expect(await items.first().getByRole('link').count()).toBe(0); // a devnet's transaction is on no explorer
  expect(await items.first().locator('code').getAttribute('title')).toBe(testPaid.txId);
  await page.getByRole('button', { name: 'Close' }).click();

  // Live mode: the payment's transaction on Tronscan.
  await switchMode(true);
  items = await paymentsOf(livePaid.id);
  await expect.poll(() => items.first().innerText()).toMatch(/^6\.00 USDT on TRON, confirmed/);
  expect(await items.first().getByRole('link').getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${livePaid.txId}`);
  await screenshot(page, 'transactions-tron-live');
  await page.getByRole('button', { name: 'Close' }).click();
  expect(errors).toEqual([]);
}, uiBudget(30, [TRON_PAY_MS, UI_WAIT_MS.payment, TRON_PAY_MS, UI_WAIT_MS.payment]));

test('refunds (live): a TRON payment refunded to a T… address the owner types; the payout QR holds that address, with the amount and address to copy; paid by hand, it links to Tronscan', async () => {
  const paid = await paidOnTron(t.liveKey, '8');
  const customer = newAccount().address;
  await page.getByRole('link', { name: 'Refunds' }).click();
  await page.getByLabel('Find a sale').fill(paid.id);
  await page.getByRole('button', { name: 'Find' }).click();
  const destination = page.getByLabel(/Send to another address/);
  expect(await destination.getAttribute('placeholder')).toBe("The customer's TRON address");
  await page.getByLabel(/Amount to refund/).fill('3');
  await destination.fill(customer);
  await page.getByRole('button', { name: 'Refund…' }).click();
  // Confirmed first, with the amount, the network and the address typed, in full.
  const dialog = page.getByRole('dialog', { name: 'Send this refund?' });
  expect((await dialog.innerText()).replace(/\s+/g, ' ')).toContain(`Send 3.00 USDT on TRON to ${customer}, the address you typed.`);
  await dialog.getByRole('button', { name: 'Send 3.00 USDT' }).click();

  // No refund wallet key: the owner pays it from any wallet, from the QR or the details beside it.
  const row = page.getByRole('listitem').filter({ hasText: customer });
  await expect.poll(() => row.innerText()).toMatch(/3\.00 USDT on TRON to T[1-9A-HJ-NP-Za-km-z]{33}[\s\S]*Pending/);
  const text = (await row.innerText()).replace(/\s+/g, ' ');
  expect(text).toContain('Send exactly 3.00 USDT');
  expect(text).toContain(`on TRON, to ${customer}`);
  expect(await row.getByRole('button', { name: 'Copy refund amount' }).count()).toBe(1);
  expect(await row.getByRole('button', { name: 'Copy refund address' }).count()).toBe(1);
  // The QR is what payout.qr says: on TRON the bare destination address, the amount typed by hand.
  expect(decodeQrPng(await row.getByRole('img', { name: 'QR code: refund address on TRON' }).screenshot())).toBe(customer);
  expect(text).toContain('The QR code holds the address only: type the amount exactly.');
  await screenshot(page, 'refunds-tron-manual');

  const payout = await payOnTronDevnet(join(dir, 'devnet'), customer, 3_000_000n, 2);
  const link = row.getByRole('link', { name: /^[0-9a-f]{14}…$/ });
  await link.waitFor({ timeout: UI_WAIT_MS.refund });
  expect(await link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${payout}`);
  const refund = await waitFor(async () => {
    const items = (await t.api('GET', `/v1/refunds?session_id=${paid.id}`, { key: t.liveKey })).body.data.items;
    return items[0]?.payout.tx_hash ? items[0] : false;
  }, UI_WAIT_MS.step, 'the refund to show its payout');
  expect(refund.payout).toMatchObject({ method: 'manual', tx_hash: payout, explorer_url: `https://tronscan.org/#/transaction/${payout}` });
  await screenshot(page, 'refunds-tron-paid');
  await switchMode(false);
  // The refused requests of the refund form are none; nothing else went wrong either.
  expect(errors).toEqual([]);
}, uiBudget(25, [TRON_PAY_MS, UI_WAIT_MS.payment, TRON_PAY_MS, UI_WAIT_MS.refund]));
