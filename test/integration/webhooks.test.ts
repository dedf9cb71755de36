/**
 * Webhooks end to end: the real core over HTTP, delivering to a real receiver (node:http on
 * 127.0.0.1). Signatures are checked with the public `standardwebhooks` library, as an integrator
 * would. Retries use short delays (webhookRetryDelaysMs) so the whole file runs in seconds.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { expectError, shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';
import { confirmEndpoint, eventually, type Received, sleep, WebhookReceiver } from '../helpers/webhook-receiver.js';

const FAST_RETRIES = [100, 150, 200, 250, 300, 350, 400, 450, 500];

let t: TestCore;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  t = await startTestCore({ webhookRetryDelaysMs: FAST_RETRIES, webhookTimeoutMs: 1000 });
});
afterAll(async () => t?.stop());
afterEach(async () => {
  // Each test's endpoints go, so the next test's receivers see only their own deliveries.
  const list = await t.api('GET', '/v1/webhook_endpoints?limit=100');
  for (const e of list.body.data.items) await t.api('DELETE', `/v1/webhook_endpoints/${e.id}`);
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
});

async function receiver(): Promise<WebhookReceiver> {
  const r = await new WebhookReceiver().start();
  receivers.push(r);
  return r;
}

async function endpoint(url: string, enabled_events: string[] = ['*'], extra: Record<string, unknown> = {}) {
  const res = await t.api('POST', '/v1/webhook_endpoints', { body: { url, enabled_events, ...extra } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: string; secret: string; url: string };
}

/**
 * An endpoint on the test receiver (loopback) that the owner has confirmed, so its answers and errors
 * are logged in full; unconfirmed, they are kept back (webhooks-local-answers.test.ts).
 */
async function confirmedEndpoint(url: string) {
  const e = await endpoint(url);
  await confirmEndpoint(t, e.id);
  return e;
}

const createSession = async () => {
  const res = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) });
  expect(res.status, res.text).toBe(200);
  return res.body.data.session_id as string;
};

const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

