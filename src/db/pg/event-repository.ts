import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { EventListQuery, StoredEvent } from '../../domain/records.js';
import type { StoreDb } from '../store-db.js';
import type { PgDatabase } from './pg-database.js';
import { events } from './schema.js';

/** An event as the core reads it: the row without anything else (drizzle maps the columns' types). */
const storedEvent = {
  id: events.id,
  merchantId: events.merchantId,
  livemode: events.livemode,
  type: events.type,
  objectId: events.objectId,
  payload: events.payload,
  createdAt: events.createdAt,
};
const sequencedEvent = { seq: events.seq, ...storedEvent };

/**
 * The events table on PostgreSQL (the SQLite store's `../event-repository.ts`): the outbox webhooks
 * deliver from and `GET /v1/events`. `seq` is an identity; units of work that append events do so
 * at their unit's commit, in order (StoreDb.appendAtCommit), so they commit in `seq` order and `after(seq)` never skips one
 * committed later with a lower number.
 */
export class PgEventRepository {
  constructor(
    private readonly database: PgDatabase,
    private readonly store: StoreDb,
  ) {}

  async insert(e: StoredEvent): Promise<void> {
    await this.store.appendAtCommit('events', e, async (rows) => {
      await this.database.db.insert(events).values(rows);
    });
  }

  async forObject(objectId: string): Promise<StoredEvent[]> {
    return this.database.db.select(storedEvent).from(events).where(eq(events.objectId, objectId)).orderBy(asc(events.seq));
  }

  async findById(id: string): Promise<(StoredEvent & { seq: number }) | undefined> {
    const [row] = await this.database.db.select(sequencedEvent).from(events).where(eq(events.id, id));
    return row;
  }

  /** The newest event's sequence number (0 when there is none). */
  async maxSeq(): Promise<number> {
    const [row] = await this.database.db.select({ seq: sql`coalesce(max(${events.seq}), 0)`.mapWith(Number) }).from(events);
    return row?.seq ?? 0;
  }

  /** Events after `seq`, oldest first: what the webhook dispatcher has not fanned out yet. */
  async after(seq: number, limit: number): Promise<(StoredEvent & { seq: number })[]> {
    return this.database.db.select(sequencedEvent).from(events).where(gt(events.seq, seq)).orderBy(asc(events.seq)).limit(limit);
  }

  /** Newest first, filtered, paged by sequence numbers (the caller resolves cursor ids). */
  async list(query: EventListQuery): Promise<{ items: (StoredEvent & { seq: number })[]; hasMore: boolean }> {
    const where: SQL[] = [eq(events.merchantId, query.merchantId), eq(events.livemode, query.livemode)];
    if (query.type !== undefined) where.push(eq(events.type, query.type));
    // starts_with, not LIKE: a prefix holding `_` or `%` means itself (SQLite's store compares substr).
    if (query.typePrefix !== undefined) where.push(sql`starts_with(${events.type}, ${query.typePrefix})`);
    if (query.objectId !== undefined) where.push(eq(events.objectId, query.objectId));
    if (query.createdGte !== undefined) where.push(gte(events.createdAt, query.createdGte));
    if (query.createdLt !== undefined) where.push(lt(events.createdAt, query.createdLt));
    const ascending = query.beforeSeq !== undefined && query.afterSeq === undefined;
    if (query.afterSeq !== undefined) where.push(lt(events.seq, query.afterSeq));
    else if (query.beforeSeq !== undefined) where.push(gt(events.seq, query.beforeSeq));
    const rows = await this.database.db
      .select(sequencedEvent)
      .from(events)
      .where(and(...where))
      .orderBy(ascending ? asc(events.seq) : desc(events.seq))
      .limit(query.limit + 1);
    const items = rows.slice(0, query.limit);
    return { items: ascending ? items.reverse() : items, hasMore: rows.length > query.limit };
  }
}
