/**
 * Two whole instances (processes) on one PostgreSQL database: one leads the timers, the other shows
 * it as `standby` with its leader in `GET /ready`; a SIGTERM hands the lease over at once. The lease
 * lasts 60 s here and is renewed every 100 ms, so a take-over within the test's wait can only come
 * from the release, never from the expiry. (SIGKILL and the expiry: leader-election.test.ts, and
 * `npm run bench -- failover` over a devnet.)
 */
import { afterAll, expect, test } from 'vitest';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import type { CoreConfig } from '../../src/config.js';
import { type Instance, sharedDataKey, startInstance } from '../helpers/instances.js';
import { testPostgres } from '../helpers/stores.js';

const keys = sharedDataKey();
const instances: Instance[] = [];
afterAll(async () => {
  for (const i of instances) await i.kill();
  keys.remove();
});

interface Check {
  name: string;
  status: string;
  leader?: string | null;
}

async function ready(i: Instance): Promise<{ instance: string; checks: Check[] }> {
  const res = await fetch(`${i.url}/ready`);
  const body = (await res.json()) as { data: { instance: string; checks: Check[] } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}
const timers = async (i: Instance) => (await ready(i)).checks.find((c) => c.name === 'timers');

test('one instance leads the timers, the other stands by naming it; a graceful stop hands over at once', async () => {
  const { url } = await testPostgres();
  const config = (name: string): CoreConfig => ({
    dataDir: keys.dataDirFor(name),
    databaseUrl: url,
    networks: { test: Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])) },
    leaderLease: { ttlMs: 60_000, renewMs: 100 },
  });
  const a = await startInstance('a', config('a'));
  instances.push(a);
  const b = await startInstance('b', config('b'));
  instances.push(b);

  const aId = (await ready(a)).instance;
  expect(aId).toContain(`:${a.pid}:`);
  expect(await timers(a)).toMatchObject({ status: 'ok', leader: aId });
  expect(await timers(b)).toMatchObject({ status: 'standby', leader: aId });

  await a.stop();
  let now: Check | undefined;
  for (let i = 0; i < 200; i++) {
    now = await timers(b);
    if (now?.status === 'ok') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(now).toMatchObject({ status: 'ok', leader: (await ready(b)).instance });
});
