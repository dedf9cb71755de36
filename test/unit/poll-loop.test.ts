import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PollLoop } from '../../src/chains/family.js';
import { LeadershipLostError } from '../../src/domain/leadership.js';

/** A pass the test ends when it wants: `calls` counts passes begun, `running` those not yet ended. */
function controlledPasses() {
  const state = { calls: 0, running: 0, maxRunning: 0, finish: [] as (() => void)[] };
  const pass = () => {
    state.calls++;
    state.running++;
    state.maxRunning = Math.max(state.maxRunning, state.running);
    return new Promise<void>((resolve) => {
      state.finish.push(() => {
        state.running--;
        resolve();
      });
    });
  };
  return { state, pass };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('stop() resolves only once the pass under way has ended, and no pass follows', async () => {
  const { state, pass } = controlledPasses();
  const loop = new PollLoop(pass, 100, () => undefined);
  loop.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(state.calls).toBe(1);
  let stopped = false;
  const stopping = loop.stop().then(() => {
    stopped = true;
  });
  await vi.advanceTimersByTimeAsync(1000);
  expect(stopped).toBe(false);
  state.finish.shift()?.();
  await stopping;
  expect(stopped).toBe(true);
  await vi.advanceTimersByTimeAsync(1000);
  expect(state.calls).toBe(1);
});

test('stop() with no pass under way resolves at once', async () => {
  const { state, pass } = controlledPasses();
  const loop = new PollLoop(pass, 100, () => undefined);
  await loop.stop();
  loop.start();
  await vi.advanceTimersByTimeAsync(0);
  state.finish.shift()?.();
  await vi.advanceTimersByTimeAsync(0);
  await loop.stop();
  expect(state.calls).toBe(1);
});

test('a pass refused for lost leadership stops the loop; it is not reported as a failure nor retried', async () => {
  const failed = vi.fn();
  let calls = 0;
  const loop = new PollLoop(() => {
    calls++;
    return Promise.reject(new LeadershipLostError('watcher:ethereum:test'));
  }, 100, failed);
  loop.start();
  await vi.advanceTimersByTimeAsync(5000);
  expect(calls).toBe(1);
  expect(loop.running).toBe(false);
  expect(failed).not.toHaveBeenCalled();
});

test('other failures are reported and retried', async () => {
  const failed = vi.fn();
  let calls = 0;
  const loop = new PollLoop(() => {
    calls++;
    return Promise.reject(new Error('rpc down'));
  }, 100, failed);
  loop.start();
  await vi.advanceTimersByTimeAsync(2500);
  await loop.stop();
  expect(calls).toBe(3); // at 0, 1000 and 2000 ms: at least 1 s after a failure
  expect(failed).toHaveBeenCalledTimes(3);
});

test('started again while a pass of the earlier start is ending: passes never overlap, one loop runs', async () => {
  const { state, pass } = controlledPasses();
  const loop = new PollLoop(pass, 100, () => undefined);
  loop.start();
  await vi.advanceTimersByTimeAsync(0);
  void loop.stop();
  loop.start();
  await vi.advanceTimersByTimeAsync(500);
  expect(state.calls).toBe(1); // the new start waits for the old pass
  state.finish.shift()?.();
  for (let i = 0; i < 5; i++) {
    await vi.advanceTimersByTimeAsync(100);
    state.finish.shift()?.();
  }
  await vi.advanceTimersByTimeAsync(100);
  expect(state.maxRunning).toBe(1);
  // One loop: one pass per 100 ms after the first ended, not two.
  expect(state.calls).toBeLessThanOrEqual(8);
  const stopping = loop.stop();
  state.finish.shift()?.();
  await stopping;
});
