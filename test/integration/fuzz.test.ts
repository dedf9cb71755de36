/**
 * Fuzzing every POST route of the v1 API with random and malformed bodies (fast-check).
 *
 * Whatever is sent, the answer is either a 200 success envelope (only for a body that is valid) or a
 * 4xx in the contract's shape `{"error":{"type","code","message","param"}}` whose code, type and HTTP
 * status agree with the contract's table, always with a Request-Id header: never a 5xx, never a crash.
 * Where a mutation hits a known path, a 400 names exactly that path in `param`.
 *
 * One server for the whole file. Every 200 from a create route is counted, and at the end the list of
 * sessions must hold exactly those: nothing is created by a rejected request.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CURRENCIES, type Currency, scaleOf } from '../../src/domain/currencies.js';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { KEPT_BACK_ERROR } from '../../src/domain/webhook-answers.js';
import { SseParser } from '../helpers/sse-parser.js';
import { type ApiResponse, expectError, shapeA, shapeB, startTestCore, type TestCore } from '../helpers/test-core.js';
import { eventually, ownerSignIn } from '../helpers/webhook-receiver.js';

const CREATE_A = '/v1/payment/sessions';
const CREATE_B = '/api/v1/checkout/sessions/create';
const cancelPath = (id: string) => `/v1/payment/sessions/${id}/cancel`;
const MAX_MINOR = 10 ** 15;

let t: TestCore;
/** The session every `cancel` with a real id aims at (created in beforeAll, so counted below). */
let realId: string;
/** 200s from the two create routes: the sessions the list must hold at the end (plus realId). */
let created = 0;
/** 200s from cancelling realId: at most one (PENDING → CANCELED once, then 409 invalid_state). */
let canceled = 0;

beforeAll(async () => {
  t = await startTestCore();
  const res = await t.api('POST', CREATE_A, { body: shapeA(t.merchantId) });
  expect(res.status).toBe(200);
  realId = res.body.data.session_id;
});
afterAll(async () => t?.stop());

// ---------------------------------------------------------------------------------------------------
// The contract check applied to every response
// ---------------------------------------------------------------------------------------------------

type Route = 'A' | 'B' | 'cancel-real' | 'cancel-bogus';

const pathOf = (route: Route, bogusId = 'ps_doesNotExist0000000000'): string =>
  route === 'A' ? CREATE_A : route === 'B' ? CREATE_B : cancelPath(route === 'cancel-real' ? realId : bogusId);

const describeRes = (path: string, res: ApiResponse) => `POST ${path} → ${res.status} ${res.text.slice(0, 400)}`;

/** Asserts the response is a success envelope or a contract-shaped 4xx; counts sessions created. */
function checkContract(route: Route, path: string, res: ApiResponse): void {
  const ctx = describeRes(path, res);
  expect(res.headers.get('request-id') ?? '(none)', `no Request-Id header: ${ctx}`).toMatch(/^req_[0-9A-Za-z]+$/);
  expect(res.headers.get('content-type') ?? '', ctx).toMatch(/^application\/json/);
  if (res.status === 200) {
    expect(route === 'cancel-bogus', `200 for a bogus id: ${ctx}`).toBe(false);
    expect(res.body?.base, ctx).toEqual({ code: 0, message: 'success' });
    expect(res.body?.data?.object, ctx).toBe('payment_session');
    if (route === 'A' || route === 'B') created++;
    else {
      canceled++;
      expect(res.body.data.session_id, ctx).toBe(realId);
      expect(canceled, `cancel of ${realId} succeeded twice: ${ctx}`).toBe(1);
    }
    return;
  }
  expect(res.status >= 400 && res.status < 500, `not a 4xx: ${ctx}`).toBe(true);
  expect(res.body !== null && typeof res.body === 'object' && !Array.isArray(res.body), `error body is not a JSON object: ${ctx}`).toBe(true);
  expect(Object.keys(res.body), ctx).toEqual(['error']);
  const error = res.body.error;
  expect(Object.keys(error ?? {}).sort(), ctx).toEqual(['code', 'message', 'param', 'type']);
  const spec = (ERROR_CODES as Record<string, { status: number; type: string }>)[error.code];
  expect(spec, `unknown error code: ${ctx}`).toBeDefined();
  expect(spec!.status, `code and HTTP status disagree: ${ctx}`).toBe(res.status);
  expect(error.type, `code and type disagree: ${ctx}`).toBe(spec!.type);
  expect(typeof error.message === 'string' && error.message.length > 0, ctx).toBe(true);
  expect(error.param === null || typeof error.param === 'string', ctx).toBe(true);
}

interface Send {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

async function send(route: Route, init: Send, bogusId?: string): Promise<ApiResponse> {
  const path = pathOf(route, bogusId);
  const res = await t.api('POST', path, init);
  checkContract(route, path, res);
  return res;
}

/** Asserts a 400 (or other status) with this code and param, with a readable failure message. */
function expectParam(res: ApiResponse, status: number, code: string, param: string | null): void {
  expectError(res, status, code, param);
}

const json = (value: unknown) => ({ rawBody: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

// ---------------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------------

/**
 * Whether a value holds a `__proto__` or `constructor` key anywhere. The server refuses such bodies
 * outright as invalid_json (prototype-poisoning guard), before any field is looked at, so properties
 * that expect a field-level error keep them out; the "any body" properties still send them.
 */
function hasPoisonKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasPoisonKey);
  if (value === null || typeof value !== 'object') return false;
  return Object.keys(value).some((k) => k === '__proto__' || k === 'constructor' || hasPoisonKey((value as Record<string, unknown>)[k]));
}
const safeJson = (constraints: fc.JsonSharedConstraints = {}) => fc.jsonValue(constraints).filter((v) => !hasPoisonKey(v));

const anyRoute = fc.constantFrom<Route>('A', 'B', 'cancel-real', 'cancel-bogus');
const createRoute = fc.constantFrom<'A' | 'B'>('A', 'B');
const currency = fc.constantFrom(...CURRENCIES);
/** Currency spellings the API accepts (case-insensitive). */
const currencySpelling = (c: Currency) => fc.constantFrom(c, c.toLowerCase());
const shortText = (max: number) => fc.string({ maxLength: max, unit: 'grapheme-ascii' });
const name = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' });
const metadataKey = fc.stringMatching(/^[a-z][a-z_]{0,15}$/);

/** A positive decimal string with no more decimals than the currency has, well below the maximum. */
const decimalFor = (c: Currency) =>
  fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: scaleOf(c) })).chain(([whole, decimals]) =>
    fc.integer({ min: 0, max: 10 ** decimals - 1 }).map((frac) => {
      const value = decimals === 0 ? String(whole) : `${whole}.${String(frac).padStart(decimals, '0')}`;
      return /^0(\.0*)?$/.test(value) ? '1' : value;
    }),
  );

