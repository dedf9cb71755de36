import { ApiError, invalidParam, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import type { WebhookDeliveryStatus } from '../domain/records.js';
import { checkEnabledEvents, checkWebhookUrl, newWebhookSecret, TEST_EVENT_TYPE } from '../domain/webhooks.js';
import type { Client } from './user-service.js';
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
  /** The caller is the owner signed in to the app and typed their PIN again (UserService.reconfirmOwner). */
  reconfirmOwner: (caller: Caller, pin: string | undefined, client: Client) => Promise<void>;
}

export type DeliveryWithAttempts = WebhookDeliveryRecord & { attemptLog: WebhookAttemptRecord[] };

/** Webhook endpoints: registration, secrets, the test event and the deliveries log. */
export class WebhookEndpointService {
  constructor(private readonly d: WebhookEndpointServiceDeps) {}

  /** @throws ApiError parameter_invalid (url, enabled_events[i]), invalid_state (too many endpoints) */
  async create(caller: Caller, input: EndpointInput & { url: string; enabled_events: string[] }): Promise<WebhookEndpointRecord> {
    checkInput(input);
    const now = this.d.now();
    const endpoint = await this.d.tx(async () => {
      if (await this.d.store.countEndpoints(caller.merchantId, caller.livemode) >= MAX_ENDPOINTS) {
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
        fromEventSeq: await this.d.events.maxSeq(),
        ownerConfirmedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.d.store.insertEndpoint(e);
      return e;
    });
    this.d.onEndpointsChanged();
    return endpoint;
  }

  /** @throws ApiError resource_missing */
  async get(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
    const e = await this.d.store.findEndpoint(id);
    if (!e || e.merchantId !== caller.merchantId || e.livemode !== caller.livemode) throw resourceMissing('webhook endpoint', id);
    return e;
  }

  async list(caller: Caller, query: { limit: number; startingAfter?: string; endingBefore?: string }): Promise<{ items: WebhookEndpointRecord[]; hasMore: boolean }> {
    if (query.startingAfter !== undefined) await this.cursorOwned(caller, query.startingAfter, 'starting_after');
    if (query.endingBefore !== undefined) await this.cursorOwned(caller, query.endingBefore, 'ending_before');
    return await this.d.store.listEndpoints(caller.merchantId, caller.livemode, query.limit, query.startingAfter, query.endingBefore);
  }

  private async cursorOwned(caller: Caller, id: string, param: string): Promise<void> {
    try {
      await this.get(caller, id);
    } catch {
      throw resourceMissing('webhook endpoint', id, param);
    }
  }

  /**
   * Re-enabling (status `enabled`) clears `disabled_reason`. A new URL drops the owner's confirmation:
   * it was given for the old address. @throws ApiError resource_missing, parameter_invalid
   */
  async update(caller: Caller, id: string, input: EndpointInput): Promise<WebhookEndpointRecord> {
    checkInput(input);
    const updated = await this.d.tx(async () => {
      const e = await this.get(caller, id);
      const next: WebhookEndpointRecord = {
        ...e,
        ...(input.url !== undefined && input.url !== e.url && { url: input.url, ownerConfirmedAt: null }),
        ...(input.enabled_events !== undefined && { enabledEvents: input.enabled_events }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.status !== undefined && { status: input.status, disabledReason: input.status === 'enabled' ? null : input.status === e.status ? e.disabledReason : 'manual' }),
        updatedAt: this.d.now(),
      };
      await this.d.store.updateEndpoint(next);
      return next;
    });
    this.d.onEndpointsChanged();
    return updated;
  }

  /**
   * The owner confirms the endpoint's URL as a system of theirs, so what it answers is logged in full
   * even from the shop's own network (docs/webhooks.md, "Answers from the shop's network"). Only the
   * owner signed in to the app, typing their PIN again, for the `url` they were shown: if the endpoint
   * has another URL now (a key holder changed it while the owner read the question), nothing is
   * confirmed. The endpoint is checked first, so a wrong id or URL costs no PIN attempt.
   * @throws ApiError resource_missing, invalid_state (another URL), role_forbidden,
   *   parameter_missing, parameter_invalid (`pin`), rate_limited
   */
  async confirm(caller: Caller, id: string, input: { url: string; pin: string | undefined }, client: Client): Promise<WebhookEndpointRecord> {
    const urlChanged = () =>
      new ApiError('invalid_state', 'The endpoint\'s URL is not the one you confirmed: it was changed meanwhile. Look at it again before confirming.', 'url');
    if ((await this.get(caller, id)).url !== input.url) throw urlChanged();
    await this.d.reconfirmOwner(caller, input.pin, client);
    const confirmed = await this.d.tx(async () => {
      const e = await this.get(caller, id);
      if (e.url !== input.url) throw urlChanged(); // changed while the PIN was checked
      const now = this.d.now();
      const next = { ...e, ownerConfirmedAt: e.ownerConfirmedAt ?? now, updatedAt: now };
      await this.d.store.updateEndpoint(next);
      return next;
    });
    this.d.onEndpointsChanged();
    return confirmed;
  }

  /** Deletes the endpoint and its deliveries: nothing more is sent to it. @throws ApiError resource_missing */
  async delete(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
    const deleted = await this.d.tx(async () => {
      const e = await this.get(caller, id);
      await this.d.store.deleteEndpoint(id);
      return e;
    });
    this.d.onEndpointsChanged();
    return deleted;
  }

  /** A new secret; the current one keeps signing beside it for 24 hours. @throws ApiError resource_missing */
  async rotateSecret(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
    const rotated = await this.d.tx(async () => {
      const e = await this.get(caller, id);
      const now = this.d.now();
      const next = { ...e, secret: newWebhookSecret(), previousSecret: e.secret, previousSecretExpiresAt: now + PREVIOUS_SECRET_TTL_MS, updatedAt: now };
      await this.d.store.updateEndpoint(next);
      return next;
    });
    this.d.onEndpointsChanged();
    return rotated;
  }

  /**
   * Writes a `webhook_endpoint.test` event (its object: the endpoint, without secret) and a delivery
   * of it to this endpoint only. @throws ApiError resource_missing, invalid_state (endpoint disabled)
   */
  async sendTest(caller: Caller, id: string): Promise<DeliveryWithAttempts> {
    const delivery = await this.d.tx(async () => {
      const e = await this.get(caller, id);
      if (e.status !== 'enabled') throw new ApiError('invalid_state', 'The endpoint is disabled; enable it (PATCH status "enabled") to send it a test event.');
      const now = this.d.now();
      const eventId = newId('event');
      await this.d.events.insert({ id: eventId, merchantId: e.merchantId, livemode: e.livemode, type: TEST_EVENT_TYPE, objectId: e.id, payload: JSON.stringify(this.d.renderEndpoint(e)), createdAt: now });
      const deliveryId = newId('webhookDelivery');
      await this.d.store.insertDelivery({ id: deliveryId, endpointId: e.id, eventId, eventType: TEST_EVENT_TYPE, objectId: e.id, createdAt: now });
      return await this.d.store.findDelivery(deliveryId) as WebhookDeliveryRecord;
    });
    this.d.onDeliveries();
    return { ...delivery, attemptLog: [] };
  }

  /** The endpoint's deliveries, newest first, each with its attempts. @throws ApiError resource_missing */
  async deliveries(
    caller: Caller,
    id: string,
    query: { limit: number; startingAfter?: string; endingBefore?: string; status?: WebhookDeliveryStatus; eventId?: string },
  ): Promise<{ items: DeliveryWithAttempts[]; hasMore: boolean }> {
    await this.get(caller, id);
    for (const [param, cursor] of [['starting_after', query.startingAfter], ['ending_before', query.endingBefore]] as const) {
      if (cursor !== undefined && (await this.d.store.findDelivery(cursor))?.endpointId !== id) throw resourceMissing('webhook delivery', cursor, param);
    }
    const page = await this.d.store.listDeliveries(id, query);
    const items = [];
    for (const d of page.items) items.push({ ...d, attemptLog: await this.d.store.attemptsOf(d.id) });
    return { items, hasMore: page.hasMore };
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
