/**
 * One refund wallet, several EVM networks (issue 31 item 5): the wallet's funds are read per network
 * (GET /v1/refund_wallets/evm: each network's gas coin, whether it pays for a refund, each coin), and a
 * refund is paid on the network its payment came from, never another of the family, from the test
 * refund wallet funded on every devnet. A network whose wallet has no gas coin says so, and a refund
 * there fails with `insufficient_gas_balance` before anything is signed.
 */
import { type Address, erc20Abi } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { client, createSession, devnetRpc, evmDevnetOf, option, waitFor, waitForSession } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

/**
 * Where the customer pays (Base: off by default, so named in the configuration, a devnet of its own),
 * and the other network of the family the refund must not touch. Base offers USDC alone.
 */
const PAID_ON = 'base';
const OTHER = 'ethereum';
const COIN = 'USDC';

let t: TestCore;
let paidOn: Devnet;
let other: Devnet;

beforeAll(async () => {
  t = await startTestCore({
    networks: { test: { solana: 'off', tron: 'off', bsc: 'off', [PAID_ON]: 'devnet', [OTHER]: 'devnet' } },
    devnetBlockTimeSeconds: 0.2,
    confirmations: { [PAID_ON]: 1, [OTHER]: 1 },
    testRefundWallet: { fundTokens: 100 },
    refundPollMs: 100,
  });
  paidOn = evmDevnetOf(t.core.chains, PAID_ON);
  other = evmDevnetOf(t.core.chains, OTHER);
}, 90_000);
afterAll(async () => t?.stop());

const wallet = async () => (await t.api('GET', '/v1/refund_wallets/evm')).body.data;
const onNetwork = (w: any, network: string) => w.networks.find((n: any) => n.network === network);
const balanceOf = (devnet: Devnet, who: Address) => client(devnet).readContract({ address: devnet.tokens[COIN], abi: erc20Abi, functionName: 'balanceOf', args: [who] });

async function paidSession(devnet: Devnet, network: string, value: string) {
  const s = await createSession(t, value, 'USD');
  const opt = option(s, network, COIN);
  const amount = BigInt(opt.amount_due.replace('.', '')) * 10n ** BigInt(devnet.decimals[COIN] - 6);
  const paid = await mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[0]!, token: COIN, to: opt.address, amountBaseUnits: amount });
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 15_000);
  return { sessionId: s.session_id as string, payer: paid.from as Address };
}

test('the refund wallet is read per running network: its gas coin, enough for a refund, and each coin', async () => {
  const w = await wallet();
  expect(w.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  // The networks of the family that run in this mode: BNB Smart Chain, off, is not read.
  expect(w.networks.map((n: any) => n.network).sort()).toEqual([OTHER, PAID_ON].sort());
  for (const n of w.networks) {
    expect(n).toMatchObject({
      status: 'ok',
      // The test wallet gets 10,000 of each devnet's native coin (fund.ts).
      gas_balance: '10000.000000000000000000',
      enough_gas: true,
      error: null,
    });
    expect(Number(n.gas_per_refund)).toBeGreaterThan(0);
  }
  // Each network's own coins: Base offers USDC alone.
  expect(onNetwork(w, OTHER).coins).toEqual([
    { currency: 'USDT', balance: '100.000000' },
    { currency: 'USDC', balance: '100.000000' },
  ]);
  expect(onNetwork(w, PAID_ON).coins).toEqual([{ currency: 'USDC', balance: '100.000000' }]);
  // ETH pays the fees on Base as on Ethereum, but each network's ETH is its own.
  expect(onNetwork(w, 'ethereum').gas_coin).toBe('ETH');
  expect(onNetwork(w, 'base').gas_coin).toBe('ETH');
}, 30_000);

test(`a payment on ${PAID_ON} is refunded on ${PAID_ON}, from the wallet's coins there, leaving ${OTHER} untouched`, async () => {
  const { sessionId, payer } = await paidSession(paidOn, PAID_ON, '7.00');
  const before = { payerHere: await balanceOf(paidOn, payer), payerThere: await balanceOf(other, payer) };
  const created = await t.api('POST', '/v1/refunds', { body: { session_id: sessionId } });
  expect(created.status).toBe(200);
  expect(created.body.data).toMatchObject({ network: PAID_ON, destination_address: payer, payout: { method: 'wallet' } });
  const done = await waitFor(async () => {
    const r = (await t.api('GET', `/v1/refunds/${created.body.data.id}`)).body.data;
    return r.status === 'SUCCEEDED' ? r : false;
  }, 20_000, 'the refund to succeed');
  // The transaction is on the payment's network: its receipt is there, not on the other.
  const hash = done.payout.tx_hash as `0x${string}`;
  expect((await client(paidOn).getTransactionReceipt({ hash })).status).toBe('success');
  expect(await devnetRpc(other)('eth_getTransactionByHash', [hash])).toBeNull();
  const unit = 10n ** BigInt(paidOn.decimals[COIN]);
  expect(await balanceOf(paidOn, payer)).toBe(before.payerHere + 7n * unit);
  expect(await balanceOf(other, payer)).toBe(before.payerThere);
  const w = await wallet();
  expect(onNetwork(w, PAID_ON).coins).toEqual([{ currency: COIN, balance: '93.000000' }]);
  expect(onNetwork(w, OTHER).coins.find((c: any) => c.currency === COIN)).toEqual({ currency: COIN, balance: '100.000000' });
}, 60_000);

test('a network where the wallet has no gas coin says so, and a refund there fails before anything is signed', async () => {
  const address = (await wallet()).address as Address;
  await devnetRpc(other)('anvil_setBalance', [address, '0x0']);
  const w = await wallet();
  expect(onNetwork(w, OTHER)).toMatchObject({ status: 'ok', gas_coin: 'ETH', gas_balance: '0.000000000000000000', enough_gas: false });
  expect(onNetwork(w, PAID_ON)).toMatchObject({ enough_gas: true });

  const { sessionId } = await paidSession(other, OTHER, '2.00');
  const created = await t.api('POST', '/v1/refunds', { body: { session_id: sessionId } });
  expect(created.body.data.network).toBe(OTHER);
  const failed = await waitFor(async () => {
    const r = (await t.api('GET', `/v1/refunds/${created.body.data.id}`)).body.data;
    return r.status === 'FAILED' ? r : false;
  }, 20_000, 'the refund to fail');
  expect(failed.failure_reason).toMatch(/^insufficient_gas_balance: /);
  expect(failed.payout.tx_hash).toBeNull();
}, 60_000);
