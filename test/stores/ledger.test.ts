import { expect, test } from 'vitest';
import type { Currency } from '../../src/domain/currencies.js';
import type { BalanceTransaction, BalanceTransactionType } from '../../src/domain/ledger.js';
import type { Conversion, ConversionQuote, Settlement } from '../../src/domain/records.js';
import type { Refund } from '../../src/domain/refund.js';
import type { Stores } from '../../src/storage/stores.js';
import { seedMerchant, seedSession } from '../helpers/store-seeds.js';
import { describeEachStore } from '../helpers/stores.js';

let n = 0;
function entry(over: Partial<BalanceTransaction> = {}): BalanceTransaction {
  n += 1;
  return {
    id: `txn_${n}`,
    merchantId: 'm_1',
    livemode: false,
    type: 'payment',
    currency: 'USDT',
    amountMinor: 1_000n,
    feeMinor: 25n,
    netMinor: 975n,
    tipMinor: 0n,
    availableOn: 5_000,
    settles: true,
    sourceId: 'ps_1',
    description: 'Payment',
    createdAt: 1_000 + n,
    ...over,
  };
}

/** A refund of a session, only what the ledger's sums look at set. */
function refundOf(sessionId: string, id: string): Refund {
  return {
    id, merchantId: 'm_1', livemode: false, sessionId, paymentId: null, depositId: null, network: 'ethereum', currency: 'USDT',
    tokenContract: '0xt', decimals: 6, amountMinor: 100n, amountPricingMinor: 100n, amountBase: 100n, destination: null,
    destinationSource: 'payer', status: 'PENDING', reason: null, actionReason: null, failureReason: null, payoutMethod: 'manual',
    fromAddress: null, payoutKey: null, payoutData: null, rawTx: null, txId: null, blockNumber: null, confirmations: 0, broadcasts: 0,
    lastError: null, ledgerEntries: [], createdAt: 1, updatedAt: 1,
  };
}

