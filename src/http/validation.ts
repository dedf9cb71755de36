import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { PATTERN_MESSAGES } from './schemas/common.js';

/**
 * Two validators: bodies are checked as sent (no type coercion, so `"amount": "1999"` is not an
 * integer), while query strings and path parameters, which are always text, are coerced.
 * Neither removes unknown fields: the schemas say `additionalProperties: false` and we refuse them.
 */
const common = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
const bodyAjv = new Ajv({ ...common, coerceTypes: false });
const textAjv = new Ajv({ ...common, coerceTypes: true });

export function installValidators(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as FastifySchema & object);
    return httpPart === 'querystring' && takesBothCursors(schema) ? withOneCursorAtMost(validate) : validate;
  });
}

/** A list route whose query takes both pagination cursors (`ListQueryBase`). */
function takesBothCursors(schema: unknown): boolean {
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  return 'starting_after' in properties && 'ending_before' in properties;
}

/**
 * A page lies after one object or before another, never both (Stripe answers 400 too); checked
 * here, once for every list route, instead of in each route or service. Fastify takes a
 * `{ error }` result from a validator as the request's validation failure.
 */
function withOneCursorAtMost(validate: ValidateFunction) {
  const checked = (query: Record<string, unknown> | null, ...rest: unknown[]) => {
    const valid = (validate as (...args: unknown[]) => boolean)(query, ...rest);
    checked.errors = validate.errors;
    if (!valid) return false;
    if (query?.starting_after !== undefined && query.ending_before !== undefined) {
      return { error: new ApiError('parameter_invalid', 'Pass starting_after or ending_before, not both: a page lies after one object or before another.') };
    }
    return true;
  };
  checked.errors = validate.errors;
  // Fastify hands Ajv's own functions their parent object (so a coerced root value can be replaced); keep that.
  return Object.assign(checked, { schemaEnv: validate.schemaEnv });
}

/** `/line_items/0/price_data` → `line_items[0].price_data`, the contract's `param` notation. */
export function paramPath(pointer: string, child?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function describe(e: ErrorObject): string {
  switch (e.keyword) {
    case 'enum':
      return `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    case 'pattern':
      return PATTERN_MESSAGES.get((e.params as { pattern: string }).pattern) ?? e.message ?? 'is invalid';
    default:
      return e.message ?? 'is invalid';
  }
}

/** Turns the first schema violation into the contract's error, naming the exact field. */
export function validationError(errors: ErrorObject[], part: string | undefined): ApiError {
  const e = errors[0];
  const where = part === 'body' || part === undefined ? 'request body' : part === 'querystring' ? 'query string' : 'path';
  if (!e) return new ApiError('parameter_invalid', `The ${where} is invalid.`);
  if (e.keyword === 'required') {
    const param = paramPath(e.instancePath, (e.params as { missingProperty: string }).missingProperty);
    return new ApiError('parameter_missing', `Missing required parameter: ${param}.`, param);
  }
  if (e.keyword === 'additionalProperties') {
    const param = paramPath(e.instancePath, (e.params as { additionalProperty: string }).additionalProperty);
    return new ApiError('parameter_unknown', `Received unknown parameter: ${param}.`, param);
  }
  const param = paramPath(e.instancePath);
  if (param === '') {
    // The whole body (or query) is of the wrong kind, e.g. a JSON array or string instead of an object.
    return new ApiError('parameter_invalid', `The ${where} ${describe(e)}.`, null);
  }
  return new ApiError('parameter_invalid', `Invalid ${param}: ${describe(e)}.`, param);
}
