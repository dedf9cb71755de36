import { describe, expect, test } from 'vitest';
import { PgStoreDb } from '../../src/db/pg/pg-store-db.js';
import { SessionAddressRepository } from '../../src/db/session-address-repository.js';
import type { SessionAddress } from '../../src/domain/records.js';
import { AddressBook } from '../../src/services/address-book.js';
import type { ChangeSignals } from '../../src/services/ports.js';
import { openPgStores } from '../../src/storage/pg-stores.js';
import type { Stores } from '../../src/storage/stores.js';
import { addMerchant, sessionOf, T0 } from '../helpers/sales-records.js';
import { describeEachStore, newPgDatabase, openTestPgStores, testCipher } from '../helpers/stores.js';

/** One wallet's next index, as session creation takes it (with every other wallet's of the mode). */
async function reserveIndex(s: Stores, merchantId: string, family: string, livemode: boolean): Promise<number | undefined> {
  return (await s.wallets.reserveIndexes(merchantId, livemode)).find((w) => w.family === family)?.index;
}

/** One address stored alone; its row's id. */
async function insertOne(s: Stores, a: SessionAddress): Promise<number> {
  return (await s.addresses.insert([a]))[0] as number;
}

/** What session creation and the address book rely on from `wallets` and `addresses` (ports.ts). */
describeEachStore('wallets', (open) => {
  test('no wallet: no xpub and no index; upsert sets it per merchant, family and mode', async () => {
    const s = await open();
    await addMerchant(s);
    expect(await s.wallets.xpub('m_1', 'evm', false)).toBeUndefined();
    expect(await reserveIndex(s, 'm_1', 'evm', false)).toBeUndefined();
    await s.wallets.upsert('m_1', 'evm', false, 'xpub_test', T0);
    await s.wallets.upsert('m_1', 'tron', true, 'xpub_tron_live', T0);
    expect(await s.wallets.xpub('m_1', 'evm', false)).toBe('xpub_test');
    expect(await s.wallets.xpub('m_1', 'evm', true)).toBeUndefined();
    expect(await s.wallets.xpub('m_1', 'tron', true)).toBe('xpub_tron_live');
  });

  test('indexes count from 0 per wallet, and keep counting when the xpub changes (no address repeats)', async () => {
    const s = await open();
    await addMerchant(s);
    await s.wallets.upsert('m_1', 'evm', false, 'xpub_a', T0);
    await s.wallets.upsert('m_1', 'evm', true, 'xpub_live', T0);
    expect([await reserveIndex(s, 'm_1', 'evm', false), await reserveIndex(s, 'm_1', 'evm', false)]).toEqual([0, 1]);
    await s.wallets.upsert('m_1', 'evm', false, 'xpub_b', T0 + 1);
    expect(await s.wallets.xpub('m_1', 'evm', false)).toBe('xpub_b');
    expect(await reserveIndex(s, 'm_1', 'evm', false)).toBe(2);
    expect(await reserveIndex(s, 'm_1', 'evm', true)).toBe(0);
  });

  test("one reservation takes the next index of every wallet of the merchant in that mode, each with its xpub", async () => {
    const s = await open();
    await addMerchant(s);
    await s.wallets.upsert('m_1', 'evm', false, 'xpub_evm', T0);
    await s.wallets.upsert('m_1', 'tron', false, 'xpub_tron', T0);
    await s.wallets.upsert('m_1', 'solana', true, 'wallet_live', T0);
    await reserveIndex(s, 'm_1', 'evm', false);
    const sorted = (list: { family: string }[]) => [...list].sort((a, b) => a.family.localeCompare(b.family));
    expect(sorted(await s.wallets.reserveIndexes('m_1', false))).toEqual([{ family: 'evm', xpub: 'xpub_evm', index: 1 }, { family: 'tron', xpub: 'xpub_tron', index: 1 }]);
    expect(await s.wallets.reserveIndexes('m_1', true)).toEqual([{ family: 'solana', xpub: 'wallet_live', index: 0 }]);
    expect(await s.wallets.reserveIndexes('m_2', true)).toEqual([]);
  });

  test('a reservation of n indexes moves every wallet of the mode by n and returns the first of them', async () => {
    const s = await open();
    await addMerchant(s);
    await s.wallets.upsert('m_1', 'evm', false, 'xpub_evm', T0);
    await s.wallets.upsert('m_1', 'tron', false, 'xpub_tron', T0);
    await reserveIndex(s, 'm_1', 'evm', false);
    const sorted = (list: { family: string }[]) => [...list].sort((a, b) => a.family.localeCompare(b.family));
    expect(sorted(await s.wallets.reserveIndexes('m_1', false, 25))).toEqual([{ family: 'evm', xpub: 'xpub_evm', index: 1 }, { family: 'tron', xpub: 'xpub_tron', index: 1 }]);
    expect(sorted(await s.wallets.reserveIndexes('m_1', false))).toEqual([{ family: 'evm', xpub: 'xpub_evm', index: 26 }, { family: 'tron', xpub: 'xpub_tron', index: 26 }]);
    await expect(s.wallets.reserveIndexes('m_1', false, 0)).rejects.toThrow(/cannot reserve 0 indexes/);
  });

  test('50 concurrent reservations get 50 distinct indexes, 0 to 49', async () => {
    const s = await open();
    await addMerchant(s);
    await s.wallets.upsert('m_1', 'evm', false, 'xpub', T0);
    const got = await Promise.all(Array.from({ length: 50 }, () => reserveIndex(s, 'm_1', 'evm', false)));
    expect([...got].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('wallets [postgres, two instances on one database]', () => {
  test("reservations on two instances at once never hand out the same index, and each sees the other's new xpub as soon as its signal arrives", async () => {
    const url = await newPgDatabase();
    const a = await openPgStores({ url }, testCipher());
    const b = await openPgStores({ url }, testCipher());
    try {
      await addMerchant(a);
      await a.wallets.upsert('m_1', 'evm', false, 'xpub_a', T0);
      expect(await b.wallets.xpub('m_1', 'evm', false)).toBe('xpub_a');
      const got = await Promise.all(Array.from({ length: 40 }, (_, i) => reserveIndex(i % 2 ? a : b, 'm_1', 'evm', false)));
      expect(new Set(got).size).toBe(40);
      expect(Math.max(...(got as number[]))).toBe(39);
      expect(await a.wallets.xpub('m_1', 'evm', false)).toBe('xpub_a'); // now kept in a's memory
      await b.wallets.upsert('m_1', 'evm', false, 'xpub_b', T0 + 1);
      expect(await b.wallets.xpub('m_1', 'evm', false)).toBe('xpub_b');
      // a's copy is dropped by b's signal, which arrives within moments of b's commit.
      const deadline = Date.now() + 5_000;
      while ((await a.wallets.xpub('m_1', 'evm', false)) !== 'xpub_b' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(await a.wallets.xpub('m_1', 'evm', false)).toBe('xpub_b');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

const address = (overrides: Partial<SessionAddress>): SessionAddress => ({
  sessionId: 'ps_1',
  family: 'evm',
  livemode: false,
  address: '0xAbC1',
  derivationIndex: 0,
  watchUntil: T0 + 1000,
  ...overrides,
});

async function withSessions(s: Stores, ...ids: string[]): Promise<void> {
  await addMerchant(s);
  for (const id of ids) await s.sessions.insert(sessionOf({ id }));
}

describeEachStore('session addresses', (open) => {
  test("insert gives each row its own number; forSession gives a session's addresses by family, every field as stored", async () => {
    const s = await open();
    await withSessions(s, 'ps_1', 'ps_2');
    const tron = address({ family: 'tron', address: 'TXyz', derivationIndex: 7, livemode: true, watchUntil: T0 + 5 });
    const evm = address({ derivationIndex: 2 ** 31 - 1 });
    const rows = [await insertOne(s, tron), await insertOne(s, evm), await insertOne(s, address({ sessionId: 'ps_2', address: '0xother' }))];
    expect(new Set(rows).size).toBe(3);
    expect(rows.every((r) => Number.isSafeInteger(r))).toBe(true);
    expect(await s.addresses.forSession('ps_1')).toEqual([evm, tron]);
    expect(await s.addresses.forSession('ps_none')).toEqual([]);
    expect(await s.addresses.forSessions(['ps_1', 'ps_2', 'ps_none'])).toEqual(expect.arrayContaining([evm, tron, address({ sessionId: 'ps_2', address: '0xother' })]));
    expect(await s.addresses.forSessions(['ps_1', 'ps_2'])).toHaveLength(3);
    expect(await s.addresses.forSessions([])).toEqual([]);
  });

  test("a session's addresses in one insert: each its own row, the ids in the order given, the row numbers those the book reads", async () => {
    const s = await open();
    await withSessions(s, 'ps_1');
    const given = [address({ family: 'tron', address: 'Tmany' }), address({ family: 'evm', address: '0xmany' }), address({ family: 'solana', address: 'Smany' })];
    const ids = await s.addresses.insert(given);
    expect(new Set(ids).size).toBe(3);
    const read = await s.addresses.issuedAfter(0, 10);
    expect(given.map((a) => read.find((r) => r.address === a.address)?.row)).toEqual(ids);
    expect(await s.addresses.insert([])).toEqual([]);
  });

  test("a new session stored with its addresses: the same rows as an insert of each, ids in the order given; none stored when one is taken", async () => {
    const s = await open();
    await withSessions(s, 'ps_1');
    await insertOne(s, address({ address: '0xtaken' }));
    const session = sessionOf({ id: 'ps_new' });
    const given = [address({ sessionId: 'ps_new', family: 'solana', address: 'Snew', derivationIndex: 3 }), address({ sessionId: 'ps_new', family: 'evm', address: '0xnew', derivationIndex: 3 })];
    const ids = await s.sessions.insert(session, given);
    const read = await s.addresses.issuedAfter(0, 10);
    expect(given.map((a) => read.find((r) => r.address === a.address)?.row)).toEqual(ids);
    expect(await s.addresses.forSession('ps_new')).toEqual([given[1], given[0]]);
    expect((await s.sessions.findById('ps_new'))?.quotes).toEqual(session.quotes);
    expect(await s.sessions.insert(sessionOf({ id: 'ps_bare' }), [])).toEqual([]);
    // One of them taken by another session: the session, its quotes and its other addresses are not stored either.
    const clash = [address({ sessionId: 'ps_clash', family: 'tron', address: 'Tclash' }), address({ sessionId: 'ps_clash', address: '0xtaken' })];
    await expect(s.tx(() => s.sessions.insert(sessionOf({ id: 'ps_clash' }), clash))).rejects.toThrow();
    expect(await s.sessions.findById('ps_clash')).toBeUndefined();
    expect(await s.addresses.forSession('ps_clash')).toEqual([]);
    // An address of another session is a mistake of the caller's, refused before anything is sent.
    await expect(s.sessions.insert(sessionOf({ id: 'ps_other' }), [address({ sessionId: 'ps_1', family: 'tron', address: 'Tx' })])).rejects.toThrow(/not of session ps_other/);
  });

  test("a group's new sessions stored at its commit (one statement on PostgreSQL): each unit learns its own row ids; a clash fails its unit only", async () => {
    const s = await open();
    await withSessions(s, 'ps_1');
    await insertOne(s, address({ address: '0xtaken' }));
    const addressesOf = (id: string, evm: string) => [address({ sessionId: id, family: 'tron', address: `T${id}` }), address({ sessionId: id, address: evm })];
    const create = (id: string, evm: string) =>
      s.commit(async () => {
        const ids: number[][] = [];
        await s.sessions.insertAtCommit(sessionOf({ id }), addressesOf(id, evm), async (stored) => void ids.push(stored));
        return ids;
      });
    // A group that stores all its sessions at once, then one in which a session's address is taken.
    const first = await Promise.allSettled([create('ps_a', '0xa'), create('ps_c', '0xc')]);
    const second = await Promise.allSettled([create('ps_b', '0xtaken'), create('ps_d', '0xd')]);
    const outcomes = [...first, ...second];
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const read = await s.addresses.issuedAfter(0, 100);
    for (const [i, id, evm] of [[0, 'ps_a', '0xa'], [1, 'ps_c', '0xc'], [3, 'ps_d', '0xd']] as const) {
      const given = addressesOf(id, evm);
      const runs = (outcomes[i] as PromiseFulfilledResult<number[][]>).value;
      // Each run of a unit has its own holder: the committed run's ids are the ones returned.
      expect(runs).toHaveLength(1);
      expect(given.map((a) => read.find((r) => r.address === a.address)?.row)).toEqual(runs[0]);
      expect(await s.addresses.forSession(id)).toEqual([given[1], given[0]]);
      expect((await s.sessions.findById(id))?.quotes).toEqual(sessionOf({ id }).quotes);
    }
    expect(await s.sessions.findById('ps_b')).toBeUndefined();
    expect(await s.addresses.forSession('ps_b')).toEqual([]);
  });

  test('an address is issued once per family and mode: a second session cannot take it', async () => {
    const s = await open();
    await withSessions(s, 'ps_1', 'ps_2');
    await insertOne(s, address({}));
    await expect(insertOne(s, address({ sessionId: 'ps_2' }))).rejects.toThrow();
    await insertOne(s, address({ sessionId: 'ps_2', livemode: true }));
    expect(await s.addresses.forSession('ps_2')).toHaveLength(1);
  });

  test('watchOf finds a row by the number insert gave, with its address as stored; watchOfAddress by the address as stored', async () => {
    const s = await open();
    await withSessions(s, 'ps_1', 'ps_2');
    const row = await insertOne(s, address({ watchUntil: T0 + 42 }));
    const other = await insertOne(s, address({ sessionId: 'ps_2', family: 'tron', address: 'Tabc', watchUntil: T0 + 43 }));
    expect(await s.addresses.watchOf(row)).toEqual({ sessionId: 'ps_1', watchUntil: T0 + 42, address: '0xAbC1' });
    expect(await s.addresses.watchOf(other)).toEqual({ sessionId: 'ps_2', watchUntil: T0 + 43, address: 'Tabc' });
    expect(await s.addresses.watchOf(Math.max(row, other) + 1000)).toBeUndefined();
    expect(await s.addresses.watchOfAddress('evm', false, '0xAbC1')).toEqual({ sessionId: 'ps_1', watchUntil: T0 + 42 });
    expect(await s.addresses.watchOfAddress('evm', false, '0xabc1')).toBeUndefined(); // as stored: the family normalises
    expect(await s.addresses.watchOfAddress('evm', true, '0xAbC1')).toBeUndefined();
  });

  test('watched(now): windows ending after now; watchEnded(after, upTo]: those ending in that span; both with the row numbers insert gave', async () => {
    const s = await open();
    await withSessions(s, 'ps_1', 'ps_2', 'ps_3');
    const early = await insertOne(s, address({ sessionId: 'ps_1', address: '0x1', watchUntil: T0 + 100 }));
    const middle = await insertOne(s, address({ sessionId: 'ps_2', address: '0x2', livemode: true, watchUntil: T0 + 200 }));
    const late = await insertOne(s, address({ sessionId: 'ps_3', address: '0x3', family: 'tron', watchUntil: T0 + 300 }));
    const sorted = <R extends { row: number }>(rows: R[]) => [...rows].sort((x, y) => x.row - y.row);
    expect(sorted(await s.addresses.watched(T0 + 100))).toEqual(
      sorted([
        { row: middle, family: 'evm', livemode: true, address: '0x2' },
        { row: late, family: 'tron', livemode: false, address: '0x3' },
      ]),
    );
    expect(await s.addresses.watched(T0 + 300)).toEqual([]);
    expect(sorted(await s.addresses.watchEnded(T0 + 100, T0 + 300))).toEqual(
      sorted([
        { row: middle, family: 'evm', livemode: true, address: '0x2' },
        { row: late, family: 'tron', livemode: false, address: '0x3' },
      ]),
    );
    expect(await s.addresses.watchEnded(T0, T0 + 100)).toEqual([{ row: early, family: 'evm', livemode: false, address: '0x1' }]);
    expect(await s.addresses.watchEnded(T0 + 300, T0 + 900)).toEqual([]);
  });

  test('eachIssued visits every address ever issued, watched or not, once each', async () => {
    const s = await open();
    const seen: string[] = [];
    await s.addresses.eachIssued((family, livemode, a) => seen.push(`${family}:${livemode}:${a}`));
    expect(seen).toEqual([]);
    await withSessions(s, ...Array.from({ length: 12 }, (_, i) => `ps_${i}`));
    const expected: string[] = [];
    for (let i = 0; i < 12; i++) {
      const a = address({ sessionId: `ps_${i}`, address: `0x${i}`, livemode: i % 3 === 0, watchUntil: i < 6 ? T0 : T0 + 10_000 });
      await insertOne(s, a);
      expected.push(`evm:${a.livemode}:${a.address}`);
    }
    await s.addresses.eachIssued((family, livemode, a) => seen.push(`${family}:${livemode}:${a}`));
    expect(seen.sort()).toEqual(expected.sort());
  });
});

describe('session addresses [postgres, eachIssued page by page]', () => {
  test('pages of 5 and of 4 over 12 rows: every row once, in the order issued', async () => {
    const s = await openTestPgStores();
    await withSessions(s, ...Array.from({ length: 12 }, (_, i) => `ps_${i}`));
    for (let i = 0; i < 12; i++) await insertOne(s, address({ sessionId: `ps_${i}`, address: `0x${i}` }));
    const repository = new SessionAddressRepository(new PgStoreDb(s.database), 5);
    const seen: string[] = [];
    await repository.eachIssued((_f, _l, a) => {
      seen.push(a);
    });
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `0x${i}`));
    // Exactly a multiple of the page: the last, empty page ends it.
    const exact = new SessionAddressRepository(new PgStoreDb(s.database), 4);
    const again: string[] = [];
    await exact.eachIssued((_f, _l, a) => again.push(a));
    expect(again).toHaveLength(12);
  });
});

/** Signals that never arrive: an instance whose listening connection is down. */
const deafSignals: ChangeSignals = {
  publish: () => Promise.resolve(),
  subscribe: () => () => undefined,
  onResync: () => () => undefined,
};

describeEachStore('the address book catches up from the store', (open) => {
  test('issuedAfter gives the rows after a row, oldest first, at most the limit; lastRow the newest', async () => {
    const s = await open();
    await withSessions(s, 'ps_0', 'ps_1', 'ps_2', 'ps_3', 'ps_4');
    expect(await s.addresses.lastRow()).toBe(0);
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await insertOne(s, address({ sessionId: `ps_${i}`, address: `0xa${i}`, derivationIndex: i })));
    expect(await s.addresses.lastRow()).toBe(rows[4]);
    expect((await s.addresses.issuedAfter(rows[1]!, 2)).map((r) => [r.row, r.address])).toEqual([[rows[2], '0xa2'], [rows[3], '0xa3']]);
    expect(await s.addresses.issuedAfter(rows[4]!, 10)).toEqual([]);
    expect((await s.addresses.issuedAfter(0, 10)).map((r) => r.address)).toEqual(['0xa0', '0xa1', '0xa2', '0xa3', '0xa4']);
  });

  test('an address another instance issued, whose signal never came, is watched after the next catch-up', async () => {
    const s = await open();
    await withSessions(s, 'ps_1', 'ps_2');
    await insertOne(s, address({ address: '0xold' }));
    const book = new AddressBook(s.addresses, () => T0, (_family, a) => a.toLowerCase(), deafSignals);
    await book.load();
    expect(await book.lookup('evm', false, '0xold')).toBe('ps_1');
    // Issued through another instance: in the store, never announced to this book.
    await insertOne(s, address({ sessionId: 'ps_2', address: '0xNEW', derivationIndex: 1 }));
    expect(await book.lookup('evm', false, '0xnew')).toBeUndefined();
    await book.catchUp();
    expect(await book.lookup('evm', false, '0xnew')).toBe('ps_2');
    await book.catchUp(); // nothing new: nothing changes
    expect(await book.lookup('evm', false, '0xold')).toBe('ps_1');
  });
});
