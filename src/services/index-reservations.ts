import type { ReservedIndex } from '../domain/records.js';
import type { WalletStore } from './ports.js';

interface Waiter {
  resolve: (indexes: ReservedIndex[]) => void;
  reject: (err: unknown) => void;
}

/**
 * The next derivation index of each of a merchant's wallets, for every session creation that asks in
 * the same turn of the event loop, taken in ONE statement (`next_index + n`), then handed out one
 * each, in the order asked.
 *
 * Why not in the creation's unit of work: there, each creation of a group waited for its own
 * statement in turn (on PostgreSQL, a round trip on the side pool while its group held a
 * connection: a quarter of a group's time). Taken before the unit, fifty creations cost one
 * statement, and the group has one round trip less per creation. An index taken by a creation that
 * then fails is not given back: never reused, so never unsafe (a gap, as a failed creation on
 * PostgreSQL always left).
 */
export class IndexReservations {
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly wallets: Pick<WalletStore, 'reserveIndexes'>) {}

  /** One index of each wallet the merchant has in this mode (none: an empty list). */
  take(merchantId: string, livemode: boolean): Promise<ReservedIndex[]> {
    const key = `${merchantId}\u0000${livemode ? 'live' : 'test'}`;
    let queue = this.waiting.get(key);
    if (queue === undefined) {
      const waiters: Waiter[] = [];
      queue = waiters;
      this.waiting.set(key, waiters);
      // After the poll phase, as the group commit's flush: every request read in this turn joins.
      setImmediate(() => {
        this.waiting.delete(key);
        void this.reserve(merchantId, livemode, waiters);
      });
    }
    const waiters = queue;
    return new Promise<ReservedIndex[]>((resolve, reject) => waiters.push({ resolve, reject }));
  }

  private async reserve(merchantId: string, livemode: boolean, waiters: readonly Waiter[]): Promise<void> {
    let first: ReservedIndex[];
    try {
      first = await this.wallets.reserveIndexes(merchantId, livemode, waiters.length);
    } catch (err) {
      for (const w of waiters) w.reject(err);
      return;
    }
    waiters.forEach((w, i) => w.resolve(first.map((wallet) => ({ ...wallet, index: wallet.index + i }))));
  }
}
