import { and, eq } from 'drizzle-orm';
import type { ReservedIndex } from '../domain/records.js';
import type { NamedSql, StoreDb } from './store-db.js';
import { rawCount } from './store-db.js';

/**
 * One statement, so atomic on both databases: on PostgreSQL the row locks make concurrent
 * reservations queue, and each gets the index its own increment produced. Named: it runs in every
 * session's creation.
 */
const RESERVE_INDEXES: NamedSql = {
  name: 'stablepos_wallet_reserve_indexes',
  text: 'UPDATE wallets SET next_index = next_index + $3 WHERE merchant_id = $1 AND livemode = $2 RETURNING family, xpub, next_index',
};

/**
 * Merchants' watch-only wallets (one per chain family and mode) and their next derivation index.
 * Nothing is kept in memory here: the wallets now in use are the WalletsNow service's.
 */
export class WalletRepository {
  constructor(private readonly store: StoreDb) {}

  async xpub(merchantId: string, family: string, livemode: boolean): Promise<string | undefined> {
    const w = this.store.t.wallets;
    const [row] = await this.store.db
      .select({ xpub: w.xpub })
      .from(w)
      .where(and(eq(w.merchantId, merchantId), eq(w.family, family), eq(w.livemode, livemode)));
    return row?.xpub;
  }

  /** Sets the wallet; a different xpub restarts nothing: indexes keep counting so no address repeats. */
  async upsert(merchantId: string, family: string, livemode: boolean, xpub: string, now: number): Promise<void> {
    const w = this.store.t.wallets;
    await this.store.db
      .insert(w)
      .values({ merchantId, family, livemode, xpub, createdAt: now })
      .onConflictDoUpdate({ target: [w.merchantId, w.family, w.livemode], set: { xpub } });
  }

  /**
   * Takes the next `count` derivation indexes of every wallet the merchant has in this mode, with the
   * wallet: one statement for all families (a single UPDATE … RETURNING), where a statement per family
   * cost one each in every session's creation; `count` for all the creations of one turn
   * (services/index-reservations.ts).
   */
  async reserveIndexes(merchantId: string, livemode: boolean, count = 1): Promise<ReservedIndex[]> {
    // Outside the caller's unit on PostgreSQL: the wallets' rows would otherwise stay locked until
    // that unit's commit, and every session's creation on every instance would queue behind it. An
    // index taken by a creation that then fails is not given back (never reused, so never unsafe).
    if (!Number.isSafeInteger(count) || count < 1) throw new Error(`cannot reserve ${count} indexes`);
    const rows = await this.store.outsideUnit(() => this.store.named<{ family: string; xpub: string; next_index: unknown }>(RESERVE_INDEXES, [merchantId, livemode, count]));
    return rows.map((r) => ({ family: r.family, xpub: r.xpub, index: rawCount(r.next_index) - count }));
  }
}
