import { type TSchema, Type } from '@sinclair/typebox';
import { CURRENCIES } from '../../domain/currencies.js';
import { ERROR_CODES } from '../../domain/errors.js';

/**
 * Schemas shared by every route. The same objects validate requests (src/http/validation.ts),
 * serialise responses and generate the OpenAPI description at /docs.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const DateTime = Type.String({ description: 'ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`.' });

export const CurrencyCode = Type.String({
  maxLength: 8,
  description: `Currency code, case-insensitive: ${CURRENCIES.join(', ')}.`,
  examples: ['USD', 'EUR', 'USDT'],
});

export const MoneyOut = Type.Object(
  {
    value: Type.String({ description: 'Decimal amount with exactly the currency\'s decimals (JPY and VND 0, other fiat 2, USDT/USDC 6).', examples: ['12.50'] }),
    currency: Type.String(),
  },
);

export const Metadata = Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 500 }), {
  maxProperties: 50,
  description: 'Your own key-value pairs (up to 50 keys of ≤ 40 characters, values ≤ 500 characters), returned as given.',
});

export const Base = Type.Object({ code: Type.Literal(0), message: Type.Literal('success') });

/** `{"base":{"code":0,"message":"success"},"data":…}`: every success response. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ base: Base, data });

export const ListOf = <T extends TSchema>(item: T) =>
  Envelope(Type.Object({ items: Type.Array(item), has_more: Type.Boolean() }));

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      type: Type.String({ enum: [...new Set(Object.values(ERROR_CODES).map((e) => e.type))] }),
      code: Type.String({ enum: Object.keys(ERROR_CODES) }),
      message: Type.String(),
      param: Nullable(Type.String({ description: 'Path of the field at fault (`amount.value`, `line_items[0].quantity`), or null.' })),
    }),
  },
);

/** The error statuses a route can answer with, for its OpenAPI entry. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody]));
}

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

/** Pagination and filters shared by list endpoints (contract: "Envelope, errors, headers"). */
export const ListQueryBase = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: '1–100, default 10.' })),
  starting_after: Type.Optional(Type.String({ maxLength: 64, description: 'Object id: return the page after it (older objects). Not together with `ending_before` (400).' })),
  ending_before: Type.Optional(Type.String({ maxLength: 64, description: 'Object id: return the page before it (newer objects). Not together with `starting_after` (400).' })),
  created_gte: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601: created at or after.' })),
  created_lt: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601: created before.' })),
};