/** The optional fields both shapes share, each present or not. */
const commonExtras = () =>
  fc.record(
    {
      merchant_domain_id: fc.constant(t.domainId),
      description: shortText(100),
      client_reference_id: shortText(60),
      metadata: fc.dictionary(metadataKey, shortText(40), { maxKeys: 4 }),
      expires_at: fc.integer({ min: 3 * 60, max: 23 * 3600 }).map((s) => new Date(Date.now() + s * 1000).toISOString()),
      success_url: fc.webUrl({ validSchemes: ['https', 'http'] }),
      cancel_url: fc.webUrl({ validSchemes: ['https'] }),
    },
    { requiredKeys: [] },
  );

/** A valid shape A body (moderate amounts). */
const validA = () =>
  currency.chain((c) =>
    fc.record({ value: decimalFor(c), currency: currencySpelling(c), extras: commonExtras() }).map(({ value, currency: code, extras }) =>
      shapeA(t.merchantId, value, code, extras),
    ),
  );

/** A valid shape B body (moderate amounts), `amount` sometimes given as the exact total. */
const validB = () =>
  currency.chain((c) =>
    fc
      .record({
        currency: currencySpelling(c),
        items: fc.array(
          fc.record(
            {
              quantity: fc.integer({ min: 1, max: 100 }),
              unit_amount: fc.integer({ min: 0, max: 1_000_000 }),
              name,
              description: shortText(60),
              itemCurrency: currencySpelling(c),
            },
            { requiredKeys: ['quantity', 'unit_amount', 'name', 'itemCurrency'] },
          ),
          { minLength: 1, maxLength: 4 },
        ),
        withAmount: fc.boolean(),
        extras: commonExtras(),
      })
      .map(({ currency: code, items, withAmount, extras }) => {
        if (items.every((i) => i.unit_amount === 0)) items[0]!.unit_amount = 1;
        const line_items = items.map((i) => ({
          quantity: i.quantity,
          price_data: {
            currency: i.itemCurrency,
            unit_amount: i.unit_amount,
            product_data: i.description === undefined ? { name: i.name } : { name: i.name, description: i.description },
          },
        }));
        const total = items.reduce((sum, i) => sum + i.quantity * i.unit_amount, 0);
        const body: Record<string, unknown> = { currency: code, mode: 'payment', line_items, ...extras };
        if (withAmount) body.amount = total;
        return body;
      }),
  );

const validFor = (route: 'A' | 'B') => (route === 'A' ? validA() : validB());
const validBody = () => createRoute.chain((route) => validFor(route).map((body) => ({ route, body })));

// ---------------------------------------------------------------------------------------------------
// Paths inside a body
// ---------------------------------------------------------------------------------------------------

