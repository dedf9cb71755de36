/**
 * Counts what one request costs the core's event loop, call by call: SQL statements sent (both
 * stores), elliptic-curve operations and synchronous crypto calls (node:crypto, @noble/hashes). Used by the budget test of
 * session creation (test/integration/session-creation-budget.test.ts, budgets in
 * test/budgets/session-creation.ts).
 *
 * Attribution, not a time window: timers of the core (lease renewals, change signals, the webhook
 * dispatcher) run beside a request and would make a window's count noisy. Each request the HTTP
 * server receives while `measureRequests` is armed runs in an AsyncLocalStorage context of its own
 * (http.Server's 'request' event is wrapped), and a call is counted only when it is made in such a
 * context: by the request's handler or anything it awaited, queued (group commit's setImmediate) or
 * scheduled after answering. `measure(fn)` counts calls made by `fn` itself (the spies' self-check).
 *
 * What is wrapped, from the test only (nothing in src/ knows):
 * - SQLite: better-sqlite3's Statement run/get/all/iterate (the prototype every prepared statement
 *   shares, which `pragma()` and `transaction()` use too) and Database exec.
 * - PostgreSQL: node-postgres' Client.prototype.query (the pool's queries go through it).
 * - Curves: the native `secp256k1` addon's functions; node:crypto's ECDH, sign/verify, key pair and
 *   key object functions; @noble/curves 2.x's scalar multiplier (every multiplication of ed25519 and
 *   secp256k1, whoever calls it: @scure/bip32 too) and, through `wrapNobleCurve` (vi.mock in the test),
 *   the ed25519/secp256k1 objects src imports; viem's and ox's own @noble/curves 1.x point
 *   multiplications (viem/accounts). Nested calls count once (getPublicKey → its multiplication).
 * - Crypto: node:crypto's hashing, HMAC, randomness, comparison, key derivation and ciphers. Named
 *   imports of builtins are live ESM bindings: the functions are replaced on the CommonJS object and
 *   pushed to the ESM namespace with syncBuiltinESMExports(). And, through `wrapNobleHashModule`
 *   (vi.mock), the @noble/hashes functions src imports.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { ScalarMultiplier } from '@noble/curves/abstract/curve.js';

export interface Counted {
  /** The request's method and URL (measureRequests), or '' (measure). */
  readonly request: string;
  /** SQL text of every statement sent, in order. */
  readonly sql: string[];
  /** Every elliptic-curve operation, as `library.function`. */
  readonly curve: string[];
  /** Every synchronous crypto call, as `crypto.function` (node:crypto) or `@noble/hashes/…`. */
  readonly crypto: string[];
}

type Kind = Exclude<keyof Counted, 'request'>;

interface Context {
  counted: Counted;
  /** Depth of curve calls in progress: only the outermost one is an operation. */
  curveDepth: number;
}

const context = new AsyncLocalStorage<Context>();
const fresh = (request = ''): Context => ({ counted: { request, sql: [], curve: [], crypto: [] }, curveDepth: 0 });

/** Replaces `target[name]` with a function that records `describe(...)` under `kind`, then calls the original. */
function spy(target: Record<string, unknown>, name: string, kind: Kind, describe: (self: unknown, args: unknown[]) => string): void {
  const original = target[name];
  if (typeof original !== 'function' || (original as { counted?: true }).counted) return;
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    const c = context.getStore();
    if (!c) return Reflect.apply(original, this, args);
    if (kind !== 'curve') {
      c.counted[kind].push(describe(this, args));
      return Reflect.apply(original, this, args);
    }
    if (c.curveDepth === 0) c.counted.curve.push(describe(this, args));
    c.curveDepth++;
    try {
      return Reflect.apply(original, this, args);
    } finally {
      c.curveDepth--;
    }
  };
  Object.assign(wrapped, original); // a hash function's `create`, `outputLen`, …
  Object.defineProperty(wrapped, 'counted', { value: true });
  Object.defineProperty(wrapped, 'name', { value: name });
  target[name] = wrapped;
}

const SYNC_CRYPTO = [
  'createHash', 'createHmac', 'hash', 'randomBytes', 'randomUUID', 'randomFillSync', 'randomInt', 'timingSafeEqual',
  'scryptSync', 'pbkdf2Sync', 'hkdfSync', 'createCipheriv', 'createDecipheriv',
];
const CRYPTO_CURVES = [
  'createECDH', 'sign', 'verify', 'createSign', 'createVerify', 'generateKeyPair', 'generateKeyPairSync',
  'createPublicKey', 'createPrivateKey', 'diffieHellman', 'generateKeySync',
];

