import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseDateTime } from '../../services/session-input.js';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE } from '../plugins/auth.js';
import { presentDelivery, presentEvent } from '../presenters/webhook-presenter.js';
import { Envelope, ListOf } from '../schemas/common.js';
import { DeliveryOut, EventListQuery, EventOut, ResendBody, WebhookIdParams } from '../schemas/webhook.js';
import type { HttpServices } from '../services.js';

const tags = ['Events'];

/** `/v1/events`: everything that happened, as webhooks deliver it. See docs/webhooks.md. */
export const eventRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/events', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'List events, newest first',
      querystring: EventListQuery,
      response: { 200: ListOf(EventOut) },
    },
  }, async (request) => {
    const q = request.query;
    const page = await services.events.list(callerOf(request), {
      limit: q.limit ?? 10,
      ...(q.type !== undefined && { type: q.type }),
      ...(q.object_id !== undefined && { objectId: q.object_id }),
      ...(q.created_gte !== undefined && { createdGte: parseDateTime(q.created_gte, 'created_gte') }),
      ...(q.created_lt !== undefined && { createdLt: parseDateTime(q.created_lt, 'created_lt') }),
      ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
      ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
    });
    return ok({ items: page.items.map(presentEvent), has_more: page.hasMore });
  });

  app.get('/v1/events/:id', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Retrieve an event',
      description: '`data` is exactly the JSON body its webhook deliveries carry.',
      params: WebhookIdParams,
      response: { 200: Envelope(EventOut) },
    },
  }, async (request) => ok(presentEvent(await services.events.get(callerOf(request), request.params.id))));

  app.post('/v1/events/:id/resend', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Deliver an event again',
      description:
        'Queues new deliveries (same `webhook-id`: the event id) to every enabled endpoint subscribed to the event, or only to `webhook_endpoint_id`. The body is optional. Answers with the deliveries queued.',
      params: WebhookIdParams,
      body: ResendBody,
      response: { 200: ListOf(DeliveryOut) },
    },
  }, async (request) => {
    const endpointId = request.body?.webhook_endpoint_id;
    const created = await services.events.resend(callerOf(request), request.params.id, endpointId);
    return ok({ items: created.map((d) => presentDelivery({ ...d, attemptLog: [] })), has_more: false });
  });
};
