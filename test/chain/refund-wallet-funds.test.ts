/**
 * The refund wallet's funds on TRON and Solana (GET /v1/refund_wallets/{family}), read through each
 * family's payout port from test mode's devnets (the TRON stand-in's `/wallet/getaccount`,
 * `getaccountresource`, `getchainparameters` and `balanceOf`; surfnet's accounts): the gas coin, what one
 * refund needs of it, and each coin the network offers, as the test refund wallet was funded.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { toEvmAddress } from '../../src/chains/tron/address-format.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { anvil, tronDevnetOf } from '../helpers/tron-chain.js';

let t: TestCore;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { ethereum: 'off', bsc: 'off', tron: 'devnet', solana: 'devnet' } },
    devnetBlockTimeSeconds: 0.25,
    testRefundWallet: { fundTokens: 100 },
  });
}, 90_000);
afterAll(async () => t?.stop());

test.each([
  { family: 'tron', network: 'tron', gasCoin: 'TRX', coins: ['USDT'] },
  { family: 'solana', network: 'solana', gasCoin: 'SOL', coins: ['USDT', 'USDC'] },
])('$family: the wallet holds $gasCoin for fees, enough for a refund, and 100 of each coin', async ({ family, network, gasCoin, coins }) => {
  const w = (await t.api('GET', `/v1/refund_wallets/${family}`)).body.data;
  expect(w.address).not.toBeNull();
  expect(w.networks).toHaveLength(1);
  const n = w.networks[0];
  expect(n).toMatchObject({ network, gas_coin: gasCoin, status: 'ok', enough_gas: true, error: null });
  // TRON's stand-in gives every account staked energy and bandwidth, so a refund burns no TRX there.
  expect(Number(n.gas_balance)).toBeGreaterThan(Number(n.gas_per_refund));
  expect(Number(n.gas_per_refund)).toBeGreaterThanOrEqual(0);
  expect(n.coins.map((c: any) => c.currency).sort()).toEqual([...coins].sort());
  for (const c of n.coins) expect(c.balance).toBe('100.000000');
}, 30_000);

test('TRON without staked energy: one refund burns TRX for the energy of a transfer to a new holder, and a wallet without TRX has not enough', async () => {
  const tron = tronDevnetOf(t.core.chains);
  const wallet = (await t.api('GET', '/v1/refund_wallets/tron')).body.data.address as string;
  tron.setAccountResources(wallet, {});
  try {
    const n = (await t.api('GET', '/v1/refund_wallets/tron')).body.data.networks[0];
    // 130,000 energy at 100 sun; the transfer's bandwidth comes out of the daily free 600 bytes.
    expect(n).toMatchObject({ gas_per_refund: '13.000000', enough_gas: true });
    await anvil(tron, 'anvil_setBalance', [toEvmAddress(wallet), `0x${(12n * 1_000_000n).toString(16)}`]);
    expect((await t.api('GET', '/v1/refund_wallets/tron')).body.data.networks[0]).toMatchObject({ gas_balance: '12.000000', gas_per_refund: '13.000000', enough_gas: false });
  } finally {
    tron.setAccountResources(wallet, null);
  }
}, 30_000);

test('TRON: a wallet that never received TRX has no account, so it cannot send at all: never enough', async () => {
  // Another key, never funded (the test wallet is replaced for the rest of this file).
  const put = await t.api('PUT', '/v1/refund_wallets/tron', { body: { private_key: randomBytes(32).toString('hex') } });
  expect(put.status).toBe(200);
  const n = put.body.data.networks[0];
  expect(n).toMatchObject({ network: 'tron', status: 'ok', gas_balance: '0.000000', enough_gas: false, coins: [{ currency: 'USDT', balance: '0.000000' }] });
  expect(Number(n.gas_per_refund)).toBeGreaterThan(0);
}, 30_000);
