import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromShapeB } from '../../services/session-input.js';
import { ok } from '../envelope.js';
import { CASHIER_TOO, callerOf } from '../plugins/auth.js';
import { answerStoredWithUnit } from '../plugins/idempotency.js';
import type { SessionView } from '../../services/session-view.js';
import { presentSession } from '../presenters/session-presenter.js';
import { Envelope } from '../schemas/common.js';
import { SessionIdParams, SessionOut, ShapeBBody } from '../schemas/session.js';
import type { HttpServices } from '../services.js';

const tags = ['Checkout sessions (shape B)'];

/** Shape B: integer minor units and line items; the same session object as shape A. */
export const checkoutRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.post('/api/v1/checkout/sessions/create', {
    config: { ...CASHIER_TOO, answersInUnit: true },
    schema: {
      tags,
      summary: 'Create a payment session (shape B: minor units and line items)',
      body: ShapeBBody,
      response: { 200: Envelope(SessionOut) },
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const input = fromShapeB(request.body);
    return answerStoredWithUnit(request, reply, services.idempotency, (view: SessionView) => ok(presentSession(view, services.publicBaseUrl())), (alsoInUnit) =>
      services.sessions.create(caller, input, alsoInUnit),
    );
  });

  app.get('/api/v1/checkout/sessions/:id', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Retrieve a payment session',
      params: SessionIdParams,
      response: { 200: Envelope(SessionOut) },
    },
  }, async (request) => ok(presentSession(await services.sessions.get(callerOf(request), request.params.id), services.publicBaseUrl())));
};
