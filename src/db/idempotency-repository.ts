import { isNull, lt } from 'drizzle-orm';
import { containsCredential } from '../domain/credentials.js';
import { isSealed, type SecretCipher } from '../domain/secret-cipher.js';
import type { Db } from './open-database.js';
import { idempotencyKeys } from './schema.js';

export interface IdempotencyScope {
  merchantId: string;
  livemode: boolean;
  key: string;
}

export interface StoredIdempotency {
  fingerprint: string;
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: number;
}

/** What the data key seals stored answers for (bound to the sealed text). */
export const STORED_ANSWER_PURPOSE = 'stored API answer';

/**
 * Answers kept for replay. An answer holding a credential (the `whsec_…` of a new webhook endpoint,
 * the `sk_…` of a new API key) is sealed by the data key, as the secrets themselves are; the others
 * (session creation, the hot path) are kept as they are.
 */
export class IdempotencyRepository {
  private readonly findOne;
  private readonly saveOne;

  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
  ) {
    // Raw, like the other statements of session creation (the hot path; see session-repository.ts).
    this.findOne = db.$client.prepare<[string, number, string], StoredIdempotency>(
      `SELECT fingerprint, response_status AS responseStatus, response_body AS responseBody, created_at AS createdAt
       FROM idempotency_keys WHERE merchant_id = ? AND livemode = ? AND key = ?`,
    );
    this.saveOne = db.$client.prepare(
      `INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (merchant_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint,
         response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at`,
    );
  }

  find(scope: IdempotencyScope): StoredIdempotency | undefined {
    const stored = this.findOne.get(scope.merchantId, scope.livemode ? 1 : 0, scope.key);
    if (stored?.responseBody && isSealed(stored.responseBody)) stored.responseBody = this.cipher.open(stored.responseBody, STORED_ANSWER_PURPOSE);
    return stored;
  }

  save(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number): void {
    const kept = containsCredential(body) ? this.cipher.seal(body, STORED_ANSWER_PURPOSE) : body;
    this.saveOne.run(scope.merchantId, scope.livemode ? 1 : 0, scope.key, fingerprint, status, kept, now);
  }

  /** Claims left unfinished by an earlier version that wrote claims; none can be in flight now. */
  releaseUnfinished(): number {
    return this.db.delete(idempotencyKeys).where(isNull(idempotencyKeys.responseStatus)).run().changes;
  }

  purgeOlderThan(cutoff: number): number {
    return this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).run().changes;
  }
}