type Path = (string | number)[];
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** `["line_items", 1, "quantity"]` → `line_items[1].quantity`, the contract's notation. */
const fmt = (path: Path) => path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k), '');

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every node of a JSON value with its path (the root is `[]`). */
function nodes(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const out = [{ path, value }];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...nodes(v, [...path, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...nodes(v, [...path, k]));
  return out;
}

function getAt(root: unknown, path: Path): any {
  return path.reduce<any>((node, k) => node[k], root);
}

/** A copy of `root` with the node at `path` replaced (or removed when `value` is `REMOVE`). */
const REMOVE = Symbol('remove');
function withAt(root: unknown, path: Path, value: unknown): any {
  const copy = structuredClone(root) as any;
  const parent = getAt(copy, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (value !== REMOVE) parent[key] = value;
  else if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key];
  return copy;
}

const inMetadata = (path: Path) => path[0] === 'metadata';

/** Whether the schema requires the field at `path` (metadata entries and the optional fields are not). */
function isRequired(route: 'A' | 'B', path: Path): boolean {
  if (inMetadata(path)) return false;
  const last = path[path.length - 1];
  if (path.length === 1) {
    const optional = ['merchant_domain_id', 'description', 'client_reference_id', 'metadata', 'expires_at', 'success_url', 'cancel_url'];
    return !(optional.includes(last as string) || (route === 'B' && last === 'amount'));
  }
  return last !== 'description'; // line_items[i].price_data.product_data.description
}

/** A body and one of its nodes (not the root) chosen by a filter. */
function bodyAndPath(filter: (route: 'A' | 'B', path: Path, value: unknown) => boolean) {
  return validBody()
    .map(({ route, body }) => ({ route, body, paths: nodes(body).filter((n) => n.path.length > 0 && filter(route, n.path, n.value)) }))
    .filter(({ paths }) => paths.length > 0)
    .chain(({ route, body, paths }) => fc.constantFrom(...paths).map(({ path, value }) => ({ route, body, path, value })));
}

// ---------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------

const RUNS = { numRuns: 200 };

describe('every POST route answers any body with 200 or a contract-shaped 4xx', () => {
  test('arbitrary JSON values as the body (fc.jsonValue, fc.anything)', async () => {
    await fc.assert(
      fc.asyncProperty(anyRoute, fc.oneof(fc.jsonValue(), fc.anything()), async (route, value) => {
        const text = JSON.stringify(value);
        // `undefined` (and functions) have no JSON text: send an empty JSON body instead.
        const res = await send(route, { rawBody: text ?? '', headers: { 'content-type': 'application/json' } });
        if (route === 'A' || route === 'B') expect(res.status, describeRes(pathOf(route), res)).not.toBe(200);
        if (text === undefined) expectParam(res, 400, 'invalid_json', null);
      }),
      { numRuns: 200 },
    );
  });

  test('raw non-JSON and truncated JSON with Content-Type: application/json → 400 invalid_json', async () => {
    const notJson = (s: string) => {
      try {
        JSON.parse(s.replace(/^\uFEFF/, ''));
        return false;
      } catch {
        return true;
      }
    };
    const junk = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom('{', '}', '{"a":', '[1,2', 'undefined', 'NaN', 'Infinity', "{'a':1}", '{"a":1,}', '01', '.5', '+1', 'tru', '"open',
        '{"a":1}{"b":2}', '<xml/>', 'a=b&c=d', '{"amount":{"value":12.50', '\u0000', '{"a":"\\x41"}', '[,]', '{"a" 1}', '  '),
    );
    const truncated = validBody().chain(({ body }) => {
      const text = JSON.stringify(body);
      return fc.integer({ min: 0, max: text.length - 1 }).map((n) => text.slice(0, n));
    });
    await fc.assert(
      fc.asyncProperty(anyRoute, fc.oneof(junk, truncated).filter(notJson), async (route, raw) => {
        const res = await send(route, { rawBody: raw, headers: { 'content-type': 'application/json' } });
        expectParam(res, 400, 'invalid_json', null);
      }),
      { numRuns: 150 }, // each run costs a new connection: Fastify closes it after a body it could not parse
    );
  });

  test('any body sent with a content type other than JSON → 415 content_type_invalid', async () => {
    const contentType = fc.oneof(
      fc.constantFrom('text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
        'application/xml', 'text/html', 'text/json', 'application/jsonp', 'application/json-patch+json', 'application/vnd.api+json',
        'application/ld+json', 'json', 'application', '*/*', 'application/*', 'application/octet-stream', ''),
      fc.stringMatching(/^[a-z]{1,12}\/[a-z0-9.+-]{1,20}(; ?[a-z]{1,8}=[a-z0-9-]{1,10})?$/),
      fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
    ).filter((ct) => ct.split(';')[0]!.trim().toLowerCase() !== 'application/json');
    const body = fc.oneof(validBody().map(({ body: b }) => JSON.stringify(b)), fc.jsonValue().map((v) => JSON.stringify(v)), fc.string({ minLength: 1 }));
    await fc.assert(
      fc.asyncProperty(anyRoute, contentType, body, async (route, ct, raw) => {
        const res = await send(route, { rawBody: raw, headers: { 'content-type': ct } });
        expectParam(res, 415, 'content_type_invalid', null);
      }),
      RUNS,
    );
  });

  test('valid bodies of both shapes → 200 (the generators themselves are sound)', async () => {
    await fc.assert(
      fc.asyncProperty(validBody(), async ({ route, body }) => {
        const res = await send(route, { body });
        expect(res.status, describeRes(pathOf(route), res)).toBe(200);
      }),
      { numRuns: 150 },
    );
  });

  test('a dropped field: required → 400 parameter_missing naming it; optional → 200', async () => {
    await fc.assert(
      fc.asyncProperty(bodyAndPath(() => true), async ({ route, body, path }) => {
        const mutated = withAt(body, path, REMOVE);
        const res = await send(route, { body: mutated });
        const last = path[path.length - 1];
        if (typeof last === 'number') {
          // A line item removed: the list may be empty now, `amount` no longer the total, or the total 0.
          const items = mutated.line_items as { quantity: number; price_data: { unit_amount: number } }[];
          const total = items.reduce((sum, i) => sum + i.quantity * i.price_data.unit_amount, 0);
          if (items.length === 0) expectParam(res, 400, 'parameter_invalid', 'line_items');
          else if (mutated.amount !== undefined && mutated.amount !== total) expectParam(res, 400, 'parameter_invalid', 'amount');
          else if (total === 0) expectParam(res, 400, 'parameter_invalid', 'line_items');
          else expect(res.status, describeRes(pathOf(route), res)).toBe(200);
        } else if (isRequired(route, path)) {
          expectParam(res, 400, 'parameter_missing', fmt(path));
        } else {
          expect(res.status, describeRes(pathOf(route), res)).toBe(200);
        }
      }),
      RUNS,
    );
  });

  test('an unknown field anywhere (outside metadata) → 400 parameter_unknown naming its path', async () => {
    const unknownKey = fc.oneof(
      fc.stringMatching(/^x_[a-z_]{1,12}$/),
      fc.constantFrom('foo', 'Currency', 'Amount', 'merchantId', 'unitAmount', 'qty', 'amount_value', 'line_item', 'descripton', 'livemode', 'id'),
    );
    await fc.assert(
      fc.asyncProperty(
        bodyAndPath((_r, path, value) => !inMetadata(path) && kindOf(value) === 'object').map((x) => x),
        fc.boolean(),
        unknownKey,
        safeJson(),
        async ({ route, body, path }, atRoot, key, junk) => {
          const target: Path = atRoot ? [] : path;
          const node = getAt(body, target) as Record<string, unknown>;
          fc.pre(!(key in node));
          const res = await send(route, { body: withAt(body, [...target, key], junk) });
          expectParam(res, 400, 'parameter_unknown', fmt([...target, key]));
        },
      ),
      RUNS,
    );
  });

  test('a field replaced by a JSON value of the wrong type → 400 parameter_invalid naming its path', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyAndPath(() => true).chain((x) =>
          fc
            .oneof(safeJson({ maxDepth: 3 }), fc.constantFrom<Json>('1e3', '-1', '12.345', '0', '', '750', true, false, null, [], {}, 0, -1, 1.5))
            .filter((v) => kindOf(v) !== kindOf(x.value))
            .map((wrong) => ({ ...x, wrong })),
        ),
        async ({ route, body, path, wrong }) => {
          const res = await send(route, { body: withAt(body, path, wrong) });
          expectParam(res, 400, 'parameter_invalid', fmt(path));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('out-of-range numbers, exponent/sign/scale strings and bad codes at known paths → 400 naming the path', async () => {
    const notInteger = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e20, max: 1e20 }).filter((d) => !Number.isInteger(d));
    const huge = fc.oneof(fc.integer({ min: MAX_MINOR + 1, max: Number.MAX_SAFE_INTEGER }), fc.double({ min: 1e16, max: 1e300, noNaN: true }));
    const negative = fc.oneof(fc.integer({ min: -(2 ** 53), max: -1 }), fc.double({ min: -1e300, max: -1e-9, noNaN: true }));
    /** Strings that are not a positive USD amount with at most 2 decimals up to the maximum. */
    const badUsd = fc
      .oneof(
        fc.constantFrom('1e3', '-1', '12.345', '0', '0.00', '00', '01', '.5', '5.', '+1', ' 1', '1 ', '1,00', '12.5.0', 'NaN', 'Infinity', '0x10',
          '１２', '١٢', '12.50 USD', '$12.50', '10000000000000.01', '9'.repeat(16), '9'.repeat(32), '9'.repeat(33), '1'.repeat(200), ''),
        fc.string({ maxLength: 40, unit: 'grapheme' }),
        fc.tuple(fc.integer({ min: 0, max: 10 ** 6 }), fc.integer({ min: 3, max: 12 })).map(([w, d]) => `${w}.${'0'.repeat(d - 1)}1`),
      )
      .filter((s) => !(/^(0|[1-9]\d*)(\.\d{1,2})?$/.test(s) && Number(s) > 0 && Number(s) <= MAX_MINOR / 100));
    const badCode = fc
      .oneof(fc.constantFrom('US', 'USDD', 'XYZ', 'BTC', 'ETH', 'usd ', ' USD', 'U$D', 'ＵＳＤ', 'USDC.e', ''), fc.string({ maxLength: 8 }))
      .filter((s) => !(CURRENCIES as readonly string[]).includes(s.toUpperCase()));
    const badUrl = fc.constantFrom('not a url', 'ftp://shop.example/x', 'javascript:alert(1)', '/relative/path', 'shop.example', 'mailto:a@b.c', 'x'.repeat(2049));
    const badDate = fc.oneof(
      fc.constantFrom('tomorrow', '2026-05-01', '2026-05-01T10:00:00', '2026-13-01T10:00:00Z', '2026-05-01T25:00:00Z', '1e3', '0', '2000-01-01T00:00:00Z',
        '2999-01-01T00:00:00Z', 'x'.repeat(41)),
      fc.string({ maxLength: 30 }),
    );

    type Case = { route: 'A' | 'B'; body: any; path: Path; value: unknown; code?: string; param?: string };
    const aCases = validA().chain((body) =>
      fc.oneof(
        badUsd.map((value): Case => ({ route: 'A', body: { ...body, amount: { value: body.amount.value, currency: 'USD' } }, path: ['amount', 'value'], value })),
        badCode.map((value): Case => ({ route: 'A', body, path: ['amount', 'currency'], value })),
        fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), fc.constantFrom('m_other', t.merchantId.toUpperCase()))
          .filter((id) => id !== t.merchantId)
          .map((value): Case => ({ route: 'A', body, path: ['merchant_id'], value, code: 'merchant_mismatch' })),
        badUrl.map((value): Case => ({ route: 'A', body, path: ['success_url'], value })),
        badDate.map((value): Case => ({ route: 'A', body, path: ['expires_at'], value })),
        fc.constantFrom('', 'x'.repeat(65)).map((value): Case => ({ route: 'A', body, path: ['merchant_domain_id'], value })),
      ),
    );
    const bCases = validB().chain((body: any) => {
      const n = body.line_items.length as number;
      const item = fc.integer({ min: 0, max: n - 1 });
      return fc.oneof(
        fc.tuple(item, fc.oneof(notInteger, huge, negative)).map(([i, value]): Case => ({ route: 'B', body, path: ['line_items', i, 'price_data', 'unit_amount'], value })),
        fc.tuple(item, fc.oneof(notInteger, huge, negative, fc.constant(0), fc.integer({ min: 100_001, max: 10 ** 9 })))
          .map(([i, value]): Case => ({ route: 'B', body, path: ['line_items', i, 'quantity'], value })),
        fc.oneof(notInteger, huge, negative, fc.constant(0), fc.integer({ min: 1, max: 10 ** 9 }))
          .filter((v) => v !== body.line_items.reduce((s: number, it: any) => s + it.quantity * it.price_data.unit_amount, 0))
          .map((value): Case => ({ route: 'B', body, path: ['amount'], value })),
        badCode.map((value): Case => ({ route: 'B', body, path: ['currency'], value })),
        fc.tuple(item, badCode).map(([i, value]): Case => ({ route: 'B', body, path: ['line_items', i, 'price_data', 'currency'], value })),
        fc.tuple(item, fc.constantFrom(...CURRENCIES))
          .filter(([, c]) => c !== String(body.currency).toUpperCase())
          .map(([i, value]): Case => ({ route: 'B', body, path: ['line_items', i, 'price_data', 'currency'], value })),
        fc.tuple(item, fc.constantFrom('', 'n'.repeat(251))).map(([i, value]): Case => ({ route: 'B', body, path: ['line_items', i, 'price_data', 'product_data', 'name'], value })),
        fc.constantFrom('Payment', 'PAYMENT', 'subscription', 'setup', '').map((value): Case => ({ route: 'B', body, path: ['mode'], value })),
        badUrl.map((value): Case => ({ route: 'B', body, path: ['cancel_url'], value })),
        fc.constant<Case>({ route: 'B', body, path: ['line_items'], value: [] }),
        fc.constant<Case>({ route: 'B', body, path: ['line_items'], value: Array.from({ length: 101 }, () => body.line_items[0]) }),
      );
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(aCases, bCases), async ({ route, body, path, value, code }) => {
        const res = await send(route, { body: withAt(body, path, value) });
        const status = code === 'merchant_mismatch' ? 403 : 400;
        expectParam(res, status, code ?? 'parameter_invalid', fmt(path));
      }),
      { numRuns: 200 },
    );
  });

  test('deep nesting, very long strings and unicode anywhere → 200 or a 4xx; the wrong kind at a leaf names the leaf', async () => {
    const deep = fc.tuple(fc.integer({ min: 1, max: 3000 }), fc.boolean(), safeJson({ maxDepth: 1 })).map(([depth, arrays, leaf]) => {
      let v: unknown = leaf;
      for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
      return v;
    });
    const longString = fc.oneof(fc.integer({ min: 2049, max: 100_000 }), fc.integer({ min: 1_050_000, max: 1_100_000 })).chain((n) =>
      fc.constantFrom('x', 'é', '💸', '\u0000', '"', '\\').map((c) => c.repeat(Math.ceil(n / c.length))),
    );
    const unicode = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        bodyAndPath(() => true),
        fc.boolean(),
        fc.oneof(deep, longString, unicode),
        async ({ route, body, path, value }, atRoot, replacement) => {
          const mutated = atRoot ? replacement : withAt(body, path, replacement);
          const text = JSON.stringify(mutated);
          const res = await send(route, { rawBody: text, headers: { 'content-type': 'application/json' } });
          if (Buffer.byteLength(text) > 1024 * 1024) {
            expectParam(res, 413, 'payload_too_large', null);
          } else if (!atRoot && kindOf(replacement) !== kindOf(value)) {
            expectParam(res, 400, 'parameter_invalid', fmt(path));
          } else if (!atRoot && typeof replacement === 'string' && replacement.length > 2048) {
            expectParam(res, 400, 'parameter_invalid', fmt(path)); // longer than any string field allows
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  test('amounts at the edge of the accepted range (up to 10^15 minor units) → 200 or a 4xx, never a 5xx', async () => {
    const nearMax = fc.oneof(
      fc.integer({ min: MAX_MINOR - 10 ** 12, max: MAX_MINOR }),
      fc.integer({ min: 1, max: MAX_MINOR }),
      fc.constantFrom(MAX_MINOR, MAX_MINOR - 1, MAX_MINOR / 10, 2 ** 53 / 10, 9_223_372_036_854),
    );
    const toDecimal = (minor: number, c: Currency) => {
      const digits = String(minor).padStart(scaleOf(c) + 1, '0');
      return scaleOf(c) === 0 ? digits : `${digits.slice(0, -scaleOf(c))}.${digits.slice(-scaleOf(c))}`;
    };
    await fc.assert(
      fc.asyncProperty(createRoute, currency, nearMax, fc.integer({ min: 1, max: 3 }), async (route, c, minor, quantity) => {
        const body =
          route === 'A'
            ? shapeA(t.merchantId, toDecimal(minor, c), c)
            : shapeB({
                currency: c,
                line_items: [{ quantity, price_data: { currency: c, unit_amount: Math.floor(minor / quantity), product_data: { name: 'Gold bar' } } }],
              });
        await send(route, { body });
      }),
      { numRuns: 150 },
    );
  });

  test('cancel with bogus ids (random text, percent-encoded) and any JSON body → 404/400, never 200', async () => {
    const bogusId = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_]{1,64}$/),
      fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }).map(encodeURIComponent),
      fc.constantFrom('ps_' + 'A'.repeat(24), 'ps_', '%20', 'null', 'undefined', '0', '-1', 'x'.repeat(65), "'; DROP TABLE payment_sessions;--"),
    );
    await fc.assert(
      fc.asyncProperty(bogusId, fc.option(safeJson(), { nil: undefined }), async (id, body) => {
        fc.pre(id !== realId);
        const res = await send('cancel-bogus', body === undefined ? {} : json(body), id);
        if (/^[A-Za-z0-9_]{1,64}$/.test(id)) expectParam(res, 404, 'resource_missing', 'id');
      }),
      { numRuns: 150 },
    );
  });
});

