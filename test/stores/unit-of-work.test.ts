import { expect, test } from 'vitest';
import { describeEachStore } from '../helpers/stores.js';

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
