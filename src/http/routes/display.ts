import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DisplayState } from '../../services/customer-display.js';
import { ok } from '../envelope.js';
import { openEventStream } from '../sse.js';
import { CASHIER_TOO, callerOf } from '../plugins/auth.js';
import { Envelope, errorResponses, Nullable, TextResponse } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const tags = ['Customer display'];
const DisplayOut = Type.Object({
  session_id: Nullable(Type.String({ description: 'The sale on the customer display, or null when none is.' })),
  payment_url: Nullable(Type.String()),
  livemode: Type.Boolean({ description: 'Which mode\'s display this is: each mode has its own (a test credential changes only the test one).' }),
});
const Till = Type.String({ pattern: '^[a-z0-9-]{0,32}$', description: 'Which till (up to 32 of a–z, 0–9 and -): each till has a display of its own.' });

/** The till sets what the customer display shows (authenticated). */
export const displayRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.put('/v1/display', {
    config: CASHIER_TOO,
    schema: {
      tags,
      summary: 'Show a sale on the customer display (or clear it with null)',
      description: 'Each till has a display of its own: name it in `till` (the display page follows `/display/current?till=…`); without one, the shop\'s shared display. Each mode has its own displays: a test credential changes only the test display of the till (followed with `&mode=test`), never what a customer sees for a live sale.',
      body: Type.Object({ session_id: Nullable(Type.String({ minLength: 1, maxLength: 64 })), till: Type.Optional(Till) }, { additionalProperties: false }),
      response: { 200: Envelope(DisplayOut), ...errorResponses(404) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const id = request.body.session_id;
    if (id !== null) await services.sessions.get(caller, id); // 404 for another merchant's or mode's
    // The caller's mode's slot only: a test key never reaches a live display (docs/api.md, "Customer display").
    const state = await services.display.show(id, caller.via, caller.livemode, request.body.till);
    return ok(present(services, state, caller.livemode));
  });
};

function present(services: HttpServices, state: DisplayState, livemode: boolean) {
  return { session_id: state.sessionId, payment_url: state.sessionId ? `${services.publicBaseUrl()}/pay/${state.sessionId}` : null, livemode };
}

const DisplayMode = Type.Union([Type.Literal('live'), Type.Literal('test')], {
  description: 'Which mode\'s display to follow: `live` (the default: what customers see) or `test` (a till rehearsing in test mode, or a test key\'s).',
});

/** The display page follows this (public: it shows what a customer at the counter sees anyway). */
export const publicDisplayRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/display/current', {
    schema: {
      tags,
      summary: 'The sale on the customer display (server-sent events: now and on every change)',
      security: [],
      querystring: Type.Object({ till: Type.Optional(Till), mode: Type.Optional(DisplayMode) }, { additionalProperties: false }),
      response: { 200: TextResponse('text/event-stream', 'Server-sent events: `display` with `{session_id, payment_url, livemode}` in the envelope, now and on every change, for the till named in `till` (else the shared display), in live mode unless `mode=test`.') },
    },
  }, async (request, reply) => {
    const till = request.query.till;
    // Live unless asked: a display that names no mode is a customer's, and shows only live sales.
    const livemode = request.query.mode !== 'test';
    let unsubscribe = (): void => undefined;
    const { res } = openEventStream(request, reply, () => unsubscribe());
    const send = (state: DisplayState) => {
      if (!res.writableEnded) res.write(`event: display\ndata: ${JSON.stringify(ok(present(services, state, livemode)))}\n\n`);
    };
    unsubscribe = services.display.subscribe(send, livemode, till);
    send(services.display.current(livemode, till));
  });

  // The display is the app's own page at #/display; /display is its short address.
  // Its query (`?till=…&mode=…`) goes along, into the hash the page reads.
  app.get('/display', { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/#/display${query}`);
  });
};
