import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { HostPolicyConfig } from './host-policy.js';
import { registerOpenApi } from './openapi/document.js';
import { installAllowedHosts } from './plugins/allowed-hosts.js';
import { authenticateWith, declareAccess, type Authenticator } from './plugins/auth.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import { installClosingAnswer } from './plugins/closing.js';
import { installStreamEnding } from './sse.js';
import { installErrorHandling } from './plugins/errors.js';
import { installIdempotency } from './plugins/idempotency.js';
import { installNoNul } from './plugins/no-nul.js';
import { installJsonOnly } from './plugins/json-only.js';
import { rateLimitKey } from './plugins/rate-limit-key.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { balanceRoutes } from './routes/balance.js';
import { checkoutRoutes } from './routes/checkout.js';
import { conversionRoutes } from './routes/conversions.js';
import { checkoutPageRoutes } from './routes/checkout-page.js';
import { eventRoutes } from './routes/events.js';
import { displayRoutes, publicDisplayRoutes } from './routes/display.js';
import { healthRoutes } from './routes/health.js';
import { readyRoutes } from './routes/ready.js';
import { networkSettingsRoutes } from './routes/network-settings.js';
import { printerRoutes } from './routes/printer.js';
import { userRoutes } from './routes/users.js';
import { merchantRoutes } from './routes/merchant.js';
import { liveReadinessRoutes } from './routes/live-readiness.js';
import { networkRoutes } from './routes/networks.js';
import { rpcCheckRoutes } from './routes/rpc-check.js';
import { rateRoutes } from './routes/rates.js';
import { receiptRoutes } from './routes/receipts.js';
import { refundRoutes } from './routes/refunds.js';
import { depositRoutes } from './routes/deposits.js';
import { sessionRoutes } from './routes/sessions.js';
import { reportRoutes } from './routes/reports.js';
import { shiftRoutes } from './routes/shifts.js';
import { uiPublicRoutes, uiSessionRoutes } from './routes/ui-sessions.js';
import { webhookRoutes } from './routes/webhooks.js';
import type { HttpServices } from './services.js';
import { installValidators } from './validation.js';

export interface AppOptions {
  services: HttpServices;
  authenticate: Authenticator;
  rateLimit: { max: number; windowMs: number };
  logger: boolean;
  /** Built UI to serve at `/`, when there is one. */
  rendererDir?: string | undefined;
  /** The hosts and origins the app answers (docs/security.md); default: this machine's loopback names only. */
  hosts?: HostPolicyConfig;
  /** Told of every route as it is registered (the role matrix test walks them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** Contract: bodies above 1 MB are refused with 413 before they are read in full. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * The whole HTTP surface: external plugins, then our plugins, then routes (fastify/demo's order).
 * Public routes (health, checkout page, docs, UI) sit beside one authenticated scope for the API.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    logger: options.logger,
    bodyLimit: BODY_LIMIT,
    genReqId: () => newId('request'),
    requestIdHeader: false, // never trust a client-chosen id in our logs
    return503OnClosing: false, // answered in the envelope by installClosingAnswer
    // Requests Node refuses before routing (431 and friends) answered in the envelope too.
    clientErrorHandler,
    // An HTTP/1.1 request without Host reaches our host check, which refuses it in the envelope
    // (Node's own refusal is a bare 400 without Request-Id).
    http: { requireHostHeader: false },
    routerOptions: { ignoreTrailingSlash: true },
    // Errors before routing (a malformed percent-escape in the URL) skip hooks and handlers: answer
    // them here in the contract's shape, naming the request like every other response.
    frameworkErrors: (error, request, reply) => {
      const apiError = new ApiError('parameter_invalid', `The request URL is malformed: ${error.message}`);
      void (reply as FastifyReply).code(400).header('Request-Id', request.id).type('application/json; charset=utf-8').send(apiError.toBody());
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  installValidators(app);
  installErrorHandling(app);
  // First hook of all, so every response, even a refusal by a later hook, names its request.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('Request-Id', request.id);
    done();
  });
  installClosingAnswer(app);
  installStreamEnding(app);
  installAllowedHosts(app, options.hosts ?? { listenHost: '127.0.0.1' });
  installJsonOnly(app);
  installNoNul(app);

  await registerOpenApi(app);

  await app.register(fastifyRateLimit, {
    // Not per route (the plugin's default, which runs after the authenticated scope's hooks, so a
    // refused credential was never counted): one hook for every request below, ahead of
    // authentication.
    global: false,
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.windowMs,
    keyGenerator: (request) => rateLimitKey(request, options.authenticate),
    // Like Stripe: the limit's headers come with the 429 only, not on every answer (docs/api.md).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) =>
      new ApiError('rate_limited', `Too many requests: at most ${context.max} per ${context.after}. Retry after the time in the Retry-After header.`),
  });
  // After the host, JSON-only and NUL checks (cheaper refusals first), before any route's own hooks.
  app.addHook('onRequest', app.rateLimit());

  await app.register(healthRoutes, services);
  await app.register(readyRoutes, services);
  await app.register(checkoutPageRoutes, services);
  await app.register(publicDisplayRoutes, services);
  await app.register(uiPublicRoutes, services);

  await app.register(async (api) => {
    api.decorateRequest('caller', undefined);
    api.addHook('onRoute', declareAccess);
    api.addHook('onRequest', authenticateWith(options.authenticate));
    installIdempotency(api, services.idempotency);
    await api.register(sessionRoutes, services);
    await api.register(checkoutRoutes, services);
    await api.register(shiftRoutes, services);
    await api.register(reportRoutes, services);
    await api.register(merchantRoutes, services);
    await api.register(networkRoutes, services);
    await api.register(rpcCheckRoutes, services);
    await api.register(webhookRoutes, services);
    await api.register(eventRoutes, services);
    await api.register(balanceRoutes, services);
    await api.register(conversionRoutes, services);
    await api.register(apiKeyRoutes, services);
    await api.register(displayRoutes, services);
    await api.register(userRoutes, services);
    await api.register(networkSettingsRoutes, services);
    await api.register(printerRoutes, services);
    await api.register(rateRoutes, services);
    await api.register(refundRoutes, services);
    await api.register(receiptRoutes, services);
    await api.register(depositRoutes, services);
    await api.register(uiSessionRoutes, services);
    await api.register(liveReadinessRoutes, services);
  });

  if (options.rendererDir) {
    await app.register(fastifyStatic, { root: options.rendererDir, prefix: '/', index: 'index.html', wildcard: false });
  }
  return app;
}
