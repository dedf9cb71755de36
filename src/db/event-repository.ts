import { asc, eq } from 'drizzle-orm';
import type { EventListQuery, StoredEvent } from '../domain/records.js';
import type { Db } from './open-database.js';
import { events } from './schema.js';

interface EventRow {
  seq: number;
  id: string;
  merchant_id: string;
  livemode: number;
  type: string;
  object_id: string;
  payload: string;
  created_at: number;
}

const eventOf = (r: EventRow): StoredEvent & { seq: number } => ({
  seq: r.seq,
  id: r.id,
  merchantId: r.merchant_id,
  livemode: r.livemode === 1,
  type: r.type,
  objectId: r.object_id,
  payload: r.payload,
  createdAt: r.created_at,
});

export class EventRepository {
  private readonly insertOne;
  private readonly byId;
  private readonly afterSeq;

  constructor(private readonly db: Db) {
    // Raw, like the other inserts of session creation (the hot path; see session-repository.ts).
    this.insertOne = db.$client.prepare('INSERT INTO events (id, merchant_id, livemode, type, object_id, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.byId = db.$client.prepare('SELECT * FROM events WHERE id = ?');
    this.afterSeq = db.$client.prepare('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?');
  }

  insert(e: StoredEvent): void {
    this.insertOne.run(e.id, e.merchantId, e.livemode ? 1 : 0, e.type, e.objectId, e.payload, e.createdAt);
  }

  forObject(objectId: string): StoredEvent[] {
    return this.db
      .select({ id: events.id, merchantId: events.merchantId, livemode: events.livemode, type: events.type, objectId: events.objectId, payload: events.payload, createdAt: events.createdAt })
      .from(events)
      .where(eq(events.objectId, objectId))
      .orderBy(asc(events.seq))
      .all();
  }

  findById(id: string): (StoredEvent & { seq: number }) | undefined {
    const row = this.byId.get(id) as EventRow | undefined;
    return row && eventOf(row);
  }

  /** The newest event's sequence number (0 when there is none). */
  maxSeq(): number {
    return (this.db.$client.prepare('SELECT coalesce(max(seq), 0) AS seq FROM events').get() as { seq: number }).seq;
  }

  /** Events after `seq`, oldest first: what the webhook dispatcher has not fanned out yet. */
  after(seq: number, limit: number): (StoredEvent & { seq: number })[] {
    return (this.afterSeq.all(seq, limit) as EventRow[]).map(eventOf);
  }

  /** Newest first, filtered, paged by sequence numbers (the caller resolves cursor ids). */
  list(query: EventListQuery): { items: (StoredEvent & { seq: number })[]; hasMore: boolean } {
    const where = ['merchant_id = ?', 'livemode = ?'];
    const params: unknown[] = [query.merchantId, query.livemode ? 1 : 0];
    if (query.type !== undefined) {
      where.push('type = ?');
      params.push(query.type);
    }
    if (query.typePrefix !== undefined) {
      where.push("substr(type, 1, ?) = ?");
      params.push(query.typePrefix.length, query.typePrefix);
    }
    if (query.objectId !== undefined) {
      where.push('object_id = ?');
      params.push(query.objectId);
    }
    if (query.createdGte !== undefined) {
      where.push('created_at >= ?');
      params.push(query.createdGte);
    }
    if (query.createdLt !== undefined) {
      where.push('created_at < ?');
      params.push(query.createdLt);
    }
    const ascending = query.beforeSeq !== undefined && query.afterSeq === undefined;
    if (query.afterSeq !== undefined) {
      where.push('seq < ?');
      params.push(query.afterSeq);
    } else if (query.beforeSeq !== undefined) {
      where.push('seq > ?');
      params.push(query.beforeSeq);
    }
    params.push(query.limit + 1);
    const rows = this.db.$client
      .prepare(`SELECT * FROM events WHERE ${where.join(' AND ')} ORDER BY seq ${ascending ? 'ASC' : 'DESC'} LIMIT ?`)
      .all(...params) as EventRow[];
    const items = rows.slice(0, query.limit).map(eventOf);
    return { items: ascending ? items.reverse() : items, hasMore: rows.length > query.limit };
  }
}

export type { StoredEvent };
