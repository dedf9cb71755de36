/**
 * The deposits inbox (issue 17) in a browser, on test mode's Solana devnet: a customer's transfer
 * without the sale's reference shows up with its amount, network and the likely sale, counted beside
 * "Deposits" in the navigation; counting it toward the sale is asked first (Cancel changes nothing)
 * and then completes the sale. At 1024×768 and 390×844, nothing to scroll sideways.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { type AppInBrowser, openAppInBrowser, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { budget, createSession, getSession, waitFor } from '../helpers/evm-chain.js';
import { CONFIRM_MS, devnetChain, SolanaPayer, solanaDevnetOf, testMerchantWalletOf, waitForSolanaPayable } from '../helpers/solana-chain.js';

let app: AppInBrowser;

beforeAll(async () => {
  app = await openAppInBrowser('deposits', {
    networks: { test: { ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), solana: 'devnet' } },
    devnetBlockTimeSeconds: 0.05,
  });
  await waitForSolanaPayable(app.t);
}, 120_000);
afterAll(async () => app?.stop());

const depositsOf = async (signature: string) => (await app.t.api('GET', '/v1/deposits?limit=100')).body.data.items.filter((d: any) => d.tx_hash === signature);

test('a transfer without reference waits in the inbox with its likely sale; counted toward it once confirmed, it completes the sale', async () => {
  const { page, t } = app;
  const sale = await createSession(t, '2.50', 'USD', { description: 'Two coffees' });
  const chain = devnetChain(solanaDevnetOf(t.core.chains));
  const payer = new SolanaPayer(chain);
  await payer.receive(chain.coins.USDT, 2_500_000n);
  // As an exchange withdrawal sends it: the right amount to the shop's wallet, no reference.
  const signature = await payer.send([payer.transfer(chain.coins.USDT, testMerchantWalletOf(t.dataDir), 2_500_000n)]);
  const [deposit] = await waitFor(async () => {
    const found = await depositsOf(signature);
    return found.length > 0 ? found : false;
  }, 10_000, 'the deposit listed');

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Refresh' }).click();
  const card = page.getByRole('article', { name: '2.50 USDT on Solana' });
  await card.waitFor({ timeout: UI_WAIT_MS.step });
  await card.getByText('without a sale\'s payment reference').waitFor();
  await card.getByText(/Likely sale: \$2\.50, waiting for payment, .*Two coffees/i).waitFor();
  await page.getByRole('link', { name: /Deposits.*1 to resolve/ }).waitFor();
  await screenshot(page, 'deposits-1024');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await screenshot(page, 'deposits-390');
  await page.setViewportSize({ width: 1024, height: 768 });

  // Asked first: Cancel leaves the deposit and the sale as they were.
  await card.getByRole('button', { name: 'Count toward this sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Count this deposit toward the sale?' });
  await dialog.getByText('2.50 USDT on Solana will count as a payment of the sale').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await t.api('GET', `/v1/deposits/${deposit.id}`)).body.data.status).toBe('unmatched');

  await card.getByRole('button', { name: 'Count toward this sale' }).click();
  await dialog.getByRole('button', { name: 'Count 2.50 USDT' }).click();
  await page.getByText('Nothing to resolve').waitFor({ timeout: UI_WAIT_MS.step });
  expect((await t.api('GET', `/v1/deposits/${deposit.id}`)).body.data).toMatchObject({ status: 'attributed', session_id: sale.session_id });
  await waitFor(async () => ((await getSession(t, sale.session_id)).status === 'SUCCEEDED' ? true : false), 20_000, 'the sale paid');
  await page.getByRole('button', { name: 'Counted toward a sale' }).click();
  await page.getByText(`Counted toward the sale ${sale.session_id}.`).waitFor({ timeout: UI_WAIT_MS.step });
  expect(app.errors).toEqual([]);
}, budget([CONFIRM_MS, 10_000, 20_000, uiBudget(16)]));