describe('param names the exact path of the field at fault', () => {
  test('amount.value replaced with the number 12', async () => {
    const res = await send('A', { body: shapeA(t.merchantId, 12 as never) });
    expectParam(res, 400, 'parameter_invalid', 'amount.value');
  });

  test('line_items[1].quantity replaced with "x"', async () => {
    const body = shapeB() as any;
    body.line_items[1].quantity = 'x';
    expectParam(await send('B', { body }), 400, 'parameter_invalid', 'line_items[1].quantity');
  });

  test('an unknown top-level field foo', async () => {
    expectParam(await send('A', { body: shapeA(t.merchantId, '12.50', 'USD', { foo: 1 }) }), 400, 'parameter_unknown', 'foo');
    expectParam(await send('B', { body: shapeB({ foo: 'bar' }) }), 400, 'parameter_unknown', 'foo');
  });

  test('deep paths: line_items[0].price_data.unit_amount as a huge number, a float, a negative, "1e3"', async () => {
    for (const value of [1e300, 1e16, 7.5, -1, '1e3']) {
      const body = shapeB() as any;
      body.line_items[0].price_data.unit_amount = value;
      expectParam(await send('B', { body }), 400, 'parameter_invalid', 'line_items[0].price_data.unit_amount');
    }
  });

  test('amount.value strings "1e3", "-1", "12.345" (USD), "0" and unicode digits', async () => {
    for (const value of ['1e3', '-1', '12.345', '0', '１２']) {
      expectParam(await send('A', { body: shapeA(t.merchantId, value, 'USD') }), 400, 'parameter_invalid', 'amount.value');
    }
  });

  test('a __proto__ or constructor.prototype key anywhere → 400 invalid_json (prototype-poisoning guard)', async () => {
    for (const raw of ['{"__proto__":{"admin":true}}', '{"metadata":{"__proto__":"x"}}', '{"constructor":{"prototype":{"x":1}}}']) {
      for (const route of ['A', 'B', 'cancel-bogus'] as const) {
        expectParam(await send(route, { rawBody: raw, headers: { 'content-type': 'application/json' } }), 400, 'invalid_json', null);
      }
    }
  });

  test('a missing nested field names its full path', async () => {
    const body = shapeB() as any;
    delete body.line_items[1].price_data.product_data.name;
    expectParam(await send('B', { body }), 400, 'parameter_missing', 'line_items[1].price_data.product_data.name');
  });
});

