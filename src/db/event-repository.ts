import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { EventListQuery, StoredEvent } from '../domain/records.js';
import type { NamedSql, StoreDb } from './store-db.js';

/**
 * Named: every state change writes one, session creation included (the hot path), where building the
 * insert per call cost more than running it.
 */
const INSERT_EVENT: NamedSql = {
  name: 'stablepos_event_insert',
  text: 'INSERT INTO events (id, merchant_id, livemode, type, object_id, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
};

/**
 * The events table: the outbox webhooks deliver from and `GET /v1/events`. `seq` grows with each
 * insert, and events commit in `seq` order, so `after(seq)` never skips one committed later with a
 * lower number: SQLite has one writer; on PostgreSQL, where units of work run concurrently, a unit's
 * events are appended at its commit, one unit after the other (StoreDb.appendAtCommit).
 */
export class EventRepository {
  constructor(private readonly store: StoreDb) {}

  /** An event as the core reads it: the row without anything else (drizzle maps the columns' types). */
  private storedEvent() {
    const e = this.store.t.events;
    return { id: e.id, merchantId: e.merchantId, livemode: e.livemode, type: e.type, objectId: e.objectId, payload: e.payload, createdAt: e.createdAt };
  }

  private sequencedEvent() {
    return { seq: this.store.t.events.seq, ...this.storedEvent() };
  }

  async insert(e: StoredEvent): Promise<void> {
    await this.store.appendAtCommit('events', e, async (rows) => {
      if (rows.length === 1) {
        const [one] = rows as [StoredEvent];
        await this.store.named(INSERT_EVENT, [one.id, one.merchantId, one.livemode, one.type, one.objectId, one.payload, one.createdAt]);
      } else {
        await this.store.db.insert(this.store.t.events).values(rows);
      }
    });
  }

  async forObject(objectId: string): Promise<StoredEvent[]> {
    const e = this.store.t.events;
    return this.store.db.select(this.storedEvent()).from(e).where(eq(e.objectId, objectId)).orderBy(asc(e.seq));
  }

  async findById(id: string): Promise<(StoredEvent & { seq: number }) | undefined> {
    const e = this.store.t.events;
    const [row] = await this.store.db.select(this.sequencedEvent()).from(e).where(eq(e.id, id));
    return row;
  }

  /** The newest event's sequence number (0 when there is none). */
  async maxSeq(): Promise<number> {
    const e = this.store.t.events;
    const [row] = await this.store.db.select({ seq: sql`coalesce(max(${e.seq}), 0)`.mapWith(Number) }).from(e);
    return row?.seq ?? 0;
  }

  /** Events after `seq`, oldest first: what the webhook dispatcher has not fanned out yet. */
  async after(seq: number, limit: number): Promise<(StoredEvent & { seq: number })[]> {
    const e = this.store.t.events;
    return this.store.db.select(this.sequencedEvent()).from(e).where(gt(e.seq, seq)).orderBy(asc(e.seq)).limit(limit);
  }

  /** Newest first, filtered, paged by sequence numbers (the caller resolves cursor ids). */
  async list(query: EventListQuery): Promise<{ items: (StoredEvent & { seq: number })[]; hasMore: boolean }> {
    const e = this.store.t.events;
    const where: SQL[] = [eq(e.merchantId, query.merchantId), eq(e.livemode, query.livemode)];
    if (query.type !== undefined) where.push(eq(e.type, query.type));
    // The prefix compared whole, not LIKE: one holding `_` or `%` means itself. substr reads alike on both.
    if (query.typePrefix !== undefined) where.push(sql`substr(${e.type}, 1, ${query.typePrefix.length}) = ${query.typePrefix}`);
    if (query.objectId !== undefined) where.push(eq(e.objectId, query.objectId));
    if (query.createdGte !== undefined) where.push(gte(e.createdAt, query.createdGte));
    if (query.createdLt !== undefined) where.push(lt(e.createdAt, query.createdLt));
    const ascending = query.beforeSeq !== undefined && query.afterSeq === undefined;
    if (query.afterSeq !== undefined) where.push(lt(e.seq, query.afterSeq));
    else if (query.beforeSeq !== undefined) where.push(gt(e.seq, query.beforeSeq));
    const rows = await this.store.db
      .select(this.sequencedEvent())
      .from(e)
      .where(and(...where))
      .orderBy(ascending ? asc(e.seq) : desc(e.seq))
      .limit(query.limit + 1);
    const items = rows.slice(0, query.limit);
    return { items: ascending ? items.reverse() : items, hasMore: rows.length > query.limit };
  }
}

export type { StoredEvent };
