import { expect, test } from 'vitest';
import type { Refund } from '../../src/domain/refund.js';
import { seedMerchant, seedSession } from '../helpers/store-seeds.js';
import { describeEachStore } from '../helpers/stores.js';

let n = 0;
function refund(over: Partial<Refund> = {}): Refund {
  n += 1;
  return {
    id: `re_${n}`,
    merchantId: 'm_1',
    livemode: false,
    sessionId: 'ps_1',
    paymentId: `py_${n}`,
    depositId: null,
    network: 'ethereum',
    currency: 'USDT',
    tokenContract: '0xdac17f958d2ee523a2206206994597c13d831ec7',
    decimals: 6,
    amountMinor: 1_500n,
    amountPricingMinor: 1_400n,
    amountBase: 15_000_000n,
    destination: '0xpayer',
    destinationSource: 'payer',
    status: 'PENDING',
    reason: 'requested_by_customer',
    actionReason: null,
    failureReason: null,
    payoutMethod: 'wallet',
    fromAddress: null,
    payoutKey: null,
    payoutData: null,
    rawTx: null,
    txId: null,
    blockNumber: null,
    confirmations: 0,
    broadcasts: 0,
    lastError: null,
    ledgerEntries: [{ currency: 'USDT', amountMinor: '1500', settlesAt: 9_000 }],
    createdAt: 100 + n,
    updatedAt: 100 + n,
    ...over,
  };
}

