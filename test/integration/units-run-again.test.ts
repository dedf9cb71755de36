/**
 * Every unit of work may run more than once (issue 29, item 2; docs/architecture.md, "Units of work
 * run again"): PostgreSQL runs a unit again after a serialization failure or a deadlock (SQLSTATE
 * 40001/40P01, db/pg/pg-database.ts). Here the store's `tx` is wrapped before the services are
 * built (the store opener is mocked) so that, while `armed`, each outermost unit runs its work, fails
 * after it with a serialization failure (so the store rolls it back) and runs again, as PostgreSQL
 * does under contention. On SQLite the wrapper runs it again itself; on PostgreSQL (the `postgres`
 * project) the store's own retry does. What the core did must then be what one run does: each
 * event written once, each counter moved once, each wake-up given once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { ObservedTransfer } from '../../src/domain/chain-scan.js';
import { newId } from '../../src/domain/ids.js';
import type { Caller } from '../../src/domain/merchant.js';
import type { UnitOfWork, WebhookResponse } from '../../src/services/ports.js';
import { NO_REFUND_NETWORKS } from '../../src/services/refund-service.js';
import { WebhookDispatcher } from '../../src/services/webhook-dispatcher.js';
import { newPgDatabase } from '../helpers/stores.js';

/** While set, every outermost unit of work runs twice, the first run rolled back. */
let armed = false;
/** Units run again since the last look (so a test knows its units did run twice). */
let runsAgain = 0;
const inUnit = new AsyncLocalStorage<true>();

/** A serialization failure, as PostgreSQL reports it: the store rolls the unit back (and on PostgreSQL runs it again). */
function serializationFailure(): Error {
  return Object.assign(new Error('could not serialize access due to read/write dependencies among transactions (test)'), { code: '40001' });
}

function runningTwice(tx: UnitOfWork): UnitOfWork {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    // Only the outermost unit runs again, as on PostgreSQL (a nested one is a savepoint of it).
    if (!armed || inUnit.getStore()) return await tx(work);
    let first = true;
    for (;;) {
      try {
        return await tx(() =>
          inUnit.run(true, async () => {
            const result = await work();
            if (first) {
              first = false;
              runsAgain++;
              throw serializationFailure();
            }
            return result;
          }),
        );
      } catch (err) {
        // SQLite's store does not run a unit again by itself: this wrapper does, as PostgreSQL's would.
        if ((err as { code?: unknown }).code !== '40001' || first) throw err;
      }
    }
  };
}

vi.mock('../../src/storage/open-stores.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/storage/open-stores.js')>();
  return {
    ...real,
    openStores: async (...args: Parameters<typeof real.openStores>) => {
      const stores = await real.openStores(...args);
      stores.tx = runningTwice(stores.tx);
      // The grouped units too (session creation, idempotent answers): a group whose unit fails runs each again alone.
      stores.commit = runningTwice(stores.commit);
      return stores;
    },
  };
});

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const CUSTOMER = '0x1111111111111111111111111111111111111111';
const STRANGER = '0x3333333333333333333333333333333333333333';
const DAY_MS = 24 * 3600 * 1000;

