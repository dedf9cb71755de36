import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyRecord } from '../domain/records.js';
import type { Db } from './open-database.js';
import { apiKeys } from './schema.js';

export class ApiKeyRepository {
  private readonly activeByHash;

  constructor(private readonly db: Db) {
    this.activeByHash = db
      .select({ id: apiKeys.id, merchantId: apiKeys.merchantId, livemode: apiKeys.livemode })
      .from(apiKeys)
      .where(and(eq(apiKeys.hash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
      .prepare();
  }

  insert(record: Omit<ApiKeyRecord, 'revokedAt'> & { hash: string }): void {
    this.db.insert(apiKeys).values(record).run();
  }

  findActiveByHash(hash: string): { id: string; merchantId: string; livemode: boolean } | undefined {
    return this.activeByHash.get({ hash });
  }

  list(merchantId?: string): ApiKeyRecord[] {
    const q = this.db
      .select({
        id: apiKeys.id,
        merchantId: apiKeys.merchantId,
        livemode: apiKeys.livemode,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys);
    return (merchantId ? q.where(eq(apiKeys.merchantId, merchantId)) : q).orderBy(asc(apiKeys.createdAt)).all();
  }

  /** Active keys whose stored prefix starts with `prefix` (a merchant has a handful of keys). */
  activeByPrefix(prefix: string): ApiKeyRecord[] {
    return this.list().filter((k) => k.revokedAt === null && k.prefix.startsWith(prefix));
  }

  revoke(id: string, now: number): boolean {
    return this.db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).run().changes === 1;
  }
}

export type { ApiKeyRecord };