/** The refund port (refund-service.ts, RefundStore): refunds, their payouts' lookups, the refund wallets. */
describeEachStore('refund store', (open) => {
  async function ready() {
    const s = await open();
    await seedMerchant(s);
    await seedSession(s, 'm_1', 'ps_1');
    await seedSession(s, 'm_1', 'ps_2');
    return s;
  }

  test('a refund comes back with every field, and a patch changes only what it names', async () => {
    const s = await ready();
    const full = refund({
      livemode: true, status: 'PROCESSING', destinationSource: 'owner', actionReason: 'why', failureReason: 'fail', payoutMethod: 'wallet',
      fromAddress: '0xwallet', payoutKey: '0xwallet:7', payoutData: '{"nonce":7}', rawTx: '0x02f8', txId: '0xtx', blockNumber: 2 ** 40,
      confirmations: 3, broadcasts: 2, lastError: 'timeout', amountBase: 2n ** 200n, ledgerEntries: [],
    });
    const deposit = refund({ sessionId: null, paymentId: null, depositId: 'dp_1', network: 'tron', currency: 'USDC', destination: null, reason: null, payoutMethod: 'manual' });
    await s.refunds.insert(full);
    await s.refunds.insert(deposit);
    expect(await s.refunds.findById(full.id)).toEqual(full);
    expect(await s.refunds.findById(deposit.id)).toEqual(deposit);
    expect(await s.refunds.findById('re_none')).toBeUndefined();

    await s.refunds.update(deposit.id, { status: 'SUCCEEDED', txId: 'tx_d', blockNumber: 12, confirmations: 20 }, 999);
    expect(await s.refunds.findById(deposit.id)).toEqual({ ...deposit, status: 'SUCCEEDED', txId: 'tx_d', blockNumber: 12, confirmations: 20, updatedAt: 999 });
  });

  test('by session, newest first; listed in pages with both cursors and filters', async () => {
    const s = await ready();
    const a = [refund(), refund({ sessionId: 'ps_2', status: 'SUCCEEDED' }), refund(), refund({ status: 'SUCCEEDED' }), refund({ livemode: true })];
    for (const r of a) await s.refunds.insert(r);
    const ids = (rs: Refund[]) => rs.map((r) => r.id);
    expect(ids(await s.refunds.forSession('ps_1'))).toEqual([a[4]!.id, a[3]!.id, a[2]!.id, a[0]!.id]);
    expect(ids(await s.refunds.forSessions(['ps_2', 'ps_1']))).toEqual([a[4]!.id, a[3]!.id, a[2]!.id, a[1]!.id, a[0]!.id]);
    expect(await s.refunds.forSessions([])).toEqual([]);

    const q = { merchantId: 'm_1', livemode: false };
    const first = await s.refunds.list({ ...q, limit: 2 });
    expect(first).toEqual({ items: [a[3], a[2]], hasMore: true });
    expect(await s.refunds.list({ ...q, limit: 2, startingAfter: a[2]!.id })).toEqual({ items: [a[1], a[0]], hasMore: false });
    expect(await s.refunds.list({ ...q, limit: 1, endingBefore: a[1]!.id })).toEqual({ items: [a[2]], hasMore: true });
    expect(ids((await s.refunds.list({ ...q, limit: 10, sessionId: 'ps_1', status: 'SUCCEEDED' })).items)).toEqual([a[3]!.id]);
    expect(await s.refunds.list({ ...q, limit: 10, startingAfter: 're_none' })).toEqual({ items: [], hasMore: false });
    expect(await s.refunds.list({ ...q, limit: 10, endingBefore: 're_none' })).toEqual({ items: [], hasMore: false });
  });

  test('open payouts of a network, manual ones pending, and a wallet\'s payout data, oldest first', async () => {
    const s = await ready();
    const pending = refund({ fromAddress: '0xw', payoutData: '{"nonce":1}' });
    const processing = refund({ status: 'PROCESSING', fromAddress: '0xw', payoutData: '{"nonce":2}' });
    const done = refund({ status: 'SUCCEEDED', fromAddress: '0xw', payoutData: '{"nonce":0}' });
    const unsigned = refund({ fromAddress: '0xw' });
    const otherWallet = refund({ fromAddress: '0xv', payoutData: '{"nonce":9}' });
    const tron = refund({ network: 'tron' });
    const live = refund({ livemode: true });
    const manual = refund({ payoutMethod: 'manual' });
    const manualDone = refund({ payoutMethod: 'manual', status: 'CANCELED' });
    const manualLive = refund({ payoutMethod: 'manual', livemode: true, network: 'tron' });
    for (const r of [pending, processing, done, unsigned, otherWallet, tron, live, manual, manualDone, manualLive]) await s.refunds.insert(r);

    expect((await s.refunds.open('ethereum', false)).map((r) => r.id)).toEqual([pending, processing, unsigned, otherWallet, manual].map((r) => r.id));
    expect((await s.refunds.open('tron', true)).map((r) => r.id)).toEqual([manualLive.id]);
    expect(await s.refunds.manualPending(false)).toEqual([manual]);
    expect(await s.refunds.manualPending(true)).toEqual([manualLive]);
    expect(await s.refunds.payoutData('ethereum', false, '0xw')).toEqual(['{"nonce":1}', '{"nonce":2}', '{"nonce":0}']);
    expect(await s.refunds.payoutData('ethereum', true, '0xw')).toEqual([]);
  });

  test('found by payout key and by transaction, per network and mode', async () => {
    const s = await ready();
    const paid = refund({ payoutKey: '0xw:4', txId: '0xabc', status: 'PROCESSING' });
    await s.refunds.insert(paid);
    await s.refunds.insert(refund({ network: 'tron', payoutKey: '0xw:4', txId: '0xabc' }));
    expect(await s.refunds.findByPayoutKey('ethereum', false, '0xw:4')).toEqual(paid);
    expect(await s.refunds.findByTx('ethereum', false, '0xabc')).toEqual(paid);
    expect(await s.refunds.findByPayoutKey('ethereum', true, '0xw:4')).toBeUndefined();
    expect(await s.refunds.findByTx('ethereum', false, '0xdef')).toBeUndefined();
    // A payout key belongs to one refund of a network only.
    await expect(s.refunds.insert(refund({ payoutKey: '0xw:4' }))).rejects.toThrow();
  });

  test('the refund wallet per family and mode, replaced in place', async () => {
    const s = await ready();
    expect(await s.refunds.wallet('m_1', 'evm', false)).toBeUndefined();
    await s.refunds.putWallet('m_1', 'evm', false, '0xold', '{"sealed":1}', 1);
    await s.refunds.putWallet('m_1', 'evm', true, '0xlive', '{"sealed":2}', 1);
    await s.refunds.putWallet('m_1', 'evm', false, '0xnew', '{"sealed":3}', 2);
    expect(await s.refunds.wallet('m_1', 'evm', false)).toEqual({ address: '0xnew', sealedKey: '{"sealed":3}' });
    expect(await s.refunds.wallet('m_1', 'evm', true)).toEqual({ address: '0xlive', sealedKey: '{"sealed":2}' });
    expect(await s.refunds.wallet('m_1', 'tron', false)).toBeUndefined();
  });
});