let dir: string;
let s: CoreServices;
let caller: Caller;
let nextTx = 1;
let nextIndex = 0;
let clock = Date.now();
/** The moments the settlement timer was told of (create-core's hook), in order. */
const settlementWakes: number[] = [];
/** What the services reported (hooks.onError), as messages. */
const reported: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-run-again-'));
  const databaseUrl = process.env.STABLEPOS_TEST_STORE === 'postgres' ? await newPgDatabase() : undefined;
  s = await createServices(
    resolveConfig({ dataDir: dir, now: () => clock, rateFeed: { source: 'off' }, ...(databaseUrl !== undefined && { databaseUrl }) }),
    { onSettlementScheduled: (at) => settlementWakes.push(at), onError: (message) => reported.push(message) },
    {
      handlers: { depositFamilies: ['evm'], deposit: () => `0x${(++nextIndex).toString(16).padStart(40, 'a')}`, options: () => [] },
      refundNetworks: NO_REFUND_NETWORKS,
      watched: () => [],
    },
  );
  caller = { merchantId: (await s.merchants.defaultMerchant()).id, livemode: false, via: 'test', role: 'owner' };
});
afterAll(async () => {
  armed = false;
  await s?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `fn` with every outermost unit run twice; fails unless some unit did. */
async function twice<T>(fn: () => Promise<T>): Promise<T> {
  runsAgain = 0;
  armed = true;
  try {
    return await fn();
  } finally {
    armed = false;
    expect(runsAgain).toBeGreaterThan(0);
  }
}

/** A new session, its deposit address and what it asks in USDT (base units: USDT's 6 decimals are its minor units). */
async function newSession(): Promise<{ id: string; address: string; due: bigint }> {
  const view = await s.sessions.create(caller, {
    merchantDomainId: null, currency: 'USD', amountMinor: 1000n, lineItems: [], description: null, clientReferenceId: null, metadata: {},
    expiresAt: null, successUrl: null, cancelUrl: null, domainParam: 'merchant_domain_id', expiresAtParam: 'expires_at', amountParam: 'amount',
  });
  const [a] = await s.store.addresses.forSession(view.session.id);
  return { id: view.session.id, address: a!.address, due: view.session.quotes.find((q) => q.currency === 'USDT')!.amountDueMinor };
}

function transfer(to: string, blockNumber: number, amountBase: bigint): ObservedTransfer {
  return {
    txId: `0x${(nextTx++).toString(16).padStart(64, '0')}`, eventIndex: 0, blockNumber, blockRef: `0xb${blockNumber}`,
    blockTime: clock, currency: 'USDT', tokenContract: USDT, decimals: 6, from: CUSTOMER, to, amountBase,
  };
}

const eventTypes = async (objectId: string) => (await s.events.list(caller, { limit: 100, objectId })).items.map((e) => e.type).sort();

test('a session created in a unit that runs twice is stored, announced and followed once', async () => {
  const deadlines: string[] = [];
  const unsubscribe = s.store.signals.subscribe('sessions.deadline', (at) => deadlines.push(at));
  const live: string[] = [];
  const unfollow = s.live.subscribe((id) => live.push(id));
  try {
    const created = await twice(() => newSession());
    expect(await eventTypes(created.id)).toEqual(['payment_session.created']);
    expect(await s.store.addresses.forSession(created.id)).toHaveLength(1);
    expect(await s.addressBook.match('evm', false, created.address)).toBe(created.id);
    await expect.poll(() => deadlines.length, { timeout: 5_000 }).toBe(1);
    expect(live).toEqual([created.id]);
  } finally {
    unsubscribe();
    unfollow();
  }
});

/** A pass paying one session in full and another in two parts, with money to a stranger: the touched sessions. */
async function payingPass(head: number, paid: { id: string; address: string; due: bigint }, part: { id: string; address: string }): Promise<string[]> {
  return await s.payments.apply({
    network: 'ethereum', livemode: false, confirmations: 1, chainId: '1', head, cursor: String(head), blocks: [],
    transfers: [transfer(paid.address, head - 2, paid.due), transfer(part.address, head - 1, 2_000_000n), transfer(part.address, head - 1, 1_000_000n)],
    unmatched: [{ ...transfer(STRANGER, head - 1, 4_000_000n), reason: 'no_reference' }],
  });
}

test('a watcher\'s pass whose unit runs twice records each payment, event and deposit once', async () => {
  // The same pass run once, for what one run records.
  const once = { paid: await newSession(), part: await newSession() };
  await payingPass(12, once.paid, once.part);
  const strangers = async () => (await s.deposits.list(caller, { limit: 100 })).items.filter((d) => d.to === STRANGER).length;
  const depositsBefore = await strangers();

  const paid = await newSession();
  const part = await newSession();
  const live: string[] = [];
  const unsubscribe = s.live.subscribe((id) => live.push(id));
  try {
    const touched = await twice(() => payingPass(22, paid, part));
    expect(touched.sort()).toEqual([paid.id, part.id].sort());
  } finally {
    unsubscribe();
  }
  expect(await eventTypes(paid.id)).toEqual(await eventTypes(once.paid.id));
  expect(await eventTypes(part.id)).toEqual(await eventTypes(once.part.id));
  expect(await eventTypes(paid.id)).toEqual(['payment_session.created', 'payment_session.payment_detected', 'payment_session.succeeded']);
  expect((await s.store.payments.forSession(part.id)).length).toBe(2);
  expect(await strangers()).toBe(depositsBefore + 1);
  // The live feed hears of each session once, after the commit.
  expect(live.sort()).toEqual([paid.id, part.id].sort());
});

test('a session booked in a unit that runs twice wakes the settlement timer once, after the commit', async () => {
  clock += 2 * DAY_MS; // a day no settlement is scheduled for yet: booking makes a new one
  const session = await newSession();
  settlementWakes.length = 0;
  await twice(() =>
    s.payments.apply({ network: 'ethereum', livemode: false, confirmations: 1, chainId: '1', head: 31, cursor: '31', blocks: [], transfers: [transfer(session.address, 30, session.due)] }),
  );
  expect((await s.store.sessions.findById(session.id))?.status).toBe('SUCCEEDED');
  // On PostgreSQL the wake-up comes with the commit's signal, a moment after the unit returned.
  await expect.poll(() => settlementWakes.length, { timeout: 5_000 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(settlementWakes).toHaveLength(1);
});

test('a webhook answer recorded in a unit that runs twice counts one success', async () => {
  const endpoint = await s.webhookEndpoints.create(caller, { url: 'https://example.com/hooks', enabled_events: ['payment_session.succeeded'] });
  await s.webhookEndpoints.sendTest(caller, endpoint.id);
  const answered: WebhookResponse = { status: 200, body: 'ok', retryAfter: null, error: null, durationMs: 1, peer: 'public' };
  const dispatcher = new WebhookDispatcher({
    store: s.store.webhooks, events: s.store.events, tx: s.tx, now: () => clock,
    transport: { post: () => Promise.resolve(answered) },
    retryDelaysMs: [1000], timeoutMs: 5000, perEndpointConcurrency: 1, globalConcurrency: 4,
    onError: (err, what) => reported.push(`${what}: ${String(err)}`),
  });
  await twice(async () => {
    await dispatcher.start();
    await expect.poll(() => dispatcher.stats(), { timeout: 5_000 }).toMatchObject({ inFlight: 0, attempts: 1 });
    await dispatcher.stop();
  });
  expect(dispatcher.stats()).toEqual({ inFlight: 0, attempts: 1, succeeded: 1 });
  const [delivery] = (await s.webhookEndpoints.deliveries(caller, endpoint.id, { limit: 10 })).items;
  expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
  expect(delivery?.attemptLog).toHaveLength(1);
});

test('a settlement whose automatic conversion cannot be made, settled in a unit that runs twice, is reported once', async () => {
  // One micro-unit of USDC converts to less than a cent: the conversion is refused, the settlement stays.
  const settlement = {
    id: newId('settlement', clock), merchantId: caller.merchantId, livemode: false, currency: 'USDC' as const, availableOn: clock - 1,
    amountMinor: 1n, entryCount: 1, status: 'scheduled' as const, settledAt: null, createdAt: clock,
  };
  await s.store.ledger.insertSettlement(settlement);
  await s.merchants.update(caller.merchantId, { settlementCurrency: 'EUR' });
  reported.length = 0;
  await twice(() => s.settlements.settleDue());
  expect((await s.events.list(caller, { limit: 100, objectId: settlement.id })).items.map((e) => e.type)).toEqual(['balance.available']);
  expect(reported.filter((m) => m.startsWith(`settlement ${settlement.id}: not converted to EUR`))).toHaveLength(1);
});
