import { newId } from '../domain/ids.js';
import type { WebhookEndpointRecord } from '../domain/records.js';
import { keptAnswer } from '../domain/webhook-answers.js';
import { eventBody, nextAttemptDelay, parseRetryAfter, signatureHeader, subscribes, verdictOf } from '../domain/webhooks.js';
import type { Clock, EventLog, UnitOfWork, WebhookDeliveryRecord, WebhookResponse, WebhookStore, WebhookTransport } from './ports.js';

export const FANOUT_CURSOR = 'webhook_fanout';
const FANOUT_BATCH = 500;
/** Longest sleep of the retry timer, so a wall-clock jump (a laptop waking) is noticed. */
const MAX_SLEEP_MS = 30_000;
const RETRY_AFTER_ERROR_MS = 1000;
/** How much longer than the request's timeout a claim lasts: time to read the event and record the answer. */
const CLAIM_MARGIN_MS = 30_000;

export interface DispatcherOptions {
  store: WebhookStore;
  events: EventLog;
  tx: UnitOfWork;
  now: Clock;
  transport: WebhookTransport;
  /** Waits before the 2nd, 3rd, … attempt; its length + 1 is the number of attempts. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /**
   * How long a claimed delivery is kept from other dispatchers (other instances) while its attempt
   * runs; if this one dies meanwhile, the delivery is due again after it. Default: the timeout + 30 s.
   */
  claimLeaseMs?: number;
  /** Requests in flight to one endpoint at most. */
  perEndpointConcurrency: number;
  /** Requests in flight in all at most. */
  globalConcurrency: number;
  onError: (err: unknown, what: string) => void;
}

export interface DispatcherStats {
  inFlight: number;
  attempts: number;
  succeeded: number;
}

/**
 * Delivers the outbox. Each pass (1) fans out events written since the persisted cursor into one
 * delivery row per matching endpoint, in one unit of work that reads the cursor, the events and the
 * endpoints and moves the cursor, and (2) claims the due deliveries that are first in line for their
 * object, within the concurrency limits, and sends them. A delivery is finished only after the answer
 * is recorded, so a crash in between sends it again (same `webhook-id`): at least once, nothing held
 * only in memory. One timer waits for the earliest retry; a new event or a finished request wakes a
 * pass at once.
 *
 * Several instances on one store each run a dispatcher: units of work run one at a time across them
 * (so an event is fanned out once), and a claim is atomic in the store with a lease (so a delivery
 * is sent by one of them per attempt; a claim of an instance that died comes back after its lease).
 */
export class WebhookDispatcher {
  private running = false;
  private scheduled = false;
  /** A pass is running (a pass awaits its store calls: a second one must not start beside it). */
  private passing = false;
  /** Woken during a pass: run another once it ends. */
  private again = false;
  /** Endpoints changed: the next pass reloads them first. */
  private endpointsStale = false;
  private timer: NodeJS.Timeout | undefined;
  /** The fan-out cursor as last read or moved here; another instance may have moved it further. */
  private cursorSeen = 0;
  /** Every endpoint (small), reloaded whenever one changes. */
  private endpoints = new Map<string, WebhookEndpointRecord>();
  private enabledByScope = new Map<string, WebhookEndpointRecord[]>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly inFlightPerEndpoint = new Map<string, number>();
  private abort = new AbortController();
  private readonly counters = { attempts: 0, succeeded: 0 };

  private readonly leaseMs: number;

  constructor(private readonly o: DispatcherOptions) {
    this.leaseMs = o.claimLeaseMs ?? o.timeoutMs + CLAIM_MARGIN_MS;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    // The unit may run more than once: the endpoints it reads are kept here only after its commit.
    const endpoints = await this.o.tx(async () => {
      const endpoints = await this.o.store.allEndpoints();
      if ((await this.o.store.cursor(FANOUT_CURSOR)) !== undefined) return endpoints;
      // First start with webhooks: start after the events that no endpoint existed for yet.
      const start = Math.min(await this.o.events.maxSeq(), ...endpoints.map((e) => e.fromEventSeq));
      await this.o.store.setCursor(FANOUT_CURSOR, start);
      return endpoints;
    });
    this.keepEndpoints(endpoints);
    this.wake();
  }

