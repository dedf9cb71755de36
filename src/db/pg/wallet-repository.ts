import { type NamedStatement, runNamed } from './named-statement.js';
import { WALLET_SAVED } from '../../domain/signals.js';
import type { PgDatabase } from './pg-database.js';
import type { PgSignals } from './pg-signals.js';
import { wallets } from './schema.js';
import type { ReservedIndex } from '../../domain/records.js';

/**
 * One statement, so atomic across every instance: the row lock makes concurrent reservations queue,
 * and each gets the index its own increment produced. Named: it runs in every session's creation.
 */
const RESERVE_INDEXES: NamedStatement = {
  name: 'stablepos_wallet_reserve_indexes',
  text: 'UPDATE wallets SET next_index = next_index + 1 WHERE merchant_id = $1 AND livemode = $2 RETURNING family, xpub, next_index',
};

const XPUB: NamedStatement = {
  name: 'stablepos_wallet_xpub',
  text: 'SELECT xpub FROM wallets WHERE merchant_id = $1 AND family = $2 AND livemode = $3',
};

/**
 * Merchants' watch-only wallets, on PostgreSQL (the SQLite store's `../wallet-repository.ts`).
 * xpubs are kept in memory as SQLite's repository keeps them (a session's creation and every view
 * ask for each family's), and dropped when any instance saves a wallet (`WALLET_SAVED`, sent by
 * `upsert` in the saving unit of work) or when the signals resynced (some may have been missed). A
 * read that began before a drop is not kept, so a replaced xpub is never served from memory.
 */
export class PgWalletRepository {
  private readonly xpubs = new Map<string, string | undefined>();
  /** Moves on every drop: a read begun under an older generation is returned but not kept. */
  private generation = 0;

  constructor(
    private readonly database: PgDatabase,
    private readonly signals: PgSignals,
  ) {
    const drop = () => {
      this.generation++;
      this.xpubs.clear();
    };
    signals.subscribe(WALLET_SAVED, drop);
    signals.onResync(drop);
  }

  async xpub(merchantId: string, family: string, livemode: boolean): Promise<string | undefined> {
    const key = `${merchantId}:${family}:${livemode}`;
    if (this.xpubs.has(key)) return this.xpubs.get(key);
    const generation = this.generation;
    const { rows } = await runNamed<{ xpub: string }>(this.database, XPUB, [merchantId, family, livemode]);
    const xpub = rows[0]?.xpub;
    // Inside a unit of work the row may yet be rolled back: only what is committed is kept.
    if (generation === this.generation && !this.database.inTransaction()) this.xpubs.set(key, xpub);
    return xpub;
  }

  /** Sets the wallet and tells every instance; a different xpub restarts nothing: indexes keep counting so no address repeats. */
  async upsert(merchantId: string, family: string, livemode: boolean, xpub: string, now: number): Promise<void> {
    await this.database.tx(async () => {
      await this.database.db
        .insert(wallets)
        .values({ merchantId, family, livemode, xpub, createdAt: now })
        .onConflictDoUpdate({ target: [wallets.merchantId, wallets.family, wallets.livemode], set: { xpub } });
      await this.signals.publish(WALLET_SAVED, `${family}:${livemode ? 'live' : 'test'}`);
    });
    // This instance's own copy goes now; the signal drops it again when it arrives, which is harmless.
    this.generation++;
    this.xpubs.delete(`${merchantId}:${family}:${livemode}`);
  }

  /** Takes the next derivation index of every wallet of the merchant in this mode, in one statement (atomic: a single UPDATE … RETURNING). */
  async reserveIndexes(merchantId: string, livemode: boolean): Promise<ReservedIndex[]> {
    const { rows } = await runNamed<{ family: string; xpub: string; next_index: number }>(this.database, RESERVE_INDEXES, [merchantId, livemode]);
    return rows.map((r) => ({ family: r.family, xpub: r.xpub, index: r.next_index - 1 }));
  }
}