describe('bugs the fuzzer found, pinned as examples', () => {
  // An amount within the accepted range (≤ 10^15 minor units) whose stablecoin quote (6 decimals) no
  // longer fits SQLite's 64-bit integer: the insert throws RangeError and the API answers 500.
  test('USD 10,000,000,000,000.00 (exactly the maximum) gets 200 or a 4xx, not a 500', async () => {
    await send('A', { body: shapeA(t.merchantId, '10000000000000.00', 'USD') });
    await send('B', { body: shapeB({ line_items: [{ quantity: 1, price_data: { currency: 'USD', unit_amount: MAX_MINOR, product_data: { name: 'x' } } }] }) });
    await send('B', { body: shapeB({ currency: 'EUR', line_items: [{ quantity: 1, price_data: { currency: 'EUR', unit_amount: 9.5e14, product_data: { name: 'x' } } }] }) });
  });

  // A malformed percent-escape in the path is answered by Fastify's default error body, without a
  // Request-Id header: {"error":"Bad Request","code":"FST_ERR_BAD_URL",...}.
  test('cancel with a malformed percent-encoded id gets a contract-shaped 4xx with a Request-Id', async () => {
    for (const id of ['%E0%A4%A', '%', '%zz', 'a%']) await send('cancel-bogus', {}, id);
  });
});