const deliveries = async (endpointId: string) => {
  const res = await t.api('GET', `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.items as any[];
};

describe('webhook endpoints API', () => {
  test('create shows the secret once; read, list, update and delete never show it', async () => {
    const created = await t.api('POST', '/v1/webhook_endpoints', {
      body: { url: 'https://shop.example/hooks', enabled_events: ['payment_session.succeeded'], description: 'Web shop' },
    });
    expect(created.status, created.text).toBe(200);
    const e = created.body.data;
    expect(e.id).toMatch(/^we_[0-9A-Za-z]{32}$/); // 8 time characters + 24 random (src/domain/ids.ts)
    expect(e.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(e.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(e).toMatchObject({ object: 'webhook_endpoint', url: 'https://shop.example/hooks', enabled_events: ['payment_session.succeeded'], description: 'Web shop', status: 'enabled', disabled_reason: null, livemode: false });

    const got = await t.api('GET', `/v1/webhook_endpoints/${e.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.secret).toBeUndefined();
    expect(got.text).not.toContain(e.secret.slice(6, 20));
    const list = await t.api('GET', '/v1/webhook_endpoints');
    expect(list.body.data.items.map((x: any) => x.id)).toContain(e.id);
    expect(list.text).not.toContain(e.secret.slice(6, 20));

    const patched = await t.api('PATCH', `/v1/webhook_endpoints/${e.id}`, { body: { enabled_events: ['*'], description: null, status: 'disabled' } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({ enabled_events: ['*'], description: null, status: 'disabled', disabled_reason: 'manual' });
    expect(patched.body.data.secret).toBeUndefined();
    const reenabled = await t.api('PATCH', `/v1/webhook_endpoints/${e.id}`, { body: { status: 'enabled' } });
    expect(reenabled.body.data).toMatchObject({ status: 'enabled', disabled_reason: null });

    const other = await t.api('GET', `/v1/webhook_endpoints/${e.id}`, { key: t.liveKey });
    expectError(other, 404, 'resource_missing', 'id');

    const del = await t.api('DELETE', `/v1/webhook_endpoints/${e.id}`);
    expect(del.body.data).toEqual({ id: e.id, object: 'webhook_endpoint', deleted: true });
    expectError(await t.api('GET', `/v1/webhook_endpoints/${e.id}`), 404, 'resource_missing', 'id');
    expectError(await t.api('DELETE', `/v1/webhook_endpoints/${e.id}`), 404, 'resource_missing', 'id');
  });

  test.each([
    ['http://shop.example/hooks', 'url'],
    ['http://8.8.8.8/hooks', 'url'],
    ['ftp://192.168.1.2/x', 'url'],
    ['https://user:pw@shop.example/hooks', 'url'],
    ['/hooks', 'url'],
    ['not a url', 'url'],
  ])('refuses url %s', async (url, param) => {
    expectError(await t.api('POST', '/v1/webhook_endpoints', { body: { url, enabled_events: ['*'] } }), 400, 'parameter_invalid', param);
  });

  test.each([
    'http://127.0.0.1:9000/x',
    'http://localhost/x',
    'http://10.1.2.3/x',
    'http://172.20.0.5/x',
    'http://192.168.1.20:8080/hooks',
    'http://169.254.1.1/x',
    'http://[::1]:8080/x',
    'http://[fd00::1]/x',
    'http://till.local/x',
    'https://8.8.8.8/x',
  ])('accepts url %s', async (url) => {
    const res = await t.api('POST', '/v1/webhook_endpoints', { body: { url, enabled_events: ['*'] } });
    expect(res.status, res.text).toBe(200);
  });

  test('enabled_events: unknown types and a "*" among others name the entry; empty names the list', async () => {
    const post = (enabled_events: unknown) => t.api('POST', '/v1/webhook_endpoints', { body: { url: 'https://a.example/h', enabled_events } });
    expectError(await post(['payment_session.created', 'payment_session.nope']), 400, 'parameter_invalid', 'enabled_events[1]');
    expectError(await post(['payment_session.created', '*']), 400, 'parameter_invalid', 'enabled_events[1]');
    expectError(await post([]), 400, 'parameter_invalid', 'enabled_events');
    expectError(await post('*'), 400, 'parameter_invalid', 'enabled_events');
    expectError(await post([1]), 400, 'parameter_invalid', 'enabled_events[0]');
    expectError(await t.api('POST', '/v1/webhook_endpoints', { body: { url: 'https://a.example/h' } }), 400, 'parameter_missing', 'enabled_events');
    expectError(await t.api('POST', '/v1/webhook_endpoints', { body: { url: 'https://a.example/h', enabled_events: ['*'], secret: 'x' } }), 400, 'parameter_unknown', 'secret');
    const e = await endpoint('https://a.example/h');
    expectError(await t.api('PATCH', `/v1/webhook_endpoints/${e.id}`, { body: { enabled_events: ['refund.nope'] } }), 400, 'parameter_invalid', 'enabled_events[0]');
    expectError(await t.api('PATCH', `/v1/webhook_endpoints/${e.id}`, { body: { url: 'http://example.com/x' } }), 400, 'parameter_invalid', 'url');
    expectError(await t.api('PATCH', `/v1/webhook_endpoints/${e.id}`, { body: { status: 'paused' } }), 400, 'parameter_invalid', 'status');
    expectError(await t.api('PATCH', '/v1/webhook_endpoints/we_missing', { body: {} }), 404, 'resource_missing', 'id');
  });
});

