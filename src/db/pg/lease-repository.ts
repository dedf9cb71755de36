import { and, eq } from 'drizzle-orm';
import { leaseTakeover } from '../lease-terms.js';
import type { PgDatabase } from './pg-database.js';
import { leases } from './schema.js';

/** Leader leases (the SQLite store's `../lease-repository.ts`): how several instances elect one leader per role. */
export class PgLeaseRepository {
  constructor(private readonly database: PgDatabase) {}

  async acquire(name: string, holder: string, ttlMs: number, now: number): Promise<number | undefined> {
    const [row] = await this.database.db
      .insert(leases)
      .values({ name, holder, token: 1, expiresAt: now + ttlMs })
      .onConflictDoUpdate({ target: leases.name, ...leaseTakeover(leases, now) })
      .returning({ token: leases.token });
    return row?.token;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.database.db.update(leases).set({ expiresAt: 0 }).where(and(eq(leases.name, name), eq(leases.holder, holder)));
  }

  async current(name: string): Promise<{ name: string; holder: string; token: number; expiresAt: number } | undefined> {
    const [row] = await this.database.db.select().from(leases).where(eq(leases.name, name));
    return row;
  }

  /**
   * `FOR UPDATE`: inside a unit of work the row stays locked until it commits, so a takeover (the
   * upsert above, on another instance) waits for this unit's writes instead of racing them.
   */
  async isHeld(name: string, token: number, now: number): Promise<boolean> {
    const [row] = await this.database.db.select().from(leases).where(eq(leases.name, name)).for('update');
    return row !== undefined && row.token === token && row.expiresAt > now;
  }
}
