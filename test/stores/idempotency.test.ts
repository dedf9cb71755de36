import { afterAll, describe, expect, test } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { IDEMPOTENCY_CLAIM_LIFETIME_MS, IDEMPOTENCY_RETENTION_MS, IdempotencyService } from '../../src/services/idempotency-service.js';
import type { IdempotencyScope } from '../../src/services/ports.js';
import { openPgStores, type PgStores } from '../../src/storage/pg-stores.js';
import { isSqlite } from '../../src/storage/sqlite-stores.js';
import type { Stores } from '../../src/storage/stores.js';
import { describeEachStore, newPgDatabase, testCipher } from '../helpers/stores.js';

const scope: IdempotencyScope = { merchantId: 'm_1', livemode: false, key: 'order-1' };

/** The row as stored, for the one thing the port hides: whether an answer is sealed at rest. */
async function rawBody(s: Stores, key: string): Promise<string> {
  if (isSqlite(s)) return (s.db.$client.prepare('SELECT response_body AS b FROM idempotency_keys WHERE key = ?').get(key) as { b: string }).b;
  const { rows } = await (s as PgStores).database.pool.query<{ b: string }>('SELECT response_body AS b FROM idempotency_keys WHERE key = $1', [key]);
  return rows[0]!.b;
}

/** The idempotency port (ports.ts, IdempotencyStore): claims, answers, and their clean-up. */
describeEachStore('idempotency store', (open) => {
  test('a claim, then its answer in its place; scopes are apart', async () => {
    const s = await open();
    expect(await s.idempotency.find(scope)).toBeUndefined();
    await s.idempotency.claim(scope, 'fp', 100);
    expect(await s.idempotency.find(scope)).toEqual({ fingerprint: 'fp', responseStatus: null, responseBody: null, createdAt: 100 });
    expect(await s.idempotency.find({ ...scope, livemode: true })).toBeUndefined();
    expect(await s.idempotency.find({ ...scope, merchantId: 'm_2' })).toBeUndefined();
    await s.idempotency.save(scope, 'fp', 201, '{"id":"ps_1"}', 150);
    expect(await s.idempotency.find(scope)).toEqual({ fingerprint: 'fp', responseStatus: 201, responseBody: '{"id":"ps_1"}', createdAt: 150 });
    // An expired answer is replaced by a new claim under the same key.
    await s.idempotency.claim(scope, 'fp2', 900);
    expect(await s.idempotency.find(scope)).toEqual({ fingerprint: 'fp2', responseStatus: null, responseBody: null, createdAt: 900 });
  });

  test('saveIfFree stores an answer over nothing, an expired answer or an abandoned claim, never over a live claim or a kept answer', async () => {
    const s = await open();
    const free = { answeredBefore: 1_000, claimedBefore: 2_000 };
    const key = (k: string) => ({ ...scope, key: k });
    expect(await s.idempotency.saveIfFree(key('new'), 'fp', 200, '{"a":1}', 5_000, free)).toBe(true);
    await s.idempotency.save(key('expired'), 'old', 200, '{}', 999);
    await s.idempotency.save(key('kept'), 'old', 200, '{"kept":1}', 1_000);
    await s.idempotency.claim(key('abandoned'), 'old', 1_999);
    await s.idempotency.claim(key('live'), 'old', 2_000);
    expect(await s.idempotency.saveIfFree(key('expired'), 'fp', 200, '{"b":2}', 5_000, free)).toBe(true);
    expect(await s.idempotency.saveIfFree(key('abandoned'), 'fp', 200, '{"c":3}', 5_000, free)).toBe(true);
    expect(await s.idempotency.saveIfFree(key('kept'), 'fp', 200, '{"d":4}', 5_000, free)).toBe(false);
    expect(await s.idempotency.saveIfFree(key('live'), 'fp', 200, '{"e":5}', 5_000, free)).toBe(false);
    expect(await s.idempotency.find(key('new'))).toEqual({ fingerprint: 'fp', responseStatus: 200, responseBody: '{"a":1}', createdAt: 5_000 });
    expect((await s.idempotency.find(key('expired')))?.responseBody).toBe('{"b":2}');
    expect((await s.idempotency.find(key('abandoned')))?.responseBody).toBe('{"c":3}');
    expect(await s.idempotency.find(key('kept'))).toEqual({ fingerprint: 'old', responseStatus: 200, responseBody: '{"kept":1}', createdAt: 1_000 });
    expect(await s.idempotency.find(key('live'))).toEqual({ fingerprint: 'old', responseStatus: null, responseBody: null, createdAt: 2_000 });
    // A credential is sealed at rest here too.
    expect(await s.idempotency.saveIfFree(key('secret'), 'fp', 200, '{"secret":"sk_test_abc123"}', 5_000, free)).toBe(true);
    expect(await rawBody(s, 'secret')).toMatch(/^sealed:/);
  });

  test("answers saved at the commit of a group's units, by saveIfFree's rule: the unit whose key is taken fails with its own error, and only it", async () => {
    const s = await open();
    const key = (k: string) => ({ ...scope, key: k });
    // Windows measured back from each answer's time (5,000): as saveIfFree's test, 1,000 and 2,000.
    const free = { answeredBefore: 1_000, claimedBefore: 2_000 };
    await s.idempotency.save(key('kept'), 'old', 200, '{"kept":1}', 1_000);
    await s.idempotency.claim(key('abandoned'), 'old', 1_999);
    const taken = (k: string) => async () => new ApiError('idempotency_key_in_use', `taken: ${k}`);
    // Each unit also stores a row of its own (a claim of another key), to see that a failed one leaves nothing.
    const unit = (k: string) => s.commit(async () => {
      await s.idempotency.claim(key(`work-of-${k}`), 'fp', 5_000);
      await s.idempotency.saveIfFreeAtCommit(key(k), 'fp', 200, `{"k":"${k}"}`, 5_000, free, taken(k));
      return k;
    });
    const outcomes = await Promise.allSettled(['a', 'kept', 'b', 'abandoned', 'c'].map(unit));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['a', 'taken: kept', 'b', 'abandoned', 'c']);
    for (const k of ['a', 'b', 'abandoned', 'c']) {
      expect(await s.idempotency.find(key(k))).toEqual({ fingerprint: 'fp', responseStatus: 200, responseBody: `{"k":"${k}"}`, createdAt: 5_000 });
      expect(await s.idempotency.find(key(`work-of-${k}`))).toBeDefined();
    }
    expect(await s.idempotency.find(key('kept'))).toEqual({ fingerprint: 'old', responseStatus: 200, responseBody: '{"kept":1}', createdAt: 1_000 });
    expect(await s.idempotency.find(key('work-of-kept'))).toBeUndefined();
    // Outside a unit: at once.
    await s.idempotency.saveIfFreeAtCommit(key('alone'), 'fp', 200, '{"secret":"sk_test_abc123"}', 5_000, free, taken('alone'));
    expect(await rawBody(s, 'alone')).toMatch(/^sealed:/);
    await expect(s.idempotency.saveIfFreeAtCommit(key('alone'), 'fp', 200, '{}', 5_001, free, taken('alone'))).rejects.toThrow('taken: alone');
  });

  test('keys read at the same time (one statement for them all on PostgreSQL) each get their own row, or none', async () => {
    const s = await open();
    const key = (k: string, livemode = false) => ({ ...scope, key: k, livemode });
    await s.idempotency.save(key('answered'), 'fa', 200, '{"secret":"sk_test_abc"}', 1_000);
    await s.idempotency.claim(key('claimed', true), 'fc', 2_000);
    await s.idempotency.save({ ...key('answered'), merchantId: 'm_2' }, 'other', 201, '{}', 3_000);
    const asked = [key('answered'), key('claimed', true), key('claimed'), key('none'), key('answered'), { ...key('answered'), merchantId: 'm_2' }];
    const found = await Promise.all(asked.map((k) => s.idempotency.find(k)));
    expect(found).toEqual([
      { fingerprint: 'fa', responseStatus: 200, responseBody: '{"secret":"sk_test_abc"}', createdAt: 1_000 },
      { fingerprint: 'fc', responseStatus: null, responseBody: null, createdAt: 2_000 },
      undefined,
      undefined,
      { fingerprint: 'fa', responseStatus: 200, responseBody: '{"secret":"sk_test_abc"}', createdAt: 1_000 },
      { fingerprint: 'other', responseStatus: 201, responseBody: '{}', createdAt: 3_000 },
    ]);
    // Inside a unit of work, the unit's own state (what it wrote, not yet committed).
    await s.tx(async () => {
      await s.idempotency.claim(key('mine'), 'fm', 4_000);
      expect(await s.idempotency.find(key('mine'))).toEqual({ fingerprint: 'fm', responseStatus: null, responseBody: null, createdAt: 4_000 });
    });
  });

  test('a claim is released only while it is the same unfinished claim', async () => {
    const s = await open();
    await s.idempotency.claim(scope, 'fp', 100);
    await s.idempotency.releaseClaim(scope, 99);
    expect(await s.idempotency.find(scope)).toBeDefined();
    await s.idempotency.releaseClaim(scope, 100);
    expect(await s.idempotency.find(scope)).toBeUndefined();
    await s.idempotency.save(scope, 'fp', 200, '{}', 100);
    await s.idempotency.releaseClaim(scope, 100);
    expect((await s.idempotency.find(scope))?.responseStatus).toBe(200);
  });

  test('unfinished claims older than the bound go at start; answers stay until purged', async () => {
    const s = await open();
    await s.idempotency.claim({ ...scope, key: 'old' }, 'fp', 100);
    await s.idempotency.claim({ ...scope, key: 'young' }, 'fp', 500);
    await s.idempotency.save({ ...scope, key: 'answered' }, 'fp', 200, '{}', 100);
    expect(await s.idempotency.releaseUnfinished(500)).toBe(1);
    expect(await s.idempotency.find({ ...scope, key: 'old' })).toBeUndefined();
    expect(await s.idempotency.find({ ...scope, key: 'young' })).toBeDefined();
    expect(await s.idempotency.find({ ...scope, key: 'answered' })).toBeDefined();
    expect(await s.idempotency.purgeOlderThan(501)).toBe(2);
    expect(await s.idempotency.find({ ...scope, key: 'answered' })).toBeUndefined();
  });

  test('an answer holding a credential is sealed at rest and replayed in the clear', async () => {
    const s = await open();
    const body = '{"secret":"sk_test_abc123"}';
    await s.idempotency.save(scope, 'fp', 200, body, 1);
    await s.idempotency.save({ ...scope, key: 'plain' }, 'fp', 200, '{"id":"ps_1"}', 1);
    expect((await s.idempotency.find(scope))?.responseBody).toBe(body);
    expect(await rawBody(s, scope.key)).toMatch(/^sealed:/);
    expect(await rawBody(s, 'plain')).toBe('{"id":"ps_1"}');
  });
});

