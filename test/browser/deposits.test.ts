/**
 * The deposits inbox (issue 17) in a browser, on test mode's Solana devnet: a customer's transfer
 * without the sale's reference shows up with its amount, network and the likely sale, counted beside
 * "Deposits" in the navigation; until its slot is finalized the card says it waits for the network's
 * confirmation and offers neither to count it nor to send it back (issue 26), then (the list read again
 * by itself) it does; counting it toward the sale is asked first (Cancel changes nothing)
 * and then completes the sale. Sent back, it is asked first in plain words (the amount and the
 * sender), shown under way while the payout is confirmed (never offered twice), then the exact amount
 * is back with the sender and the deposit leaves the list. Dismissed, it needs a note (the screen says
 * so) and stays out of the balances. At 1024×768 and 390×844, nothing to scroll sideways.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { type AppInBrowser, openAppInBrowser, screenshot, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { budget, createSession, getSession, waitFor } from '../helpers/evm-chain.js';
import {
  CONFIRM_MS,
  devnetChain,
  SolanaPayer,
  solanaDevnetOf,
  surfnetCall,
  testMerchantWalletOf,
  tokenBalance,
  waitForSolanaPayable,
} from '../helpers/solana-chain.js';

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
const depositOf = async (id: string) => (await app.t.api('GET', `/v1/deposits/${id}`)).body.data;

/**
 * A customer sends `amount` base units of USDT to the shop's wallet without a reference (as an
 * exchange withdrawal does); resolves with the sender and the deposit the app listed for it, once
 * confirmed (its slot finalized: only then is it offered to count or send back).
 */
async function unreferencedDeposit(amount: bigint): Promise<{ payer: SolanaPayer; deposit: any }> {
  const chain = devnetChain(solanaDevnetOf(app.t.core.chains));
  const payer = new SolanaPayer(chain);
  await payer.receive(chain.coins.USDT, amount);
  const signature = await payer.send([payer.transfer(chain.coins.USDT, testMerchantWalletOf(app.t.dataDir), amount)]);
  const deposit = await waitFor(async () => {
    const [found] = await depositsOf(signature);
    return found?.confirmed ? found : false;
  }, 10_000 + CONFIRM_MS, 'the deposit listed and confirmed');
  return { payer, deposit };
}

/** The navigation's count of deposits to resolve, as its link's name says it ("Deposits, 2 to resolve"; none: "Deposits"). */
const toResolve = async (page: Page) => {
  const words = page.getByRole('link', { name: /^Deposits/ }).first().locator('.visually-hidden');
  return (await words.count()) === 0 ? 'none' : /(\d+) to resolve/.exec((await words.textContent()) ?? '')?.[1];
};

/** A dialog (or form) as a tablet shows it, and on a phone: nothing to scroll sideways. */
async function bothSizes(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await screenshot(page, `${name}-390`);
    expect(await page.evaluate('document.documentElement.scrollWidth'), `${name} at 390`).toBeLessThanOrEqual(390);
  } finally {
    // The next steps (and tests) use the tablet's navigation, folded behind Menu on a phone.
    await page.setViewportSize({ width: 1024, height: 768 });
  }
}

