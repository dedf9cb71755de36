import { expect, test } from 'vitest';
import type { Deposit, DepositListQuery } from '../../src/domain/deposit.js';
import type { Stores } from '../../src/storage/stores.js';
import { addMerchant, depositOf, paymentOf, sessionOf, T0 } from '../helpers/sales-records.js';
import { describeEachStore } from '../helpers/stores.js';

/** What the watchers and the deposits service rely on from `payments`, `deposits` and `chainState` (ports.ts). */

const MAX_ERC20 = 2n ** 256n - 1n;

async function withSessions(s: Stores, ...ids: string[]): Promise<void> {
  await addMerchant(s, 'm_1');
  await addMerchant(s, 'm_2');
  for (const id of ids) await s.sessions.insert(sessionOf({ id }));
}

describeEachStore('payments', (open) => {
  test('a payment round-trips every field: base units up to 2^256 − 1, block numbers past 2^32, no session', async () => {
    const s = await open();
    await withSessions(s, 'ps_1');
    const big = paymentOf({ id: 'pay_big', amountBase: MAX_ERC20, amountMinor: 10n ** 15n, blockNumber: 2 ** 40, livemode: true, confirmations: 12, status: 'confirmed' });
    const orphan = paymentOf({ id: 'pay_none', sessionId: null, txId: '0xtx2', amountBase: 2n ** 64n + 1n });
    await s.payments.insert(big, T0);
    await s.payments.insert(orphan, T0);
    expect(await s.payments.find('ethereum', true, '0xtx1', 0, '0xblock100')).toEqual(big);
    expect(await s.payments.find('ethereum', false, '0xtx2', 0, '0xblock100')).toEqual(orphan);
    expect(await s.payments.find('ethereum', false, '0xtx1', 0, '0xblock100')).toBeUndefined(); // another mode
    expect(await s.payments.find('ethereum', true, '0xtx1', 1, '0xblock100')).toBeUndefined();
    expect(await s.payments.find('ethereum', true, '0xtx1', 0, '0xother')).toBeUndefined();
  });

  test('the same transfer in the same block is one payment: a second insert fails; in another block it is another', async () => {
    const s = await open();
    await withSessions(s, 'ps_1');
    await s.payments.insert(paymentOf(), T0);
    await expect(s.payments.insert(paymentOf({ id: 'pay_again' }), T0)).rejects.toThrow();
    await expect(s.payments.insert(paymentOf({ blockRef: '0xblock101' }), T0)).rejects.toThrow(); // the id is unique too
    await s.payments.insert(paymentOf({ id: 'pay_reincluded', blockRef: '0xblock101', blockNumber: 101 }), T0);
    expect((await s.payments.forSession('ps_1')).map((p) => p.id)).toEqual(['pay_1', 'pay_reincluded']);
  });

  test("forSession in insertion order; unconfirmed and unconfirmedAbove: one network and mode's detected payments", async () => {
    const s = await open();
    await withSessions(s, 'ps_1', 'ps_2');
    await s.payments.insert(paymentOf({ id: 'pay_z', txId: '0x1', blockNumber: 10 }), T0);
    await s.payments.insert(paymentOf({ id: 'pay_a', txId: '0x2', blockNumber: 20 }), T0);
    await s.payments.insert(paymentOf({ id: 'pay_done', txId: '0x3', blockNumber: 30, status: 'confirmed' }), T0);
    await s.payments.insert(paymentOf({ id: 'pay_live', txId: '0x4', blockNumber: 40, livemode: true }), T0);
    await s.payments.insert(paymentOf({ id: 'pay_tron', txId: '0x5', blockNumber: 50, network: 'tron' }), T0);
    await s.payments.insert(paymentOf({ id: 'pay_2', sessionId: 'ps_2', txId: '0x6', blockNumber: 60 }), T0);
    const idsOf = (ps: { id: string }[]) => ps.map((p) => p.id).sort();
    expect((await s.payments.forSession('ps_1')).map((p) => p.id)).toEqual(['pay_z', 'pay_a', 'pay_done', 'pay_live', 'pay_tron']);
    // Several sessions at once (reports): the same rows, in insertion order.
    expect((await s.payments.forSessions(['ps_2', 'ps_1'])).map((p) => p.id)).toEqual(['pay_z', 'pay_a', 'pay_done', 'pay_live', 'pay_tron', 'pay_2']);
    expect(await s.payments.forSessions(['ps_none'])).toEqual([]);
    expect(idsOf(await s.payments.unconfirmed('ethereum', false))).toEqual(['pay_2', 'pay_a', 'pay_z']);
    expect(idsOf(await s.payments.unconfirmedAbove('ethereum', false, 10))).toEqual(['pay_2', 'pay_a']);
    expect(idsOf(await s.payments.unconfirmedAbove('ethereum', false, 60))).toEqual([]);
  });

  test('setProgress moves confirmations and status; revive makes an orphaned payment detected again from 0', async () => {
    const s = await open();
    await withSessions(s, 'ps_1');
    await s.payments.insert(paymentOf(), T0);
    await s.payments.setProgress('pay_1', 3, 'orphaned', T0 + 1);
    expect(await s.payments.find('ethereum', false, '0xtx1', 0, '0xblock100')).toMatchObject({ confirmations: 3, status: 'orphaned' });
    expect(await s.payments.unconfirmed('ethereum', false)).toEqual([]);
    await s.payments.revive('pay_1', T0 + 2);
    expect(await s.payments.find('ethereum', false, '0xtx1', 0, '0xblock100')).toEqual(paymentOf());
  });
});

