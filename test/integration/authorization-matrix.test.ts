/**
 * The authorization matrix, generated from the served OpenAPI document: EVERY operation at /docs/json is
 * called with each of nine credentials, and the answer must be the one the document states. An
 * operation added later is covered without anyone remembering to add it here.
 *
 * What the document states per operation: `security: []` for public operations; otherwise the
 * `x-stablepos-access` extension `{ roles, mode }` (src/http/plugins/auth.ts) and the statuses it may
 * answer. The rule (docs/api.md, "Modes"):
 *   no key → 401 api_key_missing; malformed or revoked key → 401 api_key_invalid;
 *   a role not in `roles` → 403 role_forbidden; `signed_in_only` with an API key → 403 role_forbidden;
 *   mode `live` with a test credential → 403 livemode_mismatch;
 *   otherwise the operation runs (never 401/403, never 5xx) and answers a status it documents.
 * The app's UI mode decides a cashier's mode, so two apps run: one in test mode, one in live mode.
 * And (issue 26) every action on a deposit the document lists is called on a deposit short of its
 * confirmations, on an orphaned one and on a wrong_asset one: money moves only on a settled chain fact.
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
import type { UnmatchedTransfer } from '../../src/domain/chain-scan.js';
import { checkedInject } from '../helpers/openapi-responses.js';
import { shapeA } from '../helpers/test-core.js';
import { RpcCheckService } from '../../src/services/rpc-check.js';

interface Operation {
  method: string;
  path: string;
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  [ACCESS_EXTENSION]?: { roles: string[]; mode: 'own' | 'live'; signed_in_only?: true };
}

interface Credential {
  name: string;
  app: 'test' | 'live';
  /** The Authorization header, or undefined for none. */
  authorization: string | undefined;
  /** For role and mode checks; undefined for credentials that must not authenticate. */
  as?: { role: 'owner' | 'cashier'; livemode: boolean; via: 'key' | 'ui' };
}

const apps: Record<Mode, { dir: string; s: CoreServices; app: FastifyInstance; inject: ReturnType<typeof checkedInject> }> = {} as never;
const credentials: Credential[] = [];
let operations: Operation[] = [];

