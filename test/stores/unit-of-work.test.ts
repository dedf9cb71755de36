import { describe, expect, test } from 'vitest';
import { describeEachStore, openTestStores } from '../helpers/stores.js';

/** What every store's units of work promise (ports.ts, UnitOfWork): all or nothing, one at a time. */
describeEachStore('units of work', (open) => {
  test('a unit that throws leaves nothing behind, and its error reaches the caller', async () => {
    const s = await open();
    await expect(
      s.tx(async () => {
        await s.settings.put('probe', { n: 1 }, 1);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await s.settings.get('probe')).toBeUndefined();
  });

  test('concurrent read-modify-write units never lose an update', async () => {
    const s = await open();
    await s.settings.put('counter', 0, 1);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        s.tx(async () => {
          const n = (await s.settings.get('counter')) as number;
          await s.settings.put('counter', n + 1, 1);
        }),
      ),
    );
    expect(await s.settings.get('counter')).toBe(20);
  });

  test('reads in one snapshot see one state: a change committed between two of them is seen by neither', async () => {
    const s = await open();
    await s.settings.put('shown', 'before', 1);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Started outside the snapshot's flow, so it is another flow's unit of work.
    const writer = (async () => {
      await released;
      await s.tx(async () => s.settings.put('shown', 'after', 2));
    })();
    const seen = await s.snapshot(async () => {
      const first = await s.settings.get('shown');
      release();
      // PostgreSQL commits the change meanwhile; on SQLite the writer waits for the snapshot's end.
      await Promise.race([writer, new Promise((r) => setTimeout(r, 300))]);
      return [first, await s.settings.get('shown')];
    });
    expect(seen).toEqual(['before', 'before']);
    await writer;
    expect(await s.settings.get('shown')).toBe('after');
  });

  test('events appended by concurrent units carry sequence numbers in the order the units commit', async () => {
    const s = await open();
    const event = (id: string) => ({ id, merchantId: 'm', livemode: false, type: 'probe.appended', objectId: 'o', payload: '{}', createdAt: 1 });
    const committed: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstAppended!: () => void;
    const appended = new Promise<void>((resolve) => (firstAppended = resolve));
    const first = s
      .tx(async () => {
        await s.events.insert(event('evt_first'));
        firstAppended();
        await held; // still open after its append
      })
      .then(() => committed.push('evt_first'));
    await appended;
    // PostgreSQL commits this one meanwhile; SQLite's one writer makes it wait for the first.
    const second = s.tx(async () => s.events.insert(event('evt_second'))).then(() => committed.push('evt_second'));
    await Promise.race([second, new Promise((r) => setTimeout(r, 300))]);
    release();
    await Promise.all([first, second]);
    // A fan-out following `seq` meets them as they committed: none is passed and committed after.
    expect((await s.events.after(0, 10)).map((e) => e.id)).toEqual(committed);
  });

  test('an event appended in a nested unit that throws is not written; the outer unit\'s are', async () => {
    const s = await open();
    const event = (id: string) => ({ id, merchantId: 'm', livemode: false, type: 'probe.nested', objectId: 'o', payload: '{}', createdAt: 1 });
    await s.tx(async () => {
      await s.events.insert(event('evt_outer'));
      await s.tx(async () => {
        await s.events.insert(event('evt_inner'));
        throw new Error('inner');
      }).catch(() => undefined);
      await s.events.insert(event('evt_after'));
    });
    expect((await s.events.after(0, 10)).map((e) => e.id)).toEqual(['evt_outer', 'evt_after']);
  });

  test('a nested unit that throws undoes only its own part', async () => {
    const s = await open();
    await s.tx(async () => {
      await s.settings.put('outer', 1, 1);
      await s.tx(async () => {
        await s.settings.put('inner', 1, 1);
        throw new Error('inner');
      }).catch(() => undefined);
    });
    expect(await s.settings.get('outer')).toBe(1);
    expect(await s.settings.get('inner')).toBeUndefined();
  });
});

/** PostgreSQL only: SQLite has one writer by design, so there a unit of work waits for the open one. */
describe('units of work [postgres]', () => {
  test('units of work on different rows run at the same time: no lock is global', async () => {
    const s = await openTestStores('postgres');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const open = new Promise<void>((resolve) => (started = resolve));
    const first = s.tx(async () => {
      await s.settings.put('first', 1, 1);
      started();
      await held;
    });
    await open;
    // Another unit commits while the first is still open (it would wait forever behind one lock).
    await s.tx(async () => s.settings.put('second', 2, 2));
    expect(await s.settings.get('second')).toBe(2);
    expect(await s.settings.get('first')).toBeUndefined();
    release();
    await first;
    expect(await s.settings.get('first')).toBe(1);
  });

  test('two units that read and change the same row concurrently: one is run again, no update is lost', async () => {
    const s = await openTestStores('postgres');
    await s.settings.put('counter', 0, 1);
    let runs = 0;
    let bothRead!: () => void;
    const read = new Promise<void>((resolve) => (bothRead = resolve));
    let reads = 0;
    const bump = () =>
      s.tx(async () => {
        runs++;
        const n = (await s.settings.get('counter')) as number;
        if (++reads === 2) bothRead();
        await read; // both have read 0 before either writes
        await s.settings.put('counter', n + 1, 2);
      });
    await Promise.all([bump(), bump()]);
    expect(await s.settings.get('counter')).toBe(2);
    expect(runs).toBe(3);
  });
});
