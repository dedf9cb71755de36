import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { StoreDb } from './store-db.js';
import type { Tables } from './tables.js';

/**
 * The one statement that takes or renews a lease: an upsert whose `DO UPDATE` applies only when the
 * lease is this holder's or has expired, so two instances asking at once cannot both get it (the
 * loser's statement updates nothing and returns no row). On conflict the existing row is the table's
 * columns, the asked-for one `excluded`; SET reads the old values. The token stays on a renewal
 * (same holder, unexpired) and grows on every taking.
 */
function leaseTakeover(t: Tables['leases'], now: number): { set: Record<string, SQL>; setWhere: SQL } {
  const renewal = sql`${t.holder} = excluded.holder and ${t.expiresAt} > ${now}`;
  return {
    set: {
      token: sql`case when ${renewal} then ${t.token} else ${t.token} + 1 end`,
      holder: sql`excluded.holder`,
      expiresAt: sql`excluded.expires_at`,
    },
    setWhere: sql`${t.holder} = excluded.holder or ${t.expiresAt} <= ${now}`,
  };
}

/** Leader leases (services/ports.ts, LeaseStore): how several instances elect one leader per role. One process uses SQLite, so it always gets them. */
/** A lease's row: who holds it, under which fencing token, until when (epoch ms). */
interface LeaseRow {
  name: string;
  holder: string;
  token: number;
  expiresAt: number;
}

export class LeaseRepository {
  constructor(private readonly store: StoreDb) {}

  async acquire(name: string, holder: string, ttlMs: number, now: number): Promise<number | undefined> {
    const l = this.store.t.leases;
    const [row] = await this.store.db
      .insert(l)
      .values({ name, holder, token: 1, expiresAt: now + ttlMs })
      .onConflictDoUpdate({ target: l.name, ...leaseTakeover(l, now) })
      .returning({ token: l.token });
    return row?.token;
  }

  async release(name: string, holder: string): Promise<void> {
    const l = this.store.t.leases;
    // Kept with an expiry in the past rather than deleted: the next taker's token must still grow.
    await this.store.db.update(l).set({ expiresAt: 0 }).where(and(eq(l.name, name), eq(l.holder, holder)));
  }

  async current(name: string): Promise<LeaseRow | undefined> {
    const l = this.store.t.leases;
    const [row] = await this.store.db.select().from(l).where(eq(l.name, name));
    return row;
  }

  /**
   * `FOR UPDATE`: inside a unit of work the row stays locked until it commits, so a takeover (the
   * upsert above, on another instance) waits for this unit's writes instead of racing them.
   */
  async isHeld(name: string, token: number, now: number): Promise<boolean> {
    const l = this.store.t.leases;
    const [row] = await this.store.forUpdate(this.store.db.select().from(l).where(eq(l.name, name)));
    return row !== undefined && row.token === token && row.expiresAt > now;
  }
}
