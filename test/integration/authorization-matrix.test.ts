/**
 * The authorization matrix, generated from the served OpenAPI document: EVERY operation at /docs/json is
 * called with each of nine credentials, and the answer must be the one the document states. An
 * operation added later is covered without anyone remembering to add it here.
 *
 * What the document states per operation: `security: []` for public operations; otherwise the
 * `x-stablepos-access` extension `{ roles, mode }` (src/http/plugins/auth.ts) and the statuses it may
 * answer. The rule (docs/api.md, "Modes"):
 *   no key → 401 api_key_missing; malformed or revoked key → 401 api_key_invalid;
 *   a role not in `roles` → 403 role_forbidden; mode `live` with a test credential → 403 livemode_mismatch;
 *   otherwise the operation runs (never 401/403, never 5xx) and answers a status it documents.
 * The app's UI mode decides a cashier's mode, so two apps run: one in test mode, one in live mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Mode, resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import { buildApp } from '../../src/http/app.js';
import { randomBase62 } from '../../src/domain/ids.js';
import { ACCESS_EXTENSION } from '../../src/http/plugins/auth.js';
import { checkedInject } from '../helpers/openapi-responses.js';

interface Operation {
  method: string;
  path: string;
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  [ACCESS_EXTENSION]?: { roles: string[]; mode: 'own' | 'live' };
}

interface Credential {
  name: string;
  app: 'test' | 'live';
  /** The Authorization header, or undefined for none. */
  authorization: string | undefined;
  /** For role and mode checks; undefined for credentials that must not authenticate. */
  as?: { role: 'owner' | 'cashier'; livemode: boolean };
}

const apps: Record<Mode, { dir: string; s: CoreServices; app: FastifyInstance; inject: ReturnType<typeof checkedInject> }> = {} as never;
const credentials: Credential[] = [];
let operations: Operation[] = [];

async function startApp(uiMode: Mode) {
  const dir = mkdtempSync(join(tmpdir(), `stablepos-matrix-${uiMode}-`));
  const config = resolveConfig({ dataDir: dir, uiMode, rateFeed: { source: 'off' }, testRefundWallet: false });
  const s = await createServices(config);
  const app = await buildApp({
    services: { ...s, networks: () => [], uiMode, now: config.now, publicBaseUrl: () => 'http://127.0.0.1' },
    authenticate: s.authenticate,
    rateLimit: { max: 1_000_000, windowMs: 1000 },
    logger: false,
  });
  await app.ready();
  const merchantId = (await s.merchants.defaultMerchant()).id;
  await s.users.add(merchantId, { name: 'Owner', role: 'owner', pin: '2580' });
  await s.users.add(merchantId, { name: 'Cashier', role: 'cashier', pin: '1357' });
  await s.users.add(merchantId, { name: STAFF_NAME, role: 'cashier', pin: '4826' });
  // Every answer is also checked against the served document: status, headers and body schema.
  apps[uiMode] = { dir, s, app, inject: checkedInject(app) };
  return { s, app, merchantId };
}

async function signIn(app: FastifyInstance, user: string, pin: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/ui/sessions', payload: { user, pin } });
  expect(res.statusCode, res.body).toBe(200);
  return `Bearer ${res.json().data.token}`;
}

beforeAll(async () => {
  const t = await startApp('test');
  const l = await startApp('live');
  const testKey = (await t.s.apiKeys.create(t.merchantId, 'test')).secret;
  const liveKey = (await t.s.apiKeys.create(t.merchantId, 'live')).secret;
  const revoked = await t.s.apiKeys.create(t.merchantId, 'test');
  await t.s.apiKeys.revokeById(t.merchantId, revoked.record.id);
  credentials.push(
    { name: 'no key', app: 'test', authorization: undefined },
    { name: 'malformed key', app: 'test', authorization: 'Bearer sk_test_!!not-a-key!!' },
    { name: 'revoked key', app: 'test', authorization: `Bearer ${revoked.secret}` },
    { name: 'test key', app: 'test', authorization: `Bearer ${testKey}`, as: { role: 'owner', livemode: false } },
    { name: 'live key', app: 'test', authorization: `Bearer ${liveKey}`, as: { role: 'owner', livemode: true } },
    { name: 'cashier, test', app: 'test', authorization: await signIn(t.app, 'Cashier', '1357'), as: { role: 'cashier', livemode: false } },
    { name: 'cashier, live', app: 'live', authorization: await signIn(l.app, 'Cashier', '1357'), as: { role: 'cashier', livemode: true } },
    { name: 'owner, test', app: 'test', authorization: await signIn(t.app, 'Owner', '2580'), as: { role: 'owner', livemode: false } },
    { name: 'owner, live', app: 'live', authorization: await signIn(l.app, 'Owner', '2580'), as: { role: 'owner', livemode: true } },
  );
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })));
  // Signing out ends the sign-in: that operation goes last.
  const signsOut = (o: Operation) => o.method === 'DELETE' && o.path === '/v1/ui/sessions/current';
  operations.sort((a, b) => Number(signsOut(a)) - Number(signsOut(b)));
}, 60_000);

afterAll(async () => {
  for (const a of Object.values(apps)) {
    await a.app.close();
    await a.s.close();
    rmSync(a.dir, { recursive: true, force: true });
  }
});

/** A staff member's name, which no public answer may hold (only a device known for the staff is shown their names). */
const STAFF_NAME = 'Zebedee';

/** Public streams (server-sent events) that stay open whatever is asked: listed, not called. */
const OPEN_STREAMS = new Set(['GET /display/current']);

