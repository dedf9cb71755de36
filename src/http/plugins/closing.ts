import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../domain/errors.js';

/**
 * While the app shuts down, requests still arriving on connections that are open are refused with
 * 503 `service_unavailable`, in the contract's shape and with their Request-Id (Fastify adds
 * `Connection: close`). Fastify's own `return503OnClosing` answers before any hook, outside the
 * envelope and without Request-Id, so app.ts turns it off and this hook answers instead: register
 * it right after the hook that names the request.
 */
export function installClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  // preClose runs as soon as close() starts, before the server stops listening.
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Callback style, like every per-request hook of ours: no promise per request.
  app.addHook('onRequest', (_request, _reply, done) => {
    if (!closing) return done();
    done(new ApiError('service_unavailable', 'The app is shutting down. Retry in a moment.', null, { headers: { 'Retry-After': '1' } }));
  });
}
