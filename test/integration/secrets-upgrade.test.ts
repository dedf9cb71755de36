/**
 * A data dir from before secrets were sealed: its webhook secrets and idempotent answers in plain
 * text (and a deleted one's bytes still in a free page). The first start of this version seals them,
 * rewrites the file and empties the WAL; the endpoints keep signing with the very same secrets,
 * checked with the public `standardwebhooks` library, and replays still answer what they did.
 * Also: what happens when the data key is lost (docs/security.md, "Losing the data key").
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { createCore } from '../../src/create-core.js';
import { requestFingerprint } from '../../src/services/idempotency-service.js';
import { rawOccurrences } from '../helpers/data-dir-files.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { type Received, WebhookReceiver } from '../helpers/webhook-receiver.js';

const receiver = new WebhookReceiver();
const dirs: string[] = [];
let t: TestCore | undefined;
beforeAll(async () => {
  await receiver.start();
});
afterEach(async () => {
  await t?.stop();
  t = undefined;
});
afterAll(async () => {
  await receiver.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const whsec = () => `whsec_${randomBytes(32).toString('base64')}`;
const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

interface OldDataDir {
  dataDir: string;
  endpointId: string;
  secret: string;
  previous: string;
  apiKey: string;
  deleted: string;
  endpointAnswer: string;
}

/** A data dir as the previous version left it: same schema, secrets as they are. */
async function oldDataDir(receiverUrl: string): Promise<OldDataDir> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stablepos-secrets-upgrade-'));
  dirs.push(dataDir);
  const setup = await createServices(resolveConfig({ dataDir, rateFeed: { source: 'off' } }));
  const merchantId = (await setup.merchants.defaultMerchant()).id;
  await setup.close();

  const file = join(dataDir, 'stablepos.sqlite');
  const db = new Database(file);
  db.pragma('wal_autocheckpoint = 0'); // everything below stays in the WAL too
  const now = Date.now();
  const endpointId = `we_${randomBytes(12).toString('hex')}`;
  const secret = whsec();
  const previous = whsec();
  db.prepare(
    `INSERT INTO webhook_endpoints (id, merchant_id, livemode, url, description, enabled_events, status, disabled_reason, secret,
       previous_secret, previous_secret_expires_at, from_event_seq, created_at, updated_at)
     VALUES (?, ?, 0, ?, NULL, '["*"]', 'enabled', NULL, ?, ?, ?, 0, ?, ?)`,
  ).run(endpointId, merchantId, receiverUrl, secret, previous, now + 3_600_000, now, now);
  const saveAnswer = (key: string, path: string, body: string) =>
    db.prepare('INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at) VALUES (?, 0, ?, ?, 200, ?, ?)')
      .run(merchantId, key, requestFingerprint('POST', path, {}), body, now);
  // The answers exactly as the previous version stored them (whole objects: replays are checked
  // against the OpenAPI document like every answer).
  const at = new Date(now).toISOString();
  const endpointAnswer = JSON.stringify({
    base: { code: 0, message: 'success' },
    data: {
      id: endpointId, object: 'webhook_endpoint', url: receiverUrl, description: null, enabled_events: ['*'], status: 'enabled', disabled_reason: null,
      livemode: false, secret_rotated_until: new Date(now + 3_600_000).toISOString(), created_at: at, updated_at: at, secret,
    },
  });
  saveAnswer('old-endpoint', '/v1/webhook_endpoints/x/rotate_secret', endpointAnswer);
  const apiKey = `sk_test_${randomBytes(24).toString('base64url').slice(0, 32)}`;
  saveAnswer('old-key', '/v1/api_keys', JSON.stringify({
    base: { code: 0, message: 'success' },
    data: { id: `key_${randomBytes(12).toString('hex')}`, object: 'api_key', prefix: apiKey.slice(0, 16), livemode: false, created_at: at, revoked_at: null, secret: apiKey },
  }));
  // A stored answer purged since, among others that hold no secret (so no page of it is rewritten
  // by sealing the rest): its row is gone, its bytes are not, until the file is rewritten.
  const filler = (from: number) => {
    for (let i = from; i < from + 8; i++) saveAnswer(`session-${i}`, '/v1/payment/sessions', JSON.stringify({ data: { object: 'payment_session', description: 'x'.repeat(1000) } }));
  };
  filler(0);
  const deleted = whsec();
  saveAnswer('purged', '/v1/webhook_endpoints', JSON.stringify({ data: { secret: deleted } }));
  filler(8);
  db.prepare("DELETE FROM idempotency_keys WHERE key = 'purged'").run();
  // As a killed app leaves it: the WAL still there beside the database (its frames already copied in).
  const wal = readFileSync(`${file}-wal`);
  db.close();
  writeFileSync(`${file}-wal`, wal);
  return { dataDir, endpointId, secret, previous, apiKey, deleted, endpointAnswer };
}

const storedSecrets = (dataDir: string) => {
  const db = new Database(join(dataDir, 'stablepos.sqlite'), { readonly: true });
  try {
    return {
      endpoints: db.prepare('SELECT secret, previous_secret AS previous FROM webhook_endpoints').all() as { secret: string; previous: string | null }[],
      // old-endpoint, old-key, then the sessions' answers
      answers: (db.prepare('SELECT response_body AS body FROM idempotency_keys ORDER BY key').all() as { body: string }[]).map((r) => r.body),
    };
  } finally {
    db.close();
  }
};