test('a transfer without reference waits in the inbox with its likely sale; counted toward it once confirmed, it completes the sale', async () => {
  const { page, t } = app;
  const sale = await createSession(t, '2.50', 'USD', { description: 'Two coffees' });
  const chain = devnetChain(solanaDevnetOf(t.core.chains));
  const payer = new SolanaPayer(chain);
  await payer.receive(chain.coins.USDT, 2_500_000n);
  // As an exchange withdrawal sends it: the right amount to the shop's wallet, no reference.
  const signature = await payer.send([payer.transfer(chain.coins.USDT, testMerchantWalletOf(t.dataDir), 2_500_000n)]);
  const devnet = solanaDevnetOf(t.core.chains);
  const card = page.getByRole('article', { name: '2.50 USDT on Solana' });
  // Listed at `confirmed`, it waits for its slot to be finalized (issue 26): the card says so and offers
  // neither to count it nor to send it back (dismissing moves no money). The chain's clock is held
  // meanwhile, so the slot cannot be finalized while the test looks.
  await surfnetCall(devnet.rpcUrl, 'surfnet_pauseClock');
  let deposit: any;
  try {
    [deposit] = await waitFor(async () => {
      const found = await depositsOf(signature);
      return found.length > 0 ? found : false;
    }, 10_000, 'the deposit listed');
    expect(deposit).toMatchObject({ confirmations: 0, confirmed: false });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await card.waitFor({ timeout: UI_WAIT_MS.step });
    await card.getByText('Waiting for the network to confirm it (0 confirmations so far): it can be counted toward a sale or sent back once it is confirmed.').waitFor();
    expect(await card.getByRole('button', { name: /Count|Send back/ }).count()).toBe(0);
    expect(await card.getByText(/Likely sale/).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Dismiss', exact: true }).count()).toBe(1);
    await page.getByRole('link', { name: /Deposits.*1 to resolve/ }).waitFor();
    await bothSizes(page, 'deposits-unconfirmed');
  } finally {
    await surfnetCall(devnet.rpcUrl, 'surfnet_resumeClock');
  }

  // Finalized: the screen reads the list again by itself, and the card offers the likely sale.
  await card.getByText(/Likely sale: \$2\.50, waiting for payment, .*Two coffees/i).waitFor({ timeout: UI_WAIT_MS.step });
  expect(await card.getByText(/Waiting for the network/).count()).toBe(0);
  await card.getByText('without a sale\'s payment reference').waitFor();
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
}, budget([CONFIRM_MS, 10_000, 20_000, uiBudget(24)]));

test('sent back once confirmed in plain words: under way (not offered twice) until the payout is confirmed, then the exact amount is back with the sender and the deposit leaves the list', async () => {
  const { page, t } = app;
  const devnet = solanaDevnetOf(t.core.chains);
  const chain = devnetChain(devnet);
  // An odd amount: what comes back must be it to the base unit.
  const { payer, deposit } = await unreferencedDeposit(1_230_001n);
  expect(await tokenBalance(chain, chain.coins.USDT, payer.keypair.publicKey)).toBe(0n);

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'To resolve' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const card = page.getByRole('article', { name: '1.230001 USDT on Solana' });
  await card.waitFor({ timeout: UI_WAIT_MS.step });
  await expect.poll(() => toResolve(page)).toBe('1');

  // Asked first, naming the amount and the sender: Cancel sends nothing.
  await card.getByRole('button', { name: 'Send back to the sender' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this deposit back?' });
  await dialog.getByText(`1.230001 USDT will be sent on Solana to the address it came from: ${payer.address}.`).waitFor();
  await bothSizes(page, 'deposits-send-back-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await depositOf(deposit.id)).toMatchObject({ status: 'unmatched', refund_id: null });
  expect((await t.api('GET', '/v1/refunds?limit=100')).body.data.items.filter((r: any) => r.deposit_id === deposit.id)).toEqual([]);

  // The chain's clock held meanwhile, so the payout cannot be confirmed while the test looks at it under way.
  await surfnetCall(devnet.rpcUrl, 'surfnet_pauseClock');
  let refundId: string;
  try {
    await card.getByRole('button', { name: 'Send back to the sender' }).click();
    await dialog.getByRole('button', { name: 'Send 1.230001 USDT' }).click();
    await card.getByText(/^Being sent back to the sender: (Pending|Sending) \(refund re_\w+\)/).waitFor({ timeout: UI_WAIT_MS.step });
    const waiting = await depositOf(deposit.id);
    expect(waiting).toMatchObject({ status: 'unmatched', refund_id: expect.stringMatching(/^re_/) });
    refundId = waiting.refund_id;
    expect((await t.api('GET', `/v1/refunds/${refundId}`)).body.data).toMatchObject({
      deposit_id: deposit.id,
      session_id: null,
      destination_address: payer.address,
      amount: { value: '1.230001', currency: 'USDT' },
    });
    // Nothing invites a second payout (the API refuses one too), and no other way to resolve it meanwhile.
    expect(await card.getByRole('button', { name: /Send back|Count|Dismiss/ }).count()).toBe(0);
    expect((await t.api('POST', `/v1/deposits/${deposit.id}/refund`, { body: {} })).status).toBe(409);
    expect(await toResolve(page)).toBe('1');
    await bothSizes(page, 'deposits-sending-back');
  } finally {
    await surfnetCall(devnet.rpcUrl, 'surfnet_resumeClock');
  }

  // Confirmed: the card leaves the list by itself, and the count with it.
  await card.waitFor({ state: 'detached', timeout: UI_WAIT_MS.refund });
  await expect.poll(() => toResolve(page)).toBe('none');
  expect(await depositOf(deposit.id)).toMatchObject({ status: 'refunded', refund_id: refundId });
  expect((await t.api('GET', `/v1/refunds/${refundId}`)).body.data.status).toBe('SUCCEEDED');
  expect(await tokenBalance(chain, chain.coins.USDT, payer.keypair.publicKey)).toBe(1_230_001n);
  await page.getByRole('button', { name: 'Sent back' }).click();
  await page.getByText(`Sent back to the sender (refund ${refundId}).`).waitFor({ timeout: UI_WAIT_MS.step });
  expect(app.errors).toEqual([]);
}, budget([CONFIRM_MS, 10_000 + CONFIRM_MS, UI_WAIT_MS.refund, uiBudget(20)]));

test('dismissed only with a note (the screen says why it waits for one), confirmed first; it leaves the list and stays out of the balances', async () => {
  const { page, t } = app;
  const balances = async () => (await t.api('GET', '/v1/balance')).body.data.accounts;
  const before = await balances();
  const { deposit } = await unreferencedDeposit(770_000n);

  await page.getByRole('button', { name: 'To resolve' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const card = page.getByRole('article', { name: '0.77 USDT on Solana' });
  await card.waitFor({ timeout: UI_WAIT_MS.step });
  await expect.poll(() => toResolve(page)).toBe('1');

  await card.getByRole('button', { name: 'Dismiss', exact: true }).click();
  const form = card.getByRole('form', { name: 'Dismiss this deposit' });
  const submit = form.getByRole('button', { name: 'Dismiss…' });
  const why = 'Write why first: a deposit is dismissed only with a note, kept with it.';
  await form.getByText(why).waitFor();
  expect(await submit.isDisabled()).toBe(true);
  // Spaces are no note.
  await form.getByLabel('Why (kept with the deposit)').fill('   ');
  expect(await submit.isDisabled()).toBe(true);
  await bothSizes(page, 'deposits-dismiss-note');

  const note = 'Customer paid twice; returned in cash';
  await form.getByLabel('Why (kept with the deposit)').fill(note);
  expect(await submit.isDisabled()).toBe(false);
  expect(await form.getByText(why).count()).toBe(0);
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss this deposit?' });
  await dialog.getByText(`0.77 USDT stays out of your balances for good, with the note: “${note}”.`).waitFor();
  await bothSizes(page, 'deposits-dismiss-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await depositOf(deposit.id)).toMatchObject({ status: 'unmatched', note: null });

  await submit.click();
  await dialog.getByRole('button', { name: 'Dismiss it' }).click();
  await card.waitFor({ state: 'detached', timeout: UI_WAIT_MS.step });
  await expect.poll(() => toResolve(page)).toBe('none');
  expect(await depositOf(deposit.id)).toMatchObject({ status: 'dismissed', note });
  expect(await balances()).toEqual(before);
  await page.getByRole('button', { name: 'Dismissed' }).click();
  await page.getByRole('article', { name: '0.77 USDT on Solana' }).getByText(`Dismissed: ${note}`).waitFor({ timeout: UI_WAIT_MS.step });
  expect(app.errors).toEqual([]);
}, budget([CONFIRM_MS, 10_000 + CONFIRM_MS, uiBudget(20)]));
