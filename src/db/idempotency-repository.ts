import { and, isNull, lt } from 'drizzle-orm';
import type { SecretCipher } from '../domain/secret-cipher.js';
import type { NamedSql, StoreDb } from './store-db.js';
import { rawBoolean, rawCount } from './store-db.js';
import { keptAnswer, replayedAnswer } from './stored-answers.js';

export { STORED_ANSWER_PURPOSE } from './stored-answers.js';

export interface IdempotencyScope {
  merchantId: string;
  livemode: boolean;
  key: string;
}

/** When a key's row no longer holds it: an answer kept from before `answeredBefore`, a claim taken before `claimedBefore`. */
export interface KeyFreeWhen {
  answeredBefore: number;
  claimedBefore: number;
}

/** A key's row: a claim while its first request runs (no response yet), then the response kept. */
export interface StoredIdempotency {
  fingerprint: string;
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: number;
}

// Named, prepared once per connection: they run in every request that carries a key, session
// creation among them (the hot path; the answer is stored with the work, idempotency-service.ts).
const FIND: NamedSql = {
  name: 'stablepos_idempotency_find',
  text: `SELECT fingerprint, response_status, response_body, created_at
    FROM idempotency_keys WHERE merchant_id = $1 AND livemode = $2 AND key = $3`,
};
/**
 * FIND for many keys at once (PostgreSQL, outside units of work: the requests of one turn of the event
 * loop, each asking before its work begins): one round trip instead of one each.
 */
const FIND_MANY: NamedSql = {
  name: 'stablepos_idempotency_find_many',
  text: `SELECT k.merchant_id, k.livemode, k.key, k.fingerprint, k.response_status, k.response_body, k.created_at
    FROM unnest($1::text[], $2::boolean[], $3::text[]) AS q (merchant_id, livemode, key)
    JOIN idempotency_keys k ON k.merchant_id = q.merchant_id AND k.livemode = q.livemode AND k.key = q.key`,
};
const PUT: NamedSql = {
  name: 'stablepos_idempotency_put',
  text: `INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (merchant_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint,
      response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at`,
};
/** `RETURNING`: a row comes back only when the key was free (inserted, or its old row replaced). */
const SAVE_IF_FREE: NamedSql = {
  name: 'stablepos_idempotency_save_if_free',
  text: `INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (merchant_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint,
      response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at
    WHERE (idempotency_keys.response_status IS NOT NULL AND idempotency_keys.created_at < $8)
       OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < $9)
    RETURNING 1 AS saved`,
};
/**
 * SAVE_IF_FREE for many keys (PostgreSQL, the answers of a group of creations at its commit): the rows
 * from arrays; a key is free by the same rule, its windows measured back from the row's own time
 * (`excluded.created_at`, the only per-row value an ON CONFLICT condition can read). The keys come
 * back that were saved.
 */
const SAVE_MANY_IF_FREE: NamedSql = {
  name: 'stablepos_idempotency_save_many_if_free',
  text: `INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at)
    SELECT * FROM unnest($1::text[], $2::boolean[], $3::text[], $4::text[], $5::integer[], $6::text[], $7::bigint[])
    ON CONFLICT (merchant_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint,
      response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at
    WHERE (idempotency_keys.response_status IS NOT NULL AND idempotency_keys.created_at < excluded.created_at - $8::bigint)
       OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < excluded.created_at - $9::bigint)
    RETURNING merchant_id, livemode, key`,
};
const RELEASE: NamedSql = {
  name: 'stablepos_idempotency_release',
  text: `DELETE FROM idempotency_keys
    WHERE merchant_id = $1 AND livemode = $2 AND key = $3 AND created_at = $4 AND response_status IS NULL`,
};

/** An answer to store at the unit's commit if its key is free (saveIfFreeAtCommit). */
interface AnswerToSave {
  scope: IdempotencyScope;
  fingerprint: string;
  status: number;
  /** As stored (sealed when it holds a credential). */
  kept: string;
  now: number;
  free: KeyFreeWhen;
  taken: () => Promise<Error>;
}

