import { STATUS_CODES } from 'node:http';
import { ERROR_CODES } from '../../domain/errors.js';
import { ErrorBody } from '../schemas/common.js';

/** The parts of an OpenAPI operation the rule reads, as @fastify/swagger renders a route. */
export interface DocumentedOperation {
  parameters?: { in: string; name: string; schema?: { enum?: unknown[] } }[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
}

/**
 * Answered on every route: 403 (hosts and origins the app does not serve, mode and role checks),
 * 408 and 431 (a request whose headers come too slowly or are too large is answered before routing,
 * whatever its route), 415 (a request body in another media type is refused from its headers, on any
 * route), 429 (rate limit), 500, and 503 (shutting down; some routes also for a missing rate or an
 * unreachable network).
 */
const EVERY_ROUTE = [403, 408, 415, 429, 431, 500, 503];

/** Methods whose requests carry a body: it may be malformed JSON (400) or too large (413). */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** List cursors name an object: an unknown one is 404 `resource_missing`. */
const CURSORS = new Set(['starting_after', 'ending_before']);

/**
 * Every error status an operation can answer, derived from what the operation is, plus the ones its
 * route declares itself (`errorResponses(…)`, e.g. its own 409 `invalid_state`). Nobody has to
 * remember to list them: a new route gets them from its shape. docs/api.md, "The OpenAPI document".
 */
export function errorStatusesOf(method: string, op: DocumentedOperation): number[] {
  const m = method.toLowerCase();
  const parameters = op.parameters ?? [];
  const authenticated = op.security === undefined || op.security.length > 0;
  const statuses = new Set(EVERY_ROUTE);
  if (authenticated) statuses.add(401);
  if (parameters.length > 0 || op.requestBody !== undefined || BODY_METHODS.has(m)) statuses.add(400);
  if (BODY_METHODS.has(m)) statuses.add(413);
  // A path parameter names an object that may not exist (one restricted to an enum is checked as such: 400).
  if (parameters.some((p) => (p.in === 'path' && p.schema?.enum === undefined) || (p.in === 'query' && CURSORS.has(p.name)))) statuses.add(404);
  // Idempotency-Key conflicts (reused for another request, or still in use).
  if (authenticated && m === 'post') statuses.add(409);
  for (const status of Object.keys(op.responses ?? {})) if (Number(status) >= 400) statuses.add(Number(status));
  return [...statuses].sort((a, b) => a - b);
}

/** Every status some error code has (src/domain/errors.ts): a new code's status gets its shared response. */
export const ERROR_STATUSES: readonly number[] = [...new Set(Object.values(ERROR_CODES).map((spec) => spec.status))].sort((a, b) => a - b);

/** The shared response (`#/components/responses/…`) of an error status, named by its reason phrase: `NotFound`. */
export function errorResponseName(status: number): string {
  return (STATUS_CODES[status] ?? `Status ${status}`).split(/[^A-Za-z0-9]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

const codesOf = (status: number) => Object.entries(ERROR_CODES).filter(([, spec]) => spec.status === status);

/**
 * The contract's error body narrowed to one status: its `type` and `code` can only be those that
 * status carries (src/domain/errors.ts), so a strict client learns them and a wrong pair is caught.
 */
function errorSchemaFor(status: number) {
  const codes = codesOf(status);
  const error = ErrorBody.properties.error;
  return {
    ...ErrorBody,
    properties: {
      error: {
        ...error,
        properties: {
          ...error.properties,
          type: { type: 'string', enum: [...new Set(codes.map(([, spec]) => spec.type))] },
          code: { type: 'string', enum: codes.map(([code]) => code) },
        },
      },
    },
  };
}

/** Components shared by every operation: one error response (and its schema) per status, and headers. */
export function errorComponents() {
  const schemas: Record<string, unknown> = {};
  const responses: Record<string, unknown> = {};
  for (const status of ERROR_STATUSES) {
    schemas[`Error${status}`] = errorSchemaFor(status);
    responses[errorResponseName(status)] = {
      description: `${codesOf(status).map(([code]) => `\`${code}\``).join(', ')}. The body is the contract's error object.`,
      headers: {
        'Request-Id': { $ref: '#/components/headers/RequestId' },
        ...(status === 429 && { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
      },
      content: { 'application/json': { schema: { $ref: `#/components/schemas/Error${status}` } } },
    };
  }
  const headers = {
    RequestId: {
      description: 'Names this request (`req_…`); on every response, success or failure. Quote it when reporting a problem.',
      required: true,
      schema: { type: 'string', pattern: '^req_[0-9A-Za-z]+$' },
    },
    RetryAfter: { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'string', pattern: '^[0-9]+$' } },
    IdempotentReplayed: {
      description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
      schema: { type: 'string', enum: ['true'] },
    },
  };
  return { schemas, responses, headers };
}