  /**
   * Stops sending: requests in flight are abandoned, their claims given back (the deliveries stay
   * pending and are due at once, for another instance or after a restart).
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
    // A pass in progress finishes its store calls before the database may close.
    while (this.passing) await new Promise((resolve) => setImmediate(resolve));
    await Promise.allSettled([...this.inFlight.values()]);
    this.o.transport.close?.();
  }

  stats(): DispatcherStats {
    return { inFlight: this.inFlight.size, ...this.counters };
  }

  /** Something may be due: new events were written, deliveries were created, an endpoint changed. */
  wake(): void {
    if (!this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.pass();
    });
  }

  /** Endpoints were created, changed or deleted: reload them, then look for work. */
  endpointsChanged(): void {
    if (!this.running) return;
    this.endpointsStale = true;
    this.wake();
  }

  private async reloadEndpoints(): Promise<void> {
    this.keepEndpoints(await this.o.store.allEndpoints());
  }

  /** Keeps `all` as this dispatcher's endpoints (read outside a unit of work, or after it committed). */
  private keepEndpoints(all: readonly WebhookEndpointRecord[]): void {
    this.endpoints = new Map(all.map((e) => [e.id, e]));
    this.enabledByScope = enabledByScope(all);
  }

  /** Never rejects: errors are reported and the pass retried later. */
  private async pass(): Promise<void> {
    if (!this.running) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = true;
    let next: number | undefined;
    try {
      do {
        this.again = false;
        if (this.endpointsStale) {
          this.endpointsStale = false;
          await this.reloadEndpoints();
        }
        await this.fanOut();
        await this.sendDue();
        // No endpoint, nothing can fall due: no read (a shop without webhooks pays none per sale).
        next = this.endpoints.size === 0 ? undefined : await this.o.store.nextDueAfter(this.o.now());
      } while (this.again && this.running);
    } catch (err) {
      this.o.onError(err, 'webhook dispatch pass failed');
      next = this.o.now() + RETRY_AFTER_ERROR_MS;
    } finally {
      this.passing = false;
    }
    this.arm(next);
  }

  private arm(at: number | undefined): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (at === undefined || !this.running) return;
    const delay = Math.min(Math.max(at - this.o.now() + 1, 0), MAX_SLEEP_MS);
    this.timer = setTimeout(() => void this.pass(), delay);
    this.timer.unref();
  }

  /**
   * Turns new events into deliveries, a batch per unit of work that reads the persisted cursor and
   * moves it: units run one at a time across instances, so each event is fanned out once even with
   * a dispatcher on every instance. Events are written only inside units of work too, so one with a
   * lower `seq` is never committed after one with a higher `seq` has been read here.
   */
  private async fanOut(): Promise<void> {
    if (this.enabledByScope.size === 0) {
      // Nobody to deliver to: skip reading the events. Endpoints made later start after their own
      // `from_event_seq`, so the cursor may lag behind without anything being sent twice or wrongly.
      return;
    }
    for (;;) {
      // Nothing written since: no unit of work (it would wait for the lock every writer takes).
      if ((await this.o.events.after(this.cursorSeen, 1)).length === 0) return;
      // The unit may run more than once: the endpoints it reads are its own, kept only after its commit.
      const { cursor, full, endpoints } = await this.o.tx(async () => {
        const from = (await this.o.store.cursor(FANOUT_CURSOR)) ?? 0;
        const batch = await this.o.events.after(from, FANOUT_BATCH);
        if (batch.length === 0) return { cursor: from, full: false, endpoints: undefined };
        // An endpoint made or changed on another instance since the last reload gets its events too.
        const endpoints = await this.o.store.allEndpoints();
        const enabled = enabledByScope(endpoints);
        for (const event of batch) {
          for (const endpoint of enabled.get(scope(event.merchantId, event.livemode)) ?? []) {
            if (event.seq > endpoint.fromEventSeq && subscribes(endpoint.enabledEvents, event.type)) {
              await this.o.store.insertDelivery({
                id: newId('webhookDelivery'),
                endpointId: endpoint.id,
                eventId: event.id,
                eventType: event.type,
                objectId: event.objectId,
                createdAt: this.o.now(),
              });
            }
          }
        }
        const last = (batch[batch.length - 1] as { seq: number }).seq;
        await this.o.store.setCursor(FANOUT_CURSOR, last);
        return { cursor: last, full: batch.length === FANOUT_BATCH, endpoints };
      });
      if (endpoints) this.keepEndpoints(endpoints);
      this.cursorSeen = Math.max(this.cursorSeen, cursor);
      if (!full) return;
    }
  }

  private async sendDue(): Promise<void> {
    const now = this.o.now();
    for (const endpoint of this.endpoints.values()) {
      if (endpoint.status !== 'enabled') continue;
      const busy = this.inFlightPerEndpoint.get(endpoint.id) ?? 0;
      const free = Math.min(this.o.perEndpointConcurrency - busy, this.o.globalConcurrency - this.inFlight.size);
      if (free <= 0) continue;
      // Claimed: no other pass, here or on another instance, gets these until they are recorded.
      for (const delivery of await this.o.store.claimDue(endpoint.id, now, free, this.leaseMs)) {
        const previous = this.inFlight.get(delivery.id);
        if (previous) {
          // Claimed again while this instance still ends its previous attempt: its record committed
          // (due again at once) but the answer is not back here yet, or its lease ran out while its
          // request ran. This claim goes out once that one has settled; skipped, it would have held
          // the delivery from everyone for the claim's lease.
          void previous.then(() => this.launchClaimed(endpoint, delivery));
          continue;
        }
        this.launch(endpoint, delivery);
      }
    }
  }

  /** A claim taken while this delivery's previous attempt was still in flight here, after it settled. */
  private launchClaimed(endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord): void {
    if (this.running) return this.launch(endpoint, delivery);
    // Stopping: give the claim back, so it goes out at once from wherever runs next.
    this.o.store.releaseClaim(delivery.id, claimEnd(delivery), this.o.now()).catch((err: unknown) => this.o.onError(err, `webhook delivery ${delivery.id}: giving its claim back failed`));
  }

  private launch(endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord): void {
    this.inFlightPerEndpoint.set(endpoint.id, (this.inFlightPerEndpoint.get(endpoint.id) ?? 0) + 1);
    const done = this.deliver(endpoint, delivery)
      .catch((err) => this.o.onError(err, `webhook delivery ${delivery.id} failed`))
      .finally(() => {
        this.inFlight.delete(delivery.id);
        const left = (this.inFlightPerEndpoint.get(endpoint.id) ?? 1) - 1;
        if (left > 0) this.inFlightPerEndpoint.set(endpoint.id, left);
        else this.inFlightPerEndpoint.delete(endpoint.id);
        this.wake();
      });
    this.inFlight.set(delivery.id, done);
  }

  private async deliver(endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord): Promise<void> {
    const event = await this.o.events.findById(delivery.eventId);
    const attemptedAt = this.o.now();
    let res: WebhookResponse;
    if (!event) {
      res = { status: undefined, body: null, retryAfter: null, error: 'the event no longer exists', durationMs: 0, peer: 'public' };
    } else {
      const body = eventBody(event);
      res = await this.o.transport.post(endpoint.url, this.headers(endpoint, event.id, body, attemptedAt), body, this.o.timeoutMs, this.abort.signal);
      if (!this.running) {
        // Stopping: the answer is not recorded; give the claim back so it goes out again at once.
        await this.o.store.releaseClaim(delivery.id, claimEnd(delivery), this.o.now());
        return;
      }
    }
    this.counters.attempts++;
    await this.record(endpoint, delivery, attemptedAt, res, !event);
  }

  private headers(endpoint: WebhookEndpointRecord, eventId: string, body: string, now: number): Record<string, string> {
    const timestamp = Math.floor(now / 1000);
    const secrets = [endpoint.secret];
    if (endpoint.previousSecret && endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now) secrets.push(endpoint.previousSecret);
    return {
      'content-type': 'application/json',
      'user-agent': 'stablepos-webhooks/1',
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, eventId, timestamp, body),
    };
  }

  private async record(endpoint: WebhookEndpointRecord, delivery: WebhookDeliveryRecord, attemptedAt: number, answer: WebhookResponse, missing: boolean): Promise<void> {
    // What a non-public address answered is never stored for an endpoint the owner has not confirmed:
    // the log is read by every credential of the mode (domain/webhook-answers.ts). The URL and the
    // confirmation come from the same endpoint record, so a URL changed since is never judged by
    // the old URL's confirmation.
    const res = keptAnswer(answer, endpoint.ownerConfirmedAt !== null);
    const now = this.o.now();
    const attempts = delivery.attempts + 1;
    const verdict = missing ? 'failed' : verdictOf(res.status);
    const attempt = {
      deliveryId: delivery.id,
      attemptedAt,
      statusCode: res.status ?? null,
      durationMs: res.durationMs,
      responseBody: res.body,
      error: res.error,
      answerHidden: res.hidden,
    };
    const claimedUntil = claimEnd(delivery);
    const finished = (status: 'succeeded' | 'failed') => ({ id: delivery.id, status, attempts, nextAttemptAt: null, lastStatusCode: res.status ?? null, completedAt: now });
    // The unit may run more than once: it only writes; what is counted here is counted after its commit.
    await this.o.tx(async () => {
      if (verdict === 'succeeded') {
        await this.o.store.finishAttempt(attempt, finished('succeeded'), claimedUntil);
      } else if (verdict === 'retry') {
        const delay = nextAttemptDelay(attempts, this.o.retryDelaysMs, res.status === 429 || res.status === 503 ? parseRetryAfter(res.retryAfter, now) : undefined);
        await this.o.store.finishAttempt(
          attempt,
          delay === undefined ? finished('failed') : { id: delivery.id, status: 'pending', attempts, nextAttemptAt: now + delay, lastStatusCode: res.status ?? null, completedAt: null },
          claimedUntil,
        );
      } else if (verdict === 'gone') {
        // 410 Gone: the receiver says it is gone for good. Stop sending to it at all.
        if (await this.o.store.finishAttempt(attempt, finished('failed'), claimedUntil)) {
          const current = await this.o.store.findEndpoint(endpoint.id);
          if (current && current.status === 'enabled') {
            await this.o.store.updateEndpoint({ ...current, status: 'disabled', disabledReason: 'gone', updatedAt: now });
          }
          await this.o.store.failPendingOf(endpoint.id, now);
        }
      } else {
        await this.o.store.finishAttempt(attempt, finished('failed'), claimedUntil);
      }
    });
    if (verdict === 'succeeded') this.counters.succeeded++;
    if (verdict === 'gone') await this.reloadEndpoints();
  }
}

/** A claimed delivery's `nextAttemptAt` is its claim's end (WebhookStore.claimDue); -1 matches no claim. */
const claimEnd = (delivery: WebhookDeliveryRecord) => delivery.nextAttemptAt ?? -1;

const scope = (merchantId: string, livemode: boolean) => `${merchantId}:${livemode ? 'live' : 'test'}`;

/** The enabled endpoints of each merchant and mode. */
function enabledByScope(all: readonly WebhookEndpointRecord[]): Map<string, WebhookEndpointRecord[]> {
  const byScope = new Map<string, WebhookEndpointRecord[]>();
  for (const e of all) {
    if (e.status !== 'enabled') continue;
    const key = scope(e.merchantId, e.livemode);
    const list = byScope.get(key) ?? [];
    list.push(e);
    byScope.set(key, list);
  }
  return byScope;
}
