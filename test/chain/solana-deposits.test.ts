/**
 * Unmatched deposits on test mode's Solana devnet (surfnet in the core, 0.05 s slots), end to end over
 * real HTTP: a transfer into the merchant's token account that carries no reference, sent by a wallet
 * built on an independent library (@solana/web3.js 1.x and @solana/spl-token), as an exchange
 * withdrawal sends it, is listed once in GET /v1/deposits with its sender and amount, credits no
 * session, and stays out of balances and the ledger.
 */
import type { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
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

let t: TestCore;
let devnet: RunningSolanaDevnet;
let chain: SolanaTestChain;
let wallet: PublicKey;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])), solana: 'devnet' } },
    devnetBlockTimeSeconds: 0.05,
  });
  devnet = solanaDevnetOf(t.core.chains);
  chain = devnetChain(devnet);
  wallet = testMerchantWalletOf(t.dataDir);
  await waitForSolanaPayable(t);
}, 60_000);
afterAll(async () => t?.stop());

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