/** Sends the endpoint a test event and returns what arrived. */
async function testDelivery(core: TestCore, endpointId: string): Promise<Received> {
  const before = receiver.received.length;
  const res = await core.api('POST', `/v1/webhook_endpoints/${endpointId}/test`);
  expect(res.status, res.text).toBe(200);
  await receiver.waitFor(before + 1);
  return receiver.received[before]!;
}

test('a plain-text data dir is sealed at its first start, keeps signing with the same secrets, and replays still answer', async () => {
  const old = await oldDataDir(receiver.url);
  const plain = [old.secret, old.previous, old.apiKey, old.deleted];
  // The test can fail: before the upgrade every one of them is in the file, the purged one included.
  for (const secret of plain) {
    expect(rawOccurrences(old.dataDir, [secret])).toEqual(expect.arrayContaining([`stablepos.sqlite: ${secret}`, `stablepos.sqlite-wal: ${secret}`]));
  }

  // Started as `stablepos serve` starts it, so the database is first opened with the WAL as the
  // crash left it (the test core's set-up would open and close it first, which empties the WAL).
  const served = createCore({ dataDir: old.dataDir, port: 0, networks: { test: { solana: 'off', ethereum: 'off', bsc: 'off', tron: 'off' } }, rateFeed: { source: 'off' } });
  await served.start();
  expect(rawOccurrences(old.dataDir, plain)).toEqual([]);
  await served.stop();

  t = await startTestCore({ dataDir: old.dataDir });
  const got = await testDelivery(t, old.endpointId);
  // The rotation is still on: both secrets sign, and each verifies on its own.
  expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
  expect(new Webhook(old.secret).verify(got.body, headersOf(got))).toMatchObject({ type: 'webhook_endpoint.test' });
  expect(new Webhook(old.previous).verify(got.body, headersOf(got))).toBeTruthy();

  const replay = await t.api('POST', '/v1/webhook_endpoints/x/rotate_secret', { body: {}, headers: { 'idempotency-key': 'old-endpoint' } });
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.text).toBe(old.endpointAnswer);
  await t.stop();
  t = undefined;

  const sealed = storedSecrets(old.dataDir);
  expect(sealed.endpoints).toEqual([{ secret: expect.stringMatching(/^sealed:v1:/), previous: expect.stringMatching(/^sealed:v1:/) }]);
  const [endpointAnswer, keyAnswer, ...sessionAnswers] = sealed.answers;
  expect([endpointAnswer, keyAnswer]).toEqual([expect.stringMatching(/^sealed:v1:/), expect.stringMatching(/^sealed:v1:/)]);
  // Answers without a credential stay as they are (session creation's, the hot path).
  expect(sessionAnswers).toHaveLength(16);
  for (const a of sessionAnswers) expect(a).toMatch(/^\{"data"/);
  expect(rawOccurrences(old.dataDir, plain)).toEqual([]);

  // Starting again changes nothing: the upgrade is done once.
  t = await startTestCore({ dataDir: old.dataDir });
  await t.stop();
  t = undefined;
  expect(storedSecrets(old.dataDir)).toEqual(sealed);

  // A crash after sealing and before the upgrade's last step (its marker) means doing it again:
  // sealed values are left as they are, and the secrets still sign.
  const db = new Database(join(old.dataDir, 'stablepos.sqlite'));
  expect(db.prepare("DELETE FROM app_settings WHERE key = 'storage.secrets_sealed'").run().changes).toBe(1);
  db.close();
  t = await startTestCore({ dataDir: old.dataDir });
  expect(storedSecrets(old.dataDir)).toEqual(sealed);
  const again = await testDelivery(t, old.endpointId);
  expect(new Webhook(old.secret).verify(again.body, headersOf(again))).toBeTruthy();
});

test('a lost data key: the start is refused with a way out; STABLEPOS_RESET_SEALED_SECRETS gives new secrets, and never touches ones that open', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stablepos-secrets-lost-'));
  dirs.push(dataDir);
  t = await startTestCore({ dataDir });
  const created = await t.api('POST', '/v1/webhook_endpoints', { body: { url: receiver.url, enabled_events: ['*'] } });
  const { id, secret } = created.body.data;
  await t.stop();

  // With the key in place, the reset finds nothing to reset.
  t = await startTestCore({ dataDir, resetSealedSecrets: true });
  const kept = await testDelivery(t, id);
  expect(new Webhook(secret).verify(kept.body, headersOf(kept))).toBeTruthy();
  await t.stop();
  t = undefined;

  unlinkSync(join(dataDir, 'data-key.json'));
  await expect(startTestCore({ dataDir })).rejects.toThrow(/data-key\.json is missing.*STABLEPOS_RESET_SEALED_SECRETS=1/);

  t = await startTestCore({ dataDir, resetSealedSecrets: true });
  const unknown = await testDelivery(t, id);
  expect(() => new Webhook(secret).verify(unknown.body, headersOf(unknown))).toThrow();
  const rotated = await t.api('POST', `/v1/webhook_endpoints/${id}/rotate_secret`);
  expect(rotated.status, rotated.text).toBe(200);
  const fresh = await testDelivery(t, id);
  expect(new Webhook(rotated.body.data.secret).verify(fresh.body, headersOf(fresh))).toBeTruthy();
});