/** The same contract check as above, for routes that create no sessions. */
function checkShape(path: string, res: ApiResponse): void {
  const ctx = describeRes(path, res);
  expect(res.headers.get('request-id') ?? '(none)', `no Request-Id header: ${ctx}`).toMatch(/^req_[0-9A-Za-z]+$/);
  expect(res.headers.get('content-type') ?? '', ctx).toMatch(/^application\/json/);
  if (res.status === 200) {
    expect(res.body?.base, ctx).toEqual({ code: 0, message: 'success' });
    return;
  }
  expect(res.status >= 400 && res.status < 500, `not a 4xx: ${ctx}`).toBe(true);
  expect(Object.keys(res.body ?? {}), ctx).toEqual(['error']);
  const spec = (ERROR_CODES as Record<string, { status: number; type: string }>)[res.body.error.code];
  expect(spec?.status, `code and HTTP status disagree: ${ctx}`).toBe(res.status);
  expect(res.body.error.type, ctx).toBe(spec!.type);
  expect(Object.keys(res.body.error).sort(), ctx).toEqual(['code', 'message', 'param', 'type']);
}

// Before any test here makes an owner (the webhook confirmations sign one in): a shop without one.
describe('the UI\'s public POST routes: any body, any bearer, never a shop claimed without its setup code', () => {
  beforeAll(async () => {
    await t.setupCode(); // a code exists: guesses must not match it
  });

  test('setup and sign-in: arbitrary JSON, junk and near-valid bodies (a made-up setup_code) → a contract-shaped 4xx, never 200', async () => {
    const nearSetup = fc.record(
      { name: fc.string({ minLength: 1, maxLength: 40 }), pin: fc.constantFrom('2580', '4826', '13579'), setup_code: fc.string({ maxLength: 64 }) },
      { requiredKeys: ['name', 'pin'] },
    ).map((v) => JSON.stringify(v));
    const body = fc.oneof(nearSetup, fc.jsonValue().map((v) => JSON.stringify(v)), fc.string({ unit: 'binary', maxLength: 100 }));
    const bearer = fc.option(fc.string({ minLength: 1, maxLength: 60 }).filter((b) => /^[\x21-\x7e]+$/.test(b)), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/v1/ui/setup', '/v1/ui/sessions'), body, bearer, async (path, raw, token) => {
        const res = await t.api('POST', path, { key: null, rawBody: raw, headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) } });
        checkShape(path, res);
        expect(res.status, describeRes(path, res)).not.toBe(200);
      }),
      { numRuns: 200 },
    );
    expect((await t.api('GET', '/v1/ui/setup', { key: null })).body.data).toEqual({ needs_owner: true });
  });
});

