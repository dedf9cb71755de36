/**
 * The OpenAPI document the app serves at /docs/json, as strict tools read it: Spectral's `oas` rules,
 * ajv in strict mode, and the rules docs/api.md states (operationIds, error statuses, tags, servers,
 * amounts and currency codes). That every answer matches it is checked by every test
 * (test/helpers/check-every-response.ts); here, that the checker itself catches a mismatch.
 */
import { Document as SpectralDocument, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DECIMAL_PATTERN } from '../../src/domain/money.js';
import { operationIdOf } from '../../src/http/openapi/operation-id.js';
import { ResponseChecker } from '../helpers/openapi-responses.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';

let t: TestCore;
let doc: any;
const operations: { method: string; path: string; op: any }[] = [];

beforeAll(async () => {
  t = await startTestCore();
  doc = await (await fetch(`${t.url}/docs/json`)).json();
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) operations.push({ method, path, op });
  }
});
afterAll(async () => t.stop());

const ref = (pointer: string): any => pointer.replace(/^#\//, '').split('/').reduce((node: any, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
const statusesOf = (op: any) => Object.keys(op.responses).map(Number);
const isAuthenticated = (op: any) => op.security === undefined || op.security.length > 0;

test('OpenAPI 3.1 with a relative server, declared tags, and every operation under a declared tag', () => {
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  const declared = new Map(doc.tags.map((tag: any) => [tag.name, tag.description]));
  for (const description of declared.values()) expect(description).toMatch(/\w/);
  for (const { method, path, op } of operations) {
    expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
    for (const tag of op.tags) expect(declared.has(tag), `${method} ${path}: tag ${tag}`).toBe(true);
  }
  expect(operations.length).toBeGreaterThan(55);
});

test('operationIds: on every operation, derived from method and path, unique', () => {
  const ids = operations.map(({ method, path, op }) => {
    expect(op.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
    return op.operationId as string;
  });
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toContain('createPaymentSession');
});

describe('error statuses, derived from what each operation is', () => {
  test('every operation: 403, 415, 429, 500, 503; authenticated ones 401; with input 400; with a path id 404; authenticated POSTs 409', () => {
    for (const { method, path, op } of operations) {
      const statuses = statusesOf(op);
      const what = `${method.toUpperCase()} ${path}: ${statuses.join(',')}`;
      for (const s of [403, 415, 429, 500, 503]) expect(statuses, what).toContain(s);
      // Public sign-in routes check a credential of their own (the app window's token, a PIN).
      expect(statuses.includes(401), what).toBe(isAuthenticated(op) || ['post /v1/ui/setup', 'post /v1/ui/sessions', 'get /v1/ui/staff'].includes(`${method} ${path}`));
      if (op.parameters?.some((p: any) => p.in !== 'header') || op.requestBody) expect(statuses, what).toContain(400);
      if (['post', 'put', 'patch', 'delete'].includes(method)) expect(statuses, what).toEqual(expect.arrayContaining([400, 413]));
      if (/\{id\}/.test(path)) expect(statuses, what).toContain(404);
      if (method === 'post' && isAuthenticated(op)) expect(statuses, what).toContain(409);
    }
  });

  test('exactly the rule\'s statuses, plus a route\'s own', () => {
    const statuses = (method: string, path: string) => statusesOf(doc.paths[path][method]);
    // 408 and 431 on every route: answered before routing (headers too slow or too large).
    expect(statuses('get', '/health')).toEqual([200, 403, 408, 415, 429, 431, 500, 503]);
    expect(statuses('post', '/v1/payment/sessions')).toEqual([200, 400, 401, 403, 408, 409, 413, 415, 429, 431, 500, 503]);
    expect(statuses('get', '/v1/payment/sessions')).toEqual([200, 400, 401, 403, 404, 408, 415, 429, 431, 500, 503]); // 404: an unknown cursor
    expect(statuses('get', '/v1/ui/sessions/current')).toEqual([200, 401, 403, 408, 409, 415, 429, 431, 500, 503]); // its own 409: a key is no sign-in
    expect(statuses('put', '/v1/settings/wallets/{family}')).toContain(409); // its own: a start-up xpub wins
  });

  test('every JSON error is a shared response with the contract\'s error object, narrowed to the codes of its status, and Request-Id', () => {
    for (const { method, path, op } of operations) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400 || !response.$ref) continue;
        const shared = ref(response.$ref);
        expect(shared.headers['Request-Id'], `${method} ${path} ${status}`).toEqual({ $ref: '#/components/headers/RequestId' });
        const schema = ref(shared.content['application/json'].schema.$ref);
        for (const code of schema.properties.error.properties.code.enum) expect(shared.description).toContain(`\`${code}\``);
      }
    }
    expect(ref('#/components/schemas/Error409').properties.error.properties.code.enum).toEqual(['invalid_state', 'amount_too_large', 'deposit_unconfirmed', 'idempotency_key_reused', 'idempotency_key_in_use']);
    expect(ref('#/components/schemas/Error503').properties.error.properties.code.enum).toContain('service_unavailable');
  });
});

