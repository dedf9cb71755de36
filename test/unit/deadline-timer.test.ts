import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { DeadlineTimer } from '../../src/services/deadline-timer.js';

// A sweep reads the store (asynchronously): a deadline announced while one is under way must still
// wake the timer, though the sweep read the next deadline before it existed.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('a deadline added during a sweep is kept when the sweep arms the timer', async () => {
  let now = 0;
  let sweeps = 0;
  let release!: () => void;
  const timer = new DeadlineTimer(
    async () => {
      sweeps++;
      if (sweeps === 1) await new Promise<void>((resolve) => (release = resolve)); // the first sweep is slow
      return 0;
    },
    async () => undefined, // the store knew of no deadline when the sweep asked
    () => now,
    (err) => {
      throw err;
    },
  );
  timer.start();
  timer.deadlineAdded(1_000); // a session created meanwhile
  release();
  await vi.advanceTimersByTimeAsync(0);
  expect(sweeps).toBe(1);
  now = 1_010;
  await vi.advanceTimersByTimeAsync(1_010);
  expect(sweeps).toBe(2);
  await timer.stop();
});

test('stop() resolves once the sweep under way has ended', async () => {
  let release!: () => void;
  let ended = false;
  const timer = new DeadlineTimer(
    async () => {
      await new Promise<void>((resolve) => (release = resolve));
      ended = true;
      return 0;
    },
    async () => undefined,
    () => 0,
    (err) => {
      throw err;
    },
  );
  timer.start();
  let stopped = false;
  const stopping = timer.stop().then(() => (stopped = true));
  await vi.advanceTimersByTimeAsync(100);
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(ended).toBe(true);
});
