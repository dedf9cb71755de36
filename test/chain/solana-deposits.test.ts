/**
 * Unmatched deposits on test mode's Solana devnet (surfnet in the core, 0.05 s slots), end to end over
 * real HTTP: a transfer into the merchant's token account that carries no reference, sent by a wallet
 * built on an independent library (@solana/web3.js 1.x and @solana/spl-token), as an exchange
 * withdrawal sends it, is listed once in GET /v1/deposits with its sender and amount, credits no
 * session, and stays out of balances and the ledger. A transfer naming the reference of a session whose
 * monitoring window has ended is listed as `late` (issue 17), once, across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import type { CoreConfig } from '../../src/config.js';
import type { RunningSolanaDevnet } from '../../src/chains/solana/devnet/index.js';
import { budget, createSession, getSession, paymentRows, waitFor, waitForSession } from '../helpers/evm-chain.js';
import {
  ataOf,
  CONFIRM_MS,
  devnetChain,
  SolanaPayer,
  type SolanaTestChain,
  solanaDevnetOf,
  solanaOption,
  testMerchantWalletOf,
  waitForSolanaPayable,
} from '../helpers/solana-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const E6 = 10n ** 6n;

let dir: string;
let t: TestCore;
let devnet: RunningSolanaDevnet;
let chain: SolanaTestChain;
let wallet: PublicKey;
const config: Partial<CoreConfig> = {
  networks: { test: { ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), solana: 'devnet' } },
  devnetBlockTimeSeconds: 0.05,
};

async function start(): Promise<void> {
  t = await startTestCore({ ...config, dataDir: join(dir, 'data') });
  devnet = solanaDevnetOf(t.core.chains);
  chain = devnetChain(devnet);
  wallet = testMerchantWalletOf(t.dataDir);
  await waitForSolanaPayable(t);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-solana-deposits-'));
  await start();
}, 60_000);
afterAll(async () => {
  await t?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const deposits = async () => (await t.api('GET', '/v1/deposits?network=solana&limit=100')).body.data.items;

test('a transfer to the merchant\'s token account without reference is listed once as an unmatched deposit, with its sender and amount; no session is credited, nothing reaches balances', async () => {
  // A sale waiting for exactly this amount: the money must still not be guessed to be its.
  const s = await createSession(t, '4.20', 'USDT');
  const payer = new SolanaPayer(chain);
  await payer.receive(chain.coins.USDC, 4_200_000n);
  // As an exchange withdrawal sends it: the right amount to the merchant's wallet, no reference.
  const signature = await payer.send([payer.transfer(chain.coins.USDC, wallet, 4_200_000n)]);

  const [deposit] = await waitFor(async () => {
    const found = (await deposits()).filter((d: any) => d.tx_hash === signature);
    return found.length > 0 ? found : false;
  }, 10_000, 'the deposit listed');
  expect(deposit).toMatchObject({
    object: 'deposit',
    status: 'unmatched',
    reason: 'no_reference',
    network: 'solana',
    currency: 'USDC',
    token_contract: devnet.mints.USDC,
    amount: '4.200000',
    amount_base: '4200000',
    decimals: 6,
    // The customer's wallet (the owner of the source token account), where money would go back.
    from: payer.address,
    to: ataOf(chain.coins.USDC, wallet).toBase58(),
    explorer_url: null,
    livemode: false,
  });
  expect((await t.api('GET', `/v1/deposits/${deposit.id}`)).body.data).toEqual(deposit);
  const events = (await t.api('GET', `/v1/events?object_id=${deposit.id}`)).body.data.items;
  expect(events.map((e: any) => e.type)).toEqual(['deposit.unmatched']);

  // Never counted: no payment, no session credited, balances and ledger untouched.
  expect(paymentRows(t.dataDir).map((r) => r.tx_hash)).not.toContain(signature);
  expect(await getSession(t, s.session_id)).toMatchObject({ status: 'PENDING', payments: [], amount_received: { value: '0.000000' } });
  const balance = (await t.api('GET', '/v1/balance')).body.data;
  for (const a of balance.accounts) expect([a.currency, a.available.value, a.pending.value]).toEqual([a.currency, expect.stringMatching(/^0\.0+$/), expect.stringMatching(/^0\.0+$/)]);
  expect((await t.api('GET', '/v1/balance/transactions')).body.data.items).toEqual([]);

  // A payment after it, watched through the same accounts, passes and finalizes: still listed once.
  const later = await createSession(t, '1.00');
  await new SolanaPayer(chain).pay(chain.coins.USDT, solanaOption(later), E6);
  await waitForSession(t, later.session_id, (x) => x.status === 'SUCCEEDED');
  expect((await deposits()).filter((d: any) => d.tx_hash === signature)).toEqual([deposit]);
}, budget([CONFIRM_MS, 10_000, CONFIRM_MS, 10_000]));

test('a transfer naming the reference of a session past its monitoring window is listed once as late; a restart changes nothing', async () => {
  const s = await createSession(t, '2.50');
  const o = solanaOption(s);
  // The session's expiry (15 min) and monitoring window (24 h), and a minute more.
  t.advance((15 + 24 * 60 + 1) * 60_000);
  const payer = new SolanaPayer(chain);
  const signature = await payer.pay(chain.coins.USDT, o, 2_500_000n);

  const [deposit] = await waitFor(async () => {
    const found = (await deposits()).filter((d: any) => d.tx_hash === signature);
    return found.length > 0 ? found : false;
  }, 10_000, 'the late deposit listed');
  expect(deposit).toMatchObject({
    status: 'unmatched',
    reason: 'late',
    network: 'solana',
    currency: 'USDT',
    token_contract: devnet.mints.USDT,
    amount: '2.500000',
    amount_base: '2500000',
    decimals: 6,
    from: payer.address,
    // The merchant's token account it landed in: a session's reference is not an account.
    to: ataOf(chain.coins.USDT, wallet).toBase58(),
  });
  expect(paymentRows(t.dataDir).map((r) => r.tx_hash)).not.toContain(signature);
  expect((await getSession(t, s.session_id)).payments).toEqual([]);

  await t.core.stop();
  await start();
  t.advance((15 + 24 * 60 + 1) * 60_000);
  // A payment after the restart, seen: the watcher has passed the late transfer again, or resumed after it.
  const later = await createSession(t, '1.00');
  await new SolanaPayer(chain).pay(chain.coins.USDT, solanaOption(later), E6);
  await waitForSession(t, later.session_id, (x) => x.payments.length === 1);
  expect((await deposits()).filter((d: any) => d.tx_hash === signature)).toEqual([deposit]);
}, budget([CONFIRM_MS, 10_000, 60_000, CONFIRM_MS, 10_000]));
