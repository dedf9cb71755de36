import type { Static } from '@sinclair/typebox';
import type { StoredEvent, WebhookEndpointRecord } from '../../domain/records.js';
import type { DeliveryWithAttempts } from '../../services/webhook-endpoint-service.js';
import type { DeliveryOut, EndpointOut, EndpointWithSecretOut, EventOut } from '../schemas/webhook.js';
import { iso } from './session-presenter.js';

/** An endpoint as the API shows it: never its secret. */
export function presentEndpoint(e: WebhookEndpointRecord): Static<typeof EndpointOut> {
  return {
    id: e.id,
    object: 'webhook_endpoint',
    url: e.url,
    description: e.description,
    enabled_events: [...e.enabledEvents],
    status: e.status,
    disabled_reason: e.disabledReason,
    livemode: e.livemode,
    secret_rotated_until: e.previousSecretExpiresAt === null ? null : iso(e.previousSecretExpiresAt),
    owner_confirmed_at: e.ownerConfirmedAt === null ? null : iso(e.ownerConfirmedAt),
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
  };
}

/** The create and rotate_secret answers: the only places the secret is ever shown. */
export function presentEndpointWithSecret(e: WebhookEndpointRecord): Static<typeof EndpointWithSecretOut> {
  return { ...presentEndpoint(e), secret: e.secret };
}

export function presentDelivery(d: DeliveryWithAttempts): Static<typeof DeliveryOut> {
  return {
    id: d.id,
    object: 'webhook_delivery',
    webhook_endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempt_count: d.attempts,
    next_attempt_at: d.nextAttemptAt === null ? null : iso(d.nextAttemptAt),
    last_status_code: d.lastStatusCode,
    created_at: iso(d.createdAt),
    completed_at: d.completedAt === null ? null : iso(d.completedAt),
    attempts: d.attemptLog.map((a) => ({
      attempted_at: iso(a.attemptedAt),
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      response_body: a.responseBody,
      error: a.error,
      answer_hidden: a.answerHidden,
    })),
  };
}

/** The event exactly as delivered: `{"id","type","created_at","livemode","data":{"object":…}}`. */
export function presentEvent(e: StoredEvent): Static<typeof EventOut> {
  return { id: e.id, type: e.type, created_at: iso(e.createdAt), livemode: e.livemode, data: { object: JSON.parse(e.payload) as unknown } };
}
