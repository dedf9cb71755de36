import { and, isNull, lt } from 'drizzle-orm';
import type { SecretCipher } from '../domain/secret-cipher.js';
import type { Db } from './open-database.js';
import { idempotencyKeys } from './schema.js';
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

/**
 * Idempotency keys: a request's claim (a row without an answer, while it runs) and then its answer,
 * kept for replay; answers holding a credential are sealed by the data key (stored-answers.ts).
 */
export class IdempotencyRepository {
  private readonly findOne;
  private readonly putOne;
  private readonly putIfFree;
  private readonly releaseOne;

  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
  ) {
    // Raw, like the other statements of session creation (the hot path; see session-repository.ts).
    this.findOne = db.$client.prepare<[string, number, string], StoredIdempotency>(
      `SELECT fingerprint, response_status AS responseStatus, response_body AS responseBody, created_at AS createdAt
       FROM idempotency_keys WHERE merchant_id = ? AND livemode = ? AND key = ?`,
    );
    this.putOne = db.$client.prepare<[string, number, string, string, number | null, string | null, number]>(
      `INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (merchant_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint,
         response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at`,
    );
    this.putIfFree = db.$client.prepare<[string, number, string, string, number, string, number, number, number]>(
      `INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (merchant_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint,
         response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at
       WHERE (idempotency_keys.response_status IS NOT NULL AND idempotency_keys.created_at < ?)
          OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < ?)`,
    );
    this.releaseOne = db.$client.prepare<[string, number, string, number]>(
      `DELETE FROM idempotency_keys
       WHERE merchant_id = ? AND livemode = ? AND key = ? AND created_at = ? AND response_status IS NULL`,
    );
  }

  find(scope: IdempotencyScope): StoredIdempotency | undefined {
    const stored = this.findOne.get(scope.merchantId, scope.livemode ? 1 : 0, scope.key);
    if (stored) stored.responseBody = replayedAnswer(this.cipher, stored.responseBody);
    return stored;
  }

  claim(scope: IdempotencyScope, fingerprint: string, now: number): void {
    this.putOne.run(scope.merchantId, scope.livemode ? 1 : 0, scope.key, fingerprint, null, null, now);
  }

  save(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number): void {
    this.putOne.run(scope.merchantId, scope.livemode ? 1 : 0, scope.key, fingerprint, status, keptAnswer(this.cipher, body), now);
  }

  saveIfFree(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number, free: KeyFreeWhen): boolean {
    const kept = keptAnswer(this.cipher, body);
    return this.putIfFree.run(scope.merchantId, scope.livemode ? 1 : 0, scope.key, fingerprint, status, kept, now, free.answeredBefore, free.claimedBefore).changes === 1;
  }

  releaseClaim(scope: IdempotencyScope, claimedAt: number): void {
    this.releaseOne.run(scope.merchantId, scope.livemode ? 1 : 0, scope.key, claimedAt);
  }

  releaseUnfinished(claimedBefore: number): number {
    const t = idempotencyKeys;
    return this.db.delete(t).where(and(isNull(t.responseStatus), lt(t.createdAt, claimedBefore))).run().changes;
  }

  purgeOlderThan(cutoff: number): number {
    return this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).run().changes;
  }
}
