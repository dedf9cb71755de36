import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE, OWNER_SIGNED_IN } from '../plugins/auth.js';
import { presentDelivery, presentEndpoint, presentEndpointWithSecret } from '../presenters/webhook-presenter.js';
import { Envelope, ListOf } from '../schemas/common.js';
import { DeliveryListQuery, DeliveryOut, EndpointConfirmBody, EndpointCreateBody, EndpointListQuery, EndpointOut, EndpointUpdateBody, EndpointWithSecretOut, WebhookIdParams } from '../schemas/webhook.js';
import type { HttpServices } from '../services.js';
import { clientOf } from './ui-sessions.js';

const tags = ['Webhook endpoints'];

const pageOf = (q: { limit?: number; starting_after?: string; ending_before?: string }) => ({
  limit: q.limit ?? 10,
  ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
  ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
});

/** `/v1/webhook_endpoints`: where events are sent, their secrets, their deliveries. See docs/webhooks.md. */
export const webhookRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  const endpoints = services.webhookEndpoints;

  app.post('/v1/webhook_endpoints', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Register a webhook endpoint',
      description: 'The answer holds the signing `secret` (`whsec_…`); it is never shown again (rotate it to get a new one).',
      body: EndpointCreateBody,
      response: { 200: Envelope(EndpointWithSecretOut) },
    },
  }, async (request) => {
    const b = request.body;
    return ok(presentEndpointWithSecret(await endpoints.create(callerOf(request), {
      url: b.url,
      enabled_events: b.enabled_events,
      ...(b.description !== undefined && { description: b.description }),
      ...(b.status !== undefined && { status: b.status as 'enabled' | 'disabled' }),
    })));
  });

  app.get('/v1/webhook_endpoints', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'List webhook endpoints, newest first',
      querystring: EndpointListQuery,
      response: { 200: ListOf(EndpointOut) },
    },
  }, async (request) => {
    const page = await endpoints.list(callerOf(request), pageOf(request.query));
    return ok({ items: page.items.map(presentEndpoint), has_more: page.hasMore });
  });

  app.get('/v1/webhook_endpoints/:id', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Retrieve a webhook endpoint (without its secret)',
      params: WebhookIdParams,
      response: { 200: Envelope(EndpointOut) },
    },
  }, async (request) => ok(presentEndpoint(await endpoints.get(callerOf(request), request.params.id))));

  app.patch('/v1/webhook_endpoints/:id', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Change a webhook endpoint\'s url, enabled_events, description or status',
      params: WebhookIdParams,
      body: EndpointUpdateBody,
      response: { 200: Envelope(EndpointOut) },
    },
  }, async (request) => {
    const b = request.body;
    return ok(presentEndpoint(await endpoints.update(callerOf(request), request.params.id, {
      ...(b.url !== undefined && { url: b.url }),
      ...(b.enabled_events !== undefined && { enabled_events: b.enabled_events }),
      ...(b.description !== undefined && { description: b.description }),
      ...(b.status !== undefined && { status: b.status as 'enabled' | 'disabled' }),
    })));
  });

  app.delete('/v1/webhook_endpoints/:id', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Delete a webhook endpoint',
      description: 'Its pending deliveries are dropped and nothing more is sent to it. Answers `{"id","object","deleted":true}`.',
      params: WebhookIdParams,
      response: {
        200: Envelope(Type.Object({ id: Type.String(), object: Type.Literal('webhook_endpoint'), deleted: Type.Literal(true) })),
      },
    },
  }, async (request) => {
    const e = await endpoints.delete(callerOf(request), request.params.id);
    return ok({ id: e.id, object: 'webhook_endpoint' as const, deleted: true as const });
  });

  app.post('/v1/webhook_endpoints/:id/rotate_secret', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Replace the signing secret',
      description: 'Answers with the new `secret`. For 24 hours every delivery is signed with both the new and the previous secret (two `v1,…` entries in `webhook-signature`), so receivers can switch without missing one.',
      params: WebhookIdParams,
      response: { 200: Envelope(EndpointWithSecretOut) },
    },
  }, async (request) => ok(presentEndpointWithSecret(await endpoints.rotateSecret(callerOf(request), request.params.id))));

  app.post('/v1/webhook_endpoints/:id/confirm', {
    config: OWNER_SIGNED_IN,
    schema: {
      tags,
      summary: 'Confirm the endpoint as the owner\'s: log what its address answers in full',
      description:
        'Until an endpoint is confirmed, what a non-public address (loopback, private, link-local: judged by the address connected to) answers is logged ' +
        'with its status code and duration only, and every failure reads the same. Confirming shows it in full from then on. ' +
        '**Only the owner signed in to the app**, typing their `pin` again (400 `parameter_missing` / `parameter_invalid` with `param: "pin"`; wrong PINs count towards the sign-in lockout, 429 `rate_limited`); ' +
        'API keys, live ones too, get 403 `role_forbidden`. Any later change of `url` drops the confirmation. ' +
        'The body names the `url` the owner was shown: 409 `invalid_state` (`param: "url"`) if the endpoint has another one now, so a URL changed meanwhile is never confirmed.',
      params: WebhookIdParams,
      body: EndpointConfirmBody,
      response: { 200: Envelope(EndpointOut) },
    },
  }, async (request) =>
    ok(presentEndpoint(await endpoints.confirm(callerOf(request), request.params.id, { url: request.body.url, pin: request.body.pin }, clientOf(services, request)))));

  app.post('/v1/webhook_endpoints/:id/test', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Send a test event to this endpoint',
      description: 'Writes a `webhook_endpoint.test` event (`data.object`: the endpoint, without secret) and delivers it to this endpoint only. Answers with the delivery; follow it in `…/deliveries`.',
      params: WebhookIdParams,
      response: { 200: Envelope(DeliveryOut) },
    },
  }, async (request) => ok(presentDelivery(await endpoints.sendTest(callerOf(request), request.params.id))));

  app.get('/v1/webhook_endpoints/:id/deliveries', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'List an endpoint\'s deliveries with every attempt, newest first',
      params: WebhookIdParams,
      querystring: DeliveryListQuery,
      response: { 200: ListOf(DeliveryOut) },
    },
  }, async (request) => {
    const q = request.query;
    const page = await endpoints.deliveries(callerOf(request), request.params.id, {
      ...pageOf(q),
      ...(q.status !== undefined && { status: q.status as 'pending' }),
      ...(q.event_id !== undefined && { eventId: q.event_id }),
    });
    return ok({ items: page.items.map(presentDelivery), has_more: page.hasMore });
  });
};
