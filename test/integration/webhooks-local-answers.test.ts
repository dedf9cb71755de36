/**
 * Issue 26, item 2: a test key must not turn the app into a proxy into the shop's network. An endpoint
 * aimed at a service on loopback (or any non-public address, whatever the URL spells) stays allowed,
 * but until the owner confirms it, the deliveries log keeps only the status code and the duration:
 * no body, one error text for every failure (refused, reset, not HTTP, TLS), no Retry-After obeyed.
 * Only the owner signed in to the app, with their PIN, confirms; a change of URL drops it.
 * docs/webhooks.md, "Answers from the shop's network"; docs/security.md, "Webhooks into the shop's network".
 */
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KEPT_BACK_ERROR } from '../../src/domain/webhook-answers.js';
import { expectError, startTestCore, type TestCore } from '../helpers/test-core.js';
import { eventually, OWNER_PIN, ownerSignIn, WebhookReceiver } from '../helpers/webhook-receiver.js';

const SECRET = 'customer-export: alice@example.com, card 4242';
const FAST_RETRIES = [100, 150, 200];

let t: TestCore;
/** A service of the shop's on loopback that answers every POST with data nobody outside may read. */
let admin: WebhookReceiver;
/** Open ports that speak no HTTP: one answers with a banner and closes, one resets at once. */
const tcp: TcpServer[] = [];
let bannerPort: number;
let resetPort: number;
/** A port nothing listens on. */
let closedPort: number;

