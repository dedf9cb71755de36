import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request's cookies by name (RFC 6265's `Cookie: a=1; b=2`); the first of a repeated name wins. */
export function cookiesOf(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie;
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>;
  if (typeof header !== 'string') return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name !== '' && !(name in cookies)) cookies[name] = part.slice(eq + 1).trim();
  }
  return cookies;
}

/**
 * Sets a cookie for the UI's sign-in routes only (`Path=/v1/ui`), out of scripts' reach (`HttpOnly`)
 * and never sent by another site's page (`SameSite=Strict`). **Decision:** not `Secure`: the app is
 * mostly opened over plain http on the shop's machine or network, where a `Secure` cookie would never
 * come back.
 */
export function setCookie(reply: FastifyReply, cookie: { name: string; value: string }, maxAgeSeconds: number): void {
  void reply.header('Set-Cookie', `${cookie.name}=${cookie.value}; Path=/v1/ui; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict`);
}