const sorted = <T extends { currency: string; type: string }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.currency}/${a.type}`.localeCompare(`${b.currency}/${b.type}`));

async function insertAll(s: Stores, entries: BalanceTransaction[]): Promise<void> {
  await s.tx(async () => {
    for (const e of entries) await s.ledger.insertEntry(e);
  });
}

/** The ledger port (ports.ts, LedgerStore): what both stores keep and sum exactly alike. */
describeEachStore('ledger store', (open) => {
  test('an entry comes back with every field, negative and live ones too', async () => {
    const s = await open();
    await seedMerchant(s);
    const credit = entry({ livemode: true, settles: false, type: 'adjustment', currency: 'USDC', amountMinor: 999_999_999_999_999n, feeMinor: 0n, netMinor: 999_999_999_999_999n });
    const debit = entry({ type: 'refund', amountMinor: -1_234n, feeMinor: 0n, netMinor: -1_234n, availableOn: 0, sourceId: 're_1', description: 'Refund ü' });
    await insertAll(s, [credit, debit]);
    expect(await s.ledger.findEntry(credit.id)).toEqual(credit);
    expect(await s.ledger.findEntry(debit.id)).toEqual(debit);
    expect(await s.ledger.findEntry('txn_none')).toBeUndefined();
  });

  test('booked by source: gross and count per currency', async () => {
    const s = await open();
    await seedMerchant(s);
    await insertAll(s, [
      entry({ sourceId: 'ps_9', amountMinor: 500n }),
      entry({ sourceId: 'ps_9', amountMinor: 700n }),
      entry({ sourceId: 'ps_9', currency: 'USDC', amountMinor: -30n }),
      entry({ sourceId: 'ps_9', type: 'refund', amountMinor: -400n }),
      entry({ sourceId: 'ps_8', amountMinor: 1n }),
    ]);
    const booked = await s.ledger.bookedBySource('ps_9', 'payment');
    expect(sorted(booked.map((b) => ({ ...b, type: 'payment' })))).toEqual([
      { currency: 'USDC', amountMinor: -30n, entries: 1, type: 'payment' },
      { currency: 'USDT', amountMinor: 1_200n, entries: 2, type: 'payment' },
    ]);
    expect(await s.ledger.bookedBySource('ps_none', 'payment')).toEqual([]);
  });

  test('concurrent account adjustments in units of work add up exactly', async () => {
    const s = await open();
    await seedMerchant(s);
    const currencies: Currency[] = ['USDT', 'USDC'];
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        s.tx(async () => {
          await s.ledger.adjustAccount('m_1', false, currencies[i % 2]!, BigInt(i) - 10n, 3n, 100 + i);
        }),
      ),
    );
    // USDT: i even 0..28 → Σ(i−10) = 210 − 150 = 60; USDC: i odd 1..29 → 225 − 150 = 75; pending 15 × 3 each.
    expect(await s.ledger.accounts('m_1', false)).toEqual([
      { currency: 'USDC', availableMinor: 75n, pendingMinor: 45n },
      { currency: 'USDT', availableMinor: 60n, pendingMinor: 45n },
    ]);
    expect(await s.ledger.accounts('m_1', true)).toEqual([]);
  });

  test('concurrent adjustments outside units add up too: each is one atomic statement', async () => {
    const s = await open();
    await seedMerchant(s);
    await Promise.all(Array.from({ length: 20 }, (_, i) => s.ledger.adjustAccount('m_1', true, 'USDT', 5n, BigInt(-i), 1)));
    expect(await s.ledger.accounts('m_1', true)).toEqual([{ currency: 'USDT', availableMinor: 100n, pendingMinor: -190n }]);
  });

  test('settlements: grouped, added to, due in order, settled once', async () => {
    const s = await open();
    await seedMerchant(s);
    const settlement = (id: string, availableOn: number, currency: Currency = 'USDT'): Settlement => ({
      id, merchantId: 'm_1', livemode: false, currency, availableOn, amountMinor: 100n, entryCount: 1, status: 'scheduled', settledAt: null, createdAt: 10,
    });
    expect(await s.ledger.nextSettlementAt()).toBeUndefined();
    await s.ledger.insertSettlement(settlement('st_late', 3_000));
    await s.ledger.insertSettlement(settlement('st_early', 2_000));
    await s.ledger.insertSettlement(settlement('st_usdc', 2_500, 'USDC'));
    await s.ledger.addToSettlement('st_early', -40n);
    expect(await s.ledger.findSettlementGroup('m_1', false, 'USDT', 2_000)).toEqual({ ...settlement('st_early', 2_000), amountMinor: 60n, entryCount: 2 });
    expect(await s.ledger.findSettlementGroup('m_1', false, 'USDC', 2_000)).toBeUndefined();
    expect(await s.ledger.nextSettlementAt()).toBe(2_000);
    expect((await s.ledger.dueSettlements(2_500, 10)).map((x) => x.id)).toEqual(['st_early', 'st_usdc']);
    expect((await s.ledger.dueSettlements(9_999, 1)).map((x) => x.id)).toEqual(['st_early']);

    expect(await s.ledger.markSettled('st_early', 2_100)).toBe(true);
    expect(await s.ledger.markSettled('st_early', 2_200)).toBe(false);
    expect(await s.ledger.findSettlementGroup('m_1', false, 'USDT', 2_000)).toMatchObject({ status: 'settled', settledAt: 2_100 });
    expect(await s.ledger.nextSettlementAt()).toBe(2_500);
    expect((await s.ledger.settlementsOf('m_1', false, 'scheduled', 10)).map((x) => x.id)).toEqual(['st_usdc', 'st_late']);
    await s.ledger.markSettled('st_late', 3_100);
    expect((await s.ledger.settlementsOf('m_1', false, 'settled', 10)).map((x) => x.id)).toEqual(['st_late', 'st_early']);
  });

  test('sums: a session with its refunds, what is pending, everything, and the dated entries', async () => {
    const s = await open();
    await seedMerchant(s);
    await seedSession(s, 'm_1', 'ps_a');
    await seedSession(s, 'm_1', 'ps_b');
    await s.refunds.insert(refundOf('ps_a', 're_a'));
    await s.refunds.insert(refundOf('ps_b', 're_b'));
    await s.ledger.insertSettlement({ id: 'st_1', merchantId: 'm_1', livemode: false, currency: 'USDT', availableOn: 5_000, amountMinor: 0n, entryCount: 0, status: 'scheduled', settledAt: null, createdAt: 1 });
    await insertAll(s, [
      entry({ sourceId: 'ps_a', amountMinor: 1_000n, feeMinor: 25n, tipMinor: 100n, createdAt: 10 }),
      entry({ sourceId: 'ps_a', amountMinor: 2_000n, feeMinor: 40n, createdAt: 20 }),
      entry({ sourceId: 'ps_a', currency: 'USDC', amountMinor: 300n, feeMinor: 5n, availableOn: 6_000, createdAt: 30 }),
      entry({ sourceId: 're_a', type: 'refund', amountMinor: -700n, feeMinor: 0n, settles: false, availableOn: 0, createdAt: 40 }),
      entry({ sourceId: 're_a', type: 'adjustment', amountMinor: 200n, feeMinor: 0n, settles: false, availableOn: 0, createdAt: 50 }),
      entry({ sourceId: 'ps_b', amountMinor: 9_000n, feeMinor: 90n, createdAt: 60 }),
      entry({ sourceId: 're_b', type: 'refund', amountMinor: -9n, feeMinor: 0n, settles: false, availableOn: 0, createdAt: 70 }),
      entry({ sourceId: 'ps_live', livemode: true, amountMinor: 5n, feeMinor: 1n, createdAt: 80 }),
      // On the settlement's day but available at once: not pending.
      entry({ sourceId: 'cv_1', type: 'adjustment', amountMinor: 11n, feeMinor: 0n, settles: false, createdAt: 45 }),
    ]);
    expect(sorted(await s.ledger.sessionSums('ps_a'))).toEqual([
      { currency: 'USDC', type: 'payment', amountMinor: 300n, feeMinor: 5n, tipMinor: 0n },
      { currency: 'USDT', type: 'adjustment', amountMinor: 200n, feeMinor: 0n, tipMinor: 0n },
      { currency: 'USDT', type: 'payment', amountMinor: 3_000n, feeMinor: 65n, tipMinor: 100n },
      { currency: 'USDT', type: 'refund', amountMinor: -700n, feeMinor: 0n, tipMinor: 0n },
    ]);
    expect(await s.ledger.sessionSums('ps_none')).toEqual([]);
    // Several sessions at once (reports): each row names its session, and says what sessionSums says of it.
    const many = await s.ledger.sessionSumsMany(['ps_a', 'ps_b', 'ps_none']);
    for (const id of ['ps_a', 'ps_b']) {
      expect(sorted(many.filter((m) => m.sessionId === id).map(({ sessionId: _, ...sum }) => sum)), id).toEqual(sorted(await s.ledger.sessionSums(id)));
    }
    expect(many.every((m) => m.sessionId === 'ps_a' || m.sessionId === 'ps_b')).toBe(true);
    expect(await s.ledger.sessionSumsMany([])).toEqual([]);
    // Only the entries of the scheduled settlement (USDT, day 5 000) that settle.
    expect(sorted(await s.ledger.pendingSums('m_1', false))).toEqual([{ currency: 'USDT', type: 'payment', amountMinor: 12_000n, feeMinor: 155n, tipMinor: 100n }]);
    expect(sorted(await s.ledger.allSums('m_1', false))).toEqual([
      { currency: 'USDC', type: 'payment', amountMinor: 300n, feeMinor: 5n, tipMinor: 0n },
      { currency: 'USDT', type: 'adjustment', amountMinor: 211n, feeMinor: 0n, tipMinor: 0n },
      { currency: 'USDT', type: 'payment', amountMinor: 12_000n, feeMinor: 155n, tipMinor: 100n },
      { currency: 'USDT', type: 'refund', amountMinor: -709n, feeMinor: 0n, tipMinor: 0n },
    ]);
    expect(await s.ledger.allSums('m_1', true)).toEqual([{ currency: 'USDT', type: 'payment', amountMinor: 5n, feeMinor: 1n, tipMinor: 0n }]);
    expect(await s.ledger.entriesSince('m_1', false, 50)).toEqual([
      { createdAt: 50, currency: 'USDT', type: 'adjustment', amountMinor: 200n, feeMinor: 0n, tipMinor: 0n },
      { createdAt: 60, currency: 'USDT', type: 'payment', amountMinor: 9_000n, feeMinor: 90n, tipMinor: 0n },
      { createdAt: 70, currency: 'USDT', type: 'refund', amountMinor: -9n, feeMinor: 0n, tipMinor: 0n },
    ]);
  });

  test('sums beyond 2^53 stay exact', async () => {
    const s = await open();
    await seedMerchant(s);
    const big = 900_000_000_000_000n;
    await insertAll(s, Array.from({ length: 12 }, () => entry({ amountMinor: big, feeMinor: 1n, netMinor: big - 1n })));
    expect(await s.ledger.allSums('m_1', false)).toEqual([{ currency: 'USDT', type: 'payment', amountMinor: big * 12n, feeMinor: 12n, tipMinor: 0n }]);
  });

  test('entry pages: newest first, filters, both cursors, an unknown cursor', async () => {
    const s = await open();
    await seedMerchant(s);
    const types: BalanceTransactionType[] = ['payment', 'refund'];
    const entries = Array.from({ length: 7 }, (_, i) => entry({ type: types[i % 2]!, createdAt: 100 + i, availableOn: 200 + i }));
    await insertAll(s, [...entries, entry({ livemode: true })]);
    const ids = (r: { items: BalanceTransaction[] }) => r.items.map((e) => e.id);
    const newest = [...entries].reverse().map((e) => e.id);

    const first = await s.ledger.listEntries({ merchantId: 'm_1', livemode: false, limit: 3 });
    expect(ids(first)).toEqual(newest.slice(0, 3));
    expect(first.hasMore).toBe(true);
    expect(first.items[0]).toEqual(entries[6]);
    const next = await s.ledger.listEntries({ merchantId: 'm_1', livemode: false, limit: 3, startingAfter: newest[2]! });
    expect(ids(next)).toEqual(newest.slice(3, 6));
    const last = await s.ledger.listEntries({ merchantId: 'm_1', livemode: false, limit: 3, startingAfter: newest[5]! });
    expect(last).toEqual({ items: [entries[0]], hasMore: false });
    const back = await s.ledger.listEntries({ merchantId: 'm_1', livemode: false, limit: 2, endingBefore: newest[3]! });
    expect(ids(back)).toEqual(newest.slice(1, 3));
    expect(back.hasMore).toBe(true);

    const refunds = await s.ledger.listEntries({ merchantId: 'm_1', livemode: false, limit: 10, type: 'refund', createdGte: 102, createdLt: 105 });
    expect(ids(refunds)).toEqual([entries[3]!.id]);
    const available = await s.ledger.listEntries({ merchantId: 'm_1', livemode: false, limit: 10, availableOnGte: 205, currency: 'USDT', sourceId: 'ps_1' });
    expect(ids(available)).toEqual([entries[6]!.id, entries[5]!.id]);
    expect(await s.ledger.listEntries({ merchantId: 'm_1', livemode: false, limit: 3, startingAfter: 'txn_none' })).toEqual({ items: [], hasMore: false });
  });

  test('the export iterates every matching entry, newest first, over more than one page', async () => {
    const s = await open();
    await seedMerchant(s);
    const entries = Array.from({ length: 2_050 }, (_, i) => entry({ type: i % 3 === 0 ? 'refund' : 'payment' }));
    await insertAll(s, entries);
    const seen: string[] = [];
    for await (const e of s.ledger.iterateEntries({ merchantId: 'm_1', livemode: false, type: 'payment' })) seen.push(e.id);
    expect(seen).toEqual(entries.filter((e) => e.type === 'payment').reverse().map((e) => e.id));
    expect(seen.length).toBeGreaterThan(1_000);
  });

  test('conversions: every field, a rate wider than 64 bits, pages by cursor', async () => {
    const s = await open();
    await seedMerchant(s);
    const conversion = (id: string, over: Partial<Conversion> = {}): Conversion => ({
      id, merchantId: 'm_1', livemode: false, fromCurrency: 'USDT', fromAmountMinor: 1_000n, toCurrency: 'USDC', toAmountMinor: 999n, feeMinor: 5n,
      rateScaled: 123_456_789_012_345_678_901_234_567_890n, rateSource: 'feed', quoteId: null, automatic: false, createdAt: 7, ...over,
    });
    const all = [conversion('cv_1', { quoteId: 'qt_1', automatic: true }), conversion('cv_2'), conversion('cv_3', { livemode: true })];
    for (const c of all) await s.ledger.insertConversion(c);
    expect(await s.ledger.findConversion('cv_1')).toEqual(all[0]);
    expect(await s.ledger.findConversion('cv_none')).toBeUndefined();
    expect(await s.ledger.listConversions('m_1', false, 1)).toEqual({ items: [all[1]], hasMore: true });
    expect(await s.ledger.listConversions('m_1', false, 1, 'cv_2')).toEqual({ items: [all[0]], hasMore: false });
    expect(await s.ledger.listConversions('m_1', false, 1, 'cv_none')).toEqual({ items: [], hasMore: false });
  });

  test('conversion quotes: every field kept, a rate wider than 64 bits, deleted once, the expired purged', async () => {
    const s = await open();
    await seedMerchant(s);
    const quote = (id: string, expiresAt: number): ConversionQuote => ({
      id, merchantId: 'm_1', livemode: true, fromCurrency: 'USDT', fromAmountMinor: 50_000_000n, toCurrency: 'EUR', toAmountMinor: 4_629n, feeMinor: 23n,
      rate: { scaled: 123_456_789_012_345_678_901_234_567_890n, base: 'USDT', quote: 'EUR', source: 'ecb', asOf: new Date(1_700_000_000_123) },
      createdAt: expiresAt - 60_000, expiresAt,
    });
    const [early, late] = [quote('cq_early', 100_000), quote('cq_late', 100_001)];
    await s.ledger.insertQuote(early);
    await s.ledger.insertQuote(late);
    expect(await s.ledger.findQuote('cq_late')).toEqual(late);
    expect(await s.ledger.findQuote('cq_none')).toBeUndefined();
    expect(await s.ledger.purgeQuotes(100_000)).toBe(1); // expired at that moment: gone; the other not yet
    expect(await s.ledger.findQuote('cq_early')).toBeUndefined();
    expect(await s.ledger.deleteQuote('cq_late')).toBe(true);
    expect(await s.ledger.deleteQuote('cq_late')).toBe(false);
    expect(await s.ledger.findQuote('cq_late')).toBeUndefined();
  });
});
