/**
 * Nothing is lost across a restart: deliveries live in the database, not in memory. The receiver is
 * down while the app runs, the app stops, the receiver comes back on the same port, the app starts
 * again on the same data dir, and the delivery arrives with the webhook-id it had before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, test } from 'vitest';
import { shapeA, startTestCore, type TestCore } from '../helpers/test-core.js';
import { confirmEndpoint, eventually, WebhookReceiver } from '../helpers/webhook-receiver.js';

const dataDir = mkdtempSync(join(tmpdir(), 'stablepos-webhooks-restart-'));
const receiver = new WebhookReceiver();
let t: TestCore | undefined;
afterAll(async () => {
  await t?.stop();
  await receiver.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const options = { dataDir, webhookRetryDelaysMs: [300, 300, 300, 300, 300, 300, 300, 300, 300], webhookTimeoutMs: 1000 };

test('receiver down across an app restart: due retries resume and deliver with the same webhook-id', async () => {
  await receiver.start();
  const port = receiver.port;
  await receiver.stop(); // down: connections are refused

  t = await startTestCore(options);
  const created = await t.api('POST', '/v1/webhook_endpoints', { body: { url: `http://127.0.0.1:${port}/hooks`, enabled_events: ['*'] } });
  expect(created.status, created.text).toBe(200);
  const { id: endpointId, secret } = created.body.data;
  await confirmEndpoint(t, endpointId); // so the log shows why the attempt failed (unconfirmed, it is kept back)
  const session = await t.api('POST', '/v1/payment/sessions', { body: shapeA(t.merchantId) });
  const sessionId = session.body.data.session_id;
  const failed = await eventually(async () => {
    const res = await t!.api('GET', `/v1/webhook_endpoints/${endpointId}/deliveries`);
    const d = res.body.data.items[0];
    return d?.attempt_count >= 1 ? d : undefined;
  });
  expect(failed.status).toBe('pending');
  expect(failed.attempts[0]).toMatchObject({ status_code: null });
  expect(failed.attempts[0].error).toMatch(/ECONNREFUSED/);
  // Written just before stopping: its fan-out may or may not have happened yet; either way it arrives.
  await t.api('POST', `/v1/payment/sessions/${sessionId}/cancel`);
  await t.stop();
  t = undefined;

  await receiver.start(port);
  t = await startTestCore(options);
  await receiver.waitFor(2, 5000);
  const types = receiver.received.map((r) => (new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as any).type);
  expect(types).toEqual(['payment_session.created', 'payment_session.canceled']); // in order
  expect(receiver.received[0]!.headers['webhook-id']).toBe(failed.event_id);
  const done = await eventually(async () => {
    const res = await t!.api('GET', `/v1/webhook_endpoints/${endpointId}/deliveries`);
    return res.body.data.items.every((d: any) => d.status === 'succeeded') ? res.body.data.items : undefined;
  });
  expect(done).toHaveLength(2);
});
