import { type TSchema, Type } from '@sinclair/typebox';
import { CURRENCIES, STABLECOINS } from '../../domain/currencies.js';
import { ERROR_CODES } from '../../domain/errors.js';
import { DECIMAL_FORMAT_MESSAGE, DECIMAL_PATTERN } from '../../domain/money.js';

/**
 * Schemas shared by every route. The same objects validate requests (src/http/validation.ts),
 * serialise responses and generate the OpenAPI description at /docs.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const DateTime = Type.String({ description: 'ISO 8601 date-time in UTC, e.g. `2026-05-01T10:00:00.000Z`.' });

/** `usd`, `Usd` and `USD` alike: each letter either case (JSON Schema patterns have no `i` flag). */
const anyCase = (code: string) => [...code].map((c) => `[${c}${c.toLowerCase()}]`).join('');

/**
 * A currency code in a request. **Decision:** requests take codes in any case (`usd`, as Stripe's
 * clients send them), so the document states the accepted set as a pattern rather than an enum;
 * answers always carry the upper-case code and say so with an enum (`CurrencyOut`).
 */
export const CURRENCY_CODE_PATTERN = `^(${CURRENCIES.map(anyCase).join('|')})$`;

export const CurrencyCode = Type.String({
  maxLength: 8,
  pattern: CURRENCY_CODE_PATTERN,
  description: `Currency code, case-insensitive: ${CURRENCIES.join(', ')}.`,
  examples: ['USD', 'EUR', 'USDT'],
});

/** A currency code in an answer: always upper case. */
export const CurrencyOut = (description?: string) => Type.String({ enum: [...CURRENCIES], ...(description !== undefined && { description }) });

/**
 * What a payment option's QR code carries (domain/payment-option.ts): `uri`, the wallet request, or
 * `address`, the bare deposit address where no URI scheme scans in every wallet of the network.
 */
export const QrOut = Type.Object(
  {
    content: Type.String({ enum: ['uri', 'address'], description: '`uri`: the QR is the option\'s `uri`; `address`: the bare deposit address (show the amount beside it).' }),
    payload: Type.String({ description: 'Exactly what to encode in the QR code.' }),
  },
  { description: 'What the QR code of this option encodes: draw `payload`.' },
);

/** A stablecoin in an answer. */
export const CoinOut = Type.String({ enum: [...STABLECOINS] });

/** An amount in a request: a decimal string, checked against the currency's scale by the handler. */
export const DecimalString = (options: { description: string; examples: string[] }) =>
  Type.String({ minLength: 1, maxLength: 32, pattern: DECIMAL_PATTERN, ...options });

/**
 * What a request value that misses a schema `pattern` is told (src/http/validation.ts): the same
 * words as the parsers that check those fields further, rather than the pattern itself.
 */
export const PATTERN_MESSAGES: ReadonlyMap<string, string> = new Map([
  [DECIMAL_PATTERN, DECIMAL_FORMAT_MESSAGE],
  [CURRENCY_CODE_PATTERN, `must be one of ${CURRENCIES.join(', ')}`],
]);

export const MoneyOut = Type.Object(
  {
    value: Type.String({
      pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$',
      description: 'Decimal amount with exactly the currency\'s decimals (JPY and VND 0, other fiat 2, USDT/USDC 6); ledger debits are negative.',
      examples: ['12.50'],
    }),
    currency: CurrencyOut(),
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

/**
 * Error statuses a route answers besides those every route of its kind can answer (src/http/openapi/
 * error-statuses.ts derives those): e.g. a 409 `invalid_state` off a POST, a 404 for an id in the body.
 */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody]));
}

/**
 * An answer that is not JSON (a CSV file, an HTML page, server-sent events), for the OpenAPI
 * document; the handler sends it as it is (a string or a stream is never serialised).
 */
export const TextResponse = (mediaType: string, description: string) => ({ description, content: { [mediaType]: { schema: { type: 'string' } } } });

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

/** Pagination and filters shared by list endpoints (contract: "Envelope, errors, headers"). */
export const ListQueryBase = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: '1–100, default 10.' })),
  starting_after: Type.Optional(Type.String({ maxLength: 64, description: 'Object id: return the page after it (older objects). Not together with `ending_before` (400).' })),
  ending_before: Type.Optional(Type.String({ maxLength: 64, description: 'Object id: return the page before it (newer objects). Not together with `starting_after` (400).' })),
  created_gte: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601: created at or after.' })),
  created_lt: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601: created before.' })),
};

/** `format` of the CSV exports: `excel` for a file Excel opens as written (docs/api.md, "CSV exports"). */
export const CsvFormat = Type.Optional(
  Type.String({
    enum: ['plain', 'excel'],
    description:
      '`plain` (default): RFC 4180, amounts as plain decimals. `excel`: the same columns, starting with a UTF-8 byte order mark ' +
      '(so Excel reads the file as UTF-8) and with every amount written as a text cell (`="12.50"`), which Excel shows exactly as written in every locale.',
  }),
);