async function startApp(uiMode: Mode) {
  const dir = mkdtempSync(join(tmpdir(), `stablepos-matrix-${uiMode}-`));
  const config = resolveConfig({ dataDir: dir, uiMode, rateFeed: { source: 'off' }, testRefundWallet: false });
  const s = await createServices(config);
  const app = await buildApp({
    services: { ...s, networks: () => [], rpcCheck: new RpcCheckService({ probe: async () => null, now: config.now }), uiMode, now: config.now, publicBaseUrl: () => 'http://127.0.0.1' },
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
    { name: 'test key', app: 'test', authorization: `Bearer ${testKey}`, as: { role: 'owner', livemode: false, via: 'key' } },
    { name: 'live key', app: 'test', authorization: `Bearer ${liveKey}`, as: { role: 'owner', livemode: true, via: 'key' } },
    { name: 'cashier, test', app: 'test', authorization: await signIn(t.app, 'Cashier', '1357'), as: { role: 'cashier', livemode: false, via: 'ui' } },
    { name: 'cashier, live', app: 'live', authorization: await signIn(l.app, 'Cashier', '1357'), as: { role: 'cashier', livemode: true, via: 'ui' } },
    { name: 'owner, test', app: 'test', authorization: await signIn(t.app, 'Owner', '2580'), as: { role: 'owner', livemode: false, via: 'ui' } },
    { name: 'owner, live', app: 'live', authorization: await signIn(l.app, 'Owner', '2580'), as: { role: 'owner', livemode: true, via: 'ui' } },
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
  if (access.signed_in_only === true && c.as.via === 'key') return { status: 403, code: 'role_forbidden' };
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
  for (const name of ['PUT /v1/settings/wallets/{family}', 'PATCH /v1/settings/networks/{network}', 'PUT /v1/settings/printer', 'POST /v1/users', 'DELETE /v1/users/{id}', 'PATCH /v1/merchant']) {
    expect(live).toContain(name);
  }
  // What opens the shop's network to being read back (a webhook endpoint's answers) is no key's to do.
  const signedInOnly = operations.filter((o) => o[ACCESS_EXTENSION]?.signed_in_only === true).map((o) => `${o.method} ${o.path}`);
  expect(signedInOnly).toContain('POST /v1/webhook_endpoints/{id}/confirm');
  // Cashiers open, read, close and print their own shifts, in their own mode (docs/shifts.md); owners read all.
  const shifts = operations.filter((o) => o.path.startsWith('/v1/shifts')).map((o) => [`${o.method} ${o.path}`, o[ACCESS_EXTENSION]]);
  expect(Object.fromEntries(shifts)).toEqual(
    Object.fromEntries(['POST /v1/shifts', 'GET /v1/shifts', 'GET /v1/shifts/{id}', 'POST /v1/shifts/{id}/close', 'POST /v1/shifts/{id}/print'].map((name) => [name, { roles: ['owner', 'cashier'], mode: 'own' }])),
  );
  // The shop's day is the owner's (docs/reports.md), in their own mode.
  expect(operations.find((o) => o.method === 'GET' && o.path === '/v1/reports/daily')?.[ACCESS_EXTENSION]).toEqual({ roles: ['owner'], mode: 'own' });
});

/**
 * The smallest body an operation's schema may accept: every required field that may be null, null
 * (`PUT /v1/display` `{"session_id": null}` clears a display). Other required fields are left out.
 */
function nullableBody(op: Operation): Record<string, null> {
  const schema = (op.requestBody as { content?: Record<string, { schema?: { required?: string[]; properties?: Record<string, { anyOf?: { type?: string }[]; type?: unknown }> } }> } | undefined)
    ?.content?.['application/json']?.schema;
  const body: Record<string, null> = {};
  for (const name of schema?.required ?? []) {
    const p = schema?.properties?.[name];
    const types = [p?.type, ...(p?.anyOf ?? []).map((a) => a.type)].flat();
    if (types.includes('null')) body[name] = null;
  }
  return body;
}

/**
 * What a customer sees for a live sale is live state (docs/api.md, "Customer display"): no operation a
 * test credential may call changes a live display, so an operation added later cannot reopen it.
 * Runs before the matrix below, which signs the UI credentials out at its end.
 */
test('no operation called with a test credential changes what a live customer display shows', async () => {
  const display = apps.test.s.display;
  await display.show('ps_liveSaleOnTheDisplay', 'key_live', true);
  await display.show('ps_liveSaleOnTill1', 'key_live', true, 'till-1');
  const signsOut = (o: Operation) => o.method === 'DELETE' && o.path === '/v1/ui/sessions/current';
  let calls = 0;
  for (const op of operations) {
    if (op.method === 'GET' || op.method === 'HEAD' || signsOut(op) || OPEN_STREAMS.has(`${op.method} ${op.path}`)) continue;
    for (const c of credentials) {
      if (c.as?.livemode !== false) continue;
      const url = op.path.replace(/\{[A-Za-z_]+\}/g, 'zz_unknown');
      const base = { method: op.method as never, url, headers: { authorization: c.authorization! } };
      const body = nullableBody(op);
      await apps.test.inject(op.requestBody === undefined ? base : { ...base, payload: body });
      await apps.test.inject(op.requestBody === undefined ? base : { ...base, payload: { ...body, till: 'till-1' } });
      calls++;
    }
  }
  expect(calls).toBeGreaterThan(40);
  expect(display.current(true).sessionId).toBe('ps_liveSaleOnTheDisplay');
  expect(display.current(true, 'till-1').sessionId).toBe('ps_liveSaleOnTill1');
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

/**
 * Issue 26, for every action on a deposit the document lists (`POST /v1/deposits/{id}/…`, so a route
 * added later is covered): money moves only on a settled chain fact. A deposit short of its network's
 * confirmations is 409 `deposit_unconfirmed` (only an action listed in MOVES_NO_MONEY may go through),
 * one a reorganisation orphaned is 409 `invalid_state`, and a `wrong_asset` one is never a 5xx.
 */
const DEPOSIT_ACTION = /^\/v1\/deposits\/\{id\}\/\w+$/;
/** Actions that move no money, and so need not wait for the confirmations (docs/payments.md, "Confirmations"). */
const MOVES_NO_MONEY = new Set(['POST /v1/deposits/{id}/dismiss']);
/** A body each action accepts; a new action needs one here (the test says so). */
const DEPOSIT_ACTION_BODIES: Record<string, (sessionId: string) => unknown> = {
  'POST /v1/deposits/{id}/attribute': (sessionId) => ({ session_id: sessionId }),
  'POST /v1/deposits/{id}/refund': () => ({}),
  'POST /v1/deposits/{id}/dismiss': () => ({ note: 'matrix' }),
};

test('every action on a deposit waits for its confirmations, never acts on an orphaned one, and never fails on a wrong_asset one (issue 26)', async () => {
  const { s, inject } = apps.test;
  const owner = credentials.find((c) => c.name === 'test key')!.authorization!;
  const actions = operations.filter((o) => o.method === 'POST' && DEPOSIT_ACTION.test(o.path));
  expect(actions.map((o) => o.path).sort()).toEqual(expect.arrayContaining(['/v1/deposits/{id}/attribute', '/v1/deposits/{id}/refund']));
  const merchantId = (await s.merchants.defaultMerchant()).id;
  const created = await inject({ method: 'POST', url: '/v1/payment/sessions', headers: { authorization: owner }, payload: shapeA(merchantId, '1.00', 'USDT') });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = created.json().data.session_id as string;

  let slot = 1_000;
  const transfer = (over: Partial<UnmatchedTransfer> = {}): UnmatchedTransfer => {
    slot += 10;
    return {
      txId: `matrix${slot}`.padEnd(88, 'm'),
      eventIndex: 0,
      blockNumber: slot,
      blockRef: `hash${slot}`,
      blockTime: Date.now(),
      currency: 'USDT',
      tokenContract: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
      decimals: 6,
      from: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      to: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
      amountBase: 1_000_000n,
      reason: 'no_reference',
      ...over,
    };
  };
  /** One Solana pass with the finalized slot at `head`. */
  const pass = (head: number, unmatched: UnmatchedTransfer[], reorgAncestor?: number) =>
    s.payments.apply({ network: 'solana', livemode: false, confirmations: 1, chainId: 'genesis', head, cursor: `c${head}-${slot}`, blocks: [], transfers: [], unmatched, ...(reorgAncestor !== undefined && { reorgAncestor }) });
  const depositOf = async (t: UnmatchedTransfer) => {
    const res = await inject({ method: 'GET', url: '/v1/deposits?limit=100', headers: { authorization: owner } });
    return res.json().data.items.find((d: any) => d.tx_hash === t.txId);
  };
  const act = (op: Operation, id: string) => {
    const body = DEPOSIT_ACTION_BODIES[`${op.method} ${op.path}`];
    if (!body) throw new Error(`${op.method} ${op.path}: add a body it accepts to DEPOSIT_ACTION_BODIES, and decide whether it moves money (MOVES_NO_MONEY)`);
    return inject({ method: 'POST', url: op.path.replace('{id}', id), headers: { authorization: owner, 'idempotency-key': `matrix-${id}-${op.path}` }, payload: body(sessionId) as object });
  };
  const wrong: string[] = [];
  const expectAnswer = (what: string, res: { statusCode: number; body: string; json(): any }, status: number, code: string) => {
    if (res.statusCode !== status || res.json().error?.code !== code) wrong.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)} (want ${status} ${code})`);
  };

  for (const op of actions) {
    const key = `${op.method} ${op.path}`;
    // Each action on a deposit of its own, still short of its confirmations (its slot not finalized).
    const early = transfer();
    await pass(early.blockNumber - 1, [early]);
    const d = await depositOf(early);
    expect(d).toMatchObject({ status: 'unmatched', confirmed: false });
    const res = await act(op, d.id);
    if (MOVES_NO_MONEY.has(key)) {
      if (res.statusCode !== 200) wrong.push(`${key} on an unconfirmed deposit: ${res.statusCode} ${res.body.slice(0, 200)} (moves no money: want 200)`);
    } else {
      expectAnswer(`${key} on an unconfirmed deposit`, res, 409, 'deposit_unconfirmed');
    }

    // Orphaned: a reorganisation dropped its block before it was confirmed.
    const dropped = transfer();
    await pass(dropped.blockNumber - 1, [dropped]);
    await pass(dropped.blockNumber, [], dropped.blockNumber - 1);
    const gone = await depositOf(dropped);
    expect(gone.status).toBe('orphaned');
    expectAnswer(`${key} on an orphaned deposit`, await act(op, gone.id), 409, 'invalid_state');

    // A coin by a contract the network does not offer, confirmed: refused or done, never a failure (this
    // app has no network to pay a refund with: 503 network_unavailable says so, and is no failure).
    const fake = transfer({ tokenContract: 'FakeUsdtMint1111111111111111111111111111111', decimals: 9, amountBase: 1_000_000_000n, reason: 'wrong_asset' });
    await pass(fake.blockNumber + 1, [fake]);
    const w = await depositOf(fake);
    expect(w).toMatchObject({ reason: 'wrong_asset', confirmed: true });
    const answer = await act(op, w.id);
    if (answer.statusCode >= 500 && answer.json().error?.code !== 'network_unavailable') wrong.push(`${key} on a wrong_asset deposit: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  }
  expect(wrong).toEqual([]);
});

test('every operation: requests without a valid credential spend their client address\'s budget, whatever bearer they carry', async () => {
  const { s } = apps.test;
  const max = 2;
  const limited = await buildApp({
    services: { ...s, networks: () => [], rpcCheck: new RpcCheckService({ probe: async () => null, now: Date.now }), uiMode: 'test', now: Date.now, publicBaseUrl: () => 'http://127.0.0.1' },
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
