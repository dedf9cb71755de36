import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import {
  checkEnabledEvents,
  checkWebhookUrl,
  DEFAULT_RETRY_DELAYS_MS,
  eventBody,
  isLocalHost,
  MAX_RETRY_AFTER_MS,
  newWebhookSecret,
  nextAttemptDelay,
  parseRetryAfter,
  sign,
  signatureHeader,
  subscribes,
  verdictOf,
  verifySignature,
} from '../../src/domain/webhooks.js';

describe('signing', () => {
  test('our signature is the one standardwebhooks computes and verifies', () => {
    const secret = newWebhookSecret();
    const body = '{"id":"evt_1","type":"payment_session.created"}';
    const ts = Math.floor(Date.now() / 1000);
    const lib = new Webhook(secret);
    expect(sign(secret, 'evt_1', ts, body)).toBe(lib.sign('evt_1', new Date(ts * 1000), body));
    expect(lib.verify(body, { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': signatureHeader([newWebhookSecret(), secret], 'evt_1', ts, body) })).toBeTruthy();
    expect(verifySignature(secret, 'evt_1', ts, body, signatureHeader([secret], 'evt_1', ts, body))).toBe(true);
    expect(verifySignature(secret, 'evt_1', ts, body + ' ', signatureHeader([secret], 'evt_1', ts, body))).toBe(false);
  });

  test('eventBody is the exact JSON of the event', () => {
    const body = eventBody({ id: 'evt_1', type: 't', createdAt: 0, livemode: false, payload: '{"a":1}' });
    expect(body).toBe('{"id":"evt_1","type":"t","created_at":"1970-01-01T00:00:00.000Z","livemode":false,"data":{"object":{"a":1}}}');
  });
});

describe('urls', () => {
  test.each(['127.0.0.1', '127.9.9.9', 'localhost', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.0.1', '::1', 'fc00::1', 'fdab::2', 'fe80::1', 'till.local', '[::1]', '::ffff:192.168.1.1', '[::ffff:7f00:1]', '::ffff:c0a8:101'])('%s is local', (h) => {
    expect(isLocalHost(h)).toBe(true);
  });
  test.each(['8.8.8.8', '172.32.0.1', '172.15.0.1', '192.169.0.1', 'example.com', '2001:db8::1', 'local', 'evil.local.example.com', '11.0.0.1', '::ffff:808:808'])('%s is not', (h) => {
    expect(isLocalHost(h)).toBe(false);
  });
  test('rules', () => {
    expect(checkWebhookUrl('https://example.com/x')).toBeNull();
    expect(checkWebhookUrl('http://example.com/x')).toMatch(/https/);
    // WHATWG URL rewrites [::ffff:127.0.0.1] as [::ffff:7f00:1]: still the machine itself.
    expect(checkWebhookUrl('http://[::ffff:127.0.0.1]:8500/hook')).toBeNull();
    expect(checkWebhookUrl('https://a:b@example.com/x')).toMatch(/credentials/);
    expect(checkWebhookUrl('mailto:x@example.com')).toMatch(/http/);
    expect(checkWebhookUrl('https://example.com/x#y')).toMatch(/fragment/);
    expect(checkWebhookUrl('https://example.com/' + 'x'.repeat(2100))).toMatch(/2048/);
  });
});

describe('events', () => {
  test('enabled_events and subscriptions', () => {
    expect(checkEnabledEvents(['*'])).toBeNull();
    expect(checkEnabledEvents(['payment_session.payment_orphaned', 'refund.failed'])).toBeNull();
    expect(checkEnabledEvents([])?.index).toBeNull();
    expect(checkEnabledEvents(['refund.failed', 'nope'])?.index).toBe(1);
    expect(checkEnabledEvents(['webhook_endpoint.test'])?.index).toBe(0);
    expect(subscribes(['*'], 'refund.failed')).toBe(true);
    expect(subscribes(['*'], 'webhook_endpoint.test')).toBe(false);
    expect(subscribes(['refund.failed'], 'refund.created')).toBe(false);
  });
});

describe('retries', () => {
  test('verdicts', () => {
    expect([200, 204, 299].map(verdictOf)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect([500, 503, 408, 429, undefined].map(verdictOf)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    expect([400, 401, 404, 301, 302].map(verdictOf)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    expect(verdictOf(410)).toBe('gone');
  });

  test('the contract\'s schedule: 10 attempts, Retry-After when longer, capped at 24 h', () => {
    expect(DEFAULT_RETRY_DELAYS_MS.map((d) => d / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(nextAttemptDelay(1, DEFAULT_RETRY_DELAYS_MS)).toBe(5000);
    expect(nextAttemptDelay(9, DEFAULT_RETRY_DELAYS_MS)).toBe(86_400_000);
    expect(nextAttemptDelay(10, DEFAULT_RETRY_DELAYS_MS)).toBeUndefined();
    expect(nextAttemptDelay(1, DEFAULT_RETRY_DELAYS_MS, 60_000)).toBe(60_000);
    expect(nextAttemptDelay(2, DEFAULT_RETRY_DELAYS_MS, 60_000)).toBe(300_000);
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Fri, 01 May 2026 10:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('99999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