test('the CSV exports answer text/csv, the checkout page text/html, the live feeds text/event-stream', () => {
  const media = (method: string, path: string, status = '200') => Object.keys(doc.paths[path][method].responses[status].content);
  expect(media('get', '/v1/payment/sessions.csv')).toEqual(['text/csv']);
  expect(media('get', '/v1/balance/transactions.csv')).toEqual(['text/csv']);
  expect(media('get', '/pay/{id}')).toEqual(['text/html']);
  expect(media('get', '/pay/{id}', '404')).toEqual(['text/html']);
  // The receipt: JSON by default, a printable page or ESC/POS bytes by `format`; its public page is HTML.
  expect(media('get', '/v1/payment/sessions/{id}/receipt')).toEqual(['application/json', 'text/html', 'application/octet-stream']);
  expect(media('get', '/pay/{id}/receipt')).toEqual(['text/html']);
  expect(media('get', '/pay/{id}/receipt', '409')).toEqual(['text/html']);
  for (const path of ['/pay/{id}/stream', '/v1/payment/sessions/{id}/stream', '/display/current']) expect(media('get', path)).toEqual(['text/event-stream']);
});

describe('under ajv in strict mode', () => {
  const ajv = new Ajv2020({ strict: true });
  ajv.addKeyword('paths');
  ajv.addKeyword('components');
  const validatorAt = (pointer: string) => ajv.getSchema(`doc${pointer}`) ?? ajv.compile({ $ref: `doc${pointer}` });

  beforeAll(() => {
    ajv.addSchema({ $id: 'doc', paths: doc.paths, components: doc.components });
  });

  test('every nullable field validates null (OpenAPI 3.0\'s `nullable` is gone), nullable enums included', () => {
    const nullables: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${pointer}/${i}`));
      if (node === null || typeof node !== 'object') return;
      expect(Object.keys(node), pointer).not.toContain('nullable');
      const anyOf = (node as any).anyOf;
      if (Array.isArray(anyOf) && anyOf.some((s: any) => s.type === 'null')) nullables.push(pointer);
      for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    };
    walk(doc.paths, '#/paths');
    walk(doc.components, '#/components');
    const enums = nullables.filter((p) => ref(p).anyOf.some((s: any) => s.enum));
    expect(enums.map((p) => p.split('/').at(-1))).toEqual(expect.arrayContaining(['exception', 'resolved_by', 'disabled_reason', 'unavailable_reason']));
    for (const pointer of nullables) expect(validatorAt(pointer)(null), pointer).toBe(true);
  });

  test('amount.value has the decimal pattern; currency codes any case in requests, an upper-case enum in answers', () => {
    const amount = doc.paths['/v1/payment/sessions'].post.requestBody.content['application/json'].schema.properties.amount.properties;
    expect(amount.value.pattern).toBe(DECIMAL_PATTERN);
    const base = '/paths/~1v1~1payment~1sessions/post/requestBody/content/application~1json/schema/properties/amount/properties';
    const value = validatorAt(`#${base}/value`);
    for (const ok of ['12.50', '0.5', '500', '1000000']) expect(value(ok), ok).toBe(true);
    for (const bad of ['1e3', '-1', ' 1', '1,00', '.5', '01', '1.', '１２', '1.2.3']) expect(value(bad), bad).toBe(false);
    const currency = validatorAt(`#${base}/currency`);
    for (const ok of ['USD', 'usd', 'Usd', 'usdt', 'JPY']) expect(currency(ok), ok).toBe(true);
    for (const bad of ['XYZ', 'usdd', 'US', '']) expect(currency(bad), bad).toBe(false);
    const session = doc.paths['/v1/payment/sessions/{id}'].get.responses['200'].content['application/json'].schema.properties.data.properties;
    expect(session.amount.properties.currency.enum).toEqual(['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'HKD', 'SGD', 'IDR', 'PHP', 'VND', 'THB', 'MYR', 'MXN', 'BRL', 'USDT', 'USDC']);
  });
});

test('Spectral\'s oas ruleset: no errors, and no warnings but missing descriptions and contact', async () => {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas as never] });
  const results = await spectral.run(new SpectralDocument(JSON.stringify(doc), Json, 'openapi.json'));
  const summary = results.map((r) => `${r.severity} ${r.code} ${r.path.join('.')}: ${r.message}`);
  expect(summary.filter((r) => r.startsWith('0 '))).toEqual([]);
  expect(results.filter((r) => !['operation-description', 'info-contact'].includes(String(r.code))).map((r) => `${r.code} ${r.path.join('.')}`)).toEqual([]);
});

