import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { startOfLocalDay } from '../../domain/calendar.js';
import { parseCurrency, parseDateTime, fromShapeA } from '../../services/session-input.js';
import { ok } from '../envelope.js';
import { CASHIER_TOO, callerOf } from '../plugins/auth.js';
import { presentSession } from '../presenters/session-presenter.js';
import { Envelope, errorResponses, ListOf } from '../schemas/common.js';
import { SessionIdParams, SessionListQuery, SessionOut, ShapeABody } from '../schemas/session.js';
import type { HttpServices } from '../services.js';
import { streamEvents } from '../sse.js';

const tags = ['Payment sessions'];

/** Shape A and the /v1 reads and manual transitions of payment sessions. */
export const sessionRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  const present = (view: Parameters<typeof presentSession>[0]) => presentSession(view, services.publicBaseUrl());

  app.post('/v1/payment/sessions', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Create a payment session (shape A: decimal amount)',
      body: ShapeABody,
      response: { 200: Envelope(SessionOut), ...errorResponses(400, 401, 403, 409, 413, 415, 429, 503) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    return ok(present(await services.sessions.create(caller, fromShapeA(request.body, caller.merchantId))));
  });

  app.get('/v1/payment/sessions', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'List payment sessions, newest first',
      description: 'A cashier (UI sign-in) sees today\'s sessions only: `created_gte` is raised to the start of today in the merchant\'s time zone.',
      querystring: SessionListQuery,
      response: { 200: ListOf(SessionOut), ...errorResponses(400, 401, 404, 429) },
    },
  }, async (request) => {
    const q = request.query;
    const caller = callerOf(request);
    let createdGte = q.created_gte === undefined ? undefined : parseDateTime(q.created_gte, 'created_gte');
    if (caller.role === 'cashier') {
      // A cashier sees today's sessions only (today in the merchant's time zone), whatever they ask for.
      const today = startOfLocalDay(services.now(), services.merchants.get(caller.merchantId).timeZone);
      if (createdGte === undefined || createdGte < today) createdGte = today;
    }
    const page = services.sessions.list(caller, {
      limit: q.limit ?? 10,
      ...(q.starting_after !== undefined && { startingAfter: q.starting_after }),
      ...(q.ending_before !== undefined && { endingBefore: q.ending_before }),
      ...(q.status !== undefined && { status: q.status as never }),
      ...(q.currency !== undefined && { currency: parseCurrency(q.currency, 'currency') }),
      ...(createdGte !== undefined && { createdGte }),
      ...(q.created_lt !== undefined && { createdLt: parseDateTime(q.created_lt, 'created_lt') }),
    });
    return ok({ items: page.items.map(present), has_more: page.hasMore });
  });

  app.get('/v1/payment/sessions/:id', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Retrieve a payment session',
      params: SessionIdParams,
      response: { 200: Envelope(SessionOut), ...errorResponses(400, 401, 404, 429) },
    },
  }, async (request) => ok(present(services.sessions.get(callerOf(request), request.params.id))));

  app.post('/v1/payment/sessions/:id/cancel', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Cancel a PENDING session that has received nothing',
      params: SessionIdParams,
      response: { 200: Envelope(SessionOut), ...errorResponses(400, 401, 404, 409, 429) },
    },
  }, async (request) => ok(present(services.sessions.cancel(callerOf(request), request.params.id))));

  app.post('/v1/payment/sessions/:id/resolve', {
    schema: {
      tags,
      summary: 'Mark an UNDERPAID or PAID_LATE session SUCCEEDED by hand (owner)',
      description: 'For when the shop accepts what arrived. `resolved_by` becomes `owner`; the exception stays on record.',
      params: SessionIdParams,
      response: { 200: Envelope(SessionOut), ...errorResponses(400, 401, 404, 409, 429) },
    },
  }, async (request) => ok(present(services.sessions.resolve(callerOf(request), request.params.id))));

  app.get('/v1/payment/sessions/:id/stream', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Live feed of one session (server-sent events)',
      description: 'A `session` event with the whole session object now and after every change; a comment line every 15 s keeps proxies from closing it.',
      params: SessionIdParams,
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const id = request.params.id;
    services.sessions.get(caller, id); // 404 before the stream opens
    streamEvents(request, reply, services.live, id, () => present(services.sessions.get(caller, id)));
  });
};
