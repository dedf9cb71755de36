/**
 * rpc-retry.ts, the Solana watcher's one retry: which failures are sent again and after how long
 * (Retry-After in seconds or as a date, capped; a jittered doubling backoff otherwise), and that it
 * gives up after its tries with the last error.
 */
import { SOLANA_ERROR__JSON_RPC__INVALID_PARAMS, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, SolanaError } from '@solana/kit';
import { expect, test } from 'vitest';
import { retryDelay, withRetries } from '../../src/chains/solana/rpc-retry.js';

const policy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 2_000 };
const http = (statusCode: number, headers: Record<string, string> = {}) =>
  new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, { headers: new Headers(headers), message: 'refused', statusCode });

test('a 429 waits its Retry-After, in seconds or as a date, at most the policy\'s longest wait', () => {
  expect(retryDelay(http(429, { 'retry-after': '1' }), 0, policy)).toBe(1_000);
  expect(retryDelay(http(429, { 'retry-after': '60' }), 0, policy)).toBe(2_000);
  const date = retryDelay(http(429, { 'retry-after': new Date(Date.now() + 1_500).toUTCString() }), 0, policy) as number;
  expect(date).toBeGreaterThan(0);
  expect(date).toBeLessThanOrEqual(1_500);
});

test('a 429 without Retry-After, a 5xx and a dropped connection back off, doubling with jitter; a 4xx and a JSON-RPC error are not sent again', () => {
  for (const error of [http(429), http(502), new TypeError('fetch failed')]) {
    const first = retryDelay(error, 0, policy) as number;
    const third = retryDelay(error, 2, policy) as number;
    expect(first).toBeGreaterThanOrEqual(50);
    expect(first).toBeLessThanOrEqual(100);
    expect(third).toBeGreaterThanOrEqual(200);
    expect(third).toBeLessThanOrEqual(400);
  }
  expect(retryDelay(http(400), 0, policy)).toBeUndefined();
  expect(retryDelay(new SolanaError(SOLANA_ERROR__JSON_RPC__INVALID_PARAMS, { __serverMessage: 'bad' }), 0, policy)).toBeUndefined();
  expect(retryDelay(new Error('anything else'), 0, policy)).toBeUndefined();
});

test('withRetries answers once the call does, and gives up after its tries with the last error', async () => {
  const waits: number[] = [];
  const quick = { ...policy, sleep: async (ms: number) => void waits.push(ms) };
  let n = 0;
  expect(await withRetries(async () => (n++ < 2 ? Promise.reject(http(503)) : 'answer'), quick)).toBe('answer');
  expect(waits).toHaveLength(2);
  n = 0;
  await expect(withRetries(async () => Promise.reject(http(429, { 'retry-after': '0' })).finally(() => n++), quick)).rejects.toThrow();
  expect(n).toBe(policy.attempts);
});