describe('the response checker catches what does not match', () => {
  const checker = () => new ResponseChecker(doc);
  const headers = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()];
  const json = { 'content-type': 'application/json; charset=utf-8', 'request-id': 'req_0VbrShOvq2DIVBmB9mKU1zsUE4y7RhjZ' };

  test('a documented answer passes', async () => {
    const res = await t.api('GET', '/v1/merchant');
    expect(checker().check({ method: 'GET', path: '/v1/merchant', status: 200, header: (n) => res.headers.get(n) ?? undefined, body: res.text })).toEqual([]);
  });

  test('an undocumented status, a missing Request-Id, another content type, a body off its schema', () => {
    const c = checker();
    expect(c.check({ method: 'GET', path: '/v1/merchant', status: 418, header: headers(json), body: '{}' })[0]).toContain('status 418 is not documented');
    const withoutId = c.check({ method: 'GET', path: '/health', status: 503, header: headers({ 'content-type': 'application/json' }), body: JSON.stringify({ error: { type: 'api_error', code: 'service_unavailable', message: 'x', param: null } }) });
    expect(withoutId.join()).toContain('required header Request-Id is missing');
    expect(c.check({ method: 'GET', path: '/v1/payment/sessions.csv', status: 200, header: headers({ ...json, 'content-type': 'application/json' }), body: '[]' })[0]).toContain('content type application/json is not documented');
    const fastifyStyle = JSON.stringify({ error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 });
    expect(c.check({ method: 'GET', path: '/v1/merchant', status: 503, header: headers(json), body: fastifyStyle })[0]).toContain('does not match');
    const wrongCode = JSON.stringify({ error: { type: 'api_error', code: 'internal_error', message: 'x', param: null } });
    expect(c.check({ method: 'GET', path: '/v1/merchant', status: 503, header: headers(json), body: wrongCode })[0]).toContain('/error/code');
    expect(c.check({ method: 'GET', path: '/v1/nothing', status: 200, header: headers(json), body: '{}' })[0]).toContain('not documented');
  });
});
