import { expect, test } from 'vitest';
import type { StoredEvent } from '../../src/domain/records.js';
import type { Stores } from '../../src/storage/stores.js';
import { describeEachStore } from '../helpers/stores.js';

const event = (n: number, patch: Partial<StoredEvent> = {}): StoredEvent => ({
  id: `evt_${n}`,
  merchantId: 'mch_a',
  livemode: false,
  type: 'payment_session.created',
  objectId: `ps_${n}`,
  payload: JSON.stringify({ n }),
  createdAt: 1_000 + n,
  ...patch,
});

async function insertAll(s: Stores, events: StoredEvent[]): Promise<void> {
  await s.tx(async () => {
    for (const e of events) await s.events.insert(e);
  });
}

const ids = (items: { id: string }[]) => items.map((e) => e.id);

/** The event log (ports.ts, EventLog): the outbox the webhook fan-out reads and GET /v1/events. */
describeEachStore('event log', (open) => {
  test('round trip: an event reads back as written, with a sequence number; maxSeq is 0 on an empty log', async () => {
    const s = await open();
    expect(await s.events.maxSeq()).toBe(0);
    expect(await s.events.findById('evt_1')).toBeUndefined();
    const written = event(1, { livemode: true, payload: '{"object":"payment_session","amount":"1.50"}' });
    await insertAll(s, [written]);
    const read = await s.events.findById('evt_1');
    expect(read).toEqual({ ...written, seq: expect.any(Number) });
    expect(await s.events.maxSeq()).toBe(read!.seq);
  });

  test('after(seq) gives the events written after it, oldest first, up to the limit', async () => {
    const s = await open();
    await insertAll(s, [1, 2, 3, 4, 5].map((n) => event(n)));
    const all = await s.events.after(0, 100);
    expect(ids(all)).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4', 'evt_5']);
    const seqs = all.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(5);
    expect(ids(await s.events.after(seqs[1]!, 2))).toEqual(['evt_3', 'evt_4']);
    expect(await s.events.after(seqs[4]!, 10)).toEqual([]);
    expect(await s.events.maxSeq()).toBe(seqs[4]);
  });

  test('forObject: every event of one object, in the order written', async () => {
    const s = await open();
    await insertAll(s, [event(1, { objectId: 'ps_x', type: 'payment_session.created' }), event(2), event(3, { objectId: 'ps_x', type: 'payment_session.canceled' })]);
    const of = await s.events.forObject('ps_x');
    expect(of.map((e) => e.type)).toEqual(['payment_session.created', 'payment_session.canceled']);
    expect(of[0]).toEqual(event(1, { objectId: 'ps_x', type: 'payment_session.created' }));
  });

  test('list: newest first, filtered by merchant, mode, type, type prefix, object and time', async () => {
    const s = await open();
    await insertAll(s, [
      event(1),
      event(2, { type: 'refund.created' }),
      event(3, { livemode: true }),
      event(4, { merchantId: 'mch_b' }),
      event(5, { type: 'payment_session.completed', objectId: 'ps_1' }),
      // A prefix means itself: `_` is no wildcard (it would match `paymentXsession.` in LIKE).
      event(6, { type: 'paymentXsession.odd' }),
    ]);
    const list = (q: Partial<Parameters<Stores['events']['list']>[0]> = {}) => s.events.list({ merchantId: 'mch_a', livemode: false, limit: 10, ...q });
    expect(ids((await list()).items)).toEqual(['evt_6', 'evt_5', 'evt_2', 'evt_1']);
    expect(ids((await list({ livemode: true })).items)).toEqual(['evt_3']);
    expect(ids((await list({ type: 'refund.created' })).items)).toEqual(['evt_2']);
    expect(ids((await list({ typePrefix: 'payment_session.' })).items)).toEqual(['evt_5', 'evt_1']);
    expect(ids((await list({ objectId: 'ps_1' })).items)).toEqual(['evt_5', 'evt_1']);
    expect(ids((await list({ createdGte: 1_002, createdLt: 1_006 })).items)).toEqual(['evt_5', 'evt_2']);
  });

  test('list pages both ways: afterSeq gives older events, beforeSeq the newer page, newest first', async () => {
    const s = await open();
    await insertAll(s, [1, 2, 3, 4, 5].map((n) => event(n)));
    const seq = async (id: string) => (await s.events.findById(id))!.seq;
    const page = (q: { afterSeq?: number; beforeSeq?: number }) => s.events.list({ merchantId: 'mch_a', livemode: false, limit: 2, ...q });

    const first = await page({});
    expect(ids(first.items)).toEqual(['evt_5', 'evt_4']);
    expect(first.hasMore).toBe(true);
    const second = await page({ afterSeq: await seq('evt_4') });
    expect(ids(second.items)).toEqual(['evt_3', 'evt_2']);
    expect(second.hasMore).toBe(true);
    const last = await page({ afterSeq: await seq('evt_2') });
    expect(ids(last.items)).toEqual(['evt_1']);
    expect(last.hasMore).toBe(false);

    const newer = await page({ beforeSeq: await seq('evt_2') });
    expect(ids(newer.items)).toEqual(['evt_4', 'evt_3']);
    expect(newer.hasMore).toBe(true);
    const newest = await page({ beforeSeq: await seq('evt_4') });
    expect(ids(newest.items)).toEqual(['evt_5']);
    expect(newest.hasMore).toBe(false);
  });
});
