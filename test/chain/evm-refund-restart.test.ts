/**
 * A refund payout signed and stored, but never sent (the app died between storing it and broadcasting
 * it), is paid after a restart: the stored transaction is sent and mined. The test refund wallet is
 * funded again at every start; that funding must never spend a nonce of the wallet, or it would take
 * the very nonce the stored payout holds, which could then never be mined (`nonce_taken`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Address, erc20Abi } from 'viem';
import { afterAll, expect, test, vi } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay } from '../../src/chains/evm/devnet/devnet.js';
import { EvmPayoutChain } from '../../src/chains/evm/refund-payout.js';
import type { CoreConfig } from '../../src/config.js';
import { client, createSession, option, waitFor, waitForSession, evmDevnetOf } from '../helpers/evm-chain.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const dataDir = mkdtempSync(join(tmpdir(), 'stablepos-refund-restart-'));
const config: Partial<CoreConfig> = {
  dataDir,
  networks: { test: { solana: 'off', bsc: 'off', tron: 'off' } },
  devnetBlockTimeSeconds: 0.2,
  confirmations: { ethereum: 2 },
  testRefundWallet: { fundTokens: 100 },
  refundPollMs: 100,
};
const cores: TestCore[] = [];

afterAll(async () => {
  for (const t of cores) await t.core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const ethereum = (t: TestCore): Devnet => evmDevnetOf(t.core.chains, 'ethereum');
const refundOf = async (t: TestCore, id: string) => (await t.api('GET', `/v1/refunds/${id}`)).body.data;
// 2 confirmations of 0.2 s blocks, read by a worker passing every 100 ms: about a second; 15 s leaves
// room for a loaded machine.
const waitRefund = (t: TestCore, id: string, check: (r: any) => boolean, what: string) =>
  waitFor(async () => {
    const r = await refundOf(t, id);
    return check(r) ? r : false;
  }, 15_000, what);
const settled = (r: any) => r.status === 'SUCCEEDED' || r.status === 'FAILED';
const usdtOf = (eth: Devnet, who: Address) => client(eth).readContract({ address: eth.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
const nonceOf = (eth: Devnet, who: Address, blockTag: 'latest' | 'pending') => client(eth).getTransactionCount({ address: who, blockTag });

test('a payout stored but never sent before the app died is sent after the restart and paid; the wallet\'s funding took no nonce', async () => {
  const first = await startTestCore(config);
  cores.push(first);
  const s = await createSession(first, '10.00', 'USDT');
  const paid = await mintAndPay(ethereum(first), { payerKey: DEVNET_PAYER_KEYS[0]!, token: 'USDT', to: option(s, 'ethereum', 'USDT').address, amountBaseUnits: 10_000_000n });
  await waitForSession(first, s.session_id, (x) => x.status === 'SUCCEEDED', 15_000);

  // A first refund is paid: the wallet now holds less than the 100 USDT it is funded to at each start.
  const one = (await first.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '2', currency: 'USDT' } } })).body.data;
  const done = await waitRefund(first, one.id, settled, 'the first refund');
  expect(done.status, done.failure_reason).toBe('SUCCEEDED');
  const wallet = done.payout.from as Address;
  expect(done.payout.nonce, 'the first payout is the wallet\'s first transaction: funding it sent none').toBe(0);

  // The second is signed and stored, and the app "dies" before it reaches the chain.
  const broadcast = vi.spyOn(EvmPayoutChain.prototype, 'broadcast').mockRejectedValue(new Error('the app died before sending it'));
  const two = (await first.api('POST', '/v1/refunds', { body: { session_id: s.session_id, amount: { value: '3', currency: 'USDT' } } })).body.data;
  const stored = await waitRefund(first, two.id, (r) => r.status === 'PROCESSING' && r.payout.last_error !== null, 'the second payout to be stored');
  expect(stored.payout).toMatchObject({ nonce: done.payout.nonce + 1, broadcasts: 0 });
  expect(await nonceOf(ethereum(first), wallet, 'pending')).toBe(stored.payout.nonce);
  await first.core.stop(); // what a kill leaves is the same: the payout is committed before any send
  cores.pop();
  broadcast.mockRestore();

  const second = await startTestCore(config);
  cores.push(second);
  const eth = ethereum(second);
  // The restart funded the wallet back to 100 USDT...
  expect(await usdtOf(eth, wallet)).toBe(100_000_000n);
  const before = await usdtOf(eth, paid.from);
  // ...and the stored payout, on the nonce it was signed with, is what got paid.
  const after = await waitRefund(second, two.id, settled, 'the stored payout after the restart');
  expect(after.status, after.failure_reason).toBe('SUCCEEDED');
  expect(after.payout).toMatchObject({ tx_hash: stored.payout.tx_hash, nonce: stored.payout.nonce, broadcasts: 1 });
  expect(await usdtOf(eth, paid.from)).toBe(before + 3_000_000n);
  // Only payouts ever spent the wallet's nonces.
  expect(await nonceOf(eth, wallet, 'latest')).toBe(stored.payout.nonce + 1);
}, 120_000);
