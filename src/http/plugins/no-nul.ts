import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../domain/errors.js';

/** The dotted path of the first string (value or key) holding U+0000 in `value`, or undefined. */
function nulAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const here = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here.replaceAll('\u0000', '\\u0000');
    const found = nulAt(item, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * **Decision:** text the API stores or searches may not contain U+0000 (NUL), in a body, a query
 * parameter or the path: PostgreSQL's text cannot hold it (the insert would fail as our fault, a 500),
 * and no description, name or metadata needs it. Refused alike on both stores with a 400 naming the
 * field, before validation. A walk over the request's few small values, done only when it has any.
 */
export function installNoNul(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const param = nulAt(request.params, '') ?? nulAt(request.query, '') ?? nulAt(request.body, '');
    if (param === undefined) return done();
    done(new ApiError('parameter_invalid', `Invalid ${param || 'request'}: text may not contain the NUL character (U+0000).`, param || null));
  });
}
