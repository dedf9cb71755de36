import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { wallets } from './schema.js';

export class WalletRepository {
  constructor(private readonly db: Db) {}

  private key(merchantId: string, family: string, livemode: boolean) {
    return and(eq(wallets.merchantId, merchantId), eq(wallets.family, family), eq(wallets.livemode, livemode));
  }

  xpub(merchantId: string, family: string, livemode: boolean): string | undefined {
    return this.db.select({ xpub: wallets.xpub }).from(wallets).where(this.key(merchantId, family, livemode)).get()?.xpub;
  }

  /** Sets the wallet; a different xpub restarts nothing: indexes keep counting so no address repeats. */
  upsert(merchantId: string, family: string, livemode: boolean, xpub: string, now: number): void {
    this.db
      .insert(wallets)
      .values({ merchantId, family, livemode, xpub, createdAt: now })
      .onConflictDoUpdate({ target: [wallets.merchantId, wallets.family, wallets.livemode], set: { xpub } })
      .run();
  }

  /** Takes the next derivation index (atomic: a single UPDATE … RETURNING). */
  reserveIndex(merchantId: string, family: string, livemode: boolean): number | undefined {
    const row = this.db
      .update(wallets)
      .set({ nextIndex: sql`${wallets.nextIndex} + 1` })
      .where(this.key(merchantId, family, livemode))
      .returning({ next: wallets.nextIndex })
      .get();
    return row ? row.next - 1 : undefined;
  }
}
