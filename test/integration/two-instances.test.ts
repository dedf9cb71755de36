/**
 * Two instances on one PostgreSQL database, each in its own process, watching one EVM devnet (the
 * test's own anvil, so killing an instance does not take the chain with it): docs/deployment.md.
 * What one process never had to do: idempotency across instances, live feeds and key revocation heard
 * by the other instance, webhooks delivered once, one watcher leader, and a leader killed with SIGKILL
 * mid-scan whose successor misses and doubles nothing.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import type { CoreConfig } from '../../src/config.js';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { budget, option, openStream, sleep, waitFor } from '../helpers/evm-chain.js';
import { type Instance, onlyEthereumOn, sharedDataKey, startInstance } from '../helpers/instances.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const WATCHER_ROLE = 'watcher:ethereum:test';
/** The lease's bounds in this file: failover must fit within ttl + one renewal (goal ≤ 5 s). */
const LEASE = { ttlMs: 3_000, renewMs: 1_000 };

let pgServer: TestPostgres;
let devnet: Devnet;
let keys: ReturnType<typeof sharedDataKey>;
let db: pg.Pool;
let apiKey: string;
let merchantId: string;
const instances = new Map<string, Instance>();
let payer = 0;

function configOf(name: string): CoreConfig {
  return {
    dataDir: keys.dataDirFor(name),
    databaseUrl: pgServer.url,
    networks: onlyEthereumOn(devnet),
    confirmations: { ethereum: 1 },
    chainPollMs: 200,
    leaderLease: LEASE,
  };
}

async function start(name: string): Promise<Instance> {
  const instance = await startInstance(name, configOf(name));
  instances.set(name, instance);
  return instance;
}

