/**
 * Solana in live mode, in a real browser. Live mode needs a Solana RPC: it points at a surfnet started
 * here (its genesis hash given as the live chain id), with its test mints as the live coins and a
 * fresh live wallet that has a USDT token account but none for USDC. So Settings shows the owner why
 * USDC on Solana is not offered (the API's `unpayable_reason`), a live USDT payment, made as a
 * Solana Pay wallet makes it, links to Solscan on the Transactions screen, and a transfer naming no
 * sale is listed on the Balances screen as an unmatched deposit, outside the balances.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningSolanaDevnet, solanaDevnet } from '../../src/chains/solana/devnet/index.js';
import { mintToOwner, rpcOf, signerOf } from '../../src/chains/solana/devnet/test-wallet.js';
import { type AppInBrowser, DEVNET_UI_CORE, openAppInBrowser, screenshot, switchToLiveMode, UI_WAIT_MS, uiBudget } from '../helpers/browser.js';
import { waitFor, waitForSession } from '../helpers/evm-chain.js';
import type { TestCore } from '../helpers/test-core.js';

const SLOT_SECONDS = DEVNET_UI_CORE.devnetBlockTimeSeconds;
/** A transfer confirmed: a few slots, with room for a loaded machine. */
const SOLANA_PAY_MS = 5_000 + 20 * SLOT_SECONDS * 1000;
/** Confirmed → SUCCEEDED: surfnet finalizes 30 slots after confirmed, then the watcher's next pass. */
const SOLANA_FINAL_MS = UI_WAIT_MS.payment + 40 * SLOT_SECONDS * 1000;

let dir: string;
let chain: RunningSolanaDevnet;
let app: AppInBrowser;
let t: TestCore;
let page: Page;
let errors: string[];
const liveWallet = Keypair.generate().publicKey.toBase58();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-solana-ui-'));
  chain = await solanaDevnet.start('solana', { dir: join(dir, 'devnet'), blockTimeSeconds: SLOT_SECONDS });
  // The live wallet's USDT token account is opened (a mint of nothing); its USDC one is not.
  await mintToOwner(rpcOf(chain.rpcUrl), {
    feePayer: await signerOf(chain.faucetKey),
    mintAuthority: await signerOf(chain.mintAuthorityKey),
    mint: chain.mints.USDT,
    owner: liveWallet,
    amount: 0n,
    decimals: chain.decimals.USDT,
    waitMs: SOLANA_PAY_MS,
  });
  const { chainId, tokens } = solanaDevnet.describe(chain);
  const solana = { rpcUrl: chain.rpcUrl, chainId, tokens: { USDT: tokens.USDT!.contract, USDC: tokens.USDC!.contract } };
  app = await openAppInBrowser('transactions', {
    ...DEVNET_UI_CORE,
    networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off', solana: 'off' }, live: { solana } },
    liveWallets: { solana: liveWallet },
    testRefundWallet: false,
  });
  ({ t, page, errors } = app);
  await page.getByRole('link', { name: 'Settings' }).click();
  await switchToLiveMode(page);
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await chain?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('settings (live): USDC on Solana is not offered, and the owner reads why: the wallet has no USDC token account', async () => {
  // The watcher's first pass looks the accounts up; until then nothing is known to be missing.
  const usdc = await waitFor(async () => {
    const solana = (await t.api('GET', '/v1/networks', { key: t.liveKey })).body.data.items.find((n: any) => n.network === 'solana');
    return solana.tokens.find((k: any) => k.currency === 'USDC' && k.payable === false);
  }, UI_WAIT_MS.payment, 'USDC on Solana to be found unpayable');
  expect(usdc.unpayable_reason).toContain(`the wallet ${liveWallet} has no USDC token account yet`);
  await page.reload();
  const notOffered = page.getByRole('list', { name: 'Coins not offered' });
  await expect.poll(() => notOffered.innerText()).toBe(`USDC on Solana is not offered: ${usdc.unpayable_reason}.`);
  await screenshot(page, 'settings-solana-unpayable');
  expect(errors).toEqual([]);
}, uiBudget(8, [UI_WAIT_MS.payment]));

