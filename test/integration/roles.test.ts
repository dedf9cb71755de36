/**
 * The role matrix over EVERY registered route: the app is built with a hook that records each route
 * as Fastify registers it, then each is called with no credentials, as a cashier and as an owner
 * (both signed in with a PIN). A cashier gets 403 role_forbidden on every route not in CASHIER below;
 * a route added later is owner-only unless it says otherwise, and this test then names it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import { buildApp } from '../../src/http/app.js';
import { checkedInject } from '../helpers/openapi-responses.js';
import { RpcCheckService } from '../../src/services/rpc-check.js';

/** What a cashier may call (contract: create and follow sessions, see today's sessions). */
const CASHIER = [
  'POST /v1/payment/sessions',
  'GET /v1/payment/sessions',
  'GET /v1/payment/sessions/:id',
  'POST /v1/payment/sessions/:id/cancel',
  'GET /v1/payment/sessions/:id/receipt', // the till prints the customer's receipt
  'POST /v1/payment/sessions/:id/tip', // the till takes the customer's tip before they pay
  'GET /v1/payment/sessions/:id/stream',
  'POST /api/v1/checkout/sessions/create',
  'GET /api/v1/checkout/sessions/:id',
  'GET /v1/merchant',
  'GET /v1/networks',
  'GET /v1/rates',
  'GET /v1/ui/sessions/current',
  'DELETE /v1/ui/sessions/current',
  'POST /v1/ui/pin', // anyone signed in changes their own PIN (with their current one)
  'PUT /v1/display', // the till shows its sale on the customer display
  'GET /v1/payment/sessions/:id/print', // the paid screen: printed, or "Not printed" with Retry
  'POST /v1/payment/sessions/:id/print', // the till's Print button
  'POST /v1/shifts', // cashiers open and close their own shifts (docs/shifts.md)
  'GET /v1/shifts', // a cashier's own
  'GET /v1/shifts/:id',
  'POST /v1/shifts/:id/close',
  'POST /v1/shifts/:id/print', // the shift bar's "Print report": the same rights as reading the shift
];

/** Public routes: no credentials needed. */
const isPublic = (method: string, url: string) =>
  /^\/(docs|pay|display)(\/|$)/.test(url) ||
  url === '/health' ||
  url === '/ready' ||
  /^\/favicon\.(svg|ico)$/.test(url) ||
  ['GET /v1/ui/setup', 'POST /v1/ui/setup', 'POST /v1/ui/sessions', 'GET /v1/ui/staff'].includes(`${method === 'HEAD' ? 'GET' : method} ${url}`);

let dataDir: string;
let s: CoreServices;
let app: FastifyInstance;
/** `app.inject`, each answer checked against the served OpenAPI document. */
let inject: ReturnType<typeof checkedInject>;
const routes: { method: string; url: string; roles: readonly string[] | undefined; mode: string | undefined }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stablepos-roles-'));
  const config = resolveConfig({ dataDir, rateFeed: { source: 'off' } });
  s = await createServices(config);
  app = await buildApp({
    services: { ...s, networks: () => [], rpcCheck: new RpcCheckService({ probe: async () => null, now: config.now }), uiMode: 'test', now: config.now, publicBaseUrl: () => 'http://127.0.0.1' },
    authenticate: s.authenticate,
    rateLimit: { max: 100_000, windowMs: 1000 },
    logger: false,
    onRoute: (r: RouteOptions) => {
      for (const method of [r.method].flat()) routes.push({ method, url: r.url, roles: r.config?.roles, mode: r.config?.mode });
    },
  });
  await app.ready();
  inject = checkedInject(app);
  const merchantId = (await s.merchants.defaultMerchant()).id;
  await s.users.add(merchantId, { name: 'Owner', role: 'owner', pin: '2580' });
  await s.users.add(merchantId, { name: 'Cashier', role: 'cashier', pin: '1357' });
});

