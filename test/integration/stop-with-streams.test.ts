/**
 * The app stops while event streams are open (src/http/sse.ts): a customer display left open on a
 * tablet, the payment page on a customer's phone and the till's own session stream. A server that
 * closes waits for its connections, and a stream ends only when its client goes, so before the fix
 * `stablepos serve`'s Ctrl-C and the desktop app's quit waited for as long as any stayed open. Now each
 * stream ends as the app starts closing, and its client sees the end.
 */
import { expect, test } from 'vitest';
import { createSession } from '../helpers/evm-chain.js';
import { startTestCore } from '../helpers/test-core.js';

/** Far longer than a stop takes, far shorter than "until the client goes", which is never here. */
const STOP_BOUND_MS = 10_000;

test('stop ends the open event streams (display, payment page, session) instead of waiting for their clients', async () => {
  const t = await startTestCore({ networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off', solana: 'off' } } });
  let stopped = false;
  try {
    const s = await createSession(t, '5.00');
    const streams: { url: string; headers: Record<string, string> }[] = [
      { url: `${t.url}/display/current?mode=test`, headers: {} },
      { url: `${t.url}/pay/${s.session_id}/stream`, headers: {} },
      { url: `${t.url}/v1/payment/sessions/${s.session_id}/stream`, headers: { authorization: `Bearer ${t.testKey}` } },
    ];
    // Each stream open and its first event read: the clients stay, as a tablet's would.
    const ended = await Promise.all(
      streams.map(async ({ url, headers }) => {
        const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers } });
        expect(res.status, url).toBe(200);
        const reader = res.body!.getReader();
        expect((await reader.read()).done, url).toBe(false);
        // Wrapped: an async callback returning the promise itself would wait for the stream's end here.
        return {
          end: (async () => {
            for (;;) if ((await reader.read()).done) return url;
          })(),
        };
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the app did not stop within ${STOP_BOUND_MS} ms with event streams open`)), STOP_BOUND_MS);
    });
    try {
      await Promise.race([t.core.stop(), bound]);
      stopped = true;
      // Every client saw its stream end.
      expect(await Promise.race([Promise.all(ended.map((e) => e.end)), bound])).toEqual(streams.map((x) => x.url));
    } finally {
      clearTimeout(timer);
    }
  } finally {
    if (!stopped) await t.core.stop();
  }
}, 30_000);
