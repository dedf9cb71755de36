import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Webhooks, the pure part: which event types exist, how a delivery is signed (Standard Webhooks),
 * which URLs an endpoint may have, and when a failed delivery is tried again.
 */

/** Every event type an endpoint can subscribe to (`enabled_events`), besides `*` for all of them. */
export const WEBHOOK_EVENT_TYPES = [
  'payment_session.created',
  'payment_session.payment_detected',
  'payment_session.payment_orphaned',
  'payment_session.processing',
  'payment_session.succeeded',
  'payment_session.expired',
  'payment_session.canceled',
  'payment_session.exception',
  'refund.created',
  'refund.processing',
  'refund.succeeded',
  'refund.failed',
  'deposit.unmatched',
  'deposit.attributed',
  'deposit.refunded',
  'deposit.dismissed',
  'deposit.orphaned',
  'balance.available',
  'shift.opened',
  'shift.closed',
  'shift.reconciled',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event `POST /v1/webhook_endpoints/{id}/test` sends: only ever to that endpoint. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test';

export const ALL_EVENTS = '*';

export const isWebhookEventType = (type: string): type is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/** Whether an endpoint subscribed to `enabled` receives events of `type` (test events never fan out). */
export function subscribes(enabled: readonly string[], type: string): boolean {
  if (type === TEST_EVENT_TYPE) return false;
  return enabled.includes(ALL_EVENTS) || enabled.includes(type);
}

/**
 * Checks `enabled_events`: non-empty, each a known type, or exactly `["*"]`.
 * Returns the offending index and a message, or null when it is fine.
 */
export function checkEnabledEvents(enabled: readonly string[]): { index: number | null; message: string } | null {
  if (enabled.length === 0) return { index: null, message: 'must list at least one event type, or be ["*"] for all of them' };
  for (const [i, type] of enabled.entries()) {
    if (type === ALL_EVENTS) {
      if (enabled.length > 1) return { index: i, message: '"*" stands for every event type and must be the only entry' };
    } else if (!isWebhookEventType(type)) {
      return { index: i, message: `is not an event type; use one of ${WEBHOOK_EVENT_TYPES.join(', ')}, or ["*"]` };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Signing (https://www.standardwebhooks.com)
// ---------------------------------------------------------------------------------------------------

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks asks for 24 to 64). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The HMAC key a secret stands for: the bytes after `whsec_`, base64-decoded. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256(key, id + "." + timestamp + "." + body)>`; timestamp in Unix seconds. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one `v1,…` per secret in use, separated by spaces (rotation). */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((s) => sign(s, id, timestampSeconds, body)).join(' ');
}

/** Whether any signature in a `webhook-signature` header matches (what a receiver does; used by tests and docs). */
export function verifySignature(secret: string, id: string, timestampSeconds: number, body: string, header: string): boolean {
  const expected = Buffer.from(sign(secret, id, timestampSeconds, body));
  return header.split(' ').some((candidate) => {
    const got = Buffer.from(candidate);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

// ---------------------------------------------------------------------------------------------------
// Endpoint URLs
// ---------------------------------------------------------------------------------------------------

const MAX_URL_LENGTH = 2048;

function ipv4Octets(host: string): number[] | null {
  if (isIP(host) !== 4) return null;
  return host.split('.').map(Number);
}

/** Loopback or a private / link-local range, where plain http is acceptable (the shop's own network). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const v4 = ipv4Octets(host);
  if (v4) {
    const [a, b] = v4 as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (isIP(host) === 6) {
    if (host === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isLocalHost(mapped[1] as string);
    // The same, as WHATWG URL spells it: http://[::ffff:127.0.0.1]/ has the hostname [::ffff:7f00:1].
    const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
    if (mappedHex) {
      const [hi, lo] = [parseInt(mappedHex[1] as string, 16), parseInt(mappedHex[2] as string, 16)];
      return isLocalHost(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
    }
    const first = parseInt(host.split(':')[0] || '0', 16);
    return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80; // fc00::/7, fe80::/10
  }
  return false;
}

/**
 * An endpoint URL: absolute http(s), without credentials; https anywhere, http only on loopback, the
 * private ranges and `.local` names (a till on the shop's network). Returns what is wrong, or null.
 */
export function checkWebhookUrl(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an absolute http or https URL';
  if (url.username || url.password) return 'must not contain credentials (user:password@); authenticate the request by its signature';
  if (!url.hostname) return 'must name a host';
  if (url.hash) return 'must not contain a fragment (#…)';
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
    return 'must use https; plain http is accepted only for loopback, private network addresses and .local names';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Retries
// ---------------------------------------------------------------------------------------------------

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits before the 2nd … 10th attempt (contract): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];

/** The longest a `Retry-After` may push the next attempt back. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/** A 2xx within the timeout is success (contract: 15 s). */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 15 * SECOND;

/** What an attempt's outcome means for its delivery. */
export type AttemptVerdict = 'succeeded' | 'retry' | 'failed' | 'gone';

/** `status` undefined: no HTTP answer (network error, timeout), which is retried. */
export function verdictOf(status: number | undefined): AttemptVerdict {
  if (status === undefined) return 'retry';
  if (status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  if (status >= 500 || status === 408 || status === 429) return 'retry';
  return 'failed'; // other 4xx, and 1xx/3xx (redirects are not followed)
}

/** `Retry-After` as seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * SECOND, MAX_RETRY_AFTER_MS);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(at - now, 0), MAX_RETRY_AFTER_MS);
}

/**
 * When to try again after the `attempts`-th attempt failed and may be retried: the schedule's delay,
 * or the receiver's `Retry-After` when that is longer. Undefined when the schedule is used up.
 */
export function nextAttemptDelay(attempts: number, delays: readonly number[], retryAfterMs?: number): number | undefined {
  const scheduled = delays[attempts - 1];
  if (scheduled === undefined) return undefined;
  return Math.max(scheduled, retryAfterMs ?? 0);
}

/** An event as delivered and as `GET /v1/events/{id}` shows it, built around the stored JSON of `data.object`. */
export function eventBody(e: { id: string; type: string; createdAt: number; livemode: boolean; payload: string }): string {
  return `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"created_at":${JSON.stringify(new Date(e.createdAt).toISOString())},"livemode":${e.livemode},"data":{"object":${e.payload}}}`;
}
