import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../envelope.js';
import { Envelope } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const startedAt = Date.now();

/** Public liveness check: no key needed, nothing about the merchant revealed. */
export const healthRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/health', {
    schema: {
      tags: ['Operations'],
      summary: 'Liveness: the API is up and its database answers',
      security: [],
      response: { 200: Envelope(Type.Object({ status: Type.Literal('ok'), mode: Type.String({ enum: ['test', 'live'], description: 'The mode of the app\'s own UI.' }), uptime_seconds: Type.Integer() })) },
    },
  }, async () => {
    services.merchants.ping(); // a read from the database: throws (→ 500) when it cannot answer
    return ok({ status: 'ok' as const, mode: services.uiMode, uptime_seconds: Math.floor((Date.now() - startedAt) / 1000) });
  });
};
