import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { WebhookEndpointRecord } from '../../src/domain/records.js';
import { DataKeyCipher, isSealed } from '../../src/domain/secret-cipher.js';
import { newWebhookSecret } from '../../src/domain/webhooks.js';
import { openPgStores } from '../../src/storage/pg-stores.js';
import { isSqlite, openSqliteStores } from '../../src/storage/sqlite-stores.js';
import type { Stores } from '../../src/storage/stores.js';
import { describeEachStore, newPgDatabase, type StoreKind, testCipher } from '../helpers/stores.js';

const endpoint = (n: number, patch: Partial<WebhookEndpointRecord> = {}): WebhookEndpointRecord => ({
  id: `we_${n}`,
  merchantId: 'mch_a',
  livemode: false,
  url: `https://example.com/hooks/${n}`,
  description: null,
  enabledEvents: ['*'],
  status: 'enabled',
  disabledReason: null,
  secret: newWebhookSecret(),
  previousSecret: null,
  previousSecretExpiresAt: null,
  fromEventSeq: 0,
  ownerConfirmedAt: null,
  createdAt: 1_000 + n,
  updatedAt: 1_000 + n,
  ...patch,
});

const delivery = (n: number, endpointId: string, objectId: string, createdAt: number) => ({
  id: `wd_${n}`,
  endpointId,
  eventId: `evt_${n}`,
  eventType: 'payment_session.created',
  objectId,
  createdAt,
});

const attempt = (deliveryId: string, attemptedAt: number) => ({ deliveryId, attemptedAt, statusCode: 200, durationMs: 12, responseBody: 'ok', error: null, answerHidden: false });
const succeeded = (id: string, at: number) => ({ id, status: 'succeeded' as const, attempts: 1, nextAttemptAt: null, lastStatusCode: 200, completedAt: at });

