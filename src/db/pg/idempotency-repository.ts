import { and, eq, isNull, lt } from 'drizzle-orm';
import type { SecretCipher } from '../../domain/secret-cipher.js';
import type { IdempotencyScope, KeyFreeWhen, StoredIdempotency } from '../idempotency-repository.js';
import { type NamedStatement, runNamed } from './named-statement.js';
import { keptAnswer, replayedAnswer } from '../stored-answers.js';
import type { PgDatabase } from './pg-database.js';
import { idempotencyKeys } from './schema.js';

const t = idempotencyKeys;

/** Named: it runs in every session's creation (the answer stored with the work, idempotency-service.ts). */
const SAVE_IF_FREE: NamedStatement = {
  name: 'stablepos_idempotency_save_if_free',
  text: `INSERT INTO idempotency_keys (merchant_id, livemode, key, fingerprint, response_status, response_body, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7)
    ON CONFLICT (merchant_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint,
      response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at
    WHERE (idempotency_keys.response_status IS NOT NULL AND idempotency_keys.created_at < $8)
       OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < $9)`,
};
const ofScope = (scope: IdempotencyScope) => and(eq(t.merchantId, scope.merchantId), eq(t.livemode, scope.livemode), eq(t.key, scope.key));

/**
 * Idempotency keys on PostgreSQL (the SQLite store's `../idempotency-repository.ts`, same behaviour):
 * claims and answers, one row per key under the primary key (merchant, mode, key), which every
 * instance shares; answers holding a credential sealed by the data key.
 */
export class PgIdempotencyRepository {
  constructor(
    private readonly database: PgDatabase,
    private readonly cipher: SecretCipher,
  ) {}

  async find(scope: IdempotencyScope): Promise<StoredIdempotency | undefined> {
    const [row] = await this.database.db
      .select({ fingerprint: t.fingerprint, responseStatus: t.responseStatus, responseBody: t.responseBody, createdAt: t.createdAt })
      .from(t)
      .where(ofScope(scope));
    return row && { ...row, responseBody: replayedAnswer(this.cipher, row.responseBody) };
  }

  async claim(scope: IdempotencyScope, fingerprint: string, now: number): Promise<void> {
    await this.put(scope, fingerprint, null, null, now);
  }

  async save(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number): Promise<void> {
    await this.put(scope, fingerprint, status, keptAnswer(this.cipher, body), now);
  }

  async saveIfFree(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number, free: KeyFreeWhen): Promise<boolean> {
    const kept = keptAnswer(this.cipher, body);
    const { rowCount } = await runNamed(this.database, SAVE_IF_FREE, [scope.merchantId, scope.livemode, scope.key, fingerprint, status, kept, now, free.answeredBefore, free.claimedBefore]);
    return rowCount === 1;
  }

  private async put(scope: IdempotencyScope, fingerprint: string, responseStatus: number | null, responseBody: string | null, createdAt: number): Promise<void> {
    await this.database.db
      .insert(t)
      .values({ ...scope, fingerprint, responseStatus, responseBody, createdAt })
      .onConflictDoUpdate({ target: [t.merchantId, t.livemode, t.key], set: { fingerprint, responseStatus, responseBody, createdAt } });
  }

  async releaseClaim(scope: IdempotencyScope, claimedAt: number): Promise<void> {
    await this.database.db.delete(t).where(and(ofScope(scope), eq(t.createdAt, claimedAt), isNull(t.responseStatus)));
  }

  async releaseUnfinished(claimedBefore: number): Promise<number> {
    const gone = await this.database.db.delete(t).where(and(isNull(t.responseStatus), lt(t.createdAt, claimedBefore)));
    return gone.rowCount ?? 0;
  }

  async purgeOlderThan(cutoff: number): Promise<number> {
    const gone = await this.database.db.delete(t).where(lt(t.createdAt, cutoff));
    return gone.rowCount ?? 0;
  }
}