/** A read waiting for its turn's FIND_MANY. */
interface WaitingFind {
  scope: IdempotencyScope;
  resolve: (found: StoredIdempotency | undefined) => void;
  reject: (err: unknown) => void;
}

type KeyRow = { fingerprint: string; response_status: number | null; response_body: string | null; created_at: unknown };

const keyOf = (merchantId: string, livemode: boolean, key: string) => `${merchantId}\u0000${livemode ? 'live' : 'test'}\u0000${key}`;

/**
 * Idempotency keys: a request's claim (a row without an answer, while it runs) and then its answer,
 * kept for replay, one row per key under the primary key (merchant, mode, key), which every instance
 * shares; answers holding a credential are sealed by the data key (stored-answers.ts).
 */
export class IdempotencyRepository {
  /** PostgreSQL: the reads outside units of work asked in this turn of the event loop (FIND_MANY). */
  private waiting: WaitingFind[] = [];

  constructor(
    private readonly store: StoreDb,
    private readonly cipher: SecretCipher,
  ) {}

  /**
   * The key's row. On PostgreSQL outside a unit of work (every request carrying a key asks before its
   * work), the reads of one turn go in one statement: a round trip costs the core more than the read.
   */
  async find(scope: IdempotencyScope): Promise<StoredIdempotency | undefined> {
    if (this.store.dialect === 'postgres' && !this.store.inTransaction()) {
      return await new Promise((resolve, reject) => {
        if (this.waiting.push({ scope, resolve, reject }) === 1) setImmediate(() => void this.findWaiting());
      });
    }
    const [row] = await this.store.named<KeyRow>(FIND, [scope.merchantId, scope.livemode, scope.key]);
    return row && this.stored(row);
  }

  private async findWaiting(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    let rows: (KeyRow & { merchant_id: string; livemode: unknown; key: string })[];
    try {
      rows = await this.store.named(FIND_MANY, [waiting.map((w) => w.scope.merchantId), waiting.map((w) => w.scope.livemode), waiting.map((w) => w.scope.key)]);
    } catch (err) {
      for (const w of waiting) w.reject(err);
      return;
    }
    const byKey = new Map(rows.map((r) => [keyOf(r.merchant_id, rawBoolean(r.livemode), r.key), r]));
    for (const w of waiting) {
      const row = byKey.get(keyOf(w.scope.merchantId, w.scope.livemode, w.scope.key));
      // Each its own outcome: an answer that cannot be opened (another data key) fails its request only.
      try {
        w.resolve(row && this.stored(row));
      } catch (err) {
        w.reject(err);
      }
    }
  }

  private stored(row: KeyRow): StoredIdempotency {
    return {
      fingerprint: row.fingerprint,
      responseStatus: row.response_status,
      responseBody: replayedAnswer(this.cipher, row.response_body),
      createdAt: rawCount(row.created_at),
    };
  }

  async claim(scope: IdempotencyScope, fingerprint: string, now: number): Promise<void> {
    await this.store.named(PUT, [scope.merchantId, scope.livemode, scope.key, fingerprint, null, null, now]);
  }

  async save(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number): Promise<void> {
    await this.store.named(PUT, [scope.merchantId, scope.livemode, scope.key, fingerprint, status, keptAnswer(this.cipher, body), now]);
  }

  async saveIfFree(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number, free: KeyFreeWhen): Promise<boolean> {
    const kept = keptAnswer(this.cipher, body);
    const saved = await this.store.named(SAVE_IF_FREE, [scope.merchantId, scope.livemode, scope.key, fingerprint, status, kept, now, free.answeredBefore, free.claimedBefore]);
    return saved.length === 1;
  }

