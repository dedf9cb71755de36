import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ApiKeyRecord } from '../domain/records.js';
import { othersCommitVersion } from './sql-data-version.js';
import type { NamedSql, StoreDb } from './store-db.js';
import { rawBoolean } from './store-db.js';

/** Named: every API request whose key is not in the service's cache runs it. */
const ACTIVE_BY_HASH: NamedSql = {
  name: 'stablepos_api_key_active_by_hash',
  text: 'SELECT id, merchant_id, livemode FROM api_keys WHERE hash = $1 AND revoked_at IS NULL',
};

/**
 * API keys, stored by hash. Nothing is kept in memory here: the lookups already made are the
 * ApiKeyService's cache, which this store's `keysVersion` and the revocation signals keep true.
 */
export class ApiKeyRepository {
  constructor(private readonly store: StoreDb) {}

  /** Moves when another process (the `keys revoke` command on the SQLite file) committed (sql-data-version.ts). */
  keysVersion(): Promise<number> {
    return othersCommitVersion(this.store);
  }

  async insert(record: Omit<ApiKeyRecord, 'revokedAt'> & { hash: string }): Promise<void> {
    await this.store.db.insert(this.store.t.apiKeys).values(record);
  }

  async findActiveByHash(hash: string): Promise<{ id: string; merchantId: string; livemode: boolean } | undefined> {
    const [row] = await this.store.named<{ id: string; merchant_id: string; livemode: unknown }>(ACTIVE_BY_HASH, [hash]);
    return row && { id: row.id, merchantId: row.merchant_id, livemode: rawBoolean(row.livemode) };
  }

  async list(merchantId?: string): Promise<ApiKeyRecord[]> {
    const k = this.store.t.apiKeys;
    const q = this.store.db
      .select({ id: k.id, merchantId: k.merchantId, livemode: k.livemode, prefix: k.prefix, createdAt: k.createdAt, revokedAt: k.revokedAt })
      .from(k);
    return await (merchantId ? q.where(eq(k.merchantId, merchantId)) : q).orderBy(asc(k.createdAt));
  }

  /** Active keys whose stored prefix starts with `prefix` (a merchant has a handful; not LIKE: `_` in `sk_test_` is its wildcard). */
  async activeByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    return (await this.list()).filter((k) => k.revokedAt === null && k.prefix.startsWith(prefix));
  }

  /** The first revocation stays: true only when this one revoked the key. */
  async revoke(id: string, now: number): Promise<boolean> {
    const k = this.store.t.apiKeys;
    const result = await this.store.db.update(k).set({ revokedAt: now }).where(and(eq(k.id, id), isNull(k.revokedAt)));
    return this.store.affected(result) === 1;
  }
}

export type { ApiKeyRecord };