describe('delivery', () => {
  test('signed per Standard Webhooks: standardwebhooks verifies it, a tampered body is refused; the body is GET /v1/events/{id}', async () => {
    const r = await receiver();
    const e = await confirmedEndpoint(r.url);
    const sessionId = await createSession();
    await r.waitFor(1);
    const got = r.received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    const h = headersOf(got);
    expect(h['webhook-id']).toMatch(/^evt_/);
    expect(Number(h['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const wh = new Webhook(e.secret);
    const payload = wh.verify(got.body, h) as any;
    expect(payload).toMatchObject({ id: h['webhook-id'], type: 'payment_session.created', livemode: false, data: { object: { session_id: sessionId, status: 'PENDING' } } });
    expect(Object.keys(payload)).toEqual(['id', 'type', 'created_at', 'livemode', 'data']);

    expect(() => wh.verify(got.body.replace('PENDING', 'SUCCEEDED'), h)).toThrow();
    expect(() => wh.verify(got.body, { ...h, 'webhook-id': 'evt_other' })).toThrow();
    expect(() => new Webhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(got.body, h)).toThrow();

    const ev = await t.api('GET', `/v1/events/${h['webhook-id']}`);
    expect(ev.status).toBe(200);
    expect(JSON.stringify(ev.body.data)).toBe(got.body);

    const [d] = await eventually(async () => {
      const list = await deliveries(e.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    });
    expect(d).toMatchObject({ object: 'webhook_delivery', webhook_endpoint_id: e.id, event_id: h['webhook-id'], event_type: 'payment_session.created', attempt_count: 1, last_status_code: 200, next_attempt_at: null });
    expect(d.attempts).toHaveLength(1);
    expect(d.attempts[0]).toMatchObject({ status_code: 200, response_body: 'ok', error: null });
    expect(d.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  test('500 then 200: the retry carries the same webhook-id; both attempts are logged, bodies cut at 1 KB', async () => {
    const r = await receiver();
    r.respond = (_req, i) => (i === 0 ? { status: 500, body: 'x'.repeat(5000) } : { status: 204 });
    const e = await confirmedEndpoint(r.url);
    await createSession();
    await r.waitFor(2);
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id']);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    const [d] = await eventually(async () => {
      const list = await deliveries(e.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    });
    expect(d.attempt_count).toBe(2);
    expect(d.attempts.map((a: any) => a.status_code)).toEqual([500, 204]);
    expect(d.attempts[0].response_body).toBe('x'.repeat(1024));
    expect(Date.parse(d.attempts[1].attempted_at) - Date.parse(d.attempts[0].attempted_at)).toBeGreaterThanOrEqual(FAST_RETRIES[0]! - 5);
  });

  test('408, 429 and timeouts are retried; other 4xx fail at once; 429 honours Retry-After', async () => {
    const r = await receiver();
    r.respond = (req, i) => {
      const type = JSON.parse(req.body).type as string;
      if (type === 'payment_session.created') return i === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 };
      return { status: 400, body: 'bad' };
    };
    const e = await confirmedEndpoint(r.url);
    const id = await createSession();
    await r.waitFor(1);
    const first = await eventually(async () => (await deliveries(e.id)).find((d) => d.attempt_count === 1 && d.status === 'pending'));
    expect(Date.parse(first.next_attempt_at) - Date.parse(first.attempts[0].attempted_at)).toBeGreaterThanOrEqual(1000);
    await r.waitFor(2, 3000);
    await t.api('POST', `/v1/payment/sessions/${id}/cancel`);
    await r.waitFor(3);
    const list = await eventually(async () => {
      const l = await deliveries(e.id);
      return l.length === 2 && l.every((d) => d.status !== 'pending') ? l : undefined;
    });
    expect(list.find((d) => d.event_type === 'payment_session.canceled')).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: 400 });
    expect(list.find((d) => d.event_type === 'payment_session.created')).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    await sleep(300);
    expect(r.received).toHaveLength(3); // the 400 was not retried
  });

  test('a receiver that does not answer in time is retried, and the attempt says it timed out', async () => {
    const r = await receiver();
    r.respond = (_req, i) => (i === 0 ? 'hang' : { status: 200 });
    const e = await confirmedEndpoint(r.url);
    await createSession();
    await r.waitFor(2, 5000);
    const [d] = await eventually(async () => {
      const list = await deliveries(e.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    });
    expect(d.attempts[0]).toMatchObject({ status_code: null, error: 'timed out after 1000 ms' });
    expect(d.attempts[1]).toMatchObject({ status_code: 200 });
  });

  test('after the last retry (10 attempts in all) the delivery fails', async () => {
    const r = await receiver();
    r.respond = () => ({ status: 503 });
    const e = await endpoint(r.url);
    await createSession();
    await r.waitFor(10, 8000);
    const [d] = await eventually(async () => {
      const list = await deliveries(e.id);
      return list[0]?.status === 'failed' ? list : undefined;
    }, 3000);
    expect(d.attempt_count).toBe(10);
    expect(d.attempts).toHaveLength(10);
    await sleep(600);
    expect(r.received).toHaveLength(10);
  });

  test('410 Gone disables the endpoint and fails what was still pending for it', async () => {
    const r = await receiver();
    r.respond = () => ({ status: 410 });
    const e = await endpoint(r.url);
    await createSession();
    await r.waitFor(1);
    const got = await eventually(async () => {
      const res = await t.api('GET', `/v1/webhook_endpoints/${e.id}`);
      return res.body.data.status === 'disabled' ? res.body.data : undefined;
    });
    expect(got.disabled_reason).toBe('gone');
    await createSession();
    await sleep(300);
    expect(r.received).toHaveLength(1);
    const list = await deliveries(e.id);
    expect(list.every((d) => d.status === 'failed')).toBe(true);
    expectError(await t.api('POST', `/v1/webhook_endpoints/${e.id}/test`), 409, 'invalid_state');
  });

  test('filtered endpoints get only their events; deleted endpoints get nothing; the other mode\'s get nothing', async () => {
    const all = await receiver();
    const canceledOnly = await receiver();
    const deleted = await receiver();
    const live = await receiver();
    await endpoint(all.url);
    await endpoint(canceledOnly.url, ['payment_session.canceled']);
    const gone = await endpoint(deleted.url);
    const liveRes = await t.api('POST', '/v1/webhook_endpoints', { body: { url: live.url, enabled_events: ['*'] }, key: t.liveKey });
    expect(liveRes.status).toBe(200);
    await t.api('DELETE', `/v1/webhook_endpoints/${gone.id}`);

    const id = await createSession();
    await t.api('POST', `/v1/payment/sessions/${id}/cancel`);
    await all.waitFor(2);
    await canceledOnly.waitFor(1);
    await sleep(300);
    expect(all.received.map((r) => JSON.parse(r.body).type)).toEqual(['payment_session.created', 'payment_session.canceled']);
    expect(canceledOnly.received.map((r) => JSON.parse(r.body).type)).toEqual(['payment_session.canceled']);
    expect(deleted.received).toHaveLength(0);
    expect(live.received).toHaveLength(0);
    await t.api('DELETE', `/v1/webhook_endpoints/${liveRes.body.data.id}`, { key: t.liveKey });
  });

  test('in order per session: a session\'s later events wait for its earlier one; other sessions do not', async () => {
    const r = await receiver();
    let failed = false;
    r.respond = (req) => {
      const body = JSON.parse(req.body);
      // The first delivery about session x fails once; its retry comes FAST_RETRIES[0] ms later.
      if (!failed && body.data.object.metadata?.name === 'x') {
        failed = true;
        return { status: 500 };
      }
      return { status: 200 };
    };
    await endpoint(r.url);
    const x = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId, '12.50', 'USD', { metadata: { name: 'x' } }) });
    const xId = x.body.data.session_id;
    await t.api('POST', `/v1/payment/sessions/${xId}/cancel`);
    const y = await createSession();
    await r.waitFor(4, 5000);
    const seq = r.received.map((req) => {
      const body = JSON.parse(req.body);
      return `${body.data.object.session_id === y ? 'y' : 'x'}:${body.type.split('.')[1]}`;
    });
    expect(seq.filter((s) => s.startsWith('x'))).toEqual(['x:created', 'x:created', 'x:canceled']);
    expect(seq.indexOf('y:created')).toBeLessThan(seq.lastIndexOf('x:created')); // y did not wait for x's retry
  });

  test('rotate_secret: the new secret is shown once; both secrets sign for 24 h', async () => {
    const r = await receiver();
    const e = await endpoint(r.url);
    const rotated = await t.api('POST', `/v1/webhook_endpoints/${e.id}/rotate_secret`);
    expect(rotated.status, rotated.text).toBe(200);
    const next = rotated.body.data;
    expect(next.secret).toMatch(/^whsec_/);
    expect(next.secret).not.toBe(e.secret);
    expect(Date.parse(next.secret_rotated_until) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await createSession();
    await r.waitFor(1);
    const h = headersOf(r.received[0]!);
    expect(h['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(next.secret).verify(r.received[0]!.body, h)).toBeTruthy();
    expect(new Webhook(e.secret).verify(r.received[0]!.body, h)).toBeTruthy();

    t.advance(24 * 3600_000 + 1000);
    try {
      await createSession();
      await r.waitFor(2);
      const h2 = headersOf(r.received[1]!);
      expect(h2['webhook-signature'].split(' ')).toHaveLength(1);
      expect(Buffer.from(h2['webhook-signature'].slice(3), 'base64')).toHaveLength(32);
    } finally {
      t.advance(-(24 * 3600_000 + 1000));
    }
  });

  test('test event: delivered to that endpoint only, listed in GET /v1/events and in the deliveries', async () => {
    const r = await receiver();
    const other = await receiver();
    const e = await endpoint(r.url, ['payment_session.succeeded']);
    await endpoint(other.url);
    const res = await t.api('POST', `/v1/webhook_endpoints/${e.id}/test`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ object: 'webhook_delivery', webhook_endpoint_id: e.id, event_type: 'webhook_endpoint.test', status: 'pending' });
    await r.waitFor(1);
    const body = new Webhook(e.secret).verify(r.received[0]!.body, headersOf(r.received[0]!)) as any;
    expect(body.type).toBe('webhook_endpoint.test');
    expect(body.data.object).toMatchObject({ id: e.id, object: 'webhook_endpoint', url: r.url });
    expect(body.data.object.secret).toBeUndefined();
    const listed = await t.api('GET', `/v1/events?type=webhook_endpoint.test&object_id=${e.id}`);
    expect(listed.body.data.items.map((x: any) => x.id)).toEqual([body.id]);
    await sleep(200);
    expect(other.received).toHaveLength(0);
  });

  test('resend: a new delivery with the same webhook-id, to every subscribed endpoint or the one named', async () => {
    const r = await receiver();
    const r2 = await receiver();
    const e = await endpoint(r.url);
    const e2 = await endpoint(r2.url, ['payment_session.created']);
    await createSession();
    await r.waitFor(1);
    await r2.waitFor(1);
    const eventId = String(r.received[0]!.headers['webhook-id']);
    const again = await t.api('POST', `/v1/events/${eventId}/resend`);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.items.map((d: any) => d.webhook_endpoint_id).sort()).toEqual([e.id, e2.id].sort());
    await r.waitFor(2);
    await r2.waitFor(2);
    expect(r.received[1]!.headers['webhook-id']).toBe(eventId);
    const one = await t.api('POST', `/v1/events/${eventId}/resend`, { body: { webhook_endpoint_id: e2.id } });
    expect(one.body.data.items).toHaveLength(1);
    await r2.waitFor(3);
    expect(r.received).toHaveLength(2);
    expect((await deliveries(e2.id)).filter((d) => d.event_id === eventId)).toHaveLength(3);
    expectError(await t.api('POST', `/v1/events/${eventId}/resend`, { body: { webhook_endpoint_id: 'we_nope' } }), 404, 'resource_missing', 'webhook_endpoint_id');
    expectError(await t.api('POST', '/v1/events/evt_nope/resend'), 404, 'resource_missing', 'id');
    expectError(await t.api('POST', `/v1/events/${eventId}/resend`, { body: { endpoint: 'x' } }), 400, 'parameter_unknown', 'endpoint');
    expectError(await t.api('POST', `/v1/events/${eventId}/resend`, { key: t.liveKey }), 404, 'resource_missing', 'id');
  });

  test('a receiver that hangs does not slow session creation or other endpoints', async () => {
    const slow = await receiver();
    slow.respond = () => 'hang';
    const fast = await receiver();
    await endpoint(slow.url);
    await endpoint(fast.url);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await createSession());
    await fast.waitFor(30, 3000);
    const types = fast.received.map((r) => JSON.parse(r.body).data.object.session_id);
    expect(new Set(types)).toEqual(new Set(ids));
    expect(slow.received.length).toBeLessThanOrEqual(8); // the per-endpoint bound: 8 requests in flight at most
  });
});

describe('events API', () => {
  test('list with type (exact or prefix.*), object_id, dates and cursors; retrieve; 404s', async () => {
    const a = await createSession();
    const b = await createSession();
    await t.api('POST', `/v1/payment/sessions/${b}/cancel`);
    const latest = await t.api('GET', '/v1/events?limit=3');
    expect(latest.status, latest.text).toBe(200);
    expect(latest.body.data.items.map((e: any) => `${e.type}:${e.data.object.session_id}`)).toEqual([
      `payment_session.canceled:${b}`,
      `payment_session.created:${b}`,
      `payment_session.created:${a}`,
    ]);
    expect(latest.body.data.has_more).toBe(true);
    const ev = latest.body.data.items[0];
    expect(Object.keys(ev)).toEqual(['id', 'type', 'created_at', 'livemode', 'data']);

    const ofB = await t.api('GET', `/v1/events?object_id=${b}`);
    expect(ofB.body.data.items.map((e: any) => e.type)).toEqual(['payment_session.canceled', 'payment_session.created']);
    const canceled = await t.api('GET', `/v1/events?type=payment_session.canceled&limit=100`);
    expect(canceled.body.data.items.every((e: any) => e.type === 'payment_session.canceled')).toBe(true);
    const prefixed = await t.api('GET', `/v1/events?type=payment_session.*&object_id=${b}`);
    expect(prefixed.body.data.items).toHaveLength(2);
    const none = await t.api('GET', `/v1/events?type=refund.*&object_id=${b}`);
    expect(none.body.data.items).toEqual([]);

    const page2 = await t.api('GET', `/v1/events?limit=1&starting_after=${ev.id}`);
    expect(page2.body.data.items[0].id).toBe(latest.body.data.items[1].id);
    const back = await t.api('GET', `/v1/events?limit=1&ending_before=${latest.body.data.items[1].id}`);
    expect(back.body.data.items[0].id).toBe(ev.id);

    const future = new Date(Date.now() + 48 * 3600_000).toISOString(); // past the events the rotation test dated a day ahead
    expect((await t.api('GET', `/v1/events?created_gte=${future}`)).body.data.items).toEqual([]);
    expect((await t.api('GET', `/v1/events?created_lt=${future}&limit=1`)).body.data.items).toHaveLength(1);

    const one = await t.api('GET', `/v1/events/${ev.id}`);
    expect(one.body.data).toEqual(ev);
    expectError(await t.api('GET', '/v1/events/evt_nope'), 404, 'resource_missing', 'id');
    expectError(await t.api('GET', `/v1/events/${ev.id}`, { key: t.liveKey }), 404, 'resource_missing', 'id');
    expectError(await t.api('GET', '/v1/events?starting_after=evt_nope'), 404, 'resource_missing', 'starting_after');
    expectError(await t.api('GET', '/v1/events?created_gte=yesterday'), 400, 'parameter_invalid', 'created_gte');
    expectError(await t.api('GET', '/v1/events?limit=0'), 400, 'parameter_invalid', 'limit');
    expectError(await t.api('GET', '/v1/events?typ=x'), 400, 'parameter_unknown', 'typ');
    expectError(await t.api('GET', '/v1/events?type=payment*'), 400, 'parameter_invalid', 'type');
  });
});
