import { and, eq, isNull, lt } from 'drizzle-orm';
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

export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  private where(s: IdempotencyScope) {
    const t = idempotencyKeys;
    return and(eq(t.merchantId, s.merchantId), eq(t.livemode, s.livemode), eq(t.key, s.key));
  }

  find(scope: IdempotencyScope): StoredIdempotency | undefined {
    const t = idempotencyKeys;
    return this.db
      .select({ fingerprint: t.fingerprint, responseStatus: t.responseStatus, responseBody: t.responseBody, createdAt: t.createdAt })
      .from(t)
      .where(this.where(scope))
      .get();
  }

  /**
   * Claims the key for a request being processed. The primary key makes this atomic: of two
   * concurrent requests exactly one insert succeeds. Returns false when the key is already taken.
   */
  claim(scope: IdempotencyScope, fingerprint: string, now: number): boolean {
    const result = this.db
      .insert(idempotencyKeys)
      .values({ ...scope, fingerprint, createdAt: now })
      .onConflictDoNothing()
      .run();
    return result.changes === 1;
  }

  complete(scope: IdempotencyScope, status: number, body: string): void {
    this.db.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(this.where(scope)).run();
  }

  /** Frees a claim whose request must not be remembered (validation error, server error). */
  release(scope: IdempotencyScope): void {
    this.db.delete(idempotencyKeys).where(and(this.where(scope), isNull(idempotencyKeys.responseStatus))).run();
  }

  /** Replaces an expired record, so a key can be used afresh after its retention. */
  delete(scope: IdempotencyScope): void {
    this.db.delete(idempotencyKeys).where(this.where(scope)).run();
  }

  /** Claims whose request never finished; after a restart none of them can still be in flight. */
  releaseUnfinished(): number {
    return this.db.delete(idempotencyKeys).where(isNull(idempotencyKeys.responseStatus)).run().changes;
  }

  purgeOlderThan(cutoff: number): number {
    return this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).run().changes;
  }
}