async function listenTcp(onConnection: (socket: import('node:net').Socket) => void): Promise<number> {
  const server = createTcpServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tcp.push(server);
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  t = await startTestCore({ webhookRetryDelaysMs: FAST_RETRIES, webhookTimeoutMs: 1000 });
  admin = await new WebhookReceiver().start();
  admin.respond = () => ({ status: 200, body: SECRET });
  bannerPort = await listenTcp((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
  resetPort = await listenTcp((socket) => socket.resetAndDestroy());
  closedPort = await listenTcp(() => undefined);
  await new Promise<void>((resolve) => tcp.pop()!.close(() => resolve()));
});
afterAll(async () => {
  await t?.stop();
  await admin?.stop();
  for (const s of tcp) s.close();
});

async function endpoint(url: string) {
  const res = await t.api('POST', '/v1/webhook_endpoints', { body: { url, enabled_events: ['*'] } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: string; owner_confirmed_at: string | null };
}

/** Sends the endpoint a test event and reads its first attempt, as the test key sees it. */
async function firstAttempt(endpointId: string) {
  const sent = await t.api('POST', `/v1/webhook_endpoints/${endpointId}/test`);
  expect(sent.status, sent.text).toBe(200);
  return await eventually(async () => {
    const res = await t.api('GET', `/v1/webhook_endpoints/${endpointId}/deliveries?event_id=${sent.body.data.event_id}`);
    expect(res.text).not.toContain('customer-export');
    return res.body.data.items[0]?.attempts[0] as { status_code: number | null; response_body: string | null; error: string | null; answer_hidden: boolean } | undefined;
  }, 5000, `the first attempt to ${endpointId}`);
}

describe('an unconfirmed endpoint on the shop\'s network', () => {
  test('a test key reads the status code of a loopback service, never its body', async () => {
    const e = await endpoint(`http://127.0.0.1:${admin.port}/admin/export?all=1`);
    expect(e.owner_confirmed_at).toBeNull();
    expect(await firstAttempt(e.id)).toMatchObject({ status_code: 200, response_body: null, error: null, answer_hidden: true });
    expect(admin.received.length).toBeGreaterThan(0); // the local endpoint stays allowed: the till's ERP gets its events
  });

  test('however the address is spelt: a name resolving to loopback, a hex IPv4, an IPv4-mapped IPv6', async () => {
    for (const url of [`http://localhost:${admin.port}/x`, `http://0x7f000001:${admin.port}/x`, `https://[::ffff:127.0.0.1]:${admin.port}/x`]) {
      const attempt = await firstAttempt((await endpoint(url)).id);
      expect(attempt.response_body, url).toBeNull();
      expect(attempt.answer_hidden, url).toBe(true);
    }
  });

  test('a closed port, an open port that speaks no HTTP, one that resets, and TLS to a plain port all read the same', async () => {
    const urls = [
      `http://127.0.0.1:${closedPort}/`,
      `http://127.0.0.1:${bannerPort}/`,
      `http://127.0.0.1:${resetPort}/`,
      `https://127.0.0.1:${admin.port}/`,
      `https://[::ffff:127.0.0.1]:${closedPort}/`,
    ];
    const seen = [];
    for (const url of urls) {
      const a = await firstAttempt((await endpoint(url)).id);
      seen.push({ status_code: a.status_code, response_body: a.response_body, error: a.error, answer_hidden: a.answer_hidden });
    }
    expect(seen).toEqual(urls.map(() => ({ status_code: null, response_body: null, error: KEPT_BACK_ERROR, answer_hidden: true })));
  });

  test('a Retry-After of the local service is not obeyed: the next attempt\'s time would read it back', async () => {
    const slow = await new WebhookReceiver().start();
    slow.respond = () => ({ status: 503, headers: { 'retry-after': '7200' } });
    try {
      const e = await endpoint(slow.url);
      await t.api('POST', `/v1/webhook_endpoints/${e.id}/test`);
      const d = await eventually(async () => {
        const items = (await t.api('GET', `/v1/webhook_endpoints/${e.id}/deliveries`)).body.data.items;
        return items[0]?.attempt_count >= 1 && items[0].status === 'pending' ? items[0] : undefined;
      });
      expect(Date.parse(d.next_attempt_at) - Date.parse(d.attempts[0].attempted_at)).toBeLessThan(60_000);
    } finally {
      await slow.stop();
    }
  });
});

describe('the owner\'s confirmation', () => {
  test('API keys cannot confirm, a live one neither; the owner signed in confirms with their PIN', async () => {
    const url = `http://127.0.0.1:${admin.port}/admin/export?all=1`;
    const e = await endpoint(url);
    const path = `/v1/webhook_endpoints/${e.id}/confirm`;
    expectError(await t.api('POST', path, { body: { url, pin: OWNER_PIN } }), 403, 'role_forbidden', null);
    expectError(await t.api('POST', path, { key: t.liveKey, body: { url, pin: OWNER_PIN } }), 403, 'role_forbidden', null);
    const owner = await ownerSignIn(t);
    expectError(await t.api('POST', path, { key: owner, body: { url } }), 400, 'parameter_missing', 'pin');
    expectError(await t.api('POST', path, { key: owner, body: { pin: OWNER_PIN } }), 400, 'parameter_missing', 'url');
    expectError(await t.api('POST', path, { key: owner, body: { url, pin: '9731' } }), 400, 'parameter_invalid', 'pin');
    expect((await t.api('GET', `/v1/webhook_endpoints/${e.id}`)).body.data.owner_confirmed_at).toBeNull();

    const confirmed = await t.api('POST', path, { key: owner, body: { url, pin: OWNER_PIN } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(Date.parse(confirmed.body.data.owner_confirmed_at)).toBeGreaterThan(0);
    const shown = await t.api('POST', `/v1/webhook_endpoints/${e.id}/test`);
    const attempt = await eventually(async () => {
      const res = await t.api('GET', `/v1/webhook_endpoints/${e.id}/deliveries?event_id=${shown.body.data.event_id}`);
      return res.body.data.items[0]?.attempts[0];
    });
    expect(attempt).toMatchObject({ status_code: 200, response_body: SECRET, error: null, answer_hidden: false });
  });

  test('a confirmed endpoint shows what failed; a new URL drops the confirmation', async () => {
    const e = await endpoint(`http://127.0.0.1:${closedPort}/`);
    const owner = await ownerSignIn(t);
    expect((await t.api('POST', `/v1/webhook_endpoints/${e.id}/confirm`, { key: owner, body: { url: `http://127.0.0.1:${closedPort}/`, pin: OWNER_PIN } })).status).toBe(200);
    const refused = await eventually(async () => {
      const sent = await t.api('POST', `/v1/webhook_endpoints/${e.id}/test`);
      return eventually(async () => (await t.api('GET', `/v1/webhook_endpoints/${e.id}/deliveries?event_id=${sent.body.data.event_id}`)).body.data.items[0]?.attempts[0]);
    });
    expect(refused.error).toMatch(/ECONNREFUSED/);
    expect(refused.answer_hidden).toBe(false);

    // The same URL again keeps it; another URL drops it, and what that one answers is kept back again.
    const same = await t.api('PATCH', `/v1/webhook_endpoints/${e.id}`, { body: { url: `http://127.0.0.1:${closedPort}/` } });
    expect(same.body.data.owner_confirmed_at).not.toBeNull();
    const moved = await t.api('PATCH', `/v1/webhook_endpoints/${e.id}`, { body: { url: `http://127.0.0.1:${admin.port}/admin/export?all=1` } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.owner_confirmed_at).toBeNull();
    expect(await firstAttempt(e.id)).toMatchObject({ status_code: 200, response_body: null, answer_hidden: true });
  });

  test('the owner confirms the URL they were shown: one a key holder swapped in meanwhile is not confirmed', async () => {
    const shown = `http://127.0.0.1:${admin.port}/hooks`;
    const e = await endpoint(shown);
    // While the owner reads the question, a test key points the endpoint at another local service.
    const swapped = await t.api('PATCH', `/v1/webhook_endpoints/${e.id}`, { body: { url: `http://127.0.0.1:${admin.port}/admin/export?all=1` } });
    expect(swapped.status, swapped.text).toBe(200);
    const owner = await ownerSignIn(t);
    expectError(await t.api('POST', `/v1/webhook_endpoints/${e.id}/confirm`, { key: owner, body: { url: shown, pin: OWNER_PIN } }), 409, 'invalid_state', 'url');
    expect((await t.api('GET', `/v1/webhook_endpoints/${e.id}`)).body.data.owner_confirmed_at).toBeNull();
  });
});
