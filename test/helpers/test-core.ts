import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CoreConfig, resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { Db } from '../../src/db/sqlite/open-database.js';
import type { Role } from '../../src/domain/users.js';
import { isSqlite } from '../../src/storage/sqlite-stores.js';
import { newPgDatabase } from './stores.js';
import { type Core, createCore } from '../../src/create-core.js';
import { NETWORK_IDS } from '../../src/chains/registry.js';
import { afterAll } from 'vitest';
import { markOurServer } from './check-every-response.js';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestCore {
  core: Core;
  url: string;
  dataDir: string;
  /** The PostgreSQL database the core runs on (the `postgres` test project), else undefined: SQLite in the data dir. */
  databaseUrl: string | undefined;
  merchantId: string;
  domainId: string;
  testKey: string;
  liveKey: string;
  /** Moves the core's clock (ms) forward. */
  advance(ms: number): void;
  /** A new one-time code for the first owner's setup, made as `stablepos users setup-code` makes it. */
  setupCode(): Promise<string>;
  /** Calls the API as a client would, over real HTTP. `key: null` sends no Authorization header. */
  api<T = any>(method: string, path: string, options?: { body?: unknown; rawBody?: string; key?: string | null; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  stop(): Promise<void>;
}

/**
 * The real core on a temporary data dir and a free port, with one test and one live key. The clock
 * is real time plus an offset the test can advance, so timers and deadlines can be exercised.
 */
/** The PostgreSQL database each data dir's core ran on in this file (the `postgres` test project). */
const databases = new Map<string, string>();

/** The PostgreSQL database a test core on `dataDir` runs on, or undefined when it is the data dir's SQLite file. */
export const databaseOfDataDir = (dataDir: string): string | undefined => databases.get(dataDir);

export async function startTestCore(overrides: Partial<CoreConfig> = {}): Promise<TestCore> {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'stablepos-test-'));
  // The `postgres` test project runs the same files on PostgreSQL (vitest.config.ts): a fresh database each.
  // A restart on the same data dir finds the same database.
  const databaseUrl =
    overrides.databaseUrl ?? databases.get(dataDir) ?? (process.env.STABLEPOS_TEST_STORE === 'postgres' ? await newPgDatabase() : undefined);
  if (databaseUrl !== undefined) databases.set(dataDir, databaseUrl);
  let offset = 0;
  const now = () => Date.now() + offset;

  // Keys are made the way `stablepos keys create` makes them, before the server opens the database.
  const setup = await createServices(resolveConfig({ dataDir, databaseUrl }));
  const merchant = await setup.merchants.defaultMerchant();
  const testKey = (await setup.apiKeys.create(merchant.id, 'test')).secret;
  const liveKey = (await setup.apiKeys.create(merchant.id, 'live')).secret;
  await setup.close();

  // No chains unless a test asks for them: devnets cost a second or two to start.
  const core = createCore({
    port: 0,
    rateLimit: { max: 100_000, windowMs: 1000 },
    networks: { test: Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])) },
    // Tests never reach the internet: a test that wants the feed serves it locally (test/integration/rates.test.ts).
    rateFeed: { source: 'off' },
    ...overrides,
    dataDir,
    databaseUrl,
    now,
  });
  const url = await core.start();
  markOurServer(url);

  return {
    core,
    url,
    dataDir,
    databaseUrl,
    merchantId: merchant.id,
    domainId: merchant.domains[0]!.id,
    testKey,
    liveKey,
    advance: (ms) => {
      offset += ms;
    },
    async setupCode() {
      const s = await createServices(resolveConfig({ dataDir, databaseUrl }));
      try {
        return await s.users.newSetupCode(merchant.id);
      } finally {
        await s.close();
      }
    },
    async api(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? testKey : options.key;
      if (key !== null) headers.authorization = `Bearer ${key}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (HTML page): keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed as never, text };
    },
    async stop() {
      await core.stop();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's core on a data dir of its own that outlives restarts (a restart must change nothing):
 * `start()` makes the dir and starts the core, `restart()` stops the core and starts a new one on the
 * same data; after the file's tests the core is stopped and the dir removed.
 */
export function coreWithOwnDataDir(name: string, config: Partial<CoreConfig>): { start(): Promise<TestCore>; restart(): Promise<TestCore> } {
  let dir: string | undefined;
  let current: TestCore | undefined;
  const start = async (): Promise<TestCore> => {
    dir ??= mkdtempSync(join(tmpdir(), `stablepos-${name}-`));
    current = await startTestCore({ ...config, dataDir: join(dir, 'data') });
    return current;
  };
  afterAll(async () => {
    await current?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    start,
    async restart() {
      await current?.core.stop();
      return start();
    },
  };
}

/** Asserts the contract's error shape and returns the error object. */
/**
 * Adds staff to the test core's merchant through a second services instance on its store, as the
 * CLI's `users add` does (the API adds staff only from a signed-in owner in live mode).
 */
export async function addStaff(t: Pick<TestCore, 'dataDir' | 'databaseUrl'>, staff: readonly { name: string; role: Role; pin: string }[]): Promise<void> {
  const s = await createServices(resolveConfig({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }));
  try {
    const merchantId = (await s.merchants.defaultMerchant()).id;
    for (const person of staff) await s.users.add(merchantId, person);
  } finally {
    await s.close();
  }
}

/** Signs `user` in to the UI with `pin` (POST /v1/ui/sessions); fails unless 200. Its token and user. */
export async function signInAs(t: Pick<TestCore, 'api'>, user: string, pin: string): Promise<{ token: string; user: { id: string } }> {
  const res = await t.api('POST', '/v1/ui/sessions', { key: null, body: { user, pin } });
  if (res.status !== 200) throw new Error(`sign-in of ${user}: ${res.status} ${res.text}`);
  return res.body.data;
}

export function expectError(res: ApiResponse, status: number, code: string, param?: string | null) {
  const error = res.body?.error;
  const summary = `${res.status} ${res.text}`;
  if (res.status !== status) throw new Error(`expected HTTP ${status}, got ${summary}`);
  if (!error || error.code !== code) throw new Error(`expected code ${code}, got ${summary}`);
  if (typeof error.type !== 'string' || typeof error.message !== 'string' || !('param' in error)) {
    throw new Error(`error not in the contract's shape: ${summary}`);
  }
  if (param !== undefined && error.param !== param) throw new Error(`expected param ${param}, got ${summary}`);
  if (!res.headers.get('request-id')) throw new Error('error response without a Request-Id header');
  return error as { type: string; code: string; message: string; param: string | null };
}

export const shapeA = (merchantId: string, value = '12.50', currency = 'USD', extra: Record<string, unknown> = {}) => ({
  merchant_id: merchantId,
  amount: { value, currency },
  ...extra,
});

export const shapeB = (extra: Record<string, unknown> = {}) => ({
  currency: 'USD',
  mode: 'payment',
  success_url: 'https://shop.example/success',
  cancel_url: 'https://shop.example/cancel',
  line_items: [
    { quantity: 2, price_data: { currency: 'USD', unit_amount: 750, product_data: { name: 'Coffee', description: 'Flat white' } } },
    { quantity: 1, price_data: { currency: 'USD', unit_amount: 499, product_data: { name: 'Cake' } } },
  ],
  ...extra,
});

/** The SQLite connection under a core's services, for raw SQL in tests (fails on another store). */
export function sqliteDb(s: CoreServices): Db {
  if (!isSqlite(s.store)) throw new Error(`this test reads SQLite directly, and the store is ${s.store.kind}`);
  return s.store.db;
}
