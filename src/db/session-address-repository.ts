import { and, eq, gt } from 'drizzle-orm';
import type { SessionAddress } from '../domain/records.js';
import type { Db } from './open-database.js';
import { sessionAddresses } from './schema.js';

export class SessionAddressRepository {
  constructor(private readonly db: Db) {}

  insert(a: SessionAddress): void {
    this.db.insert(sessionAddresses).values(a).run();
  }

  forSession(sessionId: string): SessionAddress[] {
    return this.db.select().from(sessionAddresses).where(eq(sessionAddresses.sessionId, sessionId)).all();
  }

  /** Addresses still inside their watch window: what the watchers match transfers against. */
  watched(now: number): SessionAddress[] {
    return this.db.select().from(sessionAddresses).where(gt(sessionAddresses.watchUntil, now)).all();
  }

  find(family: string, livemode: boolean, address: string): SessionAddress | undefined {
    return this.db
      .select()
      .from(sessionAddresses)
      .where(and(eq(sessionAddresses.family, family), eq(sessionAddresses.livemode, livemode), eq(sessionAddresses.address, address)))
      .get();
  }
}

export type { SessionAddress };