describe('the webhook and event POST routes answer any body with 200 or a contract-shaped 4xx', () => {
  let endpointId: string;
  let eventId: string;
  beforeAll(async () => {
    // A closed loopback port: deliveries fail fast and stay on this machine.
    const e = await t.api('POST', '/v1/webhook_endpoints', { body: { url: 'http://127.0.0.1:9/hooks', enabled_events: ['payment_session.canceled'] } });
    expect(e.status, e.text).toBe(200);
    endpointId = e.body.data.id;
    const events = await t.api('GET', '/v1/events?limit=1');
    eventId = events.body.data.items[0].id;
  });
  afterAll(async () => {
    const list = await t.api('GET', '/v1/webhook_endpoints?limit=100');
    for (const e of list.body.data.items) await t.api('DELETE', `/v1/webhook_endpoints/${e.id}`);
  });

  const paths = () => [
    '/v1/webhook_endpoints',
    `/v1/webhook_endpoints/${endpointId}/rotate_secret`,
    `/v1/webhook_endpoints/${endpointId}/test`,
    '/v1/webhook_endpoints/we_doesNotExist/test',
    `/v1/webhook_endpoints/${endpointId}/confirm`,
    '/v1/webhook_endpoints/we_doesNotExist/confirm',
    `/v1/events/${eventId}/resend`,
    '/v1/events/evt_doesNotExist/resend',
  ];

  test('arbitrary JSON and junk bodies', async () => {
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.anything().map((v) => JSON.stringify(v) ?? ''),
      fc.string({ unit: 'binary', maxLength: 100 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 7 }), body, async (i, raw) => {
        const path = paths()[i]!;
        checkShape(path, await t.api('POST', path, { rawBody: raw, headers: { 'content-type': 'application/json' } }));
      }),
      { numRuns: 200 },
    );
  });

  test('confirm: any body from an API key is 403 role_forbidden; from the signed-in owner a contract-shaped 4xx, never a confirmation', async () => {
    const owner = await ownerSignIn(t);
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ url: fc.oneof(fc.constant('http://127.0.0.1:9/hooks'), fc.string({ maxLength: 40 })), pin: fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue()) }).map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 100 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), body, async (asKey, raw) => {
        const path = `/v1/webhook_endpoints/${endpointId}/confirm`;
        const res = await t.api('POST', path, { rawBody: raw, headers: { 'content-type': 'application/json' }, ...(!asKey && { key: owner }) });
        checkShape(path, res);
        expect(res.status, describeRes(path, res)).not.toBe(200); // the owner's PIN is never among the fuzzed
        if (asKey) expectError(res, 403, 'role_forbidden', null);
      }),
      { numRuns: 100 },
    );
    expect((await t.api('GET', `/v1/webhook_endpoints/${endpointId}`)).body.data.owner_confirmed_at).toBeNull();
    // Whatever was sent meanwhile, the closed loopback port's failures read as one kept-back text.
    expect((await t.api('POST', `/v1/webhook_endpoints/${endpointId}/test`)).status).toBe(200);
    await eventually(async () => {
      const items = (await t.api('GET', `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`)).body.data.items as { attempts: { error: string | null; response_body: string | null }[] }[];
      const attempts = items.flatMap((d) => d.attempts);
      return attempts.length > 0 && attempts.every((a) => a.error === KEPT_BACK_ERROR && a.response_body === null) ? true : undefined;
    }, 5000, 'the test deliveries to 127.0.0.1:9 attempted and kept back');
  });

  test('endpoint bodies near the valid ones: a bad field is named in param', async () => {
    const events = fc.oneof(
      fc.constant(['*']),
      fc.subarray(['payment_session.created', 'payment_session.succeeded', 'refund.failed', 'balance.available'], { minLength: 1 }),
    );
    const field = fc.constantFrom('url', 'enabled_events', 'description', 'status');
    const junk = fc.oneof(fc.jsonValue(), fc.string({ maxLength: 3000 }), fc.constantFrom('http://example.com/x', 'ftp://10.0.0.1/', '', ['nope'], ['*', '*'], [], 'disabled'));
    await fc.assert(
      fc.asyncProperty(events, fc.option(fc.tuple(field, junk), { nil: undefined }), fc.boolean(), async (enabled, mutation, patch) => {
        const body: Record<string, unknown> = { url: 'http://127.0.0.1:9/hooks', enabled_events: enabled, description: 'fuzz' };
        if (mutation) body[mutation[0]] = mutation[1];
        const path = patch ? `/v1/webhook_endpoints/${endpointId}` : '/v1/webhook_endpoints';
        const res = await t.api(patch ? 'PATCH' : 'POST', path, { body });
        checkShape(path, res);
        if (res.status === 400) {
          const param: string | null = res.body.error.param;
          expect(param === null || param.split(/[.[]/)[0] === mutation?.[0], `${param} for ${JSON.stringify(mutation)}`).toBe(true);
        }
        if (res.status === 200 && !patch) await t.api('DELETE', `/v1/webhook_endpoints/${res.body.data.id}`);
        if (res.status === 200 && patch) expect(res.body.data.secret).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });
});

describe('the money routes answer any body with 200 or a contract-shaped 4xx', () => {
  const amount = fc.oneof(
    fc.constantFrom('1', '0.01', '100.50', '0', '-1', '1e3', '12.345', '', '١٢', '999999999999999999'),
    fc.stringMatching(/^\d{1,16}(\.\d{1,8})?$/),
  );
  const currency = fc.oneof(fc.constantFrom('USDT', 'usdc', 'EUR', 'JPY', 'VND', 'XXX', ''), fc.string({ maxLength: 9 }));
  const conversionBody = fc.record(
    { from: fc.record({ value: amount, currency }, { requiredKeys: [] }), to: currency, quote_id: fc.constantFrom('cq_nope', 'x') },
    { requiredKeys: [] },
  );

  test('conversions and quotes: arbitrary JSON, junk and near-valid bodies', async () => {
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 100 }),
      conversionBody.map((b) => JSON.stringify(b)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/v1/conversions', '/v1/conversions/quote'), body, async (path, raw) => {
        const res = await t.api('POST', path, { rawBody: raw, headers: { 'content-type': 'application/json' } });
        checkShape(path, res);
        // Nothing is available in this shop: a conversion can never succeed.
        if (path === '/v1/conversions') expect(res.status, describeRes(path, res)).not.toBe(200);
      }),
      { numRuns: 200 },
    );
  });

  test('settings routes: domains and API keys, arbitrary and junk bodies', async () => {
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc.record({ domain: fc.oneof(fc.domain(), fc.string({ maxLength: 300 })) }).map((b) => JSON.stringify(b)),
      fc
        .record({ name: fc.string({ maxLength: 50 }), role: fc.constantFrom('owner', 'cashier', 'boss', ''), pin: fc.oneof(fc.stringMatching(/^\d{0,14}$/), fc.string({ maxLength: 14 })) }, { requiredKeys: [] })
        .map((b) => JSON.stringify(b)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/v1/merchant/domains', '/v1/api_keys', '/v1/api_keys/key_nope/revoke', '/v1/users'), body, async (path, raw) => {
        // Domains and staff are shared by both modes: only live credentials reach their validation.
        const key = path === '/v1/merchant/domains' || path === '/v1/users' ? t.liveKey : t.testKey;
        const res = await t.api('POST', path, { key, rawBody: raw, headers: { 'content-type': 'application/json' } });
        checkShape(path, res);
        if (path.endsWith('/revoke')) expect(res.status, describeRes(path, res)).not.toBe(200);
      }),
      { numRuns: 150 },
    );
  });

  test('refunds (create, cancel, confirm_destination): arbitrary JSON, junk and near-valid bodies', async () => {
    const address = fc.oneof(
      fc.constantFrom('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', '0x1234', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', ''),
      fc.string({ maxLength: 50 }),
    );
    const refundBody = fc.record(
      {
        session_id: fc.constantFrom(realId, 'ps_nope', '', 'x'.repeat(70)),
        amount: fc.oneof(fc.record({ value: amount, currency }, { requiredKeys: [] }), fc.anything()),
        reason: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(''), fc.integer()),
        destination_address: address,
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 100 }),
      refundBody.map((b) => JSON.stringify(b)),
      fc.record({ destination_address: address }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
    );
    const path = fc.constantFrom('/v1/refunds', '/v1/refunds/re_nope/cancel', '/v1/refunds/re_nope/confirm_destination');
    await fc.assert(
      fc.asyncProperty(path, body, async (p, raw) => {
        const res = await t.api('POST', p, { rawBody: raw, headers: { 'content-type': 'application/json' } });
        checkShape(p, res);
        // The only session here was never paid, and the refund ids do not exist: nothing succeeds.
        expect(res.status, describeRes(p, res)).not.toBe(200);
        if (p === '/v1/refunds' && res.status === 409) expect(res.body.error.code).toBe('invalid_state');
      }),
      { numRuns: 200 },
    );
    expect((await t.api('GET', '/v1/refunds')).body.data.items).toEqual([]);
  });

  test('deposits (attribute, refund, dismiss): arbitrary JSON, junk and near-valid bodies, bogus ids; nothing moves', async () => {
    const id = fc.oneof(fc.constantFrom('dep_nope', 'dep_' + 'x'.repeat(60), realId), fc.stringMatching(/^[A-Za-z0-9_]{1,40}$/));
    const depositBody = fc.record(
      {
        session_id: fc.constantFrom(realId, 'ps_nope', '', 'x'.repeat(70)),
        note: fc.oneof(fc.string({ maxLength: 600 }), fc.constant(''), fc.integer()),
        reason: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
        destination_address: fc.oneof(fc.constantFrom('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', ''), fc.string({ maxLength: 50 })),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string({ unit: 'binary', maxLength: 100 }), depositBody.map((b) => JSON.stringify(b)));
    await fc.assert(
      fc.asyncProperty(id, fc.constantFrom('attribute', 'refund', 'dismiss'), body, async (depositId, action, raw) => {
        const path = `/v1/deposits/${depositId}/${action}`;
        const res = await t.api('POST', path, { rawBody: raw, headers: { 'content-type': 'application/json' } });
        checkShape(path, res);
        // No deposit exists here: nothing is attributed, refunded or dismissed.
        expect(res.status, describeRes(path, res)).not.toBe(200);
      }),
      { numRuns: 200 },
    );
    expect((await t.api('GET', '/v1/refunds')).body.data.items).toEqual([]);
    expect((await t.api('GET', '/v1/deposits')).body.data.items).toEqual([]);
  });

  test('PATCH /v1/merchant: arbitrary and near-valid settings; a bad field is named in param', async () => {
    // Shared settings are changed with live credentials (docs/api.md, "Modes").
    const before = (await t.api('GET', '/v1/merchant', { key: t.liveKey })).body.data;
    const settings = fc.record(
      {
        time_zone: fc.oneof(fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Mars/Base', ''), fc.string({ maxLength: 70 })),
        reporting_currency: currency,
        default_currency: currency,
        fee: fc.record({ percent: amount, fixed: fc.record({ value: amount, currency: fc.constantFrom('USD', 'EUR') }) }, { requiredKeys: [] }),
        settlement_currency: fc.oneof(currency, fc.constant(null)),
        conversion_fee: fc.record({ percent: amount }),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(fc.jsonValue(), fc.record({ name: fc.string({ maxLength: 120 }), settings }, { requiredKeys: [] }));
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await t.api('PATCH', '/v1/merchant', { key: t.liveKey, body: b });
        checkShape('/v1/merchant', res);
        const param: string | null | undefined = res.body?.error?.param;
        if (res.body?.error?.code === 'parameter_invalid' && param) expect(param, describeRes('/v1/merchant', res)).toMatch(/^(name|settings)(\.|$)/);
      }),
      { numRuns: 200 },
    );
    const s = before.settings;
    const restored = await t.api('PATCH', '/v1/merchant', {
      key: t.liveKey,
      body: {
        name: before.name,
        settings: {
          time_zone: s.time_zone,
          reporting_currency: s.reporting_currency,
          default_currency: s.default_currency,
          fee: s.fee,
          settlement_currency: s.settlement_currency,
          conversion_fee: s.conversion_fee,
        },
      },
    });
    expect(restored.body.data).toEqual(before);
  });
});

