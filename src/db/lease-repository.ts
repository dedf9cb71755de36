import { and, eq } from 'drizzle-orm';
import { leaseTakeover } from './lease-terms.js';
import type { Db } from './open-database.js';
import { leases } from './schema.js';

/** Leader leases (services/ports.ts, LeaseStore). One process uses SQLite, so it always gets them. */
export class LeaseRepository {
  constructor(private readonly db: Db) {}

  acquire(name: string, holder: string, ttlMs: number, now: number): number | undefined {
    const row = this.db
      .insert(leases)
      .values({ name, holder, token: 1, expiresAt: now + ttlMs })
      .onConflictDoUpdate({ target: leases.name, ...leaseTakeover(leases, now) })
      .returning({ token: leases.token })
      .get();
    return row?.token;
  }

  release(name: string, holder: string): void {
    // Kept with an expiry in the past rather than deleted: the next taker's token must still grow.
    this.db.update(leases).set({ expiresAt: 0 }).where(and(eq(leases.name, name), eq(leases.holder, holder))).run();
  }

  current(name: string): { name: string; holder: string; token: number; expiresAt: number } | undefined {
    return this.db.select().from(leases).where(eq(leases.name, name)).get();
  }

  isHeld(name: string, token: number, now: number): boolean {
    const lease = this.current(name);
    return lease !== undefined && lease.token === token && lease.expiresAt > now;
  }
}
