/**
 * What the owner is told about a network's RPC endpoints (GET /v1/networks `advice`, issue 27 item 6),
 * from the pool's per-endpoint reports, and the verdict of an endpoint check: in words a shop can act on.
 */
import { expect, test } from 'vitest';
import { type EndpointReport, endpointAdvice, isDelayed, networkAdvice, urlWithoutCredentials, verdictLine, verdictOf } from '../../src/domain/rpc-check.js';

const ok: EndpointReport = {
  url: 'https://eth.example',
  state: 'ok',
  reason: null,
  requests: 100,
  rateLimited: 0,
  failures: 0,
  requestsPerSecond: null,
  logRange: 2000,
  logRangeCapped: false,
  head: 100,
  latencyMs: 40,
};

test('a 5-block log cap: how long catching up takes, at the pace the endpoint allows (else one request a second)', () => {
  const capped = { ...ok, logRange: 5, logRangeCapped: true };
  expect(endpointAdvice(capped, 1200)).toBe(
    'https://eth.example serves at most 5 blocks of logs per request: catching up 1,200 blocks takes about 4 minutes; a paid plan serves larger ranges',
  );
  expect(endpointAdvice({ ...capped, requestsPerSecond: 10 }, 1200)).toContain('catching up 1,200 blocks takes about 24 seconds');
  // Caught up: what downtime would cost.
  expect(endpointAdvice(capped, 0)).toContain('after downtime, catching up 1,000 blocks takes about 3 minutes');
});

test('429s: the pace the app slowed to, and what lifts it; set aside and backing off say why', () => {
  expect(endpointAdvice({ ...ok, rateLimited: 12, requestsPerSecond: 8 }, 0)).toBe(
    'https://eth.example answered 429 Too Many Requests: the app slowed to 8 requests a second; a paid plan or a second endpoint lifts this',
  );
  expect(endpointAdvice({ ...ok, state: 'set_aside', reason: 'its head is 40 blocks behind the others' }, 0)).toBe(
    'https://eth.example is set aside, the app uses the network\'s other endpoints: its head is 40 blocks behind the others',
  );
  // The pool's own wording of another chain: before, "https://eth.example the RPC serves chain id 5, …: set aside".
  expect(endpointAdvice({ ...ok, state: 'set_aside', reason: 'the RPC serves chain id 5, not 1: check the RPC URL for this network' }, 0)).toBe(
    'https://eth.example is set aside, the app uses the network\'s other endpoints: the RPC serves chain id 5, not 1: check the RPC URL for this network',
  );
  expect(endpointAdvice({ ...ok, state: 'backing_off', reason: 'answered 502' }, 0)).toBe('https://eth.example answered 502: the app waits and tries it again');
  expect(endpointAdvice(ok, 0)).toBeNull();
});

test('the network\'s advice: the lag first when it is beyond the confirmations, then each endpoint; null when all is well', () => {
  expect(networkAdvice(0, 12, [ok])).toBeNull();
  expect(networkAdvice(12, 12, [])).toBeNull();
  expect(networkAdvice(1200, 12, [{ ...ok, logRange: 5, logRangeCapped: true }])).toBe(
    'The watcher is 1,200 blocks behind the chain: payments on this network show late until it catches up. ' +
      'https://eth.example serves at most 5 blocks of logs per request: catching up 1,200 blocks takes about 4 minutes; a paid plan serves larger ranges.',
  );
  expect([isDelayed(13, 12), isDelayed(12, 12), isDelayed(null, 12), isDelayed(undefined, 1)]).toEqual([true, false, false, false]);
});

test('URLs are shown without user-info or query string, where keys live', () => {
  expect(urlWithoutCredentials('https://user:secret@eth.example:8545/v2/path?key=abc')).toBe('https://eth.example:8545/v2/path');
  expect(urlWithoutCredentials('http://127.0.0.1:8545/')).toBe('http://127.0.0.1:8545');
  expect(urlWithoutCredentials('nonsense')).toBe('(not a URL)');
});

test('verdicts', () => {
  expect(verdictLine({ problems: ['serves chain id 31337, not 1'], limits: ['x'] })).toBe('not usable: serves chain id 31337, not 1');
  expect(verdictLine({ problems: [], limits: ['serves at most 5 blocks of logs per request'] })).toBe('usable with limits: serves at most 5 blocks of logs per request');
  expect(verdictOf({ problems: [], limits: [] })).toBe('usable');
});
