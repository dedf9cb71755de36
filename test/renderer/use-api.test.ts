// @vitest-environment happy-dom
/**
 * useApi, the one way screens load what they show (renderer/src/use-api.ts), rendered by React in a
 * DOM (happy-dom) against a fake fetch whose answers the test releases one by one: loading, then the
 * data; an error in plain words; the request aborted when the screen closes; a reload that keeps what
 * is shown; another path that does not; a 401 that signs out through api.ts.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { setCredential, whenUnauthorized } from '../../renderer/src/api.js';
// As main.tsx does first: the catalogs loaded, in English (happy-dom's language), before any text is read.
import '../../renderer/src/i18n/index.js';
import { type Loaded, useApi, useRefresh } from '../../renderer/src/use-api.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Call {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  answer(status: number, body: unknown): Promise<void>;
  fail(error: Error): Promise<void>;
}

let calls: Call[];
let root: Root;
let seen: Loaded<unknown>[];

/** A fetch that answers only when the test says so; aborting rejects it, as a browser's does. */
function fakeFetch(url: URL | string, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = init.signal as AbortSignal;
    signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    calls.push({
      url: String(url),
      headers: init.headers as Record<string, string>,
      signal,
      answer: (status, body) => act(async () => resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))),
      fail: (error) => act(async () => reject(error)),
    });
  });
}

function Probe({ path }: { path: string | null }) {
  seen.push(useApi<unknown>(path));
  return null;
}

/** A screen that follows its path every 3 s (fake timers: nothing here waits for real time). */
function Following({ path }: { path: string }) {
  const loaded = useApi<unknown>(path);
  useRefresh(loaded, 3000);
  seen.push(loaded);
  return null;
}

const render = (path: string | null) => act(async () => root.render(createElement(Probe, { path })));
const last = () => seen[seen.length - 1]!;
const ok = (data: unknown) => ({ base: { code: 0, message: 'success' }, data });

beforeEach(() => {
  calls = [];
  seen = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  root = createRoot(document.createElement('div'));
});
afterEach(async () => {
  await act(async () => root.unmount());
  setCredential(null);
  vi.unstubAllGlobals();
});

test('loading, then the data of the envelope, with the sign-in as bearer', async () => {
  setCredential('uit_test');
  await render('/v1/merchant');
  expect(last()).toMatchObject({ loading: true, data: undefined, error: undefined });
  expect(calls).toHaveLength(1);
  expect(new URL(calls[0]!.url).pathname).toBe('/v1/merchant');
  expect(calls[0]!.headers.authorization).toBe('Bearer uit_test');

  await calls[0]!.answer(200, ok({ name: 'Corner shop' }));
  expect(last()).toMatchObject({ loading: false, data: { name: 'Corner shop' }, error: undefined, unreachable: false });
});

test("the core's error in plain words, and a core that cannot be reached in words a cashier reads", async () => {
  await render('/v1/payment/sessions/ps_1');
  await calls[0]!.answer(403, {
    error: { type: 'permission_error', code: 'role_forbidden', message: 'Only an owner may do this (POST /v1/payment/sessions/:id/resolve).', param: null },
  });
  expect(last()).toMatchObject({ loading: false, data: undefined, error: 'Only an owner can do this. Ask an owner to sign in.', unreachable: false });

  await act(async () => last().reload());
  await calls[1]!.fail(new TypeError('Failed to fetch'));
  expect(last().error).toBe("The app's server cannot be reached. Check that it is running, then try again.");
  expect(last().unreachable).toBe(true);
});

test('closing the screen aborts the load, and its late answer changes nothing', async () => {
  await render('/v1/balance');
  const renders = seen.length;
  await act(async () => root.unmount());
  expect(calls[0]!.signal.aborted).toBe(true);
  await calls[0]!.answer(200, ok({ late: true }));
  expect(seen).toHaveLength(renders);
  root = createRoot(document.createElement('div')); // for afterEach
});

test('reload keeps what is shown until the answer; another path shows nothing of the last one', async () => {
  await render('/v1/refunds');
  await calls[0]!.answer(200, ok({ items: [1] }));

  await act(async () => last().reload());
  expect(calls).toHaveLength(2);
  expect(last()).toMatchObject({ loading: true, data: { items: [1] } });
  await calls[1]!.answer(200, ok({ items: [1, 2] }));
  expect(last()).toMatchObject({ loading: false, data: { items: [1, 2] } });

  await render('/v1/refunds?limit=1');
  expect(last()).toMatchObject({ loading: true, data: undefined });
  // The first path's load still under way is aborted: its answer cannot land on the new path.
  await render('/v1/deposits');
  expect(calls[2]!.signal.aborted).toBe(true);
  await calls[3]!.answer(200, ok({ items: ['d'] }));
  expect(last().data).toEqual({ items: ['d'] });

  await render(null);
  expect(last()).toMatchObject({ loading: false, data: undefined });
  expect(calls).toHaveLength(4);
});

test('a 401 ends the sign-in through api.ts', async () => {
  const ended = vi.fn();
  whenUnauthorized(ended);
  setCredential('uit_expired');
  await render('/v1/merchant');
  await calls[0]!.answer(401, { error: { type: 'authentication_error', code: 'api_key_invalid', message: 'Your sign-in has ended.', param: null } });
  expect(ended).toHaveBeenCalledTimes(1);
  expect(window.sessionStorage.getItem('stablepos.uiSession')).toBeNull();
  expect(last().error).toBe('Your sign-in has ended.');
});

test('useRefresh reads again a while after each answer, never while a read is under way', async () => {
  vi.useFakeTimers();
  try {
    await act(async () => root.render(createElement(Following, { path: '/v1/refunds' })));
    await act(async () => vi.advanceTimersByTime(10_000));
    // The first answer has not come: no second read piles up, and the first is not cut short.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
    await calls[0]!.answer(200, ok({ items: [] }));
    await act(async () => vi.advanceTimersByTime(2_999));
    expect(calls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls).toHaveLength(2);
    expect(last()).toMatchObject({ loading: true, data: { items: [] } });
  } finally {
    vi.useRealTimers();
  }
});
