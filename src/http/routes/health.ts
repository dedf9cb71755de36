import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../envelope.js';
import { Envelope } from '../schemas/common.js';
import type { HttpServices } from '../services.js';

const startedAt = Date.now();

/**
 * Public liveness check: no key needed, nothing about the merchant revealed. The payment page's base
 * URL is no secret (every customer's QR code carries it): Settings shows it to the owner.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<HttpServices> = async (app, services) => {
  app.get('/health', {
    schema: {
      tags: ['Operations'],
      summary: 'Liveness: the API is up and its database answers',
      security: [],
      response: {
        200: Envelope(Type.Object({
          status: Type.Literal('ok'),
          mode: Type.String({ enum: ['test', 'live'], description: 'The mode of the app\'s own UI.' }),
          uptime_seconds: Type.Integer(),
          payment_page_url: Type.String({
            description:
              'Where customers\' phones open the hosted checkout page: the base of every `payment_url` (`--public-url`, else the address the app listens on). ' +
              'The UI shows the page\'s QR code only when this is not a loopback address (docs/ui.md).',
          }),
        })),
      },
    },
  }, async () => {
    await services.merchants.ping(); // a read from the database: throws (→ 500) when it cannot answer
    return ok({ status: 'ok' as const, mode: services.uiMode, uptime_seconds: Math.floor((Date.now() - startedAt) / 1000), payment_page_url: services.publicBaseUrl() });
  });
};
