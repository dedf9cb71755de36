import { ApiError, invalidParam, resourceMissing } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Caller } from '../domain/merchant.js';
import type { StoredEvent } from '../domain/records.js';
import { subscribes, TEST_EVENT_TYPE } from '../domain/webhooks.js';
import type { Clock, EventLog, UnitOfWork, WebhookDeliveryRecord, WebhookStore } from './ports.js';

export interface EventListInput {
  limit: number;
  /** Exact type, or a prefix ending in `.*` (`payment_session.*`). */
  type?: string;
  objectId?: string;
  createdGte?: number;
  createdLt?: number;
  startingAfter?: string;
  endingBefore?: string;
}

export interface EventServiceDeps {
  events: EventLog;
  webhooks: WebhookStore;
  tx: UnitOfWork;
  now: Clock;
  onDeliveries: () => void;
}

/** `GET /v1/events` and resending an event to webhook endpoints. */
export class EventService {
  constructor(private readonly d: EventServiceDeps) {}

  /** @throws ApiError resource_missing */
  async get(caller: Caller, id: string, param = 'id'): Promise<StoredEvent & { seq: number }> {
    const e = await this.d.events.findById(id);
    if (!e || e.merchantId !== caller.merchantId || e.livemode !== caller.livemode) throw resourceMissing('event', id, param);
    return e;
  }

  async list(caller: Caller, q: EventListInput): Promise<{ items: StoredEvent[]; hasMore: boolean }> {
    let type: string | undefined;
    let typePrefix: string | undefined;
    if (q.type !== undefined) {
      if (q.type.endsWith('.*')) typePrefix = q.type.slice(0, -1);
      else if (q.type.includes('*')) throw invalidParam('type', 'must be an event type, or a prefix followed by ".*" such as "payment_session.*"');
      else type = q.type;
    }
    return await this.d.events.list({
      merchantId: caller.merchantId,
      livemode: caller.livemode,
      limit: q.limit,
      ...(type !== undefined && { type }),
      ...(typePrefix !== undefined && { typePrefix }),
      ...(q.objectId !== undefined && { objectId: q.objectId }),
      ...(q.createdGte !== undefined && { createdGte: q.createdGte }),
      ...(q.createdLt !== undefined && { createdLt: q.createdLt }),
      ...(q.startingAfter !== undefined && { afterSeq: (await this.get(caller, q.startingAfter, 'starting_after')).seq }),
      ...(q.endingBefore !== undefined && { beforeSeq: (await this.get(caller, q.endingBefore, 'ending_before')).seq }),
    });
  }

  /**
   * Queues the event again (same `webhook-id`) to every enabled endpoint subscribed to it, or to the
   * one named. A test event goes only to the endpoint it was made for.
   * @throws ApiError resource_missing (id, webhook_endpoint_id), invalid_state (the named endpoint is disabled)
   */
  async resend(caller: Caller, id: string, endpointId?: string): Promise<WebhookDeliveryRecord[]> {
    const created = await this.d.tx(async () => {
      const event = await this.get(caller, id);
      let targets;
      if (endpointId !== undefined) {
        const e = await this.d.webhooks.findEndpoint(endpointId);
        if (!e || e.merchantId !== caller.merchantId || e.livemode !== caller.livemode) throw resourceMissing('webhook endpoint', endpointId, 'webhook_endpoint_id');
        if (e.status !== 'enabled') throw new ApiError('invalid_state', 'The webhook endpoint is disabled; enable it first.', 'webhook_endpoint_id');
        targets = [e];
      } else {
        targets = (await this.d.webhooks.allEndpoints())
          .filter((e) => e.merchantId === caller.merchantId && e.livemode === caller.livemode && e.status === 'enabled')
          .filter((e) => (event.type === TEST_EVENT_TYPE ? e.id === event.objectId : subscribes(e.enabledEvents, event.type)));
      }
      const now = this.d.now();
      const deliveries: WebhookDeliveryRecord[] = [];
      for (const e of targets) {
        const deliveryId = newId('webhookDelivery');
        await this.d.webhooks.insertDelivery({ id: deliveryId, endpointId: e.id, eventId: event.id, eventType: event.type, objectId: event.objectId, createdAt: now });
        deliveries.push((await this.d.webhooks.findDelivery(deliveryId)) as WebhookDeliveryRecord);
      }
      return deliveries;
    });
    if (created.length) this.d.onDeliveries();
    return created;
  }
}
