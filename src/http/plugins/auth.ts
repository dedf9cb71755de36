import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import type { Caller } from '../../domain/merchant.js';
import type { Role } from '../../domain/users.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on every route of the authenticated API. */
    caller: Caller | undefined;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route. Left out, the route is owner-only (API keys act as owners), so a new
     * route is never open to cashiers by accident; `CASHIER_TOO` opens it to cashiers as well.
     */
    roles?: readonly Role[];
    /**
     * Which credentials' mode may call the route (docs/api.md, "Modes"). Every authenticated route
     * declares it: registration fails otherwise, so no route is opened to test credentials by accident.
     */
    mode?: RouteMode;
    /**
     * Only a person signed in to the app (a UI sign-in), never an API key, even a live one: for what
     * a program's credential must not do (confirming a webhook endpoint on the shop's network).
     */
    signedInOnly?: boolean;
  }
}

/**
 * `own`: the route works on the caller's mode only (its sessions, refunds, keys, webhooks, its mode's
 * refund wallet): test credentials touch test objects and test settings, never live ones.
 * `live`: the route reads or changes what live money depends on or who may act (live networks and
 * wallets, settings shared by both modes, staff and PINs): test credentials get 403 `livemode_mismatch`.
 */
export type RouteMode = 'own' | 'live';

/** Route config: the caller's mode, owner only (the default role). */
export const OWN_MODE = { mode: 'own' } as const satisfies { mode: RouteMode };
/** Route config: live credentials only, owner only. */
export const LIVE_ONLY = { mode: 'live' } as const satisfies { mode: RouteMode };
/** Route config for what a cashier may do too (docs/api.md, "Roles"), in the caller's mode. */
export const CASHIER_TOO = { roles: ['owner', 'cashier'], mode: 'own' } as const satisfies { roles: readonly Role[]; mode: RouteMode };

/** Route config: the owner signed in to the app only (no API key), in the sign-in's mode. */
export const OWNER_SIGNED_IN = { mode: 'own', signedInOnly: true } as const satisfies { mode: RouteMode; signedInOnly: true };

/**
 * The OpenAPI extension on every authenticated operation saying who may call it: `{ roles, mode }`,
 * and `signed_in_only: true` where API keys are refused (403 `role_forbidden`).
 */
export const ACCESS_EXTENSION = 'x-stablepos-access';

/**
 * onRoute hook of the authenticated API. A route that does not say in which mode it may be called is a
 * programming error, caught when the app is built (and so by every test that builds it). The route's
 * roles and mode are written into its schema, so the OpenAPI document at /docs states them for every
 * operation (the authorization matrix test reads them from there).
 */
export function declareAccess(route: { method: string | string[]; url: string; config?: { mode?: RouteMode; roles?: readonly Role[]; signedInOnly?: boolean }; schema?: object }): void {
  const mode = route.config?.mode;
  if (mode !== 'own' && mode !== 'live') {
    throw new Error(`route ${[route.method].flat().join('|')} ${route.url} must declare config.mode ('own' or 'live'): see src/http/plugins/auth.ts`);
  }
  route.schema ??= {};
  (route.schema as Record<string, unknown>)[ACCESS_EXTENSION] = {
    roles: [...(route.config?.roles ?? OWNER_ONLY)],
    mode,
    ...(route.config?.signedInOnly === true && { signed_in_only: true }),
  };
}

export interface Authenticator {
  /** The caller a bearer token stands for (an API key or the app's own UI token), or null. */
  (token: string): Promise<Caller | null>;
}

/** Reads `Authorization: Bearer <key>`; the scheme is case-insensitive as HTTP says. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const m = /^Bearer +(\S+) *$/i.exec(header);
  return m ? m[1] : '';
}

/** Each request's credential resolved once (the rate limit's key and authentication both need it). */
const resolved = new WeakMap<FastifyRequest, Promise<Caller | null>>();

/** The caller `token` stands for, looked up once per request. */
export function resolveCaller(request: FastifyRequest, token: string, resolve: Authenticator): Promise<Caller | null> {
  let caller = resolved.get(request);
  if (caller === undefined) {
    caller = resolve(token);
    resolved.set(request, caller);
  }
  return caller;
}

/**
 * onRequest hook: 401 unless the request carries a valid, unrevoked key or an open UI session; then
 * 403 `role_forbidden` unless the caller's role is among the route's `roles` (default owner only); then
 * 403 `livemode_mismatch` when the route is live-only and the caller works in test mode.
 * Runs before validation, so a forbidden request is refused whatever its body.
 */
export function authenticateWith(resolve: Authenticator) {
  // Callback style rather than async: it runs on every request, and a promise per request adds up.
  return function authenticate(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
    const token = bearerToken(request);
    if (token === undefined) {
      return done(new ApiError('api_key_missing', 'No API key provided. Send it as "Authorization: Bearer sk_test_…".'));
    }
    const settle = (caller: Caller | null) => {
      try {
        identify(request, caller);
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
    if (token === '') return settle(null);
    resolveCaller(request, token, resolve).then(settle, (err: unknown) => done(err as Error));
  };
}

/** Sets `request.caller` from the caller the request's credentials stand for. @throws ApiError (401, 403) */
function identify(request: FastifyRequest, caller: Caller | null): void {
  if (!caller) {
    throw new ApiError('api_key_invalid', 'The API key is invalid or has been revoked, or the sign-in has ended.');
  }
  request.caller = caller;
  const allowed = request.routeOptions.config.roles ?? OWNER_ONLY;
  if (!allowed.includes(caller.role)) {
    throw new ApiError(
      'role_forbidden',
      `Only an owner may do this (${request.method} ${request.routeOptions.url}); a ${caller.role} may create, follow and cancel payment sessions and see today's sessions.`,
    );
  }
  if (request.routeOptions.config.signedInOnly === true && caller.uiSessionId === undefined) {
    throw new ApiError('role_forbidden', `An API key cannot do this (${request.method} ${request.routeOptions.url}): only the owner, signed in to the app, may.`);
  }
  if (request.routeOptions.config.mode === 'live' && !caller.livemode) {
    throw new ApiError(
      'livemode_mismatch',
      caller.via === 'ui'
        ? 'This concerns live money or who may act on it, and this sign-in is in test mode: switch the app to live mode (it asks for your PIN) and try again.'
        : 'This concerns live money or who may act on it: a test key (sk_test_…) cannot read or change it. Use a live key (sk_live_…).',
    );
  }
}

const OWNER_ONLY: readonly Role[] = ['owner'];

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route registered outside the authenticated scope');
  return request.caller;
}
