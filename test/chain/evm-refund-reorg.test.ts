/**
 * A refund payout dropped by a reorganisation (anvil_reorg leaves it out of the new block and out of
 * the pool) is re-sent as the very same signed transaction (same nonce and hash), once, and pays the
 * customer exactly once. Blocks are mined by the test (automine off).
 */
import { type Address, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Devnet } from '../../src/chains/evm/devnet/devnet.js';
import { budget, client, createSession, devAccountKey, devnetRpc, mine, option, sleep, TestWallet, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let eth: Devnet;
let rpc: ReturnType<typeof devnetRpc>;

beforeAll(async () => {
  t = await startTestCore({ networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } }, devnetBlockTimeSeconds: 0, confirmations: { ethereum: 3 }, refundPollMs: 100 });
  eth = evmDevnetOf(t.core.chains, 'ethereum');
  rpc = devnetRpc(eth);
  await rpc('evm_setAutomine', [false]);
}, 60_000);
afterAll(async () => t?.stop());

const balanceOf = (who: Address) => client(eth).readContract({ address: eth.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
const refundOf = async (id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;
const waitRefund = (id: string, check: (r: any) => boolean, what: string) =>
  waitFor(async () => {
    const r = await refundOf(id);
    return check(r) ? r : false;
  }, 10_000, what);

test('a payout dropped by a reorganisation is re-sent once, the same transaction, and pays once', async () => {
  const payer = new TestWallet(eth, devAccountKey(7));
  const s = await createSession(t, '8.00');
  await payer.pay(eth.tokens.USDT, option(s, 'ethereum', 'USDT').address, 8_000_000n);
  await mine(eth, 4);
  await waitForSession(t, s.session_id, (x) => x.status === 'SUCCEEDED', 10_000);
  const before = await balanceOf(payer.address);

  const created = (await t.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3', currency: 'USDT' } } })).body.data;
  const sent = await waitRefund(created.id, (r) => r.status === 'PROCESSING' && r.payout.broadcasts === 1, 'the payout broadcast');
  await mine(eth);
  await waitRefund(created.id, (r) => r.payout.confirmations === 1, 'one confirmation');
  expect(await balanceOf(payer.address)).toBe(before + 3_000_000n);

  // The block holding the payout is replaced by an empty one: the payout is gone, from the pool too.
  await rpc('anvil_reorg', [1, []]);
  expect(await rpc('eth_getTransactionReceipt', [sent.payout.tx_hash])).toBeNull();
  expect(await balanceOf(payer.address)).toBe(before);

  const resent = await waitRefund(created.id, (r) => r.payout.broadcasts === 2, 'the payout to be re-sent');
  expect(resent).toMatchObject({ status: 'PROCESSING', payout: { tx_hash: sent.payout.tx_hash, nonce: sent.payout.nonce, confirmations: 0 } });
  expect(await rpc<{ hash: Hex } | null>('eth_getTransactionByHash', [sent.payout.tx_hash])).not.toBeNull();
  await sleep(600); // several worker passes while it waits in the pool: not sent again
  expect((await refundOf(created.id)).payout.broadcasts).toBe(2);

  await mine(eth, 3);
  const done = await waitRefund(created.id, (r) => r.status === 'SUCCEEDED', 'the refund to succeed');
  expect(done.payout).toMatchObject({ tx_hash: sent.payout.tx_hash, broadcasts: 2, confirmations: 3 });
  expect(await balanceOf(payer.address)).toBe(before + 3_000_000n);
  await mine(eth, 2);
  await sleep(400);
  expect(await balanceOf(payer.address)).toBe(before + 3_000_000n);
}, budget([10_000, 10_000, 10_000, 10_000, 600, 10_000, 400]));