async function api(instance: Instance, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, key = apiKey) {
  const res = await fetch(instance.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

async function leaseHolder(): Promise<{ holder: string; token: number } | undefined> {
  const { rows } = await db.query<{ holder: string; token: string }>('SELECT holder, token FROM leases WHERE name = $1 AND expires_at > $2', [WATCHER_ROLE, Date.now()]);
  return rows[0] && { holder: rows[0].holder, token: Number(rows[0].token) };
}

/** The running instance whose process holds the watcher lease (holders name their pid); waits for one. */
async function leader(timeoutMs = 10_000): Promise<Instance> {
  return await waitFor(async () => {
    const lease = await leaseHolder();
    return lease && [...instances.values()].find((i) => lease.holder.split(':').includes(String(i.pid)));
  }, timeoutMs, 'a running instance holding the watcher lease');
}

const newSession = async (on: Instance, value: string) => {
  const res = await api(on, 'POST', '/v1/payment/sessions', { merchant_id: merchantId, amount: { value, currency: 'USD' }, description: `two-instances ${value}` }, { 'idempotency-key': `k-${value}-${Math.random()}` });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

const pay = (session: any, value: string) =>
  mintAndPay(devnet, { payerKey: DEVNET_PAYER_KEYS[payer++ % DEVNET_PAYER_KEYS.length]!, token: 'USDT', to: option(session, 'ethereum', 'USDT').address, amountBaseUnits: BigInt(Math.round(Number(value) * 1e6)) });

beforeAll(async () => {
  pgServer = await startPostgres();
  db = new pg.Pool({ connectionString: pgServer.url, max: 2 });
  keys = sharedDataKey();
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(keys.dir, 'devnet', 'ethereum.json'), blockTimeSeconds: 0.5 });
  // The key is made as `stablepos keys create --database-url` makes it, before any instance runs.
  const setup = await createServices(resolveConfig({ dataDir: keys.dataDirFor('setup'), databaseUrl: pgServer.url, rateFeed: { source: 'off' } }));
  merchantId = (await setup.merchants.defaultMerchant()).id;
  apiKey = (await setup.apiKeys.create(merchantId, 'test')).secret;
  await setup.close();
  await start('a');
  await start('b');
}, 120_000);

afterAll(async () => {
  for (const i of instances.values()) await i.stop().catch(() => undefined);
  await db?.end();
  await devnet?.stop();
  await pgServer?.stop();
  keys?.remove();
});

describe('two instances on one PostgreSQL database', () => {
  test('both serve the API; exactly one leads the ethereum watcher', async () => {
    for (const i of instances.values()) expect((await api(i, 'GET', '/health')).status).toBe(200);
    const first = await leader();
    await sleep(LEASE.renewMs * 2);
    expect((await leader()).name, 'the lease stays with its holder while it renews').toBe(first.name);
  });

  test('the same Idempotency-Key sent to both instances at once makes one session', async () => {
    const [a, b] = [instances.get('a')!, instances.get('b')!];
    const body = { merchant_id: merchantId, amount: { value: '4.25', currency: 'USD' }, description: 'idempotent across instances' };
    const headers = { 'idempotency-key': `across-${Date.now()}` };
    const answers = await Promise.all([api(a, 'POST', '/v1/payment/sessions', body, headers), api(b, 'POST', '/v1/payment/sessions', body, headers)]);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length, answers.map((r) => `${r.status} ${r.text.slice(0, 200)}`).join('\n')).toBeGreaterThanOrEqual(1);
    // The one not answered with the object was told the key is in use while the first ran.
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.body.error.code, r.text).toBe('idempotency_key_in_use');
    expect(new Set(ok.map((r) => r.body.data.session_id)).size).toBe(1);
    const again = await api(b, 'POST', '/v1/payment/sessions', body, headers);
    expect(again.body.data.session_id).toBe(ok[0]!.body.data.session_id);
    const { rows } = await db.query("SELECT count(*)::int AS n FROM payment_sessions WHERE description = 'idempotent across instances'");
    expect(rows[0].n).toBe(1);
  });

  test('a sale made on the standby is paid, recorded once by the leader, and heard on the standby\'s stream', async () => {
    const lead = await leader();
    const standby = [...instances.values()].find((i) => i !== lead)!;
    const session = await newSession(standby, '7.10');
    const stream = await openStream(`${standby.url}/v1/payment/sessions/${session.session_id}/stream`, apiKey);
    try {
      await pay(session, '7.10');
      await stream.next((e) => e.data.includes('SUCCEEDED'), 15_000);
    } finally {
      await stream.close();
    }
    for (const i of instances.values()) {
      const seen = await api(i, 'GET', `/v1/payment/sessions/${session.session_id}`);
      expect(seen.body.data.status).toBe('SUCCEEDED');
      expect(seen.body.data.payments).toHaveLength(1);
    }
  }, 40_000);

  test('a key revoked through one instance\'s database is refused by both at once', async () => {
    const setup = await createServices(resolveConfig({ dataDir: keys.dataDirFor('setup'), databaseUrl: pgServer.url, rateFeed: { source: 'off' } }));
    const { secret, record } = await setup.apiKeys.create(merchantId, 'test');
    try {
      for (const i of instances.values()) expect((await api(i, 'GET', '/v1/payment/sessions?limit=1', undefined, {}, secret)).status).toBe(200);
      expect(await setup.apiKeys.revoke(record.prefix)).toBeTruthy();
    } finally {
      await setup.close();
    }
    for (const i of instances.values()) {
      await waitFor(async () => (await api(i, 'GET', '/v1/payment/sessions?limit=1', undefined, {}, secret)).status === 401, 2_000, `instance ${i.name} to refuse the revoked key`);
    }
  });

  test('the leader killed with SIGKILL mid-scan: the other leads within 5 s; no payment missed or doubled; webhooks delivered once', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const a = instances.get('a')!;
      const endpoint = await api(a, 'POST', '/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['payment_session.succeeded'] });
      expect(endpoint.status, endpoint.text).toBe(200);
      const values = ['1.01', '1.02', '1.03', '1.04', '1.05', '1.06'];
      const sessions = [];
      for (const [n, value] of values.entries()) sessions.push(await newSession([...instances.values()][n % 2]!, value));

      const before = await leader();
      // Payments under way while the leader scans, then it dies without a word.
      await Promise.all(sessions.slice(0, 3).map((s, n) => pay(s, values[n]!)));
      const killedAt = Date.now();
      await before.kill();
      instances.delete(before.name);
      await Promise.all(sessions.slice(3).map((s, n) => pay(s, values[n + 3]!)));

      const after = await leader();
      const failoverMs = Date.now() - killedAt;
      expect(after.name).not.toBe(before.name);
      expect(failoverMs, 'failover within 5 s').toBeLessThanOrEqual(5_000);

      for (const s of sessions) {
        await waitFor(async () => (await api(after, 'GET', `/v1/payment/sessions/${s.session_id}`)).body.data.status === 'SUCCEEDED', 20_000, `session ${s.session_id} paid`);
      }
      const ids = sessions.map((s) => s.session_id);
      const { rows: payments } = await db.query<{ session_id: string; n: number }>('SELECT session_id, count(*)::int AS n FROM payments WHERE session_id = ANY($1) GROUP BY session_id', [ids]);
      expect(payments.map((r) => r.n), 'one payment per session').toEqual(ids.map(() => 1));
      const { rows: events } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'payment_session.succeeded' AND object_id = ANY($1)", [ids]);
      expect(events[0]!.n, 'one succeeded event per session').toBe(ids.length);
      await receiver.waitFor(ids.length, 20_000);
      await sleep(1_000); // a second delivery of any event would arrive by now
      const delivered = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
      expect(new Set(delivered).size, 'each event delivered once').toBe(delivered.length);
      expect(delivered).toHaveLength(ids.length);
    } finally {
      await receiver.stop();
    }
  }, budget([10_000, 10_000, 6 * 20_000, 20_000], 30_000));

  test('a graceful stop hands the lease over at once, and the stopped instance comes back as standby', async () => {
    const comeback = await start('c');
    const lead = await leader();
    const stoppedAt = Date.now();
    await lead.stop();
    instances.delete(lead.name);
    const next = await leader();
    expect(next.name).not.toBe(lead.name);
    expect(Date.now() - stoppedAt, 'handed over before the lease would have expired').toBeLessThan(LEASE.ttlMs);
    expect([...instances.keys()]).toContain(comeback.name);
  }, 60_000);
});
