/**
 * Two instances (processes) on one PostgreSQL database and one EVM devnet, for a minute at once:
 * both create sessions, the customers pay them on chain (the leading instance's watcher records the
 * payments while the other instance keeps writing), and refunds of the same session are asked of both
 * instances at the same moment. Units of work run concurrently on PostgreSQL (no global lock,
 * src/db/pg/pg-database.ts), so this is where a lost or doubled row would show: afterwards every
 * session exists once, every transfer is one payment, every paid session SUCCEEDED with one
 * `succeeded` event and one booked charge, no session is refunded beyond what it received, and each
 * funds account holds exactly the sum of its ledger entries.
 */
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEVNET_PAYER_KEYS, type Devnet, mintAndPay, startDevnet } from '../../src/chains/evm/devnet/devnet.js';
import type { CoreConfig } from '../../src/config.js';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { option, sleep, waitFor } from '../helpers/evm-chain.js';
import { type Instance, onlyEthereumOn, sharedDataKey, startInstance } from '../helpers/instances.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

/** How long both instances are driven at once. */
const MINUTE_MS = 60_000;

let pgServer: TestPostgres;
let devnet: Devnet;
let keys: ReturnType<typeof sharedDataKey>;
let db: pg.Pool;
let apiKey: string;
let merchantId: string;
const instances: Instance[] = [];

beforeAll(async () => {
  pgServer = await startPostgres();
  db = new pg.Pool({ connectionString: pgServer.url, max: 2 });
  keys = sharedDataKey();
  devnet = await startDevnet({ network: 'ethereum', chainId: 1337, stateFile: join(keys.dir, 'devnet', 'ethereum.json'), blockTimeSeconds: 0.5 });
  const setup = await createServices(resolveConfig({ dataDir: keys.dataDirFor('setup'), databaseUrl: pgServer.url, rateFeed: { source: 'off' } }));
  merchantId = (await setup.merchants.defaultMerchant()).id;
  apiKey = (await setup.apiKeys.create(merchantId, 'test')).secret;
  await setup.close();
  const config = (name: string): CoreConfig => ({
    dataDir: keys.dataDirFor(name),
    databaseUrl: pgServer.url,
    networks: onlyEthereumOn(devnet),
    confirmations: { ethereum: 1 },
    chainPollMs: 200,
    leaderLease: { ttlMs: 3_000, renewMs: 1_000 },
  });
  instances.push(await startInstance('a', config('a')), await startInstance('b', config('b')));
}, 120_000);

afterAll(async () => {
  for (const i of instances) await i.stop().catch(() => undefined);
  await db?.end();
  await devnet?.stop();
  await pgServer?.stop();
  keys?.remove();
});

