import pg from 'pg';
import { describe, expect, test } from 'vitest';
import type { PaymentSession, SessionListQuery } from '../../src/domain/session.js';
import { openPgStores } from '../../src/storage/pg-stores.js';
import type { Stores } from '../../src/storage/stores.js';
import { addMerchant, paymentOf, sessionOf, T0 } from '../helpers/sales-records.js';
import { describeEachStore, testCipher, testPostgres } from '../helpers/stores.js';

/** What the merchant and session services rely on from `merchants` and `sessions` (ports.ts). */
describeEachStore('merchants', (open) => {
  test('insert, count, first and findById: the settings default as the schema says, domains oldest first', async () => {
    const s = await open();
    expect(await s.merchants.count()).toBe(0);
    expect(await s.merchants.first()).toBeUndefined();
    await addMerchant(s, 'm_late', T0 + 10);
    await addMerchant(s, 'm_early', T0);
    await s.merchants.addDomain('m_early', { id: 'dom_b', domain: 'b.example', createdAt: T0 + 5 });
    expect(await s.merchants.count()).toBe(2);
    expect(await s.merchants.first()).toEqual({
      id: 'm_early',
      name: 'Shop m_early',
      timeZone: 'UTC',
      reportingCurrency: 'USD',
      defaultCurrency: 'USD',
      feeBps: 150,
      feeFixedUsdCents: 10,
      sessionExpirySeconds: 900,
      monitoringWindowSeconds: 86_400,
      settlementCurrency: null,
      conversionFeeBps: 50,
      tips: { enabled: false, percentages: [10, 15, 20], custom: true },
      createdAt: T0,
      domains: [
        { id: 'm_early_dom', domain: 'm_early.example', createdAt: T0 },
        { id: 'dom_b', domain: 'b.example', createdAt: T0 + 5 },
      ],
    });
    expect(await s.merchants.findById('m_nobody')).toBeUndefined();
  });

  test('update writes only what the patch names; an empty patch changes nothing', async () => {
    const s = await open();
    await addMerchant(s);
    await s.merchants.update('m_1', { name: 'Café Ünïcode', feeBps: 0, settlementCurrency: 'USDC', timeZone: 'Asia/Tokyo', tipsEnabled: true, tipPercentages: [5, 12.5] });
    await s.merchants.update('m_1', {});
    expect(await s.merchants.findById('m_1')).toMatchObject({
      name: 'Café Ünïcode',
      feeBps: 0,
      settlementCurrency: 'USDC',
      timeZone: 'Asia/Tokyo',
      feeFixedUsdCents: 10,
      tips: { enabled: true, percentages: [5, 12.5], custom: true },
    });
  });

  test('a merchant and its first domain are written together: a clashing domain id leaves no merchant', async () => {
    const s = await open();
    await addMerchant(s, 'm_1');
    await expect(s.merchants.insert({ id: 'm_2', name: 'Two', domainId: 'm_1_dom', domain: 'two.example', createdAt: T0 })).rejects.toThrow();
    expect(await s.merchants.findById('m_2')).toBeUndefined();
    expect(await s.merchants.count()).toBe(1);
  });
});

/** Every field set, at the edges of its type. */
const fullSession = (): PaymentSession =>
  sessionOf({
    id: 'ps_full',
    livemode: true,
    status: 'SUCCEEDED',
    exception: 'OVERPAID',
    currency: 'EUR',
    amountMinor: 10n ** 15n, // domain/money.ts MAX_MINOR
    amountReceivedMinor: 10n ** 15n - 1n,
    amountRefundedMinor: 7n,
    description: 'Table 4: 2 × café crème, "quoted" & 100% _real_',
    clientReferenceId: 'order-42',
    metadata: { table: '4', note: 'ünïcode ✓', empty: '' },
    lineItems: [
      { quantity: 2, unitAmountMinor: 450n, name: 'Café crème', description: null },
      { quantity: 1, unitAmountMinor: 10n ** 15n - 900n, name: 'Cake', description: 'with a "quote"' },
    ],
    successUrl: 'https://shop.example/ok',
    cancelUrl: 'https://shop.example/cancel',
    resolvedBy: 'owner',
    createdAt: T0,
    expiresAt: T0 + 900_000,
    updatedAt: T0 + 1,
    quotes: [
      // Given out of order: they come back by currency.
      { currency: 'USDT', rateScaled: 2n ** 70n + 1n, rateSource: 'ecb', amountDueMinor: 10n ** 15n, feeFixedMinor: 100_000n },
      { currency: 'USDC', rateScaled: 1_080_000_000_000_000_000n, rateSource: 'fixed', amountDueMinor: 1n, feeFixedMinor: 0n },
    ],
  });

