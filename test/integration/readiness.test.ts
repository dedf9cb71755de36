/**
 * `GET /ready` (services/readiness.ts, http/routes/ready.ts): the database answers and every watcher
 * this instance leads completes its passes in time; a role another instance leads is `standby` and
 * never fails readiness. Through the real core over HTTP (SQLite: one instance, which leads all), and
 * the readiness service itself with two holders on one store.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { Leadership, TIMERS_ROLE, watcherRole } from '../../src/services/leadership.js';
import { Readiness, type WatchedNetwork } from '../../src/services/readiness.js';
import { openTestStores } from '../helpers/stores.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

const cores: TestCore[] = [];
afterAll(async () => {
  for (const c of cores) await c.stop();
});

const allOff = Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const]));

describe('GET /ready', () => {
  test('public, in the envelope: the database answers and this instance leads the timers', async () => {
    const t = await startTestCore();
    cores.push(t);
    const res = await t.api('GET', '/ready', { key: null });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    const { instance, checks } = res.body.data;
    expect(res.body.data.status).toBe('ready');
    expect(instance).toMatch(/^.+:\d+:[0-9a-f]{8}$/);
    expect(checks).toEqual([
      { name: 'database', status: 'ok', detail: 'the database answers' },
      { name: 'timers', status: 'ok', detail: 'led by this instance', leader: instance },
    ]);
  });

  test('503 not_ready naming the watcher that completes no pass (its RPC refuses), while /health stays 200', async () => {
    const t = await startTestCore({
      networks: { test: { ...allOff, ethereum: { rpcUrl: 'http://127.0.0.1:9', chainId: 31337, tokens: { USDC: '0x' + '11'.repeat(20) } } } },
      chainPollMs: 1,
      readyMaxPassAgeMs: 1,
    });
    cores.push(t);
    let res = await t.api('GET', '/ready', { key: null });
    for (let i = 0; i < 200 && res.status === 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      res = await t.api('GET', '/ready', { key: null });
    }
    expect(res.status, res.text).toBe(503);
    expect(res.body.error.code).toBe('not_ready');
    expect(res.body.error.message).toMatch(/^Not ready \(.+\): watcher ethereum \(test\): no pass has completed for \d+ s \(limit 0 s\)/);
    expect((await t.api('GET', '/health', { key: null })).status).toBe(200);
  });
});

describe('the readiness service', () => {
  const stats = { lastSuccessAt: null as number | null, lastHead: null as number | null, lastError: null as string | null, behind: undefined as number | undefined };
  const watched: WatchedNetwork[] = [{ network: 'ethereum', livemode: true, pollMs: 1000, stats }];

  test('a watcher led elsewhere is standby with its leader; one led here is ok while on time, lagging after', async () => {
    const stores = await openTestStores('sqlite');
    const clock = { now: 1_000_000 };
    const make = (holder: string) => {
      const leadership = new Leadership({ leases: stores.leases, holder, ttlMs: 3000, renewMs: 1000, clock: () => clock.now, onError: () => undefined });
      for (const role of [TIMERS_ROLE, watcherRole('ethereum', true)]) leadership.add(role, { start: () => undefined, stop: () => Promise.resolve() });
      const readiness = new Readiness({ leadership, clock: () => clock.now, maxPassAgeMs: 30_000, watched: () => watched });
      return { leadership, readiness };
    };
    const a = make('a');
    const b = make('b');
    await a.leadership.start();
    await b.leadership.start();
    a.leadership.abandon();
    b.leadership.abandon();

    const standby = await b.readiness.check();
    expect(standby.ready).toBe(true);
    expect(standby.checks.find((c) => c.name === 'watcher')).toMatchObject({ network: 'ethereum', mode: 'live', status: 'standby', leader: 'a' });
    expect(standby.checks.find((c) => c.name === 'timers')).toMatchObject({ status: 'standby', leader: 'a' });

    // Led here: on time from the moment it took the lead, before any pass.
    expect((await a.readiness.check()).checks.find((c) => c.name === 'watcher')).toMatchObject({ status: 'ok', leader: 'a', lastSuccessAt: null });
    clock.now += 30_001;
    const late = await a.readiness.check();
    expect(late.ready).toBe(false);
    expect(late.checks.find((c) => c.name === 'watcher')).toMatchObject({ status: 'lagging', detail: 'no pass has completed for 30 s (limit 30 s)' });
    stats.behind = 4000; // a long catch-up: said, so that it is not taken for a stuck watcher
    expect((await a.readiness.check()).checks.find((c) => c.name === 'watcher')).toMatchObject({
      status: 'lagging',
      detail: 'no pass has completed for 30 s (limit 30 s), catching up (4000 blocks behind the head)',
      blocksBehind: 4000,
    });
    stats.lastSuccessAt = clock.now - 1000;
    stats.lastHead = 123;
    stats.behind = 0;
    expect(await a.readiness.check()).toMatchObject({ ready: true, checks: expect.arrayContaining([expect.objectContaining({ name: 'watcher', status: 'ok', lastHead: 123, blocksBehind: 0 })]) });
  });

  test('the database not answering fails readiness, naming it', async () => {
    const stores = await openTestStores('sqlite');
    const leadership = new Leadership({ leases: stores.leases, holder: 'a', ttlMs: 3000, renewMs: 1000, clock: Date.now, onError: () => undefined });
    leadership.add(TIMERS_ROLE, { start: () => undefined, stop: () => Promise.resolve() });
    await leadership.start();
    leadership.abandon();
    const readiness = new Readiness({ leadership, clock: Date.now, maxPassAgeMs: 30_000 });
    await stores.close();
    const report = await readiness.check();
    expect(report.ready).toBe(false);
    expect(report.checks[0]).toMatchObject({ name: 'database', status: 'failing' });
    expect(report.checks[1]).toMatchObject({ name: 'timers', status: 'ok' });
  });
});