const depositQuery = (q: Partial<DepositListQuery> = {}): DepositListQuery => ({ merchantId: 'm_1', livemode: false, limit: 50, ...q });
const ids = (page: { items: Deposit[] }) => page.items.map((d) => d.id);

describeEachStore('deposits', (open) => {
  test('a deposit round-trips every field, an unsupported token (no currency) and a 2^256 − 1 amount included', async () => {
    const s = await open();
    await withSessions(s);
    const other = depositOf({ id: 'dep_other', txId: '0xdep2', currency: null, reason: 'unsupported_token', amountBase: MAX_ERC20, decimals: 18, blockNumber: 2 ** 40 });
    expect(await s.deposits.insertIfNew(depositOf())).toBe(true);
    expect(await s.deposits.insertIfNew(other)).toBe(true);
    expect(await s.deposits.findById('dep_1')).toEqual(depositOf());
    expect(await s.deposits.findById('dep_other')).toEqual(other);
    expect(await s.deposits.findById('dep_none')).toBeUndefined();
  });

  test('insertIfNew is idempotent on the transfer (network, mode, transaction, event): the first record stays as it was', async () => {
    const s = await open();
    await withSessions(s);
    expect(await s.deposits.insertIfNew(depositOf())).toBe(true);
    expect(await s.deposits.insertIfNew(depositOf({ id: 'dep_again', blockRef: '0xelsewhere', amountBase: 1n }))).toBe(false);
    expect(await s.deposits.findById('dep_again')).toBeUndefined();
    expect(await s.deposits.findById('dep_1')).toEqual(depositOf());
    expect(await s.deposits.insertIfNew(depositOf({ id: 'dep_live', livemode: true }))).toBe(true);
    expect(await s.deposits.insertIfNew(depositOf({ id: 'dep_ev1', eventIndex: 1 }))).toBe(true);
  });

  test("update writes the patch's fields only", async () => {
    const s = await open();
    await withSessions(s, 'ps_1');
    await s.deposits.insertIfNew(depositOf());
    await s.deposits.update('dep_1', { status: 'attributed', resolvedSessionId: 'ps_1', resolvedAt: T0 + 5, resolvedBy: 'ui:u_1', note: 'table 4' }, T0 + 5);
    expect(await s.deposits.findById('dep_1')).toEqual(
      depositOf({ status: 'attributed', resolvedSessionId: 'ps_1', resolvedAt: T0 + 5, resolvedBy: 'ui:u_1', note: 'table 4' }),
    );
  });

  test('findByTransfer finds a transfer in any block; unconfirmed lists a network\'s unmatched deposits short of their confirmations; the block and its count are written', async () => {
    const s = await open();
    await withSessions(s);
    await s.deposits.insertIfNew(depositOf());
    await s.deposits.insertIfNew(depositOf({ id: 'dep_done', txId: '0xdone', confirmations: 12, confirmed: true }));
    await s.deposits.insertIfNew(depositOf({ id: 'dep_gone', txId: '0xgone', status: 'orphaned' }));
    await s.deposits.insertIfNew(depositOf({ id: 'dep_tron', txId: '0xtron', network: 'tron' }));
    await s.deposits.insertIfNew(depositOf({ id: 'dep_live', txId: '0xlive', livemode: true }));
    expect((await s.deposits.findByTransfer('ethereum', false, '0xdep1', 0))?.id).toBe('dep_1');
    expect(await s.deposits.findByTransfer('ethereum', false, '0xdep1', 1)).toBeUndefined();
    expect(await s.deposits.findByTransfer('ethereum', true, '0xdep1', 0)).toBeUndefined();
    expect((await s.deposits.unconfirmed('ethereum', false)).map((d) => d.id)).toEqual(['dep_1']);
    await s.deposits.update('dep_1', { blockNumber: 2 ** 40, blockRef: '0xnew', blockTime: T0 + 9, confirmations: 3, confirmed: true }, T0 + 9);
    expect(await s.deposits.findById('dep_1')).toEqual(depositOf({ blockNumber: 2 ** 40, blockRef: '0xnew', blockTime: T0 + 9, confirmations: 3, confirmed: true }));
    expect(await s.deposits.unconfirmed('ethereum', false)).toEqual([]);
  });

  test('list: newest first, every filter, cursors both ways with hasMore', async () => {
    const s = await open();
    await withSessions(s);
    const rows = [
      depositOf({ id: 'dep_a', txId: '0xa', createdAt: T0 }),
      depositOf({ id: 'dep_b', txId: '0xb', createdAt: T0 + 10, network: 'tron' }),
      depositOf({ id: 'dep_c', txId: '0xc', createdAt: T0 + 20, currency: null, reason: 'unsupported_token' }),
      depositOf({ id: 'dep_d', txId: '0xd', createdAt: T0 + 30, status: 'dismissed', currency: 'USDC' }),
      depositOf({ id: 'dep_e', txId: '0xe', createdAt: T0 + 40 }),
      depositOf({ id: 'dep_live', txId: '0xf', livemode: true }),
      depositOf({ id: 'dep_m2', txId: '0xg', merchantId: 'm_2' }),
    ];
    for (const d of rows) await s.deposits.insertIfNew(d);
    expect(ids(await s.deposits.list(depositQuery()))).toEqual(['dep_e', 'dep_d', 'dep_c', 'dep_b', 'dep_a']);
    expect(ids(await s.deposits.list(depositQuery({ livemode: true })))).toEqual(['dep_live']);
    expect(ids(await s.deposits.list(depositQuery({ merchantId: 'm_2' })))).toEqual(['dep_m2']);
    expect(ids(await s.deposits.list(depositQuery({ status: 'dismissed' })))).toEqual(['dep_d']);
    expect(ids(await s.deposits.list(depositQuery({ network: 'tron' })))).toEqual(['dep_b']);
    expect(ids(await s.deposits.list(depositQuery({ currency: null })))).toEqual(['dep_c']);
    expect(ids(await s.deposits.list(depositQuery({ currency: 'USDT' })))).toEqual(['dep_e', 'dep_b', 'dep_a']);
    expect(ids(await s.deposits.list(depositQuery({ createdGte: T0 + 10, createdLt: T0 + 30 })))).toEqual(['dep_c', 'dep_b']);

    const page = (q: Partial<DepositListQuery>) => s.deposits.list(depositQuery({ limit: 2, ...q })).then((p) => [ids(p), p.hasMore]);
    expect(await page({})).toEqual([['dep_e', 'dep_d'], true]);
    expect(await page({ startingAfter: 'dep_d' })).toEqual([['dep_c', 'dep_b'], true]);
    expect(await page({ startingAfter: 'dep_b' })).toEqual([['dep_a'], false]);
    expect(await page({ endingBefore: 'dep_b' })).toEqual([['dep_d', 'dep_c'], true]);
    expect(await page({ endingBefore: 'dep_d' })).toEqual([['dep_e'], false]);
    expect(await page({ startingAfter: 'dep_unknown' })).toEqual([[], false]);
    expect(await page({ endingBefore: 'dep_unknown' })).toEqual([[], false]);
  });
});