/** Raw SQL on either store, `?` placeholders: only to look at (or plant) what is at rest. */
async function raw(s: Stores, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (isSqlite(s)) {
    const statement = s.db.$client.prepare(text);
    const args = params.map((p) => (typeof p === 'boolean' ? Number(p) : p));
    if (!statement.reader) return statement.run(...args), [];
    return statement.all(...args) as Record<string, unknown>[];
  }
  let n = 0;
  const { rows } = await (s as Stores & { database: { pool: { query(t: string, p: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } } }).database.pool.query(
    text.replace(/\?/g, () => `$${++n}`),
    params,
  );
  return rows;
}

const ids = (items: { id: string }[]) => items.map((e) => e.id);

/** The same database opened twice, each with its own data key: what a lost key looks like. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0)) await c();
});
async function openTwiceWithTwoKeys(kind: StoreKind): Promise<[Stores, Stores]> {
  const other = new DataKeyCipher(() => randomBytes(32));
  let pair: [Stores, Stores];
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'stablepos-store-keys-'));
    const file = join(dir, 'stablepos.sqlite');
    pair = [openSqliteStores(file, undefined, testCipher()), openSqliteStores(file, undefined, other)];
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  } else {
    const url = await newPgDatabase();
    pair = [await openPgStores({ url }, testCipher()), await openPgStores({ url }, other)];
  }
  cleanups.unshift(async () => {
    for (const s of pair) await s.close();
  });
  return pair;
}

/** Webhook endpoints, deliveries, attempts and the fan-out cursor (ports.ts, WebhookStore). */
describeEachStore('webhook store', (open, kind) => {
  test('endpoints round trip, with their secrets sealed at rest and plain in the records', async () => {
    const s = await open();
    const e = endpoint(1, { description: 'till', enabledEvents: ['payment_session.completed', 'refund.created'], previousSecret: newWebhookSecret(), previousSecretExpiresAt: 9_000, fromEventSeq: 7 });
    await s.webhooks.insertEndpoint(e);
    expect(await s.webhooks.findEndpoint(e.id)).toEqual(e);
    expect(await s.webhooks.findEndpoint('we_missing')).toBeUndefined();

    const [row] = await raw(s, 'SELECT secret, previous_secret FROM webhook_endpoints WHERE id = ?', [e.id]);
    expect(isSealed(String(row!.secret))).toBe(true);
    expect(isSealed(String(row!.previous_secret))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(e.secret.slice('whsec_'.length));
    expect(JSON.stringify(row)).not.toContain(e.previousSecret!.slice('whsec_'.length));

    const changed = { ...e, url: 'https://example.com/other', status: 'disabled' as const, disabledReason: 'gone', secret: newWebhookSecret(), previousSecret: null, previousSecretExpiresAt: null, updatedAt: 2_000 };
    await s.webhooks.updateEndpoint(changed);
    expect(await s.webhooks.findEndpoint(e.id)).toEqual(changed);
    // The owner's confirmation is kept, and cleared again.
    const confirmed = { ...changed, ownerConfirmedAt: 3_000, updatedAt: 3_000 };
    await s.webhooks.updateEndpoint(confirmed);
    expect(await s.webhooks.findEndpoint(e.id)).toEqual(confirmed);
    await s.webhooks.updateEndpoint({ ...confirmed, ownerConfirmedAt: null });
    expect((await s.webhooks.findEndpoint(e.id))!.ownerConfirmedAt).toBeNull();
  });

  test('endpoints: counted and listed per merchant and mode, newest first, paged both ways; all of them oldest first', async () => {
    const s = await open();
    for (const n of [1, 2, 3, 4]) await s.webhooks.insertEndpoint(endpoint(n));
    await s.webhooks.insertEndpoint(endpoint(5, { livemode: true }));
    await s.webhooks.insertEndpoint(endpoint(6, { merchantId: 'mch_b' }));
    expect(await s.webhooks.countEndpoints('mch_a', false)).toBe(4);
    expect(await s.webhooks.countEndpoints('mch_a', true)).toBe(1);
    expect(await s.webhooks.countEndpoints('mch_c', false)).toBe(0);
    expect(ids(await s.webhooks.allEndpoints())).toEqual(['we_1', 'we_2', 'we_3', 'we_4', 'we_5', 'we_6']);

    const first = await s.webhooks.listEndpoints('mch_a', false, 2);
    expect([ids(first.items), first.hasMore]).toEqual([['we_4', 'we_3'], true]);
    const next = await s.webhooks.listEndpoints('mch_a', false, 2, 'we_3');
    expect([ids(next.items), next.hasMore]).toEqual([['we_2', 'we_1'], false]);
    const back = await s.webhooks.listEndpoints('mch_a', false, 2, undefined, 'we_1');
    expect([ids(back.items), back.hasMore]).toEqual([['we_3', 'we_2'], true]);
    const unknown = await s.webhooks.listEndpoints('mch_a', false, 2, 'we_missing');
    expect([ids(unknown.items), unknown.hasMore]).toEqual([[], false]);
  });

  test('deliveries: written pending and due at once, listed newest first with filters and cursors both ways', async () => {
    const s = await open();
    await s.webhooks.insertEndpoint(endpoint(1));
    for (const n of [1, 2, 3, 4]) await s.webhooks.insertDelivery(delivery(n, 'we_1', `ps_${n}`, 5_000 + n));
    expect(await s.webhooks.findDelivery('wd_1')).toEqual({
      seq: expect.any(Number),
      id: 'wd_1',
      endpointId: 'we_1',
      eventId: 'evt_1',
      eventType: 'payment_session.created',
      objectId: 'ps_1',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 5_001,
      lastStatusCode: null,
      createdAt: 5_001,
      completedAt: null,
    });
    const [claimed] = await s.webhooks.claimDue('we_1', 6_000, 1, 100);
    expect(await s.webhooks.finishAttempt(attempt('wd_1', 6_000), succeeded('wd_1', 6_010), claimed!.nextAttemptAt!)).toBe(true);

    const page = (q: { startingAfter?: string; endingBefore?: string; status?: string; eventId?: string }) => s.webhooks.listDeliveries('we_1', { limit: 2, ...q });
    const first = await page({});
    expect([ids(first.items), first.hasMore]).toEqual([['wd_4', 'wd_3'], true]);
    const older = await page({ startingAfter: 'wd_3' });
    expect([ids(older.items), older.hasMore]).toEqual([['wd_2', 'wd_1'], false]);
    const newer = await page({ endingBefore: 'wd_2' });
    expect([ids(newer.items), newer.hasMore]).toEqual([['wd_4', 'wd_3'], false]);
    expect(ids((await page({ status: 'succeeded' })).items)).toEqual(['wd_1']);
    expect(ids((await page({ eventId: 'evt_2' })).items)).toEqual(['wd_2']);
    expect(ids((await page({ startingAfter: 'wd_missing' })).items)).toEqual([]);
  });

  test('claimDue: only due deliveries, first in line for their object, up to the limit; a claim keeps them from the next claim until its lease runs out', async () => {
    const s = await open();
    await s.webhooks.insertEndpoint(endpoint(1));
    await s.webhooks.insertEndpoint(endpoint(2));
    await s.webhooks.insertDelivery(delivery(1, 'we_1', 'ps_a', 100));
    await s.webhooks.insertDelivery(delivery(2, 'we_1', 'ps_a', 101)); // behind wd_1: same object
    await s.webhooks.insertDelivery(delivery(3, 'we_1', 'ps_b', 102));
    await s.webhooks.insertDelivery(delivery(4, 'we_1', 'ps_c', 5_000)); // not due yet
    await s.webhooks.insertDelivery(delivery(5, 'we_2', 'ps_d', 100)); // another endpoint

    const claimed = await s.webhooks.claimDue('we_1', 1_000, 10, 500);
    expect(ids(claimed)).toEqual(['wd_1', 'wd_3']);
    expect(claimed.map((d) => [d.status, d.nextAttemptAt])).toEqual([
      ['pending', 1_500],
      ['pending', 1_500],
    ]);
    expect((await s.webhooks.findDelivery('wd_1'))!.nextAttemptAt).toBe(1_500);
    expect(await s.webhooks.claimDue('we_1', 1_499, 10, 500)).toEqual([]);
    expect(ids(await s.webhooks.claimDue('we_2', 1_000, 10, 500))).toEqual(['wd_5']);

    // The lease ran out (the claimer died): due again, claimed anew with a new end.
    const again = await s.webhooks.claimDue('we_1', 1_500, 1, 500);
    expect(ids(again)).toEqual(['wd_1']);
    expect(again[0]!.nextAttemptAt).toBe(2_000);
    expect(ids(await s.webhooks.claimDue('we_1', 1_500, 10, 500))).toEqual(['wd_3']);
  });

  test('finishAttempt records under its claim only; a stale one (re-claimed, failed by a 410, deleted) returns false and logs nothing', async () => {
    const s = await open();
    await s.webhooks.insertEndpoint(endpoint(1));
    await s.webhooks.insertDelivery(delivery(1, 'we_1', 'ps_a', 100));
    const [first] = await s.webhooks.claimDue('we_1', 1_000, 1, 500);
    expect(first!.id).toBe('wd_1');
    const [second] = await s.webhooks.claimDue('we_1', 1_500, 1, 500); // the first claim's lease ran out
    expect(second!.id).toBe('wd_1');

    // The first claimer's answer comes late: the delivery is someone else's now.
    expect(await s.webhooks.finishAttempt(attempt('wd_1', 1_000), succeeded('wd_1', 1_600), first!.nextAttemptAt!)).toBe(false);
    expect(await s.webhooks.attemptsOf('wd_1')).toEqual([]);
    const retry = { id: 'wd_1', status: 'pending' as const, attempts: 1, nextAttemptAt: 9_000, lastStatusCode: 500, completedAt: null };
    expect(await s.webhooks.finishAttempt({ ...attempt('wd_1', 1_500), statusCode: 500 }, retry, second!.nextAttemptAt!)).toBe(true);
    expect(await s.webhooks.findDelivery('wd_1')).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: 9_000, lastStatusCode: 500 });
    expect(await s.webhooks.attemptsOf('wd_1')).toEqual([{ ...attempt('wd_1', 1_500), statusCode: 500 }]);
    // Once recorded, the same claim cannot record twice.
    expect(await s.webhooks.finishAttempt(attempt('wd_1', 1_500), succeeded('wd_1', 1_700), second!.nextAttemptAt!)).toBe(false);

    // A 410 on another delivery failed what was pending: an attempt in flight meanwhile changes nothing.
    await s.webhooks.insertDelivery(delivery(2, 'we_1', 'ps_b', 100));
    const [other] = await s.webhooks.claimDue('we_1', 2_000, 5, 500);
    expect(other!.id).toBe('wd_2');
    expect(await s.webhooks.failPendingOf('we_1', 2_100)).toBe(2);
    expect(await s.webhooks.finishAttempt(attempt('wd_2', 2_000), succeeded('wd_2', 2_200), other!.nextAttemptAt!)).toBe(false);
    expect(await s.webhooks.findDelivery('wd_2')).toMatchObject({ status: 'failed', nextAttemptAt: null, completedAt: 2_100 });
    expect(await s.webhooks.failPendingOf('we_1', 2_300)).toBe(0);

    // Deleted with its endpoint: nothing to record into.
    await s.webhooks.insertDelivery(delivery(3, 'we_1', 'ps_c', 3_000));
    const [third] = await s.webhooks.claimDue('we_1', 3_000, 5, 500);
    await s.webhooks.deleteEndpoint('we_1');
    expect(await s.webhooks.finishAttempt(attempt('wd_3', 3_000), succeeded('wd_3', 3_100), third!.nextAttemptAt!)).toBe(false);
    expect(await s.webhooks.findDelivery('wd_3')).toBeUndefined();
  });

  test('an attempt whose answer was kept back is logged as such', async () => {
    const s = await open();
    await s.webhooks.insertEndpoint(endpoint(1));
    await s.webhooks.insertDelivery(delivery(1, 'we_1', 'ps_a', 100));
    const [claimed] = await s.webhooks.claimDue('we_1', 1_000, 1, 500);
    const hidden = { ...attempt('wd_1', 1_000), statusCode: null, responseBody: null, error: 'kept back', answerHidden: true };
    expect(await s.webhooks.finishAttempt(hidden, succeeded('wd_1', 1_100), claimed!.nextAttemptAt!)).toBe(true);
    expect(await s.webhooks.attemptsOf('wd_1')).toEqual([hidden]);
  });

  test('releaseClaim makes a claimed delivery due at once, unless the claim was lost already', async () => {
    const s = await open();
    await s.webhooks.insertEndpoint(endpoint(1));
    await s.webhooks.insertDelivery(delivery(1, 'we_1', 'ps_a', 100));
    const [claimed] = await s.webhooks.claimDue('we_1', 1_000, 1, 500);
    expect(await s.webhooks.releaseClaim('wd_1', claimed!.nextAttemptAt!, 1_100)).toBe(true);
    expect((await s.webhooks.findDelivery('wd_1'))!.nextAttemptAt).toBe(1_100);
    const [again] = await s.webhooks.claimDue('we_1', 1_100, 1, 500);
    expect(again!.id).toBe('wd_1');
    expect(await s.webhooks.releaseClaim('wd_1', claimed!.nextAttemptAt!, 1_200)).toBe(false);
    expect((await s.webhooks.findDelivery('wd_1'))!.nextAttemptAt).toBe(1_600);
  });

  test('nextDueAfter: the earliest future attempt to an enabled endpoint', async () => {
    const s = await open();
    expect(await s.webhooks.nextDueAfter(0)).toBeUndefined();
    await s.webhooks.insertEndpoint(endpoint(1));
    await s.webhooks.insertEndpoint(endpoint(2, { status: 'disabled', disabledReason: 'gone' }));
    await s.webhooks.insertDelivery(delivery(1, 'we_1', 'ps_a', 3_000));
    await s.webhooks.insertDelivery(delivery(2, 'we_1', 'ps_b', 2_000));
    await s.webhooks.insertDelivery(delivery(3, 'we_2', 'ps_c', 1_500));
    expect(await s.webhooks.nextDueAfter(1_000)).toBe(2_000);
    expect(await s.webhooks.nextDueAfter(2_000)).toBe(3_000);
    expect(await s.webhooks.nextDueAfter(3_000)).toBeUndefined();
  });

  test('deleting an endpoint removes its deliveries and their attempts, and no other endpoint\'s', async () => {
    const s = await open();
    await s.webhooks.insertEndpoint(endpoint(1));
    await s.webhooks.insertEndpoint(endpoint(2));
    await s.webhooks.insertDelivery(delivery(1, 'we_1', 'ps_a', 100));
    await s.webhooks.insertDelivery(delivery(2, 'we_2', 'ps_a', 100));
    for (const id of ['we_1', 'we_2']) {
      const [d] = await s.webhooks.claimDue(id, 1_000, 1, 500);
      await s.webhooks.finishAttempt(attempt(d!.id, 1_000), succeeded(d!.id, 1_010), d!.nextAttemptAt!);
    }
    await s.webhooks.deleteEndpoint('we_1');
    expect(await s.webhooks.findEndpoint('we_1')).toBeUndefined();
    expect(await s.webhooks.findDelivery('wd_1')).toBeUndefined();
    expect(await s.webhooks.attemptsOf('wd_1')).toEqual([]);
    expect(await s.webhooks.findDelivery('wd_2')).toMatchObject({ status: 'succeeded' });
    expect(await s.webhooks.attemptsOf('wd_2')).toHaveLength(1);
  });

  test('named cursors: unset, set, moved', async () => {
    const s = await open();
    expect(await s.webhooks.cursor('webhook_fanout')).toBeUndefined();
    await s.webhooks.setCursor('webhook_fanout', 12);
    await s.webhooks.setCursor('other', 3);
    await s.webhooks.setCursor('webhook_fanout', 2 ** 40);
    expect(await s.webhooks.cursor('webhook_fanout')).toBe(2 ** 40);
    expect(await s.webhooks.cursor('other')).toBe(3);
  });

  test('secrets at rest: anySealed once a secret is stored; nothing left in plain text to seal', async () => {
    const s = await open();
    expect(await s.secrets.anySealed()).toBe(false);
    expect(await s.secrets.sealPlainText()).toEqual({ webhookSecrets: 0, answers: 0, complete: true });
    await s.webhooks.insertEndpoint(endpoint(1));
    expect(await s.secrets.anySealed()).toBe(true);
  });

  test('resetUnopenable with another data key: lost webhook secrets replaced, a lost previous one dropped, lost stored answers forgotten; what opens is left alone', async () => {
    const [before, after] = await openTwiceWithTwoKeys(kind);
    const lost = endpoint(1, { previousSecret: newWebhookSecret(), previousSecretExpiresAt: 9_000 });
    await before.webhooks.insertEndpoint(lost);
    await after.webhooks.insertEndpoint(endpoint(2)); // sealed by the key now in use
    const kept = endpoint(2);
    await after.webhooks.updateEndpoint(kept);
    const sealedAnswer = testCipher().seal('{"secret":"whsec_lost"}', 'stored API answer');
    for (const [key, body] of [['lost', sealedAnswer], ['plain', '{"id":"ps_1"}']] as const) {
      await raw(after, 'INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', ['mch_a', false, key, 'f', 200, body, 1]);
    }

    let issued = 0;
    const fresh = newWebhookSecret();
    expect(await after.secrets.resetUnopenable(() => (issued++, fresh))).toEqual({ webhookSecrets: 2, answers: 1 });
    expect(issued).toBe(1);
    expect(await after.webhooks.findEndpoint('we_1')).toEqual({ ...lost, secret: fresh, previousSecret: null, previousSecretExpiresAt: null });
    expect(await after.webhooks.findEndpoint('we_2')).toEqual(kept);
    expect((await raw(after, 'SELECT key FROM idempotency_keys')).map((r) => r.key)).toEqual(['plain']);
    expect(await after.secrets.resetUnopenable(newWebhookSecret)).toEqual({ webhookSecrets: 0, answers: 0 });
  });
});
