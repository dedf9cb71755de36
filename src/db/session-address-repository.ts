import { and, eq, gt, sql } from 'drizzle-orm';
import type { SessionAddress } from '../domain/records.js';
import type { Db } from './open-database.js';
import { sessionAddresses } from './schema.js';

export class SessionAddressRepository {
  private readonly insertOne;
  private readonly ofSession;

  constructor(private readonly db: Db) {
    const p = (name: string) => sql.placeholder(name);
    this.insertOne = db
      .insert(sessionAddresses)
      .values({ sessionId: p('sessionId'), family: p('family'), livemode: p('livemode'), address: p('address'), derivationIndex: p('derivationIndex'), watchUntil: p('watchUntil') })
      .prepare();
    this.ofSession = db.select().from(sessionAddresses).where(eq(sessionAddresses.sessionId, p('sessionId'))).prepare();
  }

  insert(a: SessionAddress): void {
    this.insertOne.run({ ...a, livemode: a.livemode ? 1 : 0 });
  }

  forSession(sessionId: string): SessionAddress[] {
    return this.ofSession.all({ sessionId });
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
