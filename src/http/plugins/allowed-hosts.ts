import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import { HostPolicy, type HostPolicyConfig } from '../host-policy.js';

/** Methods that change something: the UI's routes check their `Origin`. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The UI's sign-in routes (`/v1/ui/*`), by their declared path so no spelling of the URL slips past. */
const isUiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/v1/ui/') === true;

/** Quoted back in the refusal, cut short: it is the client's text. */
const quoted = (text: string) => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);

/**
 * Only expected hosts (docs/security.md, "Web pages and DNS rebinding"): every request, public routes
 * included, must name one of the app's hosts in `Host`; the UI's state-changing routes also refuse
 * another site's `Origin` (requests without one, from curl or the CLI, pass). Runs before anything
 * else looks at the request, so a refused one costs nothing and learns nothing.
 */
export function installAllowedHosts(app: FastifyInstance, config: HostPolicyConfig): void {
  const policy = new HostPolicy(config);
  // Callback style, like every per-request hook of ours: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.headers.host;
    if (host === undefined && request.raw.httpVersion !== '1.0') {
      // RFC 9112: an HTTP/1.1 request without Host is a bad request (HTTP/1.0 had no Host yet).
      return done(new ApiError('parameter_invalid', 'An HTTP/1.1 request must carry a Host header.'));
    }
    if (!policy.allowsHost(host)) {
      return done(
        new ApiError(
          'host_not_allowed',
          `This app does not answer for host ${quoted(host ?? '')}. Use its own address, or let the app know this name with --allowed-host (STABLEPOS_ALLOWED_HOSTS).`,
        ),
      );
    }
    const origin = request.headers.origin;
    if (origin !== undefined && STATE_CHANGING.has(request.method) && isUiRoute(request) && !policy.allowsOrigin(origin, host)) {
      return done(new ApiError('origin_not_allowed', `Requests from the web page at ${quoted(origin)} may not sign in or change a sign-in here.`));
    }
    done();
  });
}
