import { and, eq, isNull, lt, sql } from 'drizzle-orm';
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
  private readonly findOne;
  private readonly saveOne;

  constructor(private readonly db: Db) {
    const t = idempotencyKeys;
    const p = (name: string) => sql.placeholder(name);
    this.findOne = db
      .select({ fingerprint: t.fingerprint, responseStatus: t.responseStatus, responseBody: t.responseBody, createdAt: t.createdAt })
      .from(t)
      .where(and(eq(t.merchantId, p('merchantId')), eq(t.livemode, p('livemode')), eq(t.key, p('key'))))
      .prepare();
    this.saveOne = db
      .insert(t)
      .values({ merchantId: p('merchantId'), livemode: p('livemode'), key: p('key'), fingerprint: p('fingerprint'), responseStatus: p('status'), responseBody: p('body'), createdAt: p('now') })
      .onConflictDoUpdate({
        target: [t.merchantId, t.livemode, t.key],
        set: { fingerprint: sql`excluded.fingerprint`, responseStatus: sql`excluded.response_status`, responseBody: sql`excluded.response_body`, createdAt: sql`excluded.created_at` },
      })
      .prepare();
  }

  find(scope: IdempotencyScope): StoredIdempotency | undefined {
    return this.findOne.get({ ...scope, livemode: scope.livemode ? 1 : 0 });
  }

  save(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number): void {
    this.saveOne.run({ ...scope, livemode: scope.livemode ? 1 : 0, fingerprint, status, body, now });
  }

  /** Claims left unfinished by an earlier version that wrote claims; none can be in flight now. */
  releaseUnfinished(): number {
    return this.db.delete(idempotencyKeys).where(isNull(idempotencyKeys.responseStatus)).run().changes;
  }

  purgeOlderThan(cutoff: number): number {
    return this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).run().changes;
  }
}
