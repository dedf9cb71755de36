import { and, asc, count, desc, eq, gt, inArray, lt, lte, min, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SecretCipher } from '../../domain/secret-cipher.js';
import type { WebhookAttemptRecord, WebhookDeliveryOutcome, WebhookDeliveryRecord, WebhookDeliveryStatus, WebhookEndpointRecord } from '../../domain/records.js';
import type { NewDelivery } from '../webhook-repository.js';
import { WebhookSecretBox } from '../webhook-secret-box.js';
import type { PgDatabase } from './pg-database.js';
import { cursors, webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const deliveryOf = (r: DeliveryRow): WebhookDeliveryRecord => ({ ...r, status: r.status as WebhookDeliveryStatus });

/** A row of raw SQL's answer: column names as in the table, BIGINT as text (node-postgres). */
type ClaimedRow = {
  seq: string;
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  object_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  created_at: string;
  completed_at: string | null;
};

const orNull = (v: string | null) => (v === null ? null : Number(v));

const claimedDelivery = (r: ClaimedRow): WebhookDeliveryRecord => ({
  seq: Number(r.seq),
  id: r.id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type,
  objectId: r.object_id,
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  nextAttemptAt: orNull(r.next_attempt_at),
  lastStatusCode: r.last_status_code,
  createdAt: Number(r.created_at),
  completedAt: orNull(r.completed_at),
});

const attemptColumns = {
  deliveryId: webhookAttempts.deliveryId,
  attemptedAt: webhookAttempts.attemptedAt,
  statusCode: webhookAttempts.statusCode,
  durationMs: webhookAttempts.durationMs,
  responseBody: webhookAttempts.responseBody,
  error: webhookAttempts.error,
  answerHidden: webhookAttempts.answerHidden,
};

/**
 * Webhook endpoints, their deliveries (the durable queue) and the attempts log on PostgreSQL (the
 * SQLite store's `../webhook-repository.ts`, same behaviour). Secrets are sealed in the table and
 * plain in the records (webhook-secret-box.ts).
 *
 * **Claims across instances.** `claimDue` is one statement, `WITH claimable AS (SELECT … FOR UPDATE
 * SKIP LOCKED) UPDATE … RETURNING`, outside the unit-of-work lock: two instances claiming at once
 * lock disjoint rows, and the `UPDATE` repeats the due condition so that a row claimed and committed
 * by another instance meanwhile is re-checked against its new `next_attempt_at` and left out.
 */
export class PgWebhookRepository {
  private readonly secrets: WebhookSecretBox;

  constructor(
    private readonly database: PgDatabase,
    cipher: SecretCipher,
  ) {
    this.secrets = new WebhookSecretBox(cipher);
  }

  private endpointOf(r: EndpointRow): WebhookEndpointRecord {
    return {
      id: r.id,
      merchantId: r.merchantId,
      livemode: r.livemode,
      url: r.url,
      description: r.description,
      enabledEvents: JSON.parse(r.enabledEvents) as string[],
      status: r.status as WebhookEndpointRecord['status'],
      disabledReason: r.disabledReason,
      secret: this.secrets.open(r.secret),
      previousSecret: r.previousSecret === null ? null : this.secrets.open(r.previousSecret),
      previousSecretExpiresAt: r.previousSecretExpiresAt,
      fromEventSeq: r.fromEventSeq,
      ownerConfirmedAt: r.ownerConfirmedAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }

  private endpointValues(e: WebhookEndpointRecord) {
    return {
      url: e.url,
      description: e.description,
      enabledEvents: JSON.stringify(e.enabledEvents),
      status: e.status,
      disabledReason: e.disabledReason,
      secret: this.secrets.seal(e.secret),
      previousSecret: e.previousSecret === null ? null : this.secrets.seal(e.previousSecret),
      previousSecretExpiresAt: e.previousSecretExpiresAt,
      ownerConfirmedAt: e.ownerConfirmedAt,
      updatedAt: e.updatedAt,
    };
  }

  /** Several statements as one: inside the caller's unit of work, else in one of their own. */
  private atomically<T>(work: () => Promise<T>): Promise<T> {
    return this.database.inTransaction() ? work() : this.database.tx(work);
  }

  async insertEndpoint(e: WebhookEndpointRecord): Promise<void> {
    await this.database.db.insert(webhookEndpoints).values({
      ...this.endpointValues(e),
      id: e.id,
      merchantId: e.merchantId,
      livemode: e.livemode,
      fromEventSeq: e.fromEventSeq,
      createdAt: e.createdAt,
    });
  }

  async updateEndpoint(e: WebhookEndpointRecord): Promise<void> {
    await this.database.db.update(webhookEndpoints).set(this.endpointValues(e)).where(eq(webhookEndpoints.id, e.id));
  }

  async findEndpoint(id: string): Promise<WebhookEndpointRecord | undefined> {
    const [row] = await this.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row && this.endpointOf(row);
  }

  async allEndpoints(): Promise<WebhookEndpointRecord[]> {
    const rows = await this.database.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.seq));
    return rows.map((r) => this.endpointOf(r));
  }

  async countEndpoints(merchantId: string, livemode: boolean): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.merchantId, merchantId), eq(webhookEndpoints.livemode, livemode)));
    return row?.n ?? 0;
  }

  /** Newest first; cursors are endpoint ids of the same merchant and mode (checked by the caller). */
  async listEndpoints(merchantId: string, livemode: boolean, limit: number, startingAfter?: string, endingBefore?: string): Promise<{ items: WebhookEndpointRecord[]; hasMore: boolean }> {
    const t = webhookEndpoints;
    const page = await this.page(t, [eq(t.merchantId, merchantId), eq(t.livemode, livemode)], limit, await this.seqOf(t, startingAfter), await this.seqOf(t, endingBefore));
    return { items: page.items.map((r) => this.endpointOf(r)), hasMore: page.hasMore };
  }

  /** Removes the endpoint with its deliveries and their attempts. */
  async deleteEndpoint(id: string): Promise<void> {
    await this.atomically(async () => {
      const db = this.database.db;
      const deliveriesOf = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
      await db.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveriesOf));
      await db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    });
  }

  async insertDelivery(d: NewDelivery): Promise<void> {
    await this.database.db.insert(webhookDeliveries).values({ ...d, status: 'pending', attempts: 0, nextAttemptAt: d.createdAt });
  }

  async findDelivery(id: string): Promise<WebhookDeliveryRecord | undefined> {
    const [row] = await this.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row && deliveryOf(row);
  }

  async listDeliveries(
    endpointId: string,
    query: { limit: number; startingAfter?: string; endingBefore?: string; status?: string; eventId?: string },
  ): Promise<{ items: WebhookDeliveryRecord[]; hasMore: boolean }> {
    const t = webhookDeliveries;
    const where = [eq(t.endpointId, endpointId)];
    if (query.status !== undefined) where.push(eq(t.status, query.status));
    if (query.eventId !== undefined) where.push(eq(t.eventId, query.eventId));
    const page = await this.page(t, where, query.limit, await this.seqOf(t, query.startingAfter), await this.seqOf(t, query.endingBefore));
    return { items: page.items.map(deliveryOf), hasMore: page.hasMore };
  }

  /** The sequence number of a cursor id, or -1 when it does not exist (then the page is empty). */
  private async seqOf(table: typeof webhookEndpoints | typeof webhookDeliveries, id: string | undefined): Promise<number | undefined> {
    if (id === undefined) return undefined;
    const [row] = await this.database.db.select({ seq: table.seq }).from(table).where(eq(table.id, id));
    return row?.seq ?? -1;
  }

  private async page<T extends typeof webhookEndpoints | typeof webhookDeliveries>(
    table: T,
    where: SQL[],
    limit: number,
    afterSeq: number | undefined,
    beforeSeq: number | undefined,
  ): Promise<{ items: T['$inferSelect'][]; hasMore: boolean }> {
    const conditions = [...where];
    // The page just newer than the cursor: read upwards, then show newest first.
    const upwards = beforeSeq !== undefined && afterSeq === undefined;
    if (afterSeq !== undefined) conditions.push(lt(table.seq, afterSeq));
    else if (beforeSeq !== undefined) conditions.push(gt(table.seq, beforeSeq));
    const rows = (await this.database.db
      .select()
      .from(table as typeof webhookEndpoints)
      .where(and(...conditions))
      .orderBy(upwards ? asc(table.seq) : desc(table.seq))
      .limit(limit + 1)) as T['$inferSelect'][];
    const items = rows.slice(0, limit);
    return { items: upwards ? items.reverse() : items, hasMore: rows.length > limit };
  }

  /** Claims due deliveries first in line for their object (ports.ts, WebhookStore.claimDue). */
  async claimDue(endpointId: string, now: number, limit: number, leaseMs: number): Promise<WebhookDeliveryRecord[]> {
    const db = this.database.db;
    const d = webhookDeliveries;
    const earlier = alias(webhookDeliveries, 'earlier');
    const due = and(eq(d.endpointId, endpointId), eq(d.status, 'pending'), lte(d.nextAttemptAt, now));
    const headOfLine = notExists(
      db
        .select({ one: sql`1` })
        .from(earlier)
        .where(and(eq(earlier.endpointId, d.endpointId), eq(earlier.objectId, d.objectId), eq(earlier.status, 'pending'), lt(earlier.seq, d.seq))),
    );
    const candidates = db
      .select({ id: d.id })
      .from(d)
      .where(and(due, headOfLine))
      .orderBy(asc(d.nextAttemptAt), asc(d.seq))
      .limit(limit)
      .for('update', { skipLocked: true });
    // MATERIALIZED: picked once. As `id IN (subquery)` the subquery may run again for each row
    // updated, and skip the rows this very statement just locked and updated, claiming past `limit`.
    const { rows } = await db.execute<ClaimedRow>(sql`
      WITH claimable AS MATERIALIZED (${candidates})
      UPDATE ${d} SET next_attempt_at = ${now + leaseMs}
      FROM claimable WHERE ${d.id} = claimable.id AND ${due}
      RETURNING ${d}.*`);
    return rows.map(claimedDelivery).sort((a, b) => a.seq - b.seq);
  }

  async releaseClaim(id: string, claimedUntil: number, now: number): Promise<boolean> {
    const d = webhookDeliveries;
    const rows = await this.database.db
      .update(d)
      .set({ nextAttemptAt: now })
      .where(and(eq(d.id, id), eq(d.status, 'pending'), eq(d.nextAttemptAt, claimedUntil)))
      .returning({ id: d.id });
    return rows.length > 0;
  }

  /** The earliest future attempt to an enabled endpoint, for the dispatcher's timer. */
  async nextDueAfter(now: number): Promise<number | undefined> {
    const d = webhookDeliveries;
    const e = webhookEndpoints;
    const [row] = await this.database.db
      .select({ at: min(d.nextAttemptAt) })
      .from(d)
      .innerJoin(e, eq(e.id, d.endpointId))
      .where(and(eq(d.status, 'pending'), gt(d.nextAttemptAt, now), eq(e.status, 'enabled')));
    return row?.at ?? undefined;
  }

  async finishAttempt(attempt: WebhookAttemptRecord, delivery: WebhookDeliveryOutcome, claimedUntil: number): Promise<boolean> {
    const d = webhookDeliveries;
    return this.atomically(async () => {
      const changed = await this.database.db
        .update(d)
        .set({ status: delivery.status, attempts: delivery.attempts, nextAttemptAt: delivery.nextAttemptAt, lastStatusCode: delivery.lastStatusCode, completedAt: delivery.completedAt })
        .where(and(eq(d.id, delivery.id), eq(d.status, 'pending'), eq(d.nextAttemptAt, claimedUntil)))
        .returning({ id: d.id });
      if (changed.length === 0) return false; // a claim lost meanwhile logs nothing (ports.ts, finishAttempt)
      await this.database.db.insert(webhookAttempts).values(attempt);
      return true;
    });
  }

  async failPendingOf(endpointId: string, now: number): Promise<number> {
    const d = webhookDeliveries;
    const rows = await this.database.db
      .update(d)
      .set({ status: 'failed', nextAttemptAt: null, completedAt: now })
      .where(and(eq(d.endpointId, endpointId), eq(d.status, 'pending')))
      .returning({ id: d.id });
    return rows.length;
  }

  async attemptsOf(deliveryId: string): Promise<WebhookAttemptRecord[]> {
    return this.database.db.select(attemptColumns).from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.seq));
  }

  async cursor(name: string): Promise<number | undefined> {
    const [row] = await this.database.db.select({ value: cursors.value }).from(cursors).where(eq(cursors.name, name));
    return row?.value;
  }

  async setCursor(name: string, value: number): Promise<void> {
    await this.database.db.insert(cursors).values({ name, value }).onConflictDoUpdate({ target: cursors.name, set: { value } });
  }
}
