import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import { validationError } from '../validation.js';

/** Fastify's own failures (body parsing, limits) in the contract's terms. */
function fromFastify(err: FastifyError): ApiError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is larger than 1 MB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('content_type_invalid', 'Send the request body as JSON with Content-Type: application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 'The request says it carries JSON but the body is empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is not valid JSON.');
    default:
      break;
  }
  // JSON.parse's SyntaxError, and secure-json-parse refusing __proto__ / constructor.prototype.
  if (err instanceof SyntaxError || (err.statusCode === 400 && /JSON|prototype/i.test(err.message))) {
    return new ApiError('invalid_json', `The request body is not valid JSON: ${err.message}`);
  }
  return undefined;
}

/**
 * Every failure leaves as `{"error":{type,code,message,param}}`. Anything unexpected is logged with
 * its request id and answered as a 500 that reveals nothing internal.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let apiError: ApiError;
    if (err instanceof ApiError) apiError = err;
    else if (err.validation) apiError = validationError(err.validation as never, err.validationContext);
    else {
      const mapped = fromFastify(err);
      if (mapped) apiError = mapped;
      else {
        request.log.error({ err }, 'unhandled error');
        apiError = new ApiError('internal_error', `Something went wrong on our side; quote request id ${request.id} when reporting it.`);
      }
    }
    for (const [name, value] of Object.entries(apiError.headers)) void reply.header(name, value);
    void reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new ApiError('route_not_found', `Unrecognized request URL (${request.method} ${request.url.split('?')[0]}).`);
    void reply.code(404).send(error.toBody());
  });
}
