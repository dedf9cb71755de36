/**
 * The pace an endpoint keeps after 429s (src/chains/rpc-pool/pacer.ts), on a clock the test moves:
 * where a cut starts from, how fast the pace comes back, and when pacing is dropped as no limit.
 */
import { expect, test } from 'vitest';
import { Pacer } from '../../src/chains/rpc-pool/pacer.js';

/** `n` requests started at `rate` a second from `start`, each answered without a 429; returns when the last started. */
async function send(pacer: Pacer, n: number, rate: number, start: number): Promise<number> {
  let now = start;
  for (let i = 0; i < n; i++, now += 1000 / rate) {
    await pacer.slot(now);
    pacer.succeeded();
  }
  return now;
}

test('unpaced until the first 429; the first cut starts from the last second\'s rate', async () => {
  const pacer = new Pacer();
  expect(pacer.requestsPerSecond).toBeNull();
  const now = await send(pacer, 10, 10, 0);
  pacer.limited(now - 50, now);
  // 10 requests in the last second, cut by 30 %.
  expect(pacer.requestsPerSecond).toBe(7);
});

test('a paced endpoint meeting a 429 in a quiet second is cut from its pace, not from that second', async () => {
  const pacer = new Pacer();
  let now = await send(pacer, 10, 10, 0);
  pacer.limited(now - 50, now);
  expect(pacer.requestsPerSecond).toBe(7);
  // A watcher between bursts: 2 requests in the last second, then a 429.
  now = await send(pacer, 6, 1, now + 2000);
  const pace = pacer.requestsPerSecond as number;
  pacer.limited(now - 10, now);
  expect(pacer.requestsPerSecond).toBeCloseTo(pace * 0.7, 1);
  expect(pacer.requestsPerSecond).toBeGreaterThan(4);
});

test('the pace comes back by about 0.1 request a second per second at the pace, at any pace', async () => {
  const slow = new Pacer();
  slow.limited(0, 0); // one request a second observed at most: the floor of a cut from 1 is 0.7
  expect(slow.requestsPerSecond).toBe(0.7);
  // 20 requests at that pace (about 20 s): +2 requests a second or so, where +0.01 each gave +0.2.
  await send(slow, 20, 0.7, 1000);
  expect(slow.requestsPerSecond).toBeGreaterThan(2);
  expect(slow.requestsPerSecond).toBeLessThan(2.5);

  const fast = new Pacer();
  const now = await send(fast, 10, 10, 0);
  fast.limited(now - 50, now); // 7 a second
  // 70 requests at 7 a second (10 s): about +1.
  await send(fast, 70, 7, now + 1000);
  expect(fast.requestsPerSecond).toBeGreaterThan(7.8);
  expect(fast.requestsPerSecond).toBeLessThan(8.2);
});

test('never paced slower than one request every 2 s', async () => {
  const pacer = new Pacer();
  let now = 0;
  // Rounds of five requests that failed otherwise (no success raises the pace) and a sixth refused:
  // few enough 429s (one in six) to be a limit.
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < 5; i++) {
      now += 2000;
      await pacer.slot(now);
    }
    now += 2000;
    await pacer.slot(now);
    pacer.limited(now, now);
  }
  expect(pacer.requestsPerSecond).toBe(0.5);
});

test('429s that keep coming as often after a cut are no limit: the pace is dropped, and cuts pause', async () => {
  const pacer = new Pacer();
  let now = await send(pacer, 10, 10, 0);
  pacer.limited(now - 50, now);
  expect(pacer.requestsPerSecond).toBe(7);
  // After the cut, one request in four refused.
  for (let i = 0; i < 8; i++) {
    now += 1000 / 7;
    await pacer.slot(now);
    if (i % 4 === 3) pacer.limited(now, now);
    else pacer.succeeded();
  }
  expect(pacer.requestsPerSecond).toBeNull();
  // Within the pause, a 429 does not pace it again.
  now += 5000;
  await pacer.slot(now);
  pacer.limited(now, now);
  expect(pacer.requestsPerSecond).toBeNull();
});
