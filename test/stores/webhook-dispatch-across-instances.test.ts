/**
 * Two instances on one PostgreSQL database, each with its webhook dispatcher (issue 18): every
 * delivery is POSTed once per attempt, every event fanned out once, and a delivery claimed by an
 * instance that died goes out from the other after the claim's lease.
 */
import { afterAll, expect, test } from 'vitest';
import type { StoredEvent, WebhookEndpointRecord } from '../../src/domain/records.js';
import { newWebhookSecret } from '../../src/domain/webhooks.js';
import type { WebhookResponse, WebhookTransport } from '../../src/services/ports.js';
import { type DispatcherOptions, WebhookDispatcher } from '../../src/services/webhook-dispatcher.js';
import type { PgStores } from '../../src/storage/pg-stores.js';
import { openTwoPgStores } from '../helpers/stores.js';
import { eventually } from '../helpers/webhook-receiver.js';

interface Post {
  eventId: string;
  by: string;
}

/** Records every POST in a log shared by the instances; answers with `status(eventId, postsOfItSoFar)`. */
class RecordingTransport implements WebhookTransport {
  constructor(
    private readonly name: string,
    private readonly log: Post[],
    private readonly status: (eventId: string, earlier: number) => number | 'hang',
  ) {}

  async post(_url: string, headers: Record<string, string>, _body: string, _timeoutMs: number, signal: AbortSignal): Promise<WebhookResponse> {
    const eventId = headers['webhook-id']!;
    const earlier = this.log.filter((p) => p.eventId === eventId).length;
    this.log.push({ eventId, by: this.name });
    const status = this.status(eventId, earlier);
    if (status === 'hang') {
      // A request that never gets its answer: ends only when the dispatcher stops (aborts it).
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      return { status: undefined, body: null, retryAfter: null, error: 'aborted', durationMs: 0, peer: 'private' };
    }
    await new Promise((resolve) => setImmediate(resolve)); // the other instance runs meanwhile
    return { status, body: 'ok', retryAfter: null, error: null, durationMs: 1, peer: 'private' };
  }
}

const dispatchers: WebhookDispatcher[] = [];
afterAll(async () => {
  for (const d of dispatchers) await d.stop();
});

const errors: unknown[] = [];
function dispatcher(store: PgStores, transport: WebhookTransport, options: Partial<DispatcherOptions> = {}): WebhookDispatcher {
  const d = new WebhookDispatcher({
    store: store.webhooks,
    events: store.events,
    tx: store.tx,
    now: Date.now,
    transport,
    retryDelaysMs: [0],
    timeoutMs: 1000,
    perEndpointConcurrency: 4,
    globalConcurrency: 8,
    onError: (err) => errors.push(err),
    ...options,
  });
  dispatchers.push(d);
  return d;
}

const endpoint: WebhookEndpointRecord = {
  id: 'we_1',
  merchantId: 'mch_a',
  livemode: false,
  url: 'https://example.com/hooks',
  description: null,
  enabledEvents: ['*'],
  status: 'enabled',
  disabledReason: null,
  secret: newWebhookSecret(),
  previousSecret: null,
  previousSecretExpiresAt: null,
  fromEventSeq: 0,
  ownerConfirmedAt: null,
  createdAt: 1,
  updatedAt: 1,
};

const event = (n: number): StoredEvent => ({
  id: `evt_${n}`,
  merchantId: 'mch_a',
  livemode: false,
  type: 'payment_session.created',
  objectId: `ps_${n}`,
  payload: JSON.stringify({ id: `ps_${n}` }),
  createdAt: 1_000 + n,
});

const countBy = (posts: Post[]) => {
  const counts = new Map<string, number>();
  for (const p of posts) counts.set(p.eventId, (counts.get(p.eventId) ?? 0) + 1);
  return counts;
};

test('two dispatchers on one database: each event fanned out once, each delivery POSTed once per attempt', async () => {
  const [a, b] = await openTwoPgStores();
  await a.webhooks.insertEndpoint(endpoint);
  const log: Post[] = [];
  // The first attempt of each delivery fails (500), the retry (due at once) succeeds: two attempts each.
  const answer = (_id: string, earlier: number) => (earlier === 0 ? 500 : 200);
  const onA = dispatcher(a, new RecordingTransport('a', log, answer));
  const onB = dispatcher(b, new RecordingTransport('b', log, answer));
  await Promise.all([onA.start(), onB.start()]);

  const events = Array.from({ length: 20 }, (_, i) => event(i + 1));
  for (const [i, e] of events.entries()) {
    const instance = i % 2 === 0 ? a : b;
    await instance.tx(() => instance.events.insert(e));
    // Each instance's live feed wakes its dispatcher; both race for every event and delivery.
    onA.wake();
    onB.wake();
  }

  const deliveries = await eventually(async () => {
    const page = await a.webhooks.listDeliveries(endpoint.id, { limit: 100 });
    return page.items.length >= events.length && page.items.every((d) => d.status === 'succeeded') ? page.items : undefined;
  }, 60_000, 'every delivery to succeed');
  expect(deliveries).toHaveLength(events.length); // fanned out once
  expect(new Set(deliveries.map((d) => d.eventId))).toEqual(new Set(events.map((e) => e.id)));
  for (const d of deliveries) {
    expect(d.attempts).toBe(2);
    expect(await b.webhooks.attemptsOf(d.id)).toHaveLength(2);
  }
  expect(countBy(log)).toEqual(new Map(events.map((e) => [e.id, 2]))); // once per attempt
  expect(errors).toEqual([]);
});

