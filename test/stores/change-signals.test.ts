import { expect, test } from 'vitest';
import type { ChangeSignals } from '../../src/services/ports.js';
import { describeEachStore, openTwoPgStores, testPostgres } from '../helpers/stores.js';
import pg from 'pg';

/** The next payload `signals` hears on `topic`, and whether it came from this instance. */
function next(signals: ChangeSignals, topic: string): Promise<{ payload: string; fromHere: boolean }> {
  return new Promise((resolve) => {
    const off = signals.subscribe(topic, (payload, fromHere) => {
      off();
      resolve({ payload, fromHere });
    });
  });
}

/** Every payload heard on `topic` from now on (the array fills as they arrive). */
function record(signals: ChangeSignals, topic: string): string[] {
  const heard: string[] = [];
  signals.subscribe(topic, (payload) => heard.push(payload));
  return heard;
}

/** What every store's change signals promise (ports.ts, ChangeSignals). */
describeEachStore('change signals', (open) => {
  test('a publish is heard by every subscriber of its topic, as its own, and by no other topic', async () => {
    const s = await open();
    const other = record(s.signals, 'other');
    const first = next(s.signals, 'session');
    const second = next(s.signals, 'session');
    await s.signals.publish('session', 'ses_1');
    expect(await first).toEqual({ payload: 'ses_1', fromHere: true });
    expect(await second).toEqual({ payload: 'ses_1', fromHere: true });
    // A marker on the other topic, published after: once it is heard, nothing else came there.
    const marker = next(s.signals, 'other');
    await s.signals.publish('other', 'marker');
    await marker;
    expect(other).toEqual(['marker']);
  });

  test('an unsubscribed listener hears nothing more; a throwing one does not stop the others', async () => {
    const s = await open();
    const heard: string[] = [];
    const off = s.signals.subscribe('t', (p) => heard.push(p));
    s.signals.subscribe('t', () => {
      throw new Error('a broken listener');
    });
    const one = next(s.signals, 't');
    await s.signals.publish('t', 'one');
    await one;
    off();
    const two = next(s.signals, 't');
    await s.signals.publish('t', 'two');
    expect((await two).payload).toBe('two');
    expect(heard).toEqual(['one']);
  });

  test('published inside a unit of work, a signal goes out when it commits, and never if it rolls back', async () => {
    const s = await open();
    const heard = record(s.signals, 't');
    await s.tx(async () => {
      await s.signals.publish('t', 'committed');
      expect(heard).toEqual([]); // not before the commit
      await s.tx(async () => {
        await s.signals.publish('t', 'savepoint rolled back');
        throw new Error('inner');
      }).catch(() => undefined);
    });
    await expect(
      s.tx(async () => {
        await s.signals.publish('t', 'rolled back');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const marker = next(s.signals, 't');
    await s.signals.publish('t', 'marker');
    await marker;
    expect(heard).toEqual(['committed', 'marker']);
  });

  test('a bad topic or a payload too long is refused, not sent', async () => {
    const s = await open();
    await expect(s.signals.publish('has space', 'x')).rejects.toThrow('topic');
    await expect(s.signals.publish('t', 'x'.repeat(7001))).rejects.toThrow('7001 bytes');
    await s.signals.publish('t', 'x'.repeat(7000)); // the limit itself goes
  });
});

test('[postgres] another instance on the same database hears a signal, as not its own', async () => {
  const [a, b] = await openTwoPgStores();
  const atA = next(a.signals, 'session');
  const atB = next(b.signals, 'session');
  await a.signals.publish('session', 'ses_2');
  expect(await atB).toEqual({ payload: 'ses_2', fromHere: false });
  expect(await atA).toEqual({ payload: 'ses_2', fromHere: true });
});

test('[postgres] a lost listening connection comes back and says "resync"; signals are heard again', async () => {
  const [a, b] = await openTwoPgStores();
  const resynced = new Promise<void>((resolve) => b.signals.onResync(resolve));
  const admin = new pg.Client({ connectionString: (await testPostgres()).url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1', [
      b.signals.applicationName,
    ]);
    expect(rows).toEqual([{ ended: true }]);
  } finally {
    await admin.end();
  }
  await resynced;
  const atB = next(b.signals, 't');
  await a.signals.publish('t', 'after');
  expect(await atB).toEqual({ payload: 'after', fromHere: false });
});
