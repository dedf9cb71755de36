import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';

/** What Node's HTTP parser (or its timers) found wrong, in the contract's terms. */
function answerFor(err: Error & { code?: string }): ApiError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('headers_too_large', 'The request line and headers are larger than 16 KB. Send fewer or shorter headers.');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('payload_too_large', 'The request body\'s chunk extensions are too large.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('request_timeout', 'The request was not received in full in time.');
    default:
      return new ApiError('parameter_invalid', `The request is not valid HTTP/1.1 (${err.code ?? 'unreadable'}).`);
  }
}

/** The whole answer as bytes: no request object exists, so no reply, hook or serializer can help. */
export function rawErrorResponse(error: ApiError, requestId: string): string {
  const body = JSON.stringify(error.toBody());
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? 'Error'}\r\n` +
    `Request-Id: ${requestId}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n' +
    `\r\n${body}`
  );
}

/**
 * Fastify's `clientErrorHandler`: a request Node refuses before Fastify sees it (an oversized header
 * block, a malformed request line, headers that never finish) is answered in the contract's shape
 * with a `Request-Id` too, then the connection is closed: the parser cannot find where the next
 * request would start. Fastify calls it with the instance as `this`, for its logger.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error = answerFor(err);
  const requestId = newId('request');
  this.log.info({ reqId: requestId, code: err.code }, `refused before routing: ${error.code}`);
  // Node's own rule: never write into a response already under way on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(rawErrorResponse(error, requestId));
  socket.destroy(err);
}