type Expected = { status: 401 | 403; code: string } | 'runs';

/** The answer the document promises this credential for this operation. */
function expected(op: Operation, c: Credential): Expected {
  const access = op[ACCESS_EXTENSION];
  if (!access) throw new Error(`${op.method} ${op.path} is neither public (security: []) nor states ${ACCESS_EXTENSION}`);
  if (c.authorization === undefined) return { status: 401, code: 'api_key_missing' };
  if (!c.as) return { status: 401, code: 'api_key_invalid' };
  if (!access.roles.includes(c.as.role)) return { status: 403, code: 'role_forbidden' };
  if (access.mode === 'live' && !c.as.livemode) return { status: 403, code: 'livemode_mismatch' };
  return 'runs';
}

function call(op: Operation, c: Credential) {
  const url = op.path.replace(/\{[A-Za-z_]+\}/g, 'zz_unknown');
  return apps[c.app].inject({
    method: op.method as never,
    url,
    headers: c.authorization ? { authorization: c.authorization } : {},
    ...(op.requestBody !== undefined && { payload: {} }),
  });
}

test('the document states access for every operation that is not public, and covers the whole API', () => {
  expect(operations.length).toBeGreaterThan(55);
  for (const op of operations) {
    const isPublic = Array.isArray(op.security) && op.security.length === 0;
    expect(isPublic || op[ACCESS_EXTENSION] !== undefined, `${op.method} ${op.path}`).toBe(true);
  }
  const live = operations.filter((o) => o[ACCESS_EXTENSION]?.mode === 'live').map((o) => `${o.method} ${o.path}`);
  // What moves or redirects live money, or grants access, is among them.
  for (const name of ['PUT /v1/settings/wallets/{family}', 'PATCH /v1/settings/networks/{network}', 'POST /v1/users', 'DELETE /v1/users/{id}', 'PATCH /v1/merchant']) {
    expect(live).toContain(name);
  }
});

test('every operation × every credential answers as the document says', async () => {
  let cells = 0;
  const wrong: string[] = [];
  for (const op of operations) {
    const key = `${op.method} ${op.path}`;
    if (OPEN_STREAMS.has(key)) continue;
    const isPublic = Array.isArray(op.security) && op.security.length === 0;
    for (const c of credentials) {
      const res = await call(op, c);
      cells++;
      const what = `${key} as ${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (!(String(res.statusCode) in op.responses)) wrong.push(`${what} (status not documented)`);
      if (isPublic) {
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(`${what} (public)`);
        // Whatever credential is sent: a bearer does not make a device known (docs/security.md, "PIN sign-in lockout").
        if (res.body.includes(STAFF_NAME)) wrong.push(`${what} (names the staff to an unknown device)`);
        continue;
      }
      const want = expected(op, c);
      if (want === 'runs') {
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(`${what} (should run)`);
      } else if (res.statusCode !== want.status || res.json().error?.code !== want.code) {
        wrong.push(`${what} (want ${want.status} ${want.code})`);
      }
    }
  }
  expect(wrong).toEqual([]);
  // The matrix's size: documented operations (less the open stream) × 9 credentials.
  expect(cells).toBe((operations.length - OPEN_STREAMS.size) * credentials.length);
  expect(credentials.length).toBe(9);
});

test('every operation: requests without a valid credential spend their client address\'s budget, whatever bearer they carry', async () => {
  const { s } = apps.test;
  const max = 2;
  const limited = await buildApp({
    services: { ...s, networks: () => [], uiMode: 'test', now: Date.now, publicBaseUrl: () => 'http://127.0.0.1' },
    authenticate: s.authenticate,
    rateLimit: { max, windowMs: 60_000 },
    logger: false,
  });
  const inject = checkedInject(limited);
  const merchantId = (await s.merchants.defaultMerchant()).id;
  const wrong: string[] = [];
  try {
    let n = 0;
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      if (OPEN_STREAMS.has(key)) continue;
      // An address of its own per operation, so each starts with a full budget.
      const remoteAddress = `10.26.${Math.floor(++n / 250)}.${n % 250}`;
      const send = (authorization: string | undefined) =>
        inject({
          method: op.method as never,
          url: op.path.replace(/\{[A-Za-z_]+\}/g, 'zz_unknown'),
          remoteAddress,
          headers: authorization ? { authorization } : {},
          ...(op.requestBody !== undefined && { payload: {} }),
        });
      // A fresh random bearer each time (none at all, a key's shape, a sign-in's shape, junk).
      const bearers = [undefined, `Bearer sk_test_${randomBase62(32)}`, `Bearer uit_${randomBase62(32)}`, `Bearer ${randomBase62(20)}`];
      const answers = [];
      for (let i = 0; i <= max; i++) answers.push(await send(bearers[i % bearers.length]));
      const statuses = answers.map((r) => r.statusCode);
      if (statuses.slice(0, max).includes(429) || statuses[max] !== 429) wrong.push(`${key}: ${statuses.join(', ')} (want the ${max + 1}th to be 429)`);
      // A valid credential has a budget of its own on the authenticated API (a fresh key: budgets last the minute).
      const valid = `Bearer ${(await s.apiKeys.create(merchantId, 'test')).secret}`;
      if (op[ACCESS_EXTENSION] !== undefined && (await send(valid)).statusCode === 429) wrong.push(`${key}: a valid key was limited with the address`);
    }
    expect(n).toBeGreaterThan(55);
    expect(wrong).toEqual([]);
  } finally {
    await limited.close();
  }
});
