import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../domain/errors.js';

/**
 * The API speaks JSON only (contract: 415 content_type_invalid). Checked from the headers before
 * any of the body is read, so a large upload of the wrong kind is refused at once.
 */
export function installJsonOnly(app: FastifyInstance): void {
  // Fastify parses text/plain by default; a string body would then fail validation with a vaguer 400.
  app.removeContentTypeParser('text/plain');
  // Callback style, like every per-request hook of ours: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const length = request.headers['content-length'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody) return done();
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return done(new ApiError('content_type_invalid', `Send the request body as JSON with Content-Type: application/json (got "${mediaType || 'none'}").`));
    }
    done();
  });
}
