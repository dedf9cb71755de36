import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ApiKeyRecord } from '../../domain/records.js';
import type { PgDatabase } from './pg-database.js';
import type { PgSignals } from './pg-signals.js';
import { apiKeys } from './schema.js';

/** The signal a revocation sends: every instance's key cache is dropped (api-key-service.ts). */
export const KEY_REVOKED = 'api-key.revoked';

/**
 * API keys (the SQLite store's `../api-key-repository.ts`). What SQLite's data version does there,
 * the revocation signal does here: `keysVersion` moves when any instance revoked a key, or when the
 * signals were resynced (some may have been missed), so every instance drops its cached lookups.
 */
export class PgApiKeyRepository {
  private version = 0;

  constructor(
    private readonly database: PgDatabase,
    private readonly signals: PgSignals,
  ) {
    signals.subscribe(KEY_REVOKED, () => this.version++);
    signals.onResync(() => this.version++);
  }

  keysVersion(): Promise<number> {
    return Promise.resolve(this.version);
  }

  async insert(record: Omit<ApiKeyRecord, 'revokedAt'> & { hash: string }): Promise<void> {
    await this.database.db.insert(apiKeys).values(record);
  }

  async findActiveByHash(hash: string): Promise<{ id: string; merchantId: string; livemode: boolean } | undefined> {
    const [row] = await this.database.db
      .select({ id: apiKeys.id, merchantId: apiKeys.merchantId, livemode: apiKeys.livemode })
      .from(apiKeys)
      .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
    return row;
  }

  async list(merchantId?: string): Promise<ApiKeyRecord[]> {
    const q = this.database.db
      .select({
        id: apiKeys.id,
        merchantId: apiKeys.merchantId,
        livemode: apiKeys.livemode,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys);
    return await (merchantId ? q.where(eq(apiKeys.merchantId, merchantId)) : q).orderBy(asc(apiKeys.createdAt));
  }

  /** Active keys whose stored prefix starts with `prefix` (not LIKE: `_` in `sk_test_` is its wildcard). */
  async activeByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    return (await this.list()).filter((k) => k.revokedAt === null && k.prefix.startsWith(prefix));
  }

  /** The update and its signal in one transaction: the signal goes out exactly when the revocation commits. */
  revoke(id: string, now: number): Promise<boolean> {
    return this.database.tx(async () => {
      const revoked = await this.database.db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (revoked.length === 1) await this.signals.publish(KEY_REVOKED, id);
      return revoked.length === 1;
    });
  }
}