afterAll(async () => {
  await app?.close();
  await s?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(user: string, pin: string): Promise<string> {
  const res = await inject({ method: 'POST', url: '/v1/ui/sessions', payload: { user, pin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

/** Calls a route with made-up path parameters and an empty JSON object as the body. */
function call(route: { method: string; url: string }, token?: string) {
  const url = route.url.replace(/:[A-Za-z_]+/g, 'zz_unknown').replace(/\*$/, 'x');
  const withBody = ['POST', 'PATCH', 'PUT'].includes(route.method);
  return inject({
    method: route.method as never,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(withBody && { payload: {} }),
  });
}

// Signing out ends the token: do it last.
const inOrder = () => [...routes].sort((a, b) => Number(a.method === 'DELETE' && a.url === '/v1/ui/sessions/current') - Number(b.method === 'DELETE' && b.url === '/v1/ui/sessions/current'));

test('the routes are all there: the walk covers the API, the checkout page, UI sign-in and the docs', () => {
  const names = routes.map((r) => `${r.method} ${r.url}`);
  for (const r of CASHIER) expect(names).toContain(r);
  for (const r of ['GET /v1/balance', 'POST /v1/conversions', 'POST /v1/webhook_endpoints', 'GET /v1/events', 'PATCH /v1/merchant', 'POST /v1/payment/sessions/:id/resolve', 'POST /v1/ui/setup']) {
    expect(names).toContain(r);
  }
  expect(routes.length).toBeGreaterThan(40);
});

test('cashier access is declared on exactly the routes listed here (everything else defaults to owner-only)', () => {
  const declared = routes.filter((r) => r.method !== 'HEAD' && r.roles?.includes('cashier')).map((r) => `${r.method} ${r.url}`);
  expect(declared.sort()).toEqual([...CASHIER].sort());
});

/** Public streams that stay open (server-sent events): they are not called here, only listed. */
const OPEN_STREAMS = new Set(['GET /display/current', 'HEAD /display/current']);

test('without credentials: 401 on every route but the public ones', async () => {
  for (const r of routes) {
    if (OPEN_STREAMS.has(`${r.method} ${r.url}`)) {
      expect(isPublic(r.method, r.url)).toBe(true);
      continue;
    }
    const res = await call(r);
    if (isPublic(r.method, r.url)) expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
    else {
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(401);
      if (r.method !== 'HEAD') expect(res.json().error.code).toBe('api_key_missing');
    }
  }
});

test('a cashier gets 403 role_forbidden on every owner-only route, and never on the cashier routes', async () => {
  const token = await signIn('Cashier', '1357');
  let forbidden = 0;
  for (const r of inOrder()) {
    if (isPublic(r.method, r.url)) continue;
    const res = await call(r, token);
    const allowed = CASHIER.includes(`${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`);
    const what = `${r.method} ${r.url}: ${res.statusCode} ${res.body}`;
    if (allowed) {
      expect(res.statusCode, what).not.toBe(403);
      expect(res.statusCode, what).not.toBe(401);
    } else {
      expect(res.statusCode, what).toBe(403);
      if (r.method !== 'HEAD') expect(res.json().error, what).toMatchObject({ type: 'permission_error', code: 'role_forbidden' });
      forbidden++;
    }
  }
  expect(forbidden).toBeGreaterThan(20);
});

test('an owner is never refused for their role; in test mode, only the live-only routes refuse them', async () => {
  const token = await signIn('Owner', '2580');
  for (const r of inOrder()) {
    if (isPublic(r.method, r.url)) continue;
    const res = await call(r, token);
    const what = `${r.method} ${r.url}: ${res.statusCode} ${res.body}`;
    expect(res.statusCode, what).not.toBe(401);
    if (r.mode === 'live') {
      expect(res.statusCode, what).toBe(403);
      if (r.method !== 'HEAD') expect(res.json().error.code, what).toBe('livemode_mismatch');
    } else expect(res.statusCode, what).not.toBe(403);
  }
});

test('every authenticated route declares the mode it may be called in', () => {
  for (const r of routes) if (!isPublic(r.method, r.url)) expect(['own', 'live'], `${r.method} ${r.url}`).toContain(r.mode);
  expect(routes.filter((r) => r.mode === 'live').length).toBeGreaterThanOrEqual(8);
});

test('a route that does not declare its mode cannot be registered', async () => {
  const { declareAccess } = await import('../../src/http/plugins/auth.js');
  expect(() => declareAccess({ method: 'POST', url: '/v1/new_thing' })).toThrow(/must declare config\.mode/);
  expect(() => declareAccess({ method: 'POST', url: '/v1/new_thing', config: { mode: 'live' } })).not.toThrow();
});