describeEachStore('chain state', (open) => {
  test('a cursor per network and mode, replaced by setCursor', async () => {
    const s = await open();
    expect(await s.chainState.cursor('ethereum', false)).toBeUndefined();
    await s.chainState.setCursor('ethereum', false, '1', '100', T0);
    await s.chainState.setCursor('ethereum', true, '1', '900', T0);
    await s.chainState.setCursor('ethereum', false, '1', '101', T0 + 1);
    expect(await s.chainState.cursor('ethereum', false)).toEqual({ chainId: '1', position: '101' });
    expect(await s.chainState.cursor('ethereum', true)).toEqual({ chainId: '1', position: '900' });
    expect(await s.chainState.cursor('tron', false)).toBeUndefined();
  });

  test('recent blocks newest first; a block put again takes its new hash (in one call, the last one given)', async () => {
    const s = await open();
    expect(await s.chainState.recentBlocks('ethereum', false)).toEqual([]);
    await s.chainState.putBlocks('ethereum', false, [
      { number: 1, hash: '0x1' },
      { number: 2, hash: '0x2' },
    ]);
    await s.chainState.putBlocks('ethereum', false, [
      { number: 2, hash: '0x2b' },
      { number: 3, hash: '0x3' },
      { number: 3, hash: '0x3b' },
    ]);
    await s.chainState.putBlocks('ethereum', false, []);
    await s.chainState.putBlocks('ethereum', true, [{ number: 2 ** 40, hash: '0xbig' }]);
    expect(await s.chainState.recentBlocks('ethereum', false)).toEqual([
      { number: 3, hash: '0x3b' },
      { number: 2, hash: '0x2b' },
      { number: 1, hash: '0x1' },
    ]);
    expect(await s.chainState.recentBlocks('ethereum', true)).toEqual([{ number: 2 ** 40, hash: '0xbig' }]);
  });

  test('at most 256 recent blocks are read, and blocks far below the newest put are forgotten', async () => {
    const s = await open();
    await s.chainState.putBlocks('ethereum', false, Array.from({ length: 300 }, (_, i) => ({ number: i + 1, hash: `0x${i + 1}` })));
    const recent = await s.chainState.recentBlocks('ethereum', false);
    expect([recent.length, recent[0], recent.at(-1)]).toEqual([256, { number: 300, hash: '0x300' }, { number: 45, hash: '0x45' }]);
    // A block 256 × 8 above block 300 prunes every one below 300; dropping it again shows what survived.
    await s.chainState.putBlocks('ethereum', false, [{ number: 300 + 2048, hash: '0xfar' }]);
    await s.chainState.dropBlocksAbove('ethereum', false, 2347);
    expect(await s.chainState.recentBlocks('ethereum', false)).toEqual([{ number: 300, hash: '0x300' }]);
  });

  test('dropBlocksAbove forgets hashes above a block (up to one, when given); reset forgets one network and mode, cursor included', async () => {
    const s = await open();
    const blocks = [1, 2, 3, 4].map((n) => ({ number: n, hash: `0x${n}` }));
    await s.chainState.putBlocks('ethereum', false, blocks);
    await s.chainState.putBlocks('ethereum', true, blocks);
    await s.chainState.putBlocks('tron', false, blocks);
    await s.chainState.setCursor('ethereum', false, '1', '4', T0);
    await s.chainState.setCursor('ethereum', true, '1', '4', T0);
    // A rescan chunk's reach (issue 27): only the blocks it read again, those above kept.
    await s.chainState.dropBlocksAbove('ethereum', false, 1, 2);
    expect(await s.chainState.recentBlocks('ethereum', false)).toEqual([blocks[3], blocks[2], blocks[0]]);
    await s.chainState.putBlocks('ethereum', false, [blocks[1]!]);
    await s.chainState.dropBlocksAbove('ethereum', false, 2);
    expect(await s.chainState.recentBlocks('ethereum', false)).toEqual([blocks[1], blocks[0]]);
    expect(await s.chainState.recentBlocks('ethereum', true)).toHaveLength(4);
    await s.chainState.reset('ethereum', false);
    expect(await s.chainState.recentBlocks('ethereum', false)).toEqual([]);
    expect(await s.chainState.cursor('ethereum', false)).toBeUndefined();
    expect(await s.chainState.cursor('ethereum', true)).toEqual({ chainId: '1', position: '4' });
    expect(await s.chainState.recentBlocks('ethereum', true)).toHaveLength(4);
    expect(await s.chainState.recentBlocks('tron', false)).toHaveLength(4);
  });
});