test('transactions (live): a Solana payment links to Solscan by its signature', async () => {
  const created = await t.api('POST', '/v1/payment/sessions', { key: t.liveKey, body: { merchant_id: t.merchantId, amount: { value: '6', currency: 'USDT' } } });
  expect(created.status).toBe(200);
  const option = created.body.data.payment_options.find((o: any) => o.network === 'solana');
  expect(option).toMatchObject({ currency: 'USDT', address: liveWallet });
  const signature = await solanaDevnet.pay({ dir: join(dir, 'devnet'), network: 'solana', payer: 1, currency: 'USDT', to: option.reference, amountMinor: 6_000_000n, recipient: liveWallet });
  const id = created.body.data.session_id;
  await waitForSession({ api: (m, p, o = {}) => t.api(m, p, { ...o, key: t.liveKey }) }, id, (s) => s.status === 'SUCCEEDED', SOLANA_FINAL_MS, 'the live Solana session to succeed');

  await page.getByRole('link', { name: 'Transactions' }).click();
  await page.getByLabel('Search').fill(id);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: `Details of ${id}` }).click();
  const detail = page.getByRole('region', { name: 'Session details' });
  await detail.getByRole('heading', { name: 'Payments' }).waitFor();
  const item = detail.getByRole('list').first().getByRole('listitem').first();
  await expect.poll(() => item.innerText()).toMatch(/^6\.00 USDT on Solana, confirmed/);
  expect(await item.getByRole('link').getAttribute('href')).toBe(`https://solscan.io/tx/${signature}`);
  await screenshot(page, 'transactions-solana-live');
  expect(errors).toEqual([]);
}, uiBudget(12, [SOLANA_PAY_MS, SOLANA_FINAL_MS]));

test('balances (live): a Solana transfer naming no sale is listed under "Unmatched deposits", with its sender and a Solscan link, and not counted in the balances', async () => {
  // A reference no session has: as a wallet paying a stale request, or an exchange without one.
  const unknownReference = Keypair.generate().publicKey.toBase58();
  const pendingUsdt = async () => (await t.api('GET', '/v1/balance', { key: t.liveKey })).body.data.accounts.find((a: any) => a.currency === 'USDT').pending.value;
  const before = await pendingUsdt();
  const signature = await solanaDevnet.pay({ dir: join(dir, 'devnet'), network: 'solana', payer: 2, currency: 'USDT', to: unknownReference, amountMinor: 2_500_000n, recipient: liveWallet });
  const deposit = await waitFor(async () => {
    const items = (await t.api('GET', '/v1/deposits', { key: t.liveKey })).body.data.items;
    return items.find((d: any) => d.tx_hash === signature);
  }, SOLANA_PAY_MS, 'the live deposit recorded');

  await page.getByRole('link', { name: 'Balances' }).click();
  const card = page.getByRole('region', { name: 'Unmatched deposits' });
  await expect.poll(() => card.getByRole('listitem').count()).toBe(1);
  expect(await card.innerText()).toContain('It is not counted in the balances');
  const item = card.getByRole('listitem').first();
  expect(await item.innerText()).toMatch(/^2\.50 USDT on Solana from \S+…\S+, /);
  expect(await item.getByTitle(deposit.from).count()).toBe(1);
  expect(await item.getByRole('link').getAttribute('href')).toBe(`https://solscan.io/tx/${signature}`);
  // The earlier session's USDT is pending; the 2.50 is added nowhere.
  expect(await pendingUsdt()).toBe(before);
  const usdt = page.getByRole('table', { name: 'Funds accounts' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'USDT' }) });
  expect(await usdt.getByRole('cell').allTextContents()).toEqual(['0.00 USDT', `${before.replace(/(\.\d\d\d*?)0+$/, '$1')} USDT`]);
  await screenshot(page, 'balances-unmatched-deposits');
  expect(errors).toEqual([]);
}, uiBudget(8, [SOLANA_PAY_MS]));