/**
 * Two instances on one PostgreSQL database (issue 18): each its own pool and its own
 * IdempotencyService, as two `stablepos serve` processes have.
 */
describe('idempotency across instances [postgres]', () => {
  const opened: PgStores[] = [];
  afterAll(async () => {
    for (const s of opened.splice(0)) await s.close().catch(() => undefined);
  });

  let clock = 10_000_000;
  const now = () => clock;

  async function twoInstances() {
    const url = await newPgDatabase();
    const instance = async () => {
      const store = await openPgStores({ url }, testCipher());
      opened.push(store);
      return { store, service: new IdempotencyService(store.idempotency, now, store.commit) };
    };
    return [await instance(), await instance()] as const;
  }

  /** A request as the HTTP layer runs it: claim or replay, the work (one counted side effect), the answer stored. */
  async function request(i: { store: Stores; service: IdempotencyService }, fingerprint = 'fp'): Promise<string> {
    const outcome = await i.service.begin(scope, fingerprint);
    if (outcome.kind === 'replay') return `replay ${outcome.body}`;
    const made = await i.store.tx(async () => {
      const count = ((await i.store.settings.get('made')) as number | undefined) ?? 0;
      await i.store.settings.put('made', count + 1, clock);
      return count + 1;
    });
    await i.service.finish(scope, 200, `{"object":${made}}`);
    return 'made';
  }

  /**
   * The same for a route whose work is one unit (session creation): the key is claimed in that unit,
   * with the answer (answerStoredWithUnit); an error's answer goes through `finish` as onSend sends it.
   */
  async function requestInUnit(i: { store: Stores; service: IdempotencyService }, fingerprint = 'fp'): Promise<string> {
    const outcome = await i.service.begin(scope, fingerprint, { inUnit: true });
    if (outcome.kind === 'replay') return `replay ${outcome.body}`;
    try {
      await i.store.commit(async () => {
        const count = ((await i.store.settings.get('made')) as number | undefined) ?? 0;
        await i.store.settings.put('made', count + 1, clock);
        await i.service.saveInUnit(scope, 200, `{"object":${count + 1}}`);
      });
    } catch (err) {
      await i.service.finish(scope, 409, '{"error":{}}');
      throw err;
    }
    i.service.release(scope);
    return 'made';
  }

  const settle = (p: Promise<string>) => p.catch((err: unknown) => (err instanceof ApiError ? err.code : String(err)));

  test('concurrent duplicates on two instances make one object; the others are told to retry or replay it', async () => {
    const [a, b] = await twoInstances();
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, k) => settle(request(k % 2 === 0 ? a : b))));
    expect(outcomes.filter((o) => o === 'made')).toHaveLength(1);
    for (const o of outcomes) expect(['made', 'idempotency_key_in_use', 'replay {"object":1}']).toContain(o);
    expect(await a.store.settings.get('made')).toBe(1);
    expect(await settle(request(b))).toBe('replay {"object":1}');
    expect(await settle(request(a))).toBe('replay {"object":1}');
    expect(await settle(request(b, 'another body'))).toBe('idempotency_key_reused');
  });

  test('claimed in the work\'s unit: concurrent duplicates on two instances make one object, the losers\' work rolled back', async () => {
    const [a, b] = await twoInstances();
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, k) => settle(requestInUnit(k % 2 === 0 ? a : b))));
    expect(outcomes.filter((o) => o === 'made')).toHaveLength(1);
    for (const o of outcomes) expect(['made', 'idempotency_key_in_use', 'replay {"object":1}']).toContain(o);
    expect(await a.store.settings.get('made')).toBe(1);
    // A loser's 409 was not stored: the winner's answer is the key's, on both instances.
    expect(await settle(requestInUnit(a))).toBe('replay {"object":1}');
    expect(await settle(request(b))).toBe('replay {"object":1}');
  });

  test('claimed in the unit: work that failed before its unit does not overwrite the answer another instance stored', async () => {
    const [a, b] = await twoInstances();
    expect(await a.service.begin(scope, 'fp', { inUnit: true })).toEqual({ kind: 'proceed' });
    expect(await settle(requestInUnit(b))).toBe('made');
    // A's route failed before its unit (e.g. 404 from a check): its answer would be stored, but the key is B's.
    await a.service.finish(scope, 404, '{"error":{"code":"resource_missing"}}');
    expect(await settle(request(a))).toBe('replay {"object":1}');
  });

  test('while one instance runs the request, the other says the key is in use (or reused), then replays', async () => {
    const [a, b] = await twoInstances();
    expect(await a.service.begin(scope, 'fp')).toEqual({ kind: 'proceed' });
    await expect(b.service.begin(scope, 'fp')).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    await expect(b.service.begin(scope, 'other')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await a.service.finish(scope, 201, '{"id":"ps_1"}');
    expect(await b.service.begin(scope, 'fp')).toEqual({ kind: 'replay', status: 201, body: '{"id":"ps_1"}' });
  });

  test('an answer not to be stored (400, 429, 5xx) frees the key on every instance at once', async () => {
    const [a, b] = await twoInstances();
    await a.service.begin(scope, 'fp');
    await a.service.finish(scope, 400, '{"error":{}}');
    expect(await b.service.begin(scope, 'fp')).toEqual({ kind: 'proceed' });
  });

  test('an expired answer no longer replays: the key is claimed afresh', async () => {
    const [a, b] = await twoInstances();
    await a.service.begin(scope, 'fp');
    await a.service.finish(scope, 200, '{"old":1}');
    clock += IDEMPOTENCY_RETENTION_MS + 1;
    expect(await b.service.begin(scope, 'other')).toEqual({ kind: 'proceed' });
  });

  test('an instance starting keeps a live claim of another; a dead instance\'s claim lapses after the bound', async () => {
    const [a, b] = await twoInstances();
    // A claims and dies mid-request: its claim stays in the database, nothing will finish it.
    await a.service.begin(scope, 'fp');
    await a.store.close();
    clock += IDEMPOTENCY_CLAIM_LIFETIME_MS - 1;
    // B starting now cannot tell a dead instance from a live slow one: the claim is young, it stays.
    expect(await b.service.releaseUnfinished()).toBe(0);
    await expect(b.service.begin(scope, 'fp')).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
    clock += 2;
    // Past the bound, the next request takes the key over (no restart needed)…
    expect(await b.service.begin(scope, 'fp')).toEqual({ kind: 'proceed' });
    await b.service.finish(scope, 200, '{"id":"ps_2"}');
    expect(await b.service.begin(scope, 'fp')).toEqual({ kind: 'replay', status: 200, body: '{"id":"ps_2"}' });
  });

  test('an instance restarting releases the claims older than the bound, and only those', async () => {
    const [a, b] = await twoInstances();
    await a.service.begin({ ...scope, key: 'dead' }, 'fp');
    clock += IDEMPOTENCY_CLAIM_LIFETIME_MS + 1;
    await a.service.begin({ ...scope, key: 'live' }, 'fp');
    expect(await b.service.releaseUnfinished()).toBe(1);
    expect(await b.store.idempotency.find({ ...scope, key: 'dead' })).toBeUndefined();
    expect(await b.store.idempotency.find({ ...scope, key: 'live' })).toMatchObject({ responseStatus: null });
  });
});
