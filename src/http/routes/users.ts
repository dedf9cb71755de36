import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { User } from '../../domain/users.js';
import { ok } from '../envelope.js';
import { callerOf, LIVE_ONLY } from '../plugins/auth.js';
import { iso } from '../presenters/session-presenter.js';
import { DateTime, Envelope, errorResponses, IdParams, ListOf, Nullable } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const tags = ['Staff users'];

const UserOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('user'),
  name: Type.String(),
  role: Type.String({ enum: ['owner', 'cashier'] }),
  created_at: DateTime,
  disabled_at: Nullable(DateTime),
});

const present = (u: User) => ({
  id: u.id,
  object: 'user' as const,
  name: u.name,
  role: u.role,
  created_at: iso(u.createdAt),
  disabled_at: u.disabledAt === null ? null : iso(u.disabledAt),
});

/** The shop's staff, as the Settings screen manages them (the CLI's `stablepos users` too). Owner only. */
export const userRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/users', {
    config: LIVE_ONLY,
    schema: { tags, summary: 'Staff who can sign in to the app', response: { 200: ListOf(UserOut) } },
  }, async (request) => ok({ items: (await services.users.list(callerOf(request).merchantId)).map(present), has_more: false }));

  app.post('/v1/users', {
    config: LIVE_ONLY,
    schema: {
      tags,
      summary: 'Add a cashier or an owner with a PIN (4–12 digits, not one digit repeated nor a straight run)',
      body: Type.Object(
        { name: Type.String({ minLength: 1, maxLength: 40 }), role: Type.String({ enum: ['owner', 'cashier'] }), pin: Type.String({ minLength: 1, maxLength: 12 }) },
        { additionalProperties: false },
      ),
      response: { 200: Envelope(UserOut) },
    },
  }, async (request) => ok(present(await services.users.add(callerOf(request).merchantId, request.body))));

  app.post('/v1/users/:id/pin', {
    config: LIVE_ONLY,
    schema: {
      tags,
      summary: 'Set a user\'s new PIN without the old one (owner): all their sign-ins end at once',
      description:
        '**Decision:** like Square and Shopify POS, an owner sets a staff member\'s new PIN without knowing the old one (a forgotten PIN is the usual reason), ' +
        'and is not asked for their own PIN again: the route is live-only, and entering live mode asked for it. ' +
        'The user is signed out everywhere. An owner\'s own PIN is changed with `POST /v1/ui/pin` (it asks for the current PIN): here it is 409 `invalid_state`.',
      params: IdParams,
      body: Type.Object({ pin: Type.String({ minLength: 1, maxLength: 12, description: '4–12 digits, not one digit repeated nor a straight run.' }) }, { additionalProperties: false }),
      response: { 200: Envelope(UserOut), ...errorResponses(404, 409) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    return ok(present(await services.users.resetPin(caller.merchantId, request.params.id, request.body.pin, caller.userId)));
  });

  app.delete('/v1/users/:id', {
    config: LIVE_ONLY,
    schema: {
      tags,
      summary: 'Remove a user: they can no longer sign in, and their sign-ins end at once (never the last owner)',
      params: IdParams,
      response: { 200: Envelope(UserOut), ...errorResponses(409) },
    },
  }, async (request) => ok(present(await services.users.remove(callerOf(request).merchantId, request.params.id))));
};