let installed = false;

/** ` at src/…:line`: the nearest caller in our code, so a budget's failure says who made the call. */
function caller(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60; // a library's call (@scure/bip32 → @noble/curves) is deep below ours
  const stack = new Error().stack;
  Error.stackTraceLimit = limit;
  const frame = stack?.split('\n').find((l) => l.includes('/src/') && !l.includes('node_modules'));
  const at = frame?.match(/\/(src\/[^:)]+:\d+)/)?.[1];
  return at ? ` at ${at}` : '';
}

type NobleV1 = { secp256k1: { ProjectivePoint: { prototype: Record<string, unknown> } } };

/** Installs every spy once per process (test files run in processes of their own). */
export async function installCounters(): Promise<void> {
  if (installed) return;
  installed = true;

  // SQLite: one prepared statement's prototype is every statement's.
  const probe = new Database(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<string, unknown>;
  probe.close();
  for (const m of ['run', 'get', 'all', 'iterate']) spy(statement, m, 'sql', (self) => (self as { source: string }).source);
  spy(Database.prototype as unknown as Record<string, unknown>, 'exec', 'sql', (_, [source]) => String(source));

  // PostgreSQL: the pool's and the transactions' queries all reach Client.prototype.query.
  spy(pg.Client.prototype as unknown as Record<string, unknown>, 'query', 'sql', (_, [q, v]) => {
    const { text, name, values } = typeof q === 'string' ? { text: q, name: undefined, values: v } : (q as { text: string; name?: string; values?: unknown });
    // A change signal's topic (pg-signals.ts: "<instance> <topic> <payload>"), not its varying payload.
    const params = values ?? v;
    const topic = text.startsWith('SELECT pg_notify') && Array.isArray(params) ? String(params[1]).split(' ')[1] : undefined;
    return `${text}${name ? ` [prepared ${name}]` : ''}${topic ? ` [${topic}]` : ''}`;
  });

  const require = createRequire(import.meta.url);
  const crypto = require('node:crypto') as Record<string, unknown>;
  for (const f of SYNC_CRYPTO) spy(crypto, f, 'crypto', (_, args) => `crypto.${f}(${typeof args[0] === 'string' ? args[0] : ''})${caller()}`);
  for (const f of CRYPTO_CURVES) spy(crypto, f, 'curve', () => `crypto.${f}${caller()}`);
  syncBuiltinESMExports();

  const secp256k1 = require('secp256k1') as Record<string, unknown>;
  for (const f of Object.keys(secp256k1)) spy(secp256k1, f, 'curve', () => `secp256k1 (native).${f}${caller()}`);

  // Every @noble/curves 2.x multiplication, by whatever calls it (ed25519, secp256k1, @scure/bip32).
  const multiplier = ScalarMultiplier.prototype as unknown as Record<string, unknown>;
  for (const m of ['mulSecret', 'mulUnsafe', 'mulCT', 'mulCTBlinded']) spy(multiplier, m, 'curve', () => `@noble/curves ScalarMultiplier.${m}${caller()}`);

  // viem's and ox's own @noble/curves 1.x (viem/accounts signs and derives with them), both its
  // CommonJS and its ESM build (two module instances, each with its own Point class).
  for (const owner of ['viem', 'ox']) {
    let cjs: string;
    let own: NodeJS.Require;
    try {
      own = createRequire(require.resolve(`${owner}/package.json`));
      cjs = own.resolve('@noble/curves/secp256k1');
    } catch {
      continue; // not installed (any more): nothing of it to count
    }
    if (!cjs.includes(`${owner}/node_modules/`)) continue; // the top-level 2.x, counted above
    const esm = pathToFileURL(join(dirname(cjs), 'esm', 'secp256k1.js')).href;
    for (const module of [own(cjs) as NobleV1, (await import(/* @vite-ignore */ esm)) as NobleV1]) {
      for (const m of ['multiply', 'multiplyUnsafe']) spy(module.secp256k1.ProjectivePoint.prototype, m, 'curve', () => `${owner}'s @noble/curves 1.x Point.${m}${caller()}`);
    }
  }

  // Requests the server receives while armed run in a context of their own.
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request' && armed) {
      const request = args[0] as http.IncomingMessage;
      const c = fresh(`${request.method} ${request.url}`);
      armed.push(c.counted);
      // The body's 'data' and 'end' (after which Fastify runs the handler) and the answer's 'finish'
      // are emitted from the socket's callbacks, outside this context: their emits are put in it.
      for (const emitter of args as NodeJS.EventEmitter[]) {
        const own = emitter.emit;
        emitter.emit = function (this: NodeJS.EventEmitter, ...a: unknown[]): boolean {
          return context.run(c, () => Reflect.apply(own, this, a) as boolean);
        } as typeof own;
      }
      return context.run(c, () => Reflect.apply(emit, this, [event, ...args]) as boolean);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

let armed: Counted[] | undefined;

/**
 * Runs `send` (which makes requests to the core over HTTP and awaits their answers), then lets what
 * the requests scheduled for after their answers run (change signals, the webhook dispatcher's
 * pass) until nothing new was counted for `quietMs` (a loaded machine only makes this longer), and
 * returns what each request the server received in the meantime cost, in order of arrival.
 */
export async function measureRequests(send: () => Promise<unknown>, quietMs = 100): Promise<Counted[]> {
  await installCounters();
  if (armed) throw new Error('measureRequests is not reentrant');
  const received: Counted[] = [];
  armed = received;
  try {
    await send();
  } finally {
    armed = undefined;
  }
  const total = () => received.reduce((n, c) => n + c.sql.length + c.curve.length + c.crypto.length, 0);
  for (let seen = -1; seen !== total(); ) {
    seen = total();
    await new Promise((r) => setTimeout(r, quietMs));
  }
  // Copies: anything still running in a request's context after this must not change the result.
  return received.map((c) => ({ request: c.request, sql: [...c.sql], curve: [...c.curve], crypto: [...c.crypto] }));
}

/** What `fn` itself costs (its awaited continuations included): for checking that a spy sees calls. */
export async function measure(fn: () => unknown): Promise<Counted> {
  await installCounters();
  const c = fresh();
  await context.run(c, async () => {
    await fn();
  });
  return c.counted;
}

/**
 * A @noble/curves module object (ed25519.js, secp256k1.js) with its curves' functions counted as
 * curve operations: for `vi.mock(path, async (orig) => wrapNobleCurveModule(await orig()))`. The
 * library freezes its objects, so each curve is a new object that forwards to the original.
 */
export function wrapNobleCurveModule<M extends Record<string, unknown>>(module: M, label: string): M {
  const out: Record<string, unknown> = { ...module };
  for (const [name, value] of Object.entries(module)) {
    if (!value || typeof value !== 'object' || !('Point' in value)) continue;
    out[name] = wrapCurve(value as Record<string, unknown>, `${label}.${name}`);
  }
  return out as M;
}

function wrapCurve(curve: Record<string, unknown>, label: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...curve };
  for (const [name, value] of Object.entries(curve)) {
    if (typeof value === 'function' && name !== 'Point') spy(copy, name, 'curve', () => `${label}.${name}${caller()}`);
  }
  if (curve.utils && typeof curve.utils === 'object') {
    const utils: Record<string, unknown> = { ...(curve.utils as Record<string, unknown>) };
    // Random keys are randomness, not curve work: left out.
    for (const [name, value] of Object.entries(utils)) {
      if (typeof value === 'function' && !name.startsWith('random')) spy(utils, name, 'curve', () => `${label}.utils.${name}${caller()}`);
    }
    copy.utils = utils;
  }
  // Point's constructors from bytes decompress a point (a square root): an operation too.
  const Point = curve.Point as Record<string, unknown>;
  const statics: Record<string, unknown> = {};
  for (const name of ['fromBytes', 'fromHex', 'fromAffine', 'fromPrivateKey']) {
    if (typeof Point[name] === 'function') {
      statics[name] = (Point[name] as (...a: unknown[]) => unknown).bind(Point);
      spy(statics, name, 'curve', () => `${label}.Point.${name}${caller()}`);
    }
  }
  copy.Point = new Proxy(Point, { get: (target, key, receiver) => (typeof key === 'string' && key in statics ? statics[key] : Reflect.get(target, key, receiver)) as unknown });
  return copy;
}

/**
 * A @noble/hashes module object (sha2.js, sha3.js) with its hash functions counted as crypto calls,
 * whole (`sha256(data)`) or streamed (`sha256.create()`): for `vi.mock`, as above. TRON's
 * base58check hashes every address it spells with it.
 */
export function wrapNobleHashModule<M extends Record<string, unknown>>(module: M, label: string): M {
  const out: Record<string, unknown> = { ...module };
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function') continue;
    spy(out, name, 'crypto', () => `${label}.${name}${caller()}`);
    const create = (value as { create?: unknown }).create;
    if (typeof create === 'function') {
      const fn = out[name] as unknown as Record<string, unknown>;
      fn.create = create.bind(value);
      spy(fn, 'create', 'crypto', () => `${label}.${name}.create${caller()}`);
    }
  }
  return out as M;
}