  /**
   * As saveIfFree, in the caller's unit of work, checked and written at its commit with the other
   * units' answers (StoreDb.atCommit: one statement for a whole group on PostgreSQL). A key that is
   * not free fails the unit with the error `taken` gives (read in the unit, before it rolls back).
   */
  async saveIfFreeAtCommit(
    scope: IdempotencyScope,
    fingerprint: string,
    status: number,
    body: string,
    now: number,
    free: KeyFreeWhen,
    taken: () => Promise<Error>,
  ): Promise<void> {
    const answer: AnswerToSave = { scope, fingerprint, status, kept: keptAnswer(this.cipher, body), now, free, taken };
    await this.store.atCommit('idempotency_keys:save_if_free', answer, async (answers) => await this.saveEachIfFree(answers));
  }

  private async saveEachIfFree(answers: AnswerToSave[]): Promise<void> {
    const first = answers[0];
    if (first === undefined) return;
    const keys = answers.map((a) => keyOf(a.scope.merchantId, a.scope.livemode, a.scope.key));
    const windows = (a: AnswerToSave) => `${a.now - a.free.answeredBefore}/${a.now - a.free.claimedBefore}`;
    // One statement needs distinct keys (a row is changed once per statement) and the same windows;
    // both hold for a group of creations (one request per key in flight, one rule), else one by one.
    if (this.store.dialect === 'sqlite' || answers.length === 1 || new Set(keys).size < keys.length || answers.some((a) => windows(a) !== windows(first))) {
      for (const a of answers) {
        const stored = await this.store.named(SAVE_IF_FREE, [a.scope.merchantId, a.scope.livemode, a.scope.key, a.fingerprint, a.status, a.kept, a.now, a.free.answeredBefore, a.free.claimedBefore]);
        if (stored.length === 0) throw await a.taken();
      }
      return;
    }
    // In the keys' order: two groups saving overlapping keys (a duplicate sent to two instances) lock
    // them in the same order, and wait rather than deadlock.
    const order = answers.map((_, i) => i).sort((i, j) => ((keys[i] as string) < (keys[j] as string) ? -1 : 1));
    const column = <V>(pick: (a: AnswerToSave) => V) => order.map((i) => pick(answers[i] as AnswerToSave));
    const saved = await this.store.named<{ merchant_id: string; livemode: unknown; key: string }>(SAVE_MANY_IF_FREE, [
      column((a) => a.scope.merchantId),
      column((a) => a.scope.livemode),
      column((a) => a.scope.key),
      column((a) => a.fingerprint),
      column((a) => a.status),
      column((a) => a.kept),
      column((a) => a.now),
      first.now - first.free.answeredBefore,
      first.now - first.free.claimedBefore,
    ]);
    const savedKeys = new Set(saved.map((r) => keyOf(r.merchant_id, rawBoolean(r.livemode), r.key)));
    const lost = answers.find((_, i) => !savedKeys.has(keys[i] as string));
    if (lost) throw await lost.taken();
  }

  async claimIfFree(scope: IdempotencyScope, fingerprint: string, now: number, free: KeyFreeWhen): Promise<boolean> {
    const claimed = await this.store.named(SAVE_IF_FREE, [scope.merchantId, scope.livemode, scope.key, fingerprint, null, null, now, free.answeredBefore, free.claimedBefore]);
    return claimed.length === 1;
  }

  async releaseClaim(scope: IdempotencyScope, claimedAt: number): Promise<void> {
    await this.store.named(RELEASE, [scope.merchantId, scope.livemode, scope.key, claimedAt]);
  }

  async releaseUnfinished(claimedBefore: number): Promise<number> {
    const t = this.store.t.idempotencyKeys;
    return this.store.affected(await this.store.db.delete(t).where(and(isNull(t.responseStatus), lt(t.createdAt, claimedBefore))));
  }

  async purgeOlderThan(cutoff: number): Promise<number> {
    const t = this.store.t.idempotencyKeys;
    return this.store.affected(await this.store.db.delete(t).where(lt(t.createdAt, cutoff)));
  }
}
