import { type NamedStatement, runNamed } from './named-statement.js';
import type { PgDatabase } from './pg-database.js';
import { wallets } from './schema.js';

/**
 * One statement, so atomic across every instance: the row lock makes concurrent reservations queue,
 * and each gets the index its own increment produced. Named: it runs in every session's creation.
 */
const RESERVE_INDEX: NamedStatement = {
  name: 'stablepos_wallet_reserve_index',
  text: 'UPDATE wallets SET next_index = next_index + 1 WHERE merchant_id = $1 AND family = $2 AND livemode = $3 RETURNING next_index',
};

const XPUB: NamedStatement = {
  name: 'stablepos_wallet_xpub',
  text: 'SELECT xpub FROM wallets WHERE merchant_id = $1 AND family = $2 AND livemode = $3',
};

/**
 * Merchants' watch-only wallets, on PostgreSQL (the SQLite store's `../wallet-repository.ts`).
 * **Decision:** the xpub is read on every call, not kept as SQLite's repository keeps it: another
 * instance may change it, and an address derived from a replaced xpub would pay someone else's wallet.
 */
export class PgWalletRepository {
  constructor(private readonly database: PgDatabase) {}

  async xpub(merchantId: string, family: string, livemode: boolean): Promise<string | undefined> {
    const { rows } = await runNamed<{ xpub: string }>(this.database, XPUB, [merchantId, family, livemode]);
    return rows[0]?.xpub;
  }

  /** Sets the wallet; a different xpub restarts nothing: indexes keep counting so no address repeats. */
  async upsert(merchantId: string, family: string, livemode: boolean, xpub: string, now: number): Promise<void> {
    await this.database.db
      .insert(wallets)
      .values({ merchantId, family, livemode, xpub, createdAt: now })
      .onConflictDoUpdate({ target: [wallets.merchantId, wallets.family, wallets.livemode], set: { xpub } });
  }

  /** Takes the next derivation index (atomic: a single UPDATE … RETURNING). */
  async reserveIndex(merchantId: string, family: string, livemode: boolean): Promise<number | undefined> {
    const { rows } = await runNamed<{ next_index: number }>(this.database, RESERVE_INDEX, [merchantId, family, livemode]);
    return rows[0] ? rows[0].next_index - 1 : undefined;
  }
}
