import type { FastifyRequest } from 'fastify';
import { type Authenticator, bearerToken, resolveCaller } from './auth.js';

/**
 * Whose budget a request spends (docs/api.md, "Rate limits"): a valid credential's own (the API key's
 * id, or the UI sign-in's: never the credential, which must not sit in memory in clear, and no hash of
 * it either, which cost a SHA-256 per request), else its client address's.
 * **Decision:** "valid" is decided by resolving the credential, not by its mere presence: a bearer
 * string alone used to earn a fresh budget, so random strings made any public route unlimited. Public
 * routes take no credential, so they are always counted per address, whatever header is sent; on the
 * authenticated API the credential is resolved here once and the authentication hook reuses it.
 */
export async function rateLimitKey(request: FastifyRequest, authenticate: Authenticator): Promise<string> {
  const token = bearerToken(request);
  if (!token || request.routeOptions.config.mode === undefined) return request.ip;
  const caller = await resolveCaller(request, token, authenticate);
  return caller ? `c:${caller.uiSessionId ?? caller.via}` : request.ip;
}
