import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { resourceMissing } from '../../domain/errors.js';
import type { ApiKeyRecord } from '../../services/ports.js';
import { ok } from '../envelope.js';
import { callerOf, OWN_MODE } from '../plugins/auth.js';
import { iso } from '../presenters/session-presenter.js';
import { DateTime, Envelope, IdParams, ListOf, Nullable } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const tags = ['API keys'];

const ApiKeyOut = Type.Object({
  id: Type.String(),
  object: Type.Literal('api_key'),
  prefix: Type.String({ description: 'The first characters of the key, to recognise it. The key itself is never shown again.' }),
  livemode: Type.Boolean(),
  created_at: DateTime,
  revoked_at: Nullable(DateTime),
});

const ApiKeyWithSecretOut = Type.Object({
  ...ApiKeyOut.properties,
  secret: Type.String({ description: 'The whole key (sk_test_… / sk_live_…): shown only in this answer.' }),
});

const present = (k: ApiKeyRecord) => ({
  id: k.id,
  object: 'api_key' as const,
  prefix: k.prefix,
  livemode: k.livemode,
  created_at: iso(k.createdAt),
  revoked_at: k.revokedAt === null ? null : iso(k.revokedAt),
});

/** The merchant's secret keys, as the Settings screen manages them (the CLI's `keys` commands too). */
export const apiKeyRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/v1/api_keys', {
    config: OWN_MODE,
    schema: { tags, summary: 'The merchant\'s API keys in this mode, active and revoked', response: { 200: ListOf(ApiKeyOut) } },
  }, async (request) => {
    const caller = callerOf(request);
    const items = (await services.apiKeys.list(caller.merchantId)).filter((k) => k.livemode === caller.livemode).reverse();
    return ok({ items: items.map(present), has_more: false });
  });

  app.post('/v1/api_keys', {
    config: OWN_MODE,
    schema: {
      tags,
      summary: 'Create a key in the caller\'s mode; the answer is the only time it is shown',
      body: Nullable(Type.Object({}, { additionalProperties: false })),
      response: { 200: Envelope(ApiKeyWithSecretOut) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const { secret, record } = await services.apiKeys.create(caller.merchantId, caller.livemode ? 'live' : 'test');
    return ok({ ...present(record), secret });
  });

  app.post('/v1/api_keys/:id/revoke', {
    config: OWN_MODE,
    schema: { tags, summary: 'Revoke a key (effective at once)', params: IdParams, response: { 200: Envelope(ApiKeyOut) } },
  }, async (request) => {
    const caller = callerOf(request);
    const key = (await services.apiKeys.list(caller.merchantId)).find((k) => k.id === request.params.id && k.livemode === caller.livemode);
    const revoked = key ? await services.apiKeys.revokeById(caller.merchantId, key.id) : undefined;
    if (!revoked) throw resourceMissing('active API key', request.params.id);
    return ok(present(revoked));
  });
};
