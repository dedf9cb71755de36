import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ApiKeyRecord } from '../domain/records.js';
import type { Db } from './open-database.js';
import { apiKeys } from './schema.js';

export class ApiKeyRepository {
  private readonly activeByHash;
  private readonly dataVersion;

  constructor(private readonly db: Db) {
    // Raw: it runs on every API request (see session-repository.ts on the query builder's cost).
    // Not cached: a key revoked from the command line (another process) stops working at once.
    this.activeByHash = db.$client.prepare<[string], { id: string; merchantId: string; livemode: number }>(
      'SELECT id, merchant_id AS merchantId, livemode FROM api_keys WHERE hash = ? AND revoked_at IS NULL',
    );
    this.dataVersion = db.$client.prepare('PRAGMA data_version').pluck();
  }

  /** SQLite's data version: moves whenever another connection (the `keys revoke` command) commits. */
  keysVersion(): number {
    return this.dataVersion.get() as number;
  }

  insert(record: Omit<ApiKeyRecord, 'revokedAt'> & { hash: string }): void {
    this.db.insert(apiKeys).values(record).run();
  }

  findActiveByHash(hash: string): { id: string; merchantId: string; livemode: boolean } | undefined {
    const row = this.activeByHash.get(hash);
    return row && { id: row.id, merchantId: row.merchantId, livemode: row.livemode === 1 };
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