async function withSessions(s: Stores, sessions: PaymentSession[]): Promise<void> {
  await addMerchant(s, 'm_1');
  await addMerchant(s, 'm_2');
  for (const session of sessions) await s.tx(() => s.sessions.insert(session));
}

const ids = (page: { items: PaymentSession[] }) => page.items.map((x) => x.id);
const query = (q: Partial<SessionListQuery> = {}): SessionListQuery => ({ merchantId: 'm_1', livemode: false, limit: 50, ...q });

describeEachStore('sessions', (open) => {
  test('a session and its quotes round-trip every field: bigint money, base units past 2^64, JSON, nulls', async () => {
    const s = await open();
    const session = fullSession();
    await withSessions(s, [session, sessionOf({ id: 'ps_bare' })]);
    expect(await s.sessions.findById('ps_full')).toEqual({ ...session, quotes: [session.quotes[1], session.quotes[0]] });
    expect(await s.sessions.findById('ps_bare')).toEqual(sessionOf({ id: 'ps_bare' }));
    expect(await s.sessions.findById('ps_none')).toBeUndefined();
    // Several at once (reports), each with its own quotes; an unknown id is left out.
    const many = await s.sessions.findByIds(['ps_bare', 'ps_none', 'ps_full']);
    expect(many.sort((a, b) => a.id.localeCompare(b.id))).toEqual([{ ...session, quotes: [session.quotes[1], session.quotes[0]] }, sessionOf({ id: 'ps_bare' })].sort((a, b) => a.id.localeCompare(b.id)));
    expect(await s.sessions.findByIds([])).toEqual([]);
    expect((await s.sessions.list(query({ livemode: true }))).items).toEqual([{ ...session, quotes: [session.quotes[1], session.quotes[0]] }]);
  });

  test('a second session with the same id is refused, and leaves no quote behind', async () => {
    const s = await open();
    await withSessions(s, [sessionOf()]);
    const again = sessionOf({ quotes: fullSession().quotes });
    await expect(s.tx(() => s.sessions.insert(again))).rejects.toThrow();
    expect((await s.sessions.findById('ps_1'))?.quotes).toEqual([]);
  });

  test('updateState and setRefunded write their fields and the time', async () => {
    const s = await open();
    await withSessions(s, [sessionOf()]);
    await s.sessions.updateState('ps_1', { status: 'SUCCEEDED', exception: 'OVERPAID', amountReceivedMinor: 1300n, resolvedBy: 'owner' }, T0 + 5);
    await s.sessions.setRefunded('ps_1', 50n, T0 + 6);
    expect(await s.sessions.findById('ps_1')).toEqual(
      sessionOf({ status: 'SUCCEEDED', exception: 'OVERPAID', amountReceivedMinor: 1300n, resolvedBy: 'owner', amountRefundedMinor: 50n, updatedAt: T0 + 6 }),
    );
    await s.sessions.updateState('ps_1', { status: 'PENDING', exception: null, amountReceivedMinor: 0n }, T0 + 7);
    expect(await s.sessions.findById('ps_1')).toMatchObject({ status: 'PENDING', exception: null, resolvedBy: 'owner', updatedAt: T0 + 7 });
  });

  test('lists newest inserted first, pages both ways with cursors and says whether more lie beyond', async () => {
    const s = await open();
    // createdAt runs against insertion order: the order is insertion's.
    await withSessions(s, ['a', 'b', 'c', 'd', 'e'].map((id, i) => sessionOf({ id: `ps_${id}`, createdAt: T0 - i })));
    const first = await s.sessions.list(query({ limit: 2 }));
    expect([ids(first), first.hasMore]).toEqual([['ps_e', 'ps_d'], true]);
    const second = await s.sessions.list(query({ limit: 2, startingAfter: 'ps_d' }));
    expect([ids(second), second.hasMore]).toEqual([['ps_c', 'ps_b'], true]);
    const last = await s.sessions.list(query({ limit: 2, startingAfter: 'ps_b' }));
    expect([ids(last), last.hasMore]).toEqual([['ps_a'], false]);
    const back = await s.sessions.list(query({ limit: 2, endingBefore: 'ps_b' }));
    expect([ids(back), back.hasMore]).toEqual([['ps_d', 'ps_c'], true]);
    const top = await s.sessions.list(query({ limit: 2, endingBefore: 'ps_d' }));
    expect([ids(top), top.hasMore]).toEqual([['ps_e'], false]);
    const exact = await s.sessions.list(query({ limit: 5 }));
    expect([exact.items.length, exact.hasMore]).toEqual([5, false]);
    expect(await s.sessions.list(query({ startingAfter: 'ps_unknown' }))).toEqual({ items: [], hasMore: false });
    expect(await s.sessions.list(query({ endingBefore: 'ps_unknown' }))).toEqual({ items: [], hasMore: false });
  });

  test('filters: merchant, mode, status, currency, creation range, and a network with a payment not orphaned', async () => {
    const s = await open();
    await withSessions(s, [
      sessionOf({ id: 'ps_usd', createdAt: T0 }),
      sessionOf({ id: 'ps_eur', currency: 'EUR', status: 'EXPIRED', createdAt: T0 + 10 }),
      sessionOf({ id: 'ps_live', livemode: true, createdAt: T0 + 20 }),
      sessionOf({ id: 'ps_other', merchantId: 'm_2', merchantDomainId: 'm_2_dom', createdAt: T0 + 30 }),
      sessionOf({ id: 'ps_orphaned', createdAt: T0 + 40 }),
    ]);
    await s.payments.insert(paymentOf({ id: 'pay_1', sessionId: 'ps_usd', network: 'tron' }), T0);
    await s.payments.insert(paymentOf({ id: 'pay_2', sessionId: 'ps_eur', network: 'ethereum', txId: '0xtx2' }), T0);
    await s.payments.insert(paymentOf({ id: 'pay_3', sessionId: 'ps_orphaned', network: 'tron', txId: '0xtx3', status: 'orphaned' }), T0);
    expect(ids(await s.sessions.list(query()))).toEqual(['ps_orphaned', 'ps_eur', 'ps_usd']);
    expect(ids(await s.sessions.list(query({ livemode: true })))).toEqual(['ps_live']);
    expect(ids(await s.sessions.list(query({ merchantId: 'm_2' })))).toEqual(['ps_other']);
    expect(ids(await s.sessions.list(query({ status: 'EXPIRED' })))).toEqual(['ps_eur']);
    expect(ids(await s.sessions.list(query({ currency: 'USD' })))).toEqual(['ps_orphaned', 'ps_usd']);
    expect(ids(await s.sessions.list(query({ createdGte: T0 + 10, createdLt: T0 + 40 })))).toEqual(['ps_eur']);
    expect(ids(await s.sessions.list(query({ network: 'tron' })))).toEqual(['ps_usd']);
    expect(ids(await s.sessions.list(query({ network: 'solana' })))).toEqual([]);
  });

  test("an amount matches at each currency's scale: cents, micro-units, whole yen", async () => {
    const s = await open();
    await withSessions(s, [
      sessionOf({ id: 'ps_usd', currency: 'USD', amountMinor: 1250n }),
      sessionOf({ id: 'ps_usdt', currency: 'USDT', amountMinor: 12_500_000n }),
      sessionOf({ id: 'ps_jpy', currency: 'JPY', amountMinor: 1250n }),
      sessionOf({ id: 'ps_vnd', currency: 'VND', amountMinor: 13n }),
    ]);
    expect(ids(await s.sessions.list(query({ amount: '12.5' })))).toEqual(['ps_usdt', 'ps_usd']);
    expect(ids(await s.sessions.list(query({ amount: '12.50' })))).toEqual(['ps_usdt', 'ps_usd']);
    expect(ids(await s.sessions.list(query({ amount: '1250' })))).toEqual(['ps_jpy']);
    expect(ids(await s.sessions.list(query({ amount: '13' })))).toEqual(['ps_vnd']);
    // Finer than any scale but the stablecoins'.
    expect(ids(await s.sessions.list(query({ amount: '12.500001' })))).toEqual([]);
    // Finer than every scale: no currency can hold it, so nothing matches (and the query still runs).
    expect(ids(await s.sessions.list(query({ amount: '12.5000001' })))).toEqual([]);
  });

  test('search: the start of the id, a word of the description in any A–Z case, or the amount; % and _ are plain text', async () => {
    const s = await open();
    await withSessions(s, [
      sessionOf({ id: 'ps_3kTa', description: 'Table 4: two Coffees' }),
      sessionOf({ id: 'ps_9xYz', description: '100% juice' }),
      sessionOf({ id: 'ps_under', description: 'snake_case menu' }),
      sessionOf({ id: 'ps_amount', description: null, currency: 'USD', amountMinor: 450n }),
      sessionOf({ id: 'ps_accent', description: 'Crème Brûlée' }),
    ]);
    const search = async (text: string) => ids(await s.sessions.list(query({ search: text })));
    expect(await search('ps_3kT')).toEqual(['ps_3kTa']);
    expect(await search('3kT')).toEqual([]); // the start of the id, not any part
    expect(await search('ps_3KT')).toEqual([]); // ids are case-sensitive
    expect(await search('coffee')).toEqual(['ps_3kTa']);
    expect(await search('TABLE 4')).toEqual(['ps_3kTa']);
    expect(await search('%')).toEqual(['ps_9xYz']);
    expect(await search('0%')).toEqual(['ps_9xYz']);
    expect(await search('e_c')).toEqual(['ps_under']);
    expect(await search('_')).toEqual(['ps_under']); // not any one character, as LIKE would take it
    expect(await search('4.5')).toEqual(['ps_amount']);
    expect(await search('4.50')).toEqual(['ps_amount']);
    expect(await search('4')).toEqual(['ps_3kTa']); // a word ("Table 4"), and no session of 4 units
    expect(await search('brûlée')).toEqual(['ps_accent']);
    expect(await search('BRÛLÉE')).toEqual([]); // only A–Z fold: Û and É are not û and é
    expect(await search('crÈme')).toEqual([]);
    expect(await search('CRème')).toEqual(['ps_accent']);
    // PostgreSQL's text cannot hold NUL: a search holding one finds nothing, on both stores, and fails nowhere.
    expect(await search('ps_\u0000')).toEqual([]);
  });

  test('dueForExpiry: PENDING sessions whose deadline has passed, oldest first, at most `limit`; nextExpiry the earliest PENDING deadline', async () => {
    const s = await open();
    expect(await s.sessions.nextExpiry()).toBeUndefined();
    await withSessions(s, [
      sessionOf({ id: 'ps_later', expiresAt: T0 + 300 }),
      sessionOf({ id: 'ps_paid', status: 'SUCCEEDED', expiresAt: T0 + 50 }),
      sessionOf({ id: 'ps_first', expiresAt: T0 + 100 }),
      sessionOf({ id: 'ps_second', expiresAt: T0 + 200 }),
    ]);
    expect(await s.sessions.nextExpiry()).toBe(T0 + 100);
    expect(await s.sessions.dueForExpiry(T0 + 99, 10)).toEqual([]);
    expect(await s.sessions.dueForExpiry(T0 + 200, 10)).toEqual(['ps_first', 'ps_second']);
    expect(await s.sessions.dueForExpiry(T0 + 1000, 2)).toEqual(['ps_first', 'ps_second']);
    await s.sessions.updateState('ps_first', { status: 'EXPIRED', exception: null, amountReceivedMinor: 0n }, T0 + 100);
    expect(await s.sessions.nextExpiry()).toBe(T0 + 200);
    expect(await s.sessions.dueForExpiry(T0 + 1000, 10)).toEqual(['ps_second', 'ps_later']);
  });
});

describe('sessions [postgres, a database whose locale knows the case of every letter]', () => {
  test("the search still folds A–Z only, as on SQLite, where PostgreSQL's lower() would fold Û and É too", async () => {
    // The test cluster's locale is C, whose lower() folds A–Z only anyway; production databases are
    // usually created in a UTF-8 locale (en_US.UTF-8), as this one.
    const { url } = await testPostgres();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = `store_${process.pid}_utf8_ctype`;
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.utf8' LC_CTYPE 'C.utf8'`);
    } finally {
      await admin.end();
    }
    const s = await openPgStores({ url: url.replace(/\/[^/]*$/, `/${name}`) }, testCipher());
    try {
      const probe = await s.database.pool.query<{ folded: string }>("SELECT lower('BRÛLÉE') AS folded");
      expect(probe.rows[0]?.folded).toBe('brûlée'); // this database's lower() does fold them
      await withSessions(s, [sessionOf({ id: 'ps_accent', description: 'Crème Brûlée' })]);
      const search = async (text: string) => ids(await s.sessions.list(query({ search: text })));
      expect(await search('CRÈME')).toEqual([]);
      expect(await search('CRème')).toEqual(['ps_accent']);
    } finally {
      await s.close();
    }
  });
});
