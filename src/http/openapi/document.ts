import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { type DocumentedOperation, ERROR_STATUSES, errorComponents, errorResponseName, errorStatusesOf } from './error-statuses.js';
import { operationIdOf } from './operation-id.js';
import { TAGS } from './tags.js';

/** Where the document and its Swagger UI are served. */
export const DOCS_PREFIX = '/docs';

/**
 * **Decision:** OpenAPI 3.1: its schemas are JSON Schema 2020-12, so a nullable field is
 * `anyOf: [<schema>, {type: null}]` exactly as TypeBox writes it, and `null` is valid even where the
 * schema has an `enum` (3.0's `nullable: true` does not add `null` to an enum, so strict clients
 * rejected every new session).
 */
const OPENAPI_VERSION = '3.1.0';

interface Operation extends DocumentedOperation {
  operationId?: string;
  parameters?: DocumentedOperation['parameters'] & object[];
  responses?: Record<string, Response>;
}
interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
  $ref?: string;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

const isJson = (mediaType: string) => /^application\/json\b/.test(mediaType);

/**
 * Completes what @fastify/swagger made of the routes, so that no route has to remember it: each
 * operation's operationId, every error status it can answer (one shared response per status, in the
 * contract's shape), the headers on every answer, and `Idempotency-Key` on the authenticated POSTs.
 */
export function completeDocument(doc: Document): Document {
  const shared = errorComponents();
  doc.components.schemas = { ...doc.components.schemas, ...shared.schemas };
  doc.components.responses = { ...doc.components.responses, ...shared.responses };
  doc.components.headers = { ...doc.components.headers, ...shared.headers };
  doc.components.parameters = {
    ...doc.components.parameters,
    IdempotencyKey: {
      in: 'header',
      name: 'Idempotency-Key',
      required: false,
      description: 'Processes the POST once per key for 24 hours: a retry gets the stored answer with `Idempotent-Replayed: true` (docs/api.md, "Idempotency").',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) completeOperation(method, path, op);
  }
  return doc;
}

function completeOperation(method: string, path: string, op: Operation): void {
  op.operationId ??= operationIdOf(method, path);
  const responses = (op.responses ??= {});
  const idempotent = method === 'post' && (op.security === undefined || op.security.length > 0);
  if (idempotent) op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' } as never];

  for (const status of errorStatusesOf(method, op)) {
    const declared = responses[String(status)];
    // A route's own answer in another media type stays (the checkout page's HTML 404); JSON errors
    // are the contract's error object, shared.
    if (declared?.content && !Object.keys(declared.content).some(isJson)) {
      declared.headers = { ...declared.headers, 'Request-Id': { $ref: '#/components/headers/RequestId' } };
      continue;
    }
    // Loud, at the first /docs/json: a status no error code has cannot be answered in the contract's shape.
    if (!ERROR_STATUSES.includes(status)) throw new Error(`${method.toUpperCase()} ${path}: no error code has status ${status} (src/domain/errors.ts)`);
    responses[String(status)] = { $ref: `#/components/responses/${errorResponseName(status)}` };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 400 || response.$ref !== undefined) continue;
    response.headers = {
      ...response.headers,
      'Request-Id': { $ref: '#/components/headers/RequestId' },
      ...(idempotent && { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } }),
    };
  }
}

/** The OpenAPI document at /docs/json (and Swagger UI at /docs), generated from the routes' schemas. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'stablepos API',
        version: '1',
        description:
          'Stablecoin point-of-sale API. Successes are `{"base":{"code":0,"message":"success"},"data":…}`; failures are ' +
          '`{"error":{"type","code","message","param"}}` with a `Request-Id` header on every response. See docs/api.md.',
      },
      // **Decision:** relative: the document is served by the app it describes, so its base URL is
      // wherever the document was fetched from (a loopback address, the LAN name, the public URL).
      servers: [{ url: '/', description: 'This app: the origin this document was fetched from.' }],
      tags: [...TAGS],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (sk_test_… or sk_live_…, acting as owner) or a UI sign-in token (uit_…, with its user\'s role).',
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    // 3.1 has `const`: keep the schemas exactly as they validate.
    convertConstToEnum: false,
    transformObject: (document) => ('openapiObject' in document ? completeDocument(document.openapiObject as unknown as Document) : document.swaggerObject) as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