/** The first `display` event of `GET /display/current?…`: what that display shows now. */
async function displayed(query: string): Promise<{ session_id: string | null; livemode: boolean }> {
  const controller = new AbortController();
  const res = await fetch(`${t.url}/display/current?${query}`, { signal: controller.signal });
  const reader = res.body!.getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the display stream ?${query} ended before its first event`);
      const first = parser.push(value).find((e) => e.event === 'display');
      if (first) return (JSON.parse(first.data) as { data: { session_id: string | null; livemode: boolean } }).data;
    }
  } finally {
    controller.abort();
  }
}

describe('PUT /v1/display answers any body with 200 or a contract-shaped 4xx, and a test key never reaches a live display', () => {
  test('arbitrary JSON, junk and near-valid bodies with the test key: the live displays stay as the live key left them', async () => {
    // The live key empties its displays; the test key then throws everything at its own (its real
    // sessions included). A test body reaching a live slot would put a sale up there.
    for (const till of [undefined, 'till-1']) {
      const res = await t.api('PUT', '/v1/display', { key: t.liveKey, body: { session_id: null, ...(till && { till }) } });
      expect(res.status, res.text).toBe(200);
    }
    const till = fc.oneof(fc.constantFrom('', 'till-1', 'till-2', 'a'.repeat(33), 'Till', 'till:1', '../x'), fc.string({ maxLength: 40 }));
    const sessionId = fc.oneof(fc.constant(null), fc.constant(realId), fc.constantFrom('ps_doesNotExist0000000000', '', 'x'.repeat(65)), fc.string({ maxLength: 70 }));
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc.record({ session_id: sessionId, till }, { requiredKeys: ['session_id'] }).map((b) => JSON.stringify(b)),
    );
    let shown = 0;
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const res = await t.api('PUT', '/v1/display', { rawBody: raw, headers: { 'content-type': 'application/json' } });
        checkShape('/v1/display', res);
        if (res.status === 200) {
          expect(res.body.data.livemode, describeRes('/v1/display', res)).toBe(false);
          if (res.body.data.session_id === realId) shown++;
        }
      }),
      { numRuns: 200 },
    );
    expect(shown).toBeGreaterThan(0); // the test key's own sale did go up, on its test display
    for (const query of ['', 'till=till-1', 'mode=live&till=till-1']) expect(await displayed(query)).toEqual({ session_id: null, payment_url: null, livemode: true });
  });
});

describe('after the fuzzing', () => {
  test('the server is healthy and holds exactly the sessions that got a 200', async () => {
    const health = await t.api('GET', '/health', { key: null });
    expect(health.status).toBe(200);
    expect(health.body.data.status).toBe('ok');

    const ids = new Set<string>();
    let startingAfter: string | undefined;
    for (;;) {
      const res = await t.api('GET', `/v1/payment/sessions?limit=100${startingAfter ? `&starting_after=${startingAfter}` : ''}`);
      expect(res.status, res.text).toBe(200);
      for (const s of res.body.data.items) ids.add(s.session_id);
      if (!res.body.data.has_more) break;
      startingAfter = res.body.data.items.at(-1).session_id;
    }
    expect(created).toBeGreaterThan(100); // the valid-body properties alone create hundreds
    expect(ids.size).toBe(created + 1); // + the session made in beforeAll
    expect(ids.has(realId)).toBe(true);
    expect(canceled).toBeLessThanOrEqual(1);

    // The live side saw nothing: every request above used the test key.
    const live = await t.api('GET', '/v1/payment/sessions?limit=1', { key: t.liveKey });
    expect(live.body.data.items).toEqual([]);
  });
});
