import { ApiError, invalidParam, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import type { WebhookDeliveryStatus } from '../domain/records.js';
import { checkEnabledEvents, checkWebhookUrl, newWebhookSecret, TEST_EVENT_TYPE } from '../domain/webhooks.js';
import type { Clock, EventLog, UnitOfWork, WebhookAttemptRecord, WebhookDeliveryRecord, WebhookEndpointRecord, WebhookStore } from './ports.js';

/** How long the secret before a rotation keeps signing beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;
/** Endpoints per merchant and mode: a few receivers are normal, hundreds a mistake that slows every event. */
export const MAX_ENDPOINTS = 16;

export interface EndpointInput {
  url?: string;
  enabled_events?: string[];
  description?: string | null;
  status?: 'enabled' | 'disabled';
}

export interface WebhookEndpointServiceDeps {
  store: WebhookStore;
  events: EventLog;
  tx: UnitOfWork;
  now: Clock;
  /** Renders an endpoint as the API shows it without its secret (the test event's `data.object`). */
  renderEndpoint: (e: WebhookEndpointRecord) => unknown;
  /** Endpoints changed (the dispatcher reloads them). */
  onEndpointsChanged: () => void;
  /** New deliveries were written (the dispatcher looks for work). */
  onDeliveries: () => void;
}

export type DeliveryWithAttempts = WebhookDeliveryRecord & { attemptLog: WebhookAttemptRecord[] };

/** Webhook endpoints: registration, secrets, the test event and the deliveries log. */
export class WebhookEndpointService {
  constructor(private readonly d: WebhookEndpointServiceDeps) {}

  /** @throws ApiError parameter_invalid (url, enabled_events[i]), invalid_state (too many endpoints) */
  create(caller: Caller, input: EndpointInput & { url: string; enabled_events: string[] }): WebhookEndpointRecord {
    checkInput(input);
    const now = this.d.now();
    const endpoint = this.d.tx(() => {
      if (this.d.store.countEndpoints(caller.merchantId, caller.livemode) >= MAX_ENDPOINTS) {
        throw new ApiError('invalid_state', `At most ${MAX_ENDPOINTS} webhook endpoints per mode; delete one first.`);
      }
      const e: WebhookEndpointRecord = {
        id: newId('webhookEndpoint'),
        merchantId: caller.merchantId,
        livemode: caller.livemode,
        url: input.url,
        description: input.description ?? null,
        enabledEvents: input.enabled_events,
        status: input.status ?? 'enabled',
        disabledReason: null,
        secret: newWebhookSecret(),
        previousSecret: null,
        previousSecretExpiresAt: null,
        fromEventSeq: this.d.events.maxSeq(),
        createdAt: now,
        updatedAt: now,
      };
      this.d.store.insertEndpoint(e);
      return e;
    });
    this.d.onEndpointsChanged();
    return endpoint;
  }

  /** @throws ApiError resource_missing */
  get(caller: Caller, id: string): WebhookEndpointRecord {
    const e = this.d.store.findEndpoint(id);
    if (!e || e.merchantId !== caller.merchantId || e.livemode !== caller.livemode) throw resourceMissing('webhook endpoint', id);
    return e;
  }

  list(caller: Caller, query: { limit: number; startingAfter?: string; endingBefore?: string }): { items: WebhookEndpointRecord[]; hasMore: boolean } {
    if (query.startingAfter !== undefined) this.cursorOwned(caller, query.startingAfter, 'starting_after');
    if (query.endingBefore !== undefined) this.cursorOwned(caller, query.endingBefore, 'ending_before');
    return this.d.store.listEndpoints(caller.merchantId, caller.livemode, query.limit, query.startingAfter, query.endingBefore);
  }

  private cursorOwned(caller: Caller, id: string, param: string): void {
    try {
      this.get(caller, id);
    } catch {
      throw resourceMissing('webhook endpoint', id, param);
    }
  }

  /** Re-enabling (status `enabled`) clears `disabled_reason`. @throws ApiError resource_missing, parameter_invalid */
  update(caller: Caller, id: string, input: EndpointInput): WebhookEndpointRecord {
    checkInput(input);
    const updated = this.d.tx(() => {
      const e = this.get(caller, id);
      const next: WebhookEndpointRecord = {
        ...e,
        ...(input.url !== undefined && { url: input.url }),
        ...(input.enabled_events !== undefined && { enabledEvents: input.enabled_events }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.status !== undefined && { status: input.status, disabledReason: input.status === 'enabled' ? null : input.status === e.status ? e.disabledReason : 'manual' }),
        updatedAt: this.d.now(),
      };
      this.d.store.updateEndpoint(next);
      return next;
    });
    this.d.onEndpointsChanged();
    return updated;
  }

  /** Deletes the endpoint and its deliveries: nothing more is sent to it. @throws ApiError resource_missing */
  delete(caller: Caller, id: string): WebhookEndpointRecord {
    const deleted = this.d.tx(() => {
      const e = this.get(caller, id);
      this.d.store.deleteEndpoint(id);
      return e;
    });
    this.d.onEndpointsChanged();
    return deleted;
  }

  /** A new secret; the current one keeps signing beside it for 24 hours. @throws ApiError resource_missing */
  rotateSecret(caller: Caller, id: string): WebhookEndpointRecord {
    const rotated = this.d.tx(() => {
      const e = this.get(caller, id);
      const now = this.d.now();
      const next = { ...e, secret: newWebhookSecret(), previousSecret: e.secret, previousSecretExpiresAt: now + PREVIOUS_SECRET_TTL_MS, updatedAt: now };
      this.d.store.updateEndpoint(next);
      return next;
    });
    this.d.onEndpointsChanged();
    return rotated;
  }

  /**
   * Writes a `webhook_endpoint.test` event (its object: the endpoint, without secret) and a delivery
   * of it to this endpoint only. @throws ApiError resource_missing, invalid_state (endpoint disabled)
   */
  sendTest(caller: Caller, id: string): DeliveryWithAttempts {
    const delivery = this.d.tx(() => {
      const e = this.get(caller, id);
      if (e.status !== 'enabled') throw new ApiError('invalid_state', 'The endpoint is disabled; enable it (PATCH status "enabled") to send it a test event.');
      const now = this.d.now();
      const eventId = newId('event');
      this.d.events.insert({ id: eventId, merchantId: e.merchantId, livemode: e.livemode, type: TEST_EVENT_TYPE, objectId: e.id, payload: JSON.stringify(this.d.renderEndpoint(e)), createdAt: now });
      const deliveryId = newId('webhookDelivery');
      this.d.store.insertDelivery({ id: deliveryId, endpointId: e.id, eventId, eventType: TEST_EVENT_TYPE, objectId: e.id, createdAt: now });
      return this.d.store.findDelivery(deliveryId) as WebhookDeliveryRecord;
    });
    this.d.onDeliveries();
    return { ...delivery, attemptLog: [] };
  }

  /** The endpoint's deliveries, newest first, each with its attempts. @throws ApiError resource_missing */
  deliveries(
    caller: Caller,
    id: string,
    query: { limit: number; startingAfter?: string; endingBefore?: string; status?: WebhookDeliveryStatus; eventId?: string },
  ): { items: DeliveryWithAttempts[]; hasMore: boolean } {
    this.get(caller, id);
    for (const [param, cursor] of [['starting_after', query.startingAfter], ['ending_before', query.endingBefore]] as const) {
      if (cursor !== undefined && this.d.store.findDelivery(cursor)?.endpointId !== id) throw resourceMissing('webhook delivery', cursor, param);
    }
    const page = this.d.store.listDeliveries(id, query);
    return { items: page.items.map((d) => ({ ...d, attemptLog: this.d.store.attemptsOf(d.id) })), hasMore: page.hasMore };
  }
}

function checkInput(input: EndpointInput): void {
  if (input.url !== undefined) {
    const problem = checkWebhookUrl(input.url);
    if (problem) throw invalidParam('url', problem);
  }
  if (input.enabled_events !== undefined) {
    const problem = checkEnabledEvents(input.enabled_events);
    if (problem) throw invalidParam(problem.index === null ? 'enabled_events' : `enabled_events[${problem.index}]`, problem.message);
  }
}
