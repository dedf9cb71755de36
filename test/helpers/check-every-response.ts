/**
 * vitest setup file (vitest.config.ts): every response a test receives from one of our servers through
 * `fetch` is checked against the OpenAPI document that server serves (test/helpers/openapi-responses.ts).
 * A mismatch makes that `fetch` throw, and fails the test afterwards even if the test caught it.
 *
 * "Our servers" are the loopback origins that answered with our `Request-Id` (`req_…`) once, or that
 * test-core.ts announced: devnets, webhook receivers and rate feeds on loopback are left alone.
 * The document is fetched once per origin. Bodies are read (from a clone) only when JSON: streams,
 * CSV and HTML are checked for status, content type and headers.
 */
import { afterAll, afterEach } from 'vitest';
import { type ReceivedResponse, ResponseChecker } from './openapi-responses.js';

type FetchInput = Parameters<typeof fetch>[0];

/** Kept on globalThis: this module may be evaluated again by a test file's import, the state must be one. */
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for('stablepos.check-every-response')] ??= {
  realFetch: globalThis.fetch,
  ours: new Set<string>(),
  checkers: new Map<string, Promise<ResponseChecker | undefined>>(),
  anyChecker: undefined,
  problems: [],
  pending: new Set<Promise<unknown>>(),
  installed: false,
}) as {
  realFetch: typeof fetch;
  ours: Set<string>;
  checkers: Map<string, Promise<ResponseChecker | undefined>>;
  /** A document fetched from any of our servers: the same build serves the same document. */
  anyChecker: ResponseChecker | undefined;
  problems: string[];
  pending: Set<Promise<unknown>>;
  installed: boolean;
};
const { realFetch, ours, checkers, problems, pending } = state;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** Announces a server of ours (a core started by a test) before its first answer. */
export function markOurServer(url: string): void {
  ours.add(new URL(url).origin);
}

/** Whether a response came from one of our servers (announced, or answering with our Request-Id on loopback). */
export function isOurServer(url: URL, requestId: string | null | undefined): boolean {
  if (!LOOPBACK.test(url.hostname)) return false;
  if (ours.has(url.origin)) return true;
  if (!/^req_/.test(requestId ?? '')) return false;
  ours.add(url.origin);
  return true;
}

/** Problems found so far and not yet reported; cleared. */
export function takeResponseProblems(): string[] {
  return problems.splice(0);
}

/** Checks a response from our server; resolves with what is wrong (also kept for afterEach). */
export async function checkResponse(origin: string, res: ReceivedResponse): Promise<string[]> {
  const checker = await checkerFor(origin);
  const found = checker ? checker.check(res) : [`${res.method} ${res.path}: no OpenAPI document could be fetched from ${origin}`];
  problems.push(...found);
  return found;
}

function checkerFor(origin: string): Promise<ResponseChecker | undefined> {
  let checker = checkers.get(origin);
  if (!checker) {
    checker = realFetch(`${origin}/docs/json`)
      .then(async (res) => (res.ok ? new ResponseChecker((await res.json()) as never) : undefined))
      .catch(() => undefined)
      // A server stopping (503) or stopped has no document to give: any other of ours serves the same.
      .then((c) => (c ? (state.anyChecker = c) : state.anyChecker));
    checkers.set(origin, checker);
  }
  return checker;
}

function methodOf(input: FetchInput, init?: RequestInit): string {
  return init?.method ?? (input instanceof Request ? input.method : 'GET');
}

async function checkedFetch(input: FetchInput, init?: RequestInit): Promise<Response> {
  const res = await realFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!isOurServer(url, res.headers.get('request-id'))) return res;
  const method = methodOf(input, init).toUpperCase();
  const json = /^application\/json\b/.test(res.headers.get('content-type') ?? '');
  const check = (async () =>
    checkResponse(url.origin, {
      method,
      path: url.pathname + url.search,
      status: res.status,
      header: (name) => res.headers.get(name) ?? undefined,
      body: json && method !== 'HEAD' ? await res.clone().text() : undefined,
    }))();
  pending.add(check);
  try {
    const found = await check;
    if (found.length > 0) throw new Error(`response does not match the OpenAPI document:\n${found.join('\n')}`);
  } finally {
    pending.delete(check);
  }
  return res;
}

/** Checks may still run for responses a browser received: wait for them, then report everything. */
export async function settleResponseChecks(): Promise<void> {
  await Promise.allSettled([...pending]);
}

/** Registers a check that runs outside `fetch` (a browser's responses), so afterEach waits for it. */
export function trackCheck(check: Promise<unknown>): void {
  const tracked = check.then(
    () => undefined,
    (err: unknown) => void problems.push(`a response check failed: ${String(err)}`),
  );
  pending.add(tracked);
  void tracked.then(() => pending.delete(tracked));
}

async function reportProblems(): Promise<void> {
  if (!owner) return;
  await settleResponseChecks();
  const found = takeResponseProblems();
  if (found.length > 0) throw new Error(`responses that do not match the OpenAPI document:\n${found.join('\n')}`);
}

// Installed once per test file's process; a second evaluation adds no wrapper and no hooks.
const owner = !state.installed;
if (owner) {
  state.installed = true;
  globalThis.fetch = checkedFetch;
}

// Only inside a vitest run: the benchmarks reuse the browser helpers (bench/sections/ui-charge.ts),
// and a hook registered outside a test file throws.
if (process.env.VITEST) {
  afterEach(reportProblems);
  afterAll(reportProblems);
}
