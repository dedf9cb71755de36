import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import type { Caller } from '../../domain/merchant.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on every route of the authenticated API. */
    caller: Caller | undefined;
  }
}

export interface Authenticator {
  /** The caller a bearer token stands for (an API key or the app's own UI token), or null. */
  (token: string): Caller | null;
}

/** Reads `Authorization: Bearer <key>`; the scheme is case-insensitive as HTTP says. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const m = /^Bearer +(\S+) *$/i.exec(header);
  return m ? m[1] : '';
}

/** onRequest hook: 401 unless the request carries a valid, unrevoked key. */
export function authenticateWith(resolve: Authenticator) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (token === undefined) {
      throw new ApiError('api_key_missing', 'No API key provided. Send it as "Authorization: Bearer sk_test_…".');
    }
    const caller = token === '' ? null : resolve(token);
    if (!caller) {
      throw new ApiError('api_key_invalid', 'The API key is invalid or has been revoked.');
    }
    request.caller = caller;
  };
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route registered outside the authenticated scope');
  return request.caller;
}
