/**
 * The customer display over HTTP (docs/api.md, "Customer display"): each mode has its own display
 * slots, so a test key (a developer's, a till rehearsing) never changes what a customer sees for a
 * live sale, while tills in either mode keep their own display working.
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { SseParser } from '../helpers/sse-parser.js';
import { shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';

interface Shown {
  session_id: string | null;
  payment_url: string | null;
  livemode: boolean;
}

let t: TestCore;
beforeAll(async () => {
  t = await startTestCore();
});
afterAll(async () => t?.stop());
/** Streams a test opened, closed after it whether it passed or not. */
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

/** Follows `GET /display/current?…` as the display page does: every `display` event, in order. */
function follow(query: string) {
  const controller = new AbortController();
  const events: Shown[] = [];
  let wake: (() => void) | undefined;
  const done = fetch(`${t.url}/display/current?${query}`, { signal: controller.signal }).then(async (res) => {
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const parser = new SseParser();
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      for (const e of parser.push(value)) {
        if (e.event !== 'display') continue;
        events.push((JSON.parse(e.data) as { data: Shown }).data);
        wake?.();
      }
    }
  }).catch((err: unknown) => {
    if (!controller.signal.aborted) throw err;
  });
  const stream = {
    events,
    /** Waits until `count` events arrived (at most 5 s). */
    async until(count: number): Promise<Shown[]> {
      const deadline = Date.now() + 5000;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`waited 5 s for ${count} display events on ?${query}; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
      return events.slice(0, count);
    },
    async close() {
      controller.abort();
      await done;
    },
  };
  open.push(stream);
  return stream;
}

async function sale(key: string): Promise<string> {
  const res = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId), key });
  expect(res.status, res.text).toBe(200);
  return res.body.data.session_id as string;
}

async function show(key: string, sessionId: string | null, till?: string) {
  const res = await t.api('PUT', '/v1/display', { body: { session_id: sessionId, ...(till === undefined ? {} : { till }) }, key });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Shown;
}

test('a test key\'s PUT /v1/display never changes the live display\'s stream: it changes the test display only', async () => {
  const liveSale = await sale(t.liveKey);
  const testSale = await sale(t.testKey);
  expect(await show(t.liveKey, liveSale, 'till-1')).toMatchObject({ session_id: liveSale, livemode: true });
  expect(await show(t.liveKey, liveSale)).toMatchObject({ session_id: liveSale, livemode: true }); // the shared display

  const live = follow('till=till-1');
  const liveShared = follow('');
  const rehearsal = follow('till=till-1&mode=test');
  expect((await live.until(1))[0]).toEqual({ session_id: liveSale, payment_url: `${t.url}/pay/${liveSale}`, livemode: true });
  expect((await liveShared.until(1))[0]).toMatchObject({ session_id: liveSale, livemode: true });
  expect((await rehearsal.until(1))[0]).toEqual({ session_id: null, payment_url: null, livemode: false });

  // A test key puts its sale up, then clears, on the same till and on the shared display.
  expect(await show(t.testKey, testSale, 'till-1')).toMatchObject({ session_id: testSale, livemode: false });
  expect(await show(t.testKey, testSale)).toMatchObject({ session_id: testSale, livemode: false });
  expect((await rehearsal.until(2))[1]).toMatchObject({ session_id: testSale, livemode: false });
  await show(t.testKey, null, 'till-1');
  await show(t.testKey, null);
  expect((await rehearsal.until(3))[2]).toMatchObject({ session_id: null, livemode: false });

  // The live till then clears its display: the first change its stream sees is that one.
  await show(t.liveKey, null, 'till-1');
  expect(await live.until(2)).toEqual([
    { session_id: liveSale, payment_url: `${t.url}/pay/${liveSale}`, livemode: true },
    { session_id: null, payment_url: null, livemode: true },
  ]);
  expect(liveShared.events).toHaveLength(1); // the shared live display never moved
  // A display opened now shows the live sale still up on the shared display, not the test key's clearing.
  const later = follow('mode=live');
  expect((await later.until(1))[0]).toMatchObject({ session_id: liveSale, livemode: true });
});

test('a test key cannot put a live sale on any display, nor a live key a test sale (404 as for a missing one)', async () => {
  const liveSale = await sale(t.liveKey);
  const testSale = await sale(t.testKey);
  expect((await t.api('PUT', '/v1/display', { body: { session_id: liveSale, till: 'till-2' }, key: t.testKey })).status).toBe(404);
  expect((await t.api('PUT', '/v1/display', { body: { session_id: testSale, till: 'till-2' }, key: t.liveKey })).status).toBe(404);
});

test('an unknown mode is refused (400), not read as live or test', async () => {
  const res = await fetch(`${t.url}/display/current?mode=staging`);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { param: string } }).error.param).toBe('mode');
});
