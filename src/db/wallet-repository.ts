import { and, eq } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { wallets } from './schema.js';
import type { ReservedIndex } from '../domain/records.js';

export class WalletRepository {
  /** xpubs change only through `upsert`, so they are read once and kept. */
  private readonly xpubs = new Map<string, string | undefined>();
  private readonly reserve;

  constructor(private readonly db: Db) {
    // Raw, like the other writes of session creation (the hot path; see session-repository.ts).
    this.reserve = db.$client.prepare<[string, number], { family: string; xpub: string; next: number }>(
      'UPDATE wallets SET next_index = next_index + 1 WHERE merchant_id = ? AND livemode = ? RETURNING family, xpub, next_index AS next',
    );
  }

  private key(merchantId: string, family: string, livemode: boolean) {
    return and(eq(wallets.merchantId, merchantId), eq(wallets.family, family), eq(wallets.livemode, livemode));
  }

  xpub(merchantId: string, family: string, livemode: boolean): string | undefined {
    const cacheKey = `${merchantId}:${family}:${livemode}`;
    if (!this.xpubs.has(cacheKey)) {
      this.xpubs.set(cacheKey, this.db.select({ xpub: wallets.xpub }).from(wallets).where(this.key(merchantId, family, livemode)).get()?.xpub);
    }
    return this.xpubs.get(cacheKey);
  }

  /** Sets the wallet; a different xpub restarts nothing: indexes keep counting so no address repeats. */
  upsert(merchantId: string, family: string, livemode: boolean, xpub: string, now: number): void {
    this.db
      .insert(wallets)
      .values({ merchantId, family, livemode, xpub, createdAt: now })
      .onConflictDoUpdate({ target: [wallets.merchantId, wallets.family, wallets.livemode], set: { xpub } })
      .run();
    this.xpubs.set(`${merchantId}:${family}:${livemode}`, xpub);
  }

  /**
   * Takes the next derivation index of every wallet the merchant has in this mode, with the wallet:
   * one statement for all families (atomic: a single UPDATE … RETURNING), where a statement per
   * family cost one each in every session's creation.
   */
  reserveIndexes(merchantId: string, livemode: boolean): ReservedIndex[] {
    return this.reserve.all(merchantId, livemode ? 1 : 0).map((r) => ({ family: r.family, xpub: r.xpub, index: r.next - 1 }));
  }
}