async function api(on: Instance, method: string, path: string, body?: unknown, idempotencyKey?: string) {
  const res = await fetch(on.url + path, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

interface Sale {
  sessionId: string;
  value: string;
  txHash: string;
}

test('a minute of sales, payments and refunds on two instances at once: no row lost or doubled', async () => {
  const deadline = Date.now() + MINUTE_MS;
  const sales: Sale[] = [];
  const created: string[] = [];
  const refundAnswers: { sessionId: string; statuses: number[] }[] = [];
  let cents = 100;

  // One till per instance: creates a sale there and has a customer pay it (each till its own payer, so nonces never race).
  const till = async (on: Instance, payerKey: (typeof DEVNET_PAYER_KEYS)[number]) => {
    while (Date.now() < deadline) {
      const value = (cents++ / 100).toFixed(2);
      const key = `minute-${on.name}-${value}`;
      const res = await api(on, 'POST', '/v1/payment/sessions', { merchant_id: merchantId, amount: { value, currency: 'USD' }, description: 'a minute' }, key);
      // What the instance logged goes with a failure: a 500's cause is only there.
      expect(res.status, res.status === 200 ? '' : `${res.text}\n${on.name}'s log:\n${on.log().slice(-3000)}`).toBe(200);
      const session = res.body.data;
      created.push(session.session_id);
      const paid = await mintAndPay(devnet, { payerKey, token: 'USDT', to: option(session, 'ethereum', 'USDT').address, amountBaseUnits: BigInt(Math.round(Number(value) * 1e6)) });
      sales.push({ sessionId: session.session_id, value, txHash: paid.txHash });
    }
  };

  // The owner refunds paid sales in full, asking both instances at the same moment: one refund at most.
  const refunder = async () => {
    const refunded = new Set<string>();
    while (Date.now() < deadline) {
      await sleep(500);
      for (const sale of sales) {
        if (refunded.has(sale.sessionId) || Date.now() >= deadline) continue;
        const seen = await api(instances[0]!, 'GET', `/v1/payment/sessions/${sale.sessionId}`);
        if (seen.body.data.status !== 'SUCCEEDED') continue;
        refunded.add(sale.sessionId);
        const answers = await Promise.all(
          instances.map((on) => api(on, 'POST', '/v1/refunds', { session_id: sale.sessionId, reason: 'requested_by_customer' }, `refund-${on.name}-${sale.sessionId}`)),
        );
        for (const a of answers) expect([200, 409], a.text).toContain(a.status);
        refundAnswers.push({ sessionId: sale.sessionId, statuses: answers.map((a) => a.status) });
        if (refundAnswers.length % 2 === 0) break; // leave some sales unrefunded
      }
    }
  };

  await Promise.all([till(instances[0]!, DEVNET_PAYER_KEYS[0]!), till(instances[1]!, DEVNET_PAYER_KEYS[1]!), refunder()]);
  expect(sales.length, 'sales made in the minute').toBeGreaterThan(20);
  expect(refundAnswers.length, 'refunds asked in the minute').toBeGreaterThan(5);

  // Every sale paid in the minute is recorded and SUCCEEDED (or refunded after it), on both instances' view.
  const ids = sales.map((s) => s.sessionId);
  await waitFor(
    async () => {
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_sessions WHERE id = ANY($1) AND status = 'SUCCEEDED'", [ids]);
      return rows[0]!.n === ids.length;
    },
    30_000,
    'every paid sale SUCCEEDED',
  );

  // Each session answered with a 200 exists once; nothing else was made.
  const { rows: sessions } = await db.query<{ id: string; n: number }>("SELECT id, count(*)::int AS n FROM payment_sessions WHERE description = 'a minute' GROUP BY id");
  expect(sessions.length).toBe(created.length);
  expect(sessions.every((r) => r.n === 1)).toBe(true);

  // Each transfer is one payment of its session, counted once.
  const { rows: payments } = await db.query<{ session_id: string; tx_id: string }>("SELECT session_id, tx_id FROM payments WHERE session_id = ANY($1) AND status != 'orphaned'", [ids]);
  expect(payments.length).toBe(sales.length);
  expect(new Map(payments.map((p) => [p.tx_id.toLowerCase(), p.session_id]))).toEqual(new Map(sales.map((s) => [s.txHash.toLowerCase(), s.sessionId])));

  // One `succeeded` event and one booked charge per session.
  const { rows: succeeded } = await db.query<{ object_id: string; n: number }>("SELECT object_id, count(*)::int AS n FROM events WHERE type = 'payment_session.succeeded' AND object_id = ANY($1) GROUP BY object_id", [ids]);
  expect(succeeded.length).toBe(ids.length);
  expect(succeeded.every((r) => r.n === 1)).toBe(true);
  const { rows: charges } = await db.query<{ source_id: string; n: number }>("SELECT source_id, count(*)::int AS n FROM balance_transactions WHERE type = 'payment' AND source_id = ANY($1) GROUP BY source_id", [ids]);
  expect(charges.length).toBe(ids.length);
  expect(charges.every((r) => r.n === 1)).toBe(true);

  // Asked of both instances at once, a full refund is made once: the other is told there is nothing left.
  for (const r of refundAnswers) expect(r.statuses.filter((s) => s === 200), r.sessionId).toHaveLength(1);
  const refundedIds = refundAnswers.map((r) => r.sessionId);
  const { rows: refunds } = await db.query<{ session_id: string; n: number; refunded: string; received: string }>(
    `SELECT r.session_id, count(*)::int AS n, sum(r.amount_pricing_minor)::text AS refunded, s.amount_received_minor::text AS received
       FROM refunds r JOIN payment_sessions s ON s.id = r.session_id
      WHERE r.session_id = ANY($1) AND r.status NOT IN ('FAILED', 'CANCELED') GROUP BY r.session_id, s.amount_received_minor`,
    [refundedIds],
  );
  expect(refunds.length).toBe(refundedIds.length);
  for (const r of refunds) {
    expect(r.n, r.session_id).toBe(1);
    expect(BigInt(r.refunded) <= BigInt(r.received), r.session_id).toBe(true);
  }

  // No lost update on the funds accounts: each holds the sum of its entries.
  const { rows: accounts } = await db.query<{ currency: string; held: string; entries: string }>(
    `SELECT f.currency, (f.available_minor + f.pending_minor)::text AS held,
            (SELECT coalesce(sum(b.net_minor), 0) FROM balance_transactions b WHERE b.merchant_id = f.merchant_id AND b.livemode = f.livemode AND b.currency = f.currency)::text AS entries
       FROM funds_accounts f WHERE f.merchant_id = $1 AND f.livemode = false`,
    [merchantId],
  );
  expect(accounts.length).toBeGreaterThan(0);
  for (const a of accounts) expect(a.held, a.currency).toBe(a.entries);
}, MINUTE_MS + 90_000);