test('a claim of a dispatcher that died comes back after its lease, and goes out once from the other instance', async () => {
  const [a, b] = await openTwoPgStores();
  await a.webhooks.insertEndpoint(endpoint);
  let clock = 1_000_000;
  const now = () => clock;
  const log: Post[] = [];
  const leaseMs = 60_000;
  // Instance a sends and never hears back (its process is as good as dead); b answers 200.
  const dying = dispatcher(a, new RecordingTransport('a', log, () => 'hang'), { now, claimLeaseMs: leaseMs });
  const survivor = dispatcher(b, new RecordingTransport('b', log, () => 200), { now, claimLeaseMs: leaseMs });
  await dying.start();
  await a.tx(() => a.events.insert(event(1)));
  dying.wake();
  await eventually(() => log.length === 1, 5000, 'the first POST');
  const [claimed] = (await a.webhooks.listDeliveries(endpoint.id, { limit: 10 })).items;
  expect(claimed).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: clock + leaseMs });

  await survivor.start();
  // Not due for anyone while the lease lasts.
  expect(await b.webhooks.claimDue(endpoint.id, clock + leaseMs - 1, 10, 1)).toEqual([]);

  clock += leaseMs;
  survivor.wake();
  const done = await eventually(async () => {
    const d = await b.webhooks.findDelivery(claimed!.id);
    return d?.status === 'succeeded' ? d : undefined;
  }, 5000, 'the delivery to succeed from the other instance');
  expect(log).toEqual([
    { eventId: 'evt_1', by: 'a' },
    { eventId: 'evt_1', by: 'b' },
  ]);

  // The first instance stops at last: its late end of the attempt records nothing, and gives nothing back.
  await dying.stop();
  expect(await a.webhooks.findDelivery(claimed!.id)).toEqual(done);
  expect(await a.webhooks.attemptsOf(claimed!.id)).toEqual([expect.objectContaining({ statusCode: 200 })]);
  expect(errors).toEqual([]);
});

test('a dispatcher stopping gives its claims back: the other instance sends them at once, without waiting for the lease', async () => {
  const [a, b] = await openTwoPgStores();
  await a.webhooks.insertEndpoint(endpoint);
  const clock = 5_000_000;
  const log: Post[] = [];
  const stopping = dispatcher(a, new RecordingTransport('a', log, () => 'hang'), { now: () => clock, claimLeaseMs: 60_000 });
  const other = dispatcher(b, new RecordingTransport('b', log, () => 200), { now: () => clock, claimLeaseMs: 60_000 });
  await stopping.start();
  await a.tx(() => a.events.insert(event(1)));
  stopping.wake();
  await eventually(() => log.length === 1, 5000, 'the first POST');
  await stopping.stop();
  expect((await b.webhooks.listDeliveries(endpoint.id, { limit: 10 })).items[0]).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: clock });

  await other.start();
  await eventually(async () => (await b.webhooks.listDeliveries(endpoint.id, { limit: 10 })).items[0]?.status === 'succeeded', 5000, 'the delivery to succeed');
  expect(log.map((p) => p.by)).toEqual(['a', 'b']);
  expect(errors).toEqual([]);
});

test('a retry claimed while its instance still hears back from recording the attempt before it goes out then, not after the claim\'s lease', async () => {
  // The race the two-dispatcher test met once under CI's load: the attempt's unit of work committed
  // (the delivery due again at once), and a pass's claim, answered on another connection, came back
  // before the commit's answer did. The delivery was still in flight here, so the pass skipped it,
  // and its claim kept it from everyone for the lease (the timeout + 30 s).
  const [a] = await openTwoPgStores();
  await a.webhooks.insertEndpoint(endpoint);
  const log: Post[] = [];
  let slowCommits = false;
  // A unit of work whose answer comes back 300 ms after it committed, as a loaded connection's may.
  const lateAnswers = <T>(work: () => Promise<T>) =>
    a.tx(work).then(async (value) => {
      if (slowCommits) await new Promise((resolve) => setTimeout(resolve, 300));
      return value;
    });
  const d = dispatcher(a, new RecordingTransport('a', log, (_id, earlier) => (earlier === 0 ? 500 : 200)), { tx: lateAnswers, timeoutMs: 1000 });
  await d.start();
  await a.tx(() => a.events.insert(event(1)));
  slowCommits = true;
  d.wake();
  await eventually(() => log.length === 1, 5000, 'the first POST');
  // While the first attempt's record is committed but not yet answered, passes look for due work.
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    d.wake();
  }
  slowCommits = false;
  await eventually(() => log.length === 2, 5000, 'the retry, at once rather than after the lease');
  const [delivery] = (await a.webhooks.listDeliveries(endpoint.id, { limit: 10 })).items;
  await eventually(async () => (await a.webhooks.findDelivery(delivery!.id))?.status === 'succeeded', 5000, 'the retry to be recorded');
  expect(await a.webhooks.attemptsOf(delivery!.id)).toHaveLength(2);
  expect(errors).toEqual([]);
});
