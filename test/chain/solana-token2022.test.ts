/**
 * A Token-2022 coin through the app, and the merchant's missing token accounts. The chain is a surfnet
 * the test runs itself (0.05 s slots) with its USDT a mint of the Token-2022 program and its USDC one of
 * the classic Token program, given to the core as its `solana` RPC endpoint (test mode opens the
 * merchant's token accounts only on its own devnet, so here they start missing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAccount, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import type { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { budget, createSession, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { ataOf, CONFIRM_MS, openTokenAccount, type OwnSurfnet, SolanaPayer, solanaOption, startOwnSurfnet, testMerchantWalletOf } from '../helpers/solana-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let dir: string;
let chain: OwnSurfnet;
let t: TestCore;
let wallet: PublicKey;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-solana-t22-'));
  chain = await startOwnSurfnet({ programs: { USDT: TOKEN_2022_PROGRAM_ID, USDC: TOKEN_PROGRAM_ID } });
  t = await startTestCore({
    dataDir: join(dir, 'data'),
    networks: { test: { ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), solana: chain.network } },
    chainPollMs: 100,
  });
  wallet = testMerchantWalletOf(t.dataDir);
}, 60_000);

afterAll(async () => {
  await t?.stop();
  chain?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const solanaOf = async () => (await t.api('GET', '/v1/networks')).body.data.items.find((n: any) => n.network === 'solana');
const tokenOf = async (currency: string) => (await solanaOf()).tokens.find((k: any) => k.currency === currency);

test('the merchant\'s token accounts missing: no coin is offered and /v1/networks says why; once the Token-2022 USDT account is opened, USDT is offered', async () => {
  const usdtAccount = ataOf(chain.coins.USDT, wallet);
  // Once the watcher has looked the accounts up (before, no coin is known payable either).
  const missing = await waitFor(async () => {
    const k = await tokenOf('USDT');
    return k.payable === false && /has no USDT token account/.test(k.unpayable_reason) ? k : false;
  }, 10_000, 'USDT unpayable for its missing account');
  expect(missing.unpayable_reason).toContain(wallet.toBase58());
  // The account named is the Token-2022 program's associated account, the one a wallet pays into.
  expect(missing.unpayable_reason).toContain(usdtAccount.toBase58());
  expect(await tokenOf('USDC')).toMatchObject({ payable: false, unpayable_reason: expect.stringContaining('has no USDC token account') });
  expect((await solanaOf()).status).toBe('ready');
  const before = await createSession(t, '1.00');
  expect(before.payment_options.filter((o: any) => o.network === 'solana')).toEqual([]);

  await openTokenAccount(chain, chain.coins.USDT, wallet);
  const opened = await waitFor(async () => {
    const k = await tokenOf('USDT');
    return k.payable ? k : false;
  }, 10_000, 'USDT payable once its account is opened');
  expect(opened).toMatchObject({ contract: chain.coins.USDT.mint.toBase58(), decimals: 6, unpayable_reason: null });
  expect((await tokenOf('USDC')).payable).toBe(false);
  const after = await createSession(t, '1.00');
  expect(after.payment_options.map((o: any) => `${o.network}:${o.currency}`)).toEqual(['solana:USDT']);
}, budget([10_000, CONFIRM_MS, 10_000]));

test('a session paid in the Token-2022 USDT with transferChecked under the Token-2022 program SUCCEEDS', async () => {
  await waitFor(async () => (await tokenOf('USDT')).payable, 10_000, 'USDT payable');
  const s = await createSession(t, '7.25');
  const o = solanaOption(s, 'USDT');
  expect(o).toMatchObject({ address: wallet.toBase58(), token_contract: chain.coins.USDT.mint.toBase58(), amount_due: '7.250000' });
  const payer = new SolanaPayer(chain);
  const sig = await payer.pay(chain.coins.USDT, o, 7_250_000n, { v0: true });
  // The instruction went to the Token-2022 program.
  const tx = await chain.connection.getParsedTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  const programs = tx!.transaction.message.instructions.map((i) => i.programId.toBase58());
  expect(programs).toContain(TOKEN_2022_PROGRAM_ID.toBase58());
  expect(programs).not.toContain(TOKEN_PROGRAM_ID.toBase58());

  const done = await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED');
  expect(done.exception).toBeNull();
  expect(done.payments).toEqual([expect.objectContaining({ currency: 'USDT', tx_hash: sig, from: payer.address, amount: '7.250000', status: 'confirmed' })]);
  const account = await getAccount(chain.connection, ataOf(chain.coins.USDT, wallet), 'confirmed', TOKEN_2022_PROGRAM_ID);
  expect(account.amount).toBe(7_250_000n);
}, budget([10_000, CONFIRM_MS, CONFIRM_MS, 10_000]));
