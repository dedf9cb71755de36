import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { StoredEvent } from '../domain/records.js';
import type { Db } from './open-database.js';
import { events } from './schema.js';

export class EventRepository {
  private readonly insertOne;

  constructor(private readonly db: Db) {
    const p = (name: string) => sql.placeholder(name);
    this.insertOne = db
      .insert(events)
      .values({ id: p('id'), merchantId: p('merchantId'), livemode: p('livemode'), type: p('type'), objectId: p('objectId'), payload: p('payload'), createdAt: p('createdAt') })
      .prepare();
  }

  insert(e: StoredEvent): void {
    this.insertOne.run({ ...e, livemode: e.livemode ? 1 : 0 });
  }

  forObject(objectId: string): StoredEvent[] {
    return this.db
      .select({ id: events.id, merchantId: events.merchantId, livemode: events.livemode, type: events.type, objectId: events.objectId, payload: events.payload, createdAt: events.createdAt })
      .from(events)
      .where(eq(events.objectId, objectId))
      .orderBy(asc(events.seq))
      .all();
  }

  /** Newest first, after a sequence number cursor (for the events API of the webhooks issue). */
  page(merchantId: string, livemode: boolean, limit: number, beforeSeq?: number, afterSeq?: number): StoredEvent[] {
    const t = events;
    const conditions = [eq(t.merchantId, merchantId), eq(t.livemode, livemode)];
    if (beforeSeq !== undefined) conditions.push(lt(t.seq, beforeSeq));
    if (afterSeq !== undefined) conditions.push(gt(t.seq, afterSeq));
    return this.db
      .select({ id: t.id, merchantId: t.merchantId, livemode: t.livemode, type: t.type, objectId: t.objectId, payload: t.payload, createdAt: t.createdAt })
      .from(t)
      .where(and(...conditions))
      .orderBy(desc(t.seq))
      .limit(limit)
      .all();
  }
}

export type { StoredEvent };
