import { and, asc, count, desc, eq, gt, inArray, lt, min, type SQL } from 'drizzle-orm';
import type { SecretCipher } from '../domain/secret-cipher.js';
import type { WebhookAttemptRecord, WebhookDeliveryOutcome, WebhookDeliveryRecord, WebhookDeliveryStatus, WebhookEndpointRecord } from '../domain/records.js';
import { claimDueDeliveries, type ClaimedDeliveryRow } from './sql-delivery-claim.js';
import { rawCount, type StoreDb } from './store-db.js';
import type { Tables } from './tables.js';
import { WebhookSecretBox } from './webhook-secret-box.js';

type Endpoints = Tables['webhookEndpoints'];
type Deliveries = Tables['webhookDeliveries'];
type EndpointRow = Endpoints['$inferSelect'];
type DeliveryRow = Deliveries['$inferSelect'];

const deliveryOf = (r: DeliveryRow): WebhookDeliveryRecord => ({ ...r, status: r.status as WebhookDeliveryStatus });

const orNull = (v: unknown) => (v === null || v === undefined ? null : rawCount(v));

const claimedDelivery = (r: ClaimedDeliveryRow): WebhookDeliveryRecord => ({
  seq: rawCount(r.seq),
  id: r.id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type,
  objectId: r.object_id,
  status: r.status as WebhookDeliveryStatus,
  attempts: rawCount(r.attempts),
  nextAttemptAt: orNull(r.next_attempt_at),
  lastStatusCode: orNull(r.last_status_code),
  createdAt: rawCount(r.created_at),
  completedAt: orNull(r.completed_at),
});

export interface NewDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  objectId: string;
  createdAt: number;
}

/**
 * Webhook endpoints, their deliveries (the durable queue) and the attempts log, and the named
 * counters (`cursors`) of the fan-out. Secrets are sealed by the data key in the table and plain in
 * the records: nothing above this class sees a sealed one (webhook-secret-box.ts).
 *
 * **Decision:** the box's memo of opened secrets stays here, though a repository keeps nothing in
 * memory otherwise: it is keyed by the sealed text, so it cannot go stale (a changed secret is
 * another key), needs no change signal, and keeps the records' plain secrets (the port) as they are.
 */
export class WebhookRepository {
  private readonly secrets: WebhookSecretBox;

  constructor(
    private readonly store: StoreDb,
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

  /** Several statements as one: inside the caller's unit of work as they are, else in one of their own. */
  private atomically<T>(work: () => Promise<T>): Promise<T> {
    return this.store.inTransaction() ? work() : this.store.unit(work);
  }

  async insertEndpoint(e: WebhookEndpointRecord): Promise<void> {
    await this.store.db.insert(this.store.t.webhookEndpoints).values({
      ...this.endpointValues(e),
      id: e.id,
      merchantId: e.merchantId,
      livemode: e.livemode,
      fromEventSeq: e.fromEventSeq,
      createdAt: e.createdAt,
    });
  }

  async updateEndpoint(e: WebhookEndpointRecord): Promise<void> {
    const t = this.store.t.webhookEndpoints;
    await this.store.db.update(t).set(this.endpointValues(e)).where(eq(t.id, e.id));
  }

  async findEndpoint(id: string): Promise<WebhookEndpointRecord | undefined> {
    const t = this.store.t.webhookEndpoints;
    const [row] = await this.store.db.select().from(t).where(eq(t.id, id));
    return row && this.endpointOf(row);
  }

  async allEndpoints(): Promise<WebhookEndpointRecord[]> {
    const t = this.store.t.webhookEndpoints;
    const rows = await this.store.db.select().from(t).orderBy(asc(t.seq));
    return rows.map((r) => this.endpointOf(r));
  }

  async countEndpoints(merchantId: string, livemode: boolean): Promise<number> {
    const t = this.store.t.webhookEndpoints;
    const [row] = await this.store.db
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.merchantId, merchantId), eq(t.livemode, livemode)));
    return row?.n ?? 0;
  }

  /** Newest first; cursors are endpoint ids of the same merchant and mode (checked by the caller). */
  async listEndpoints(merchantId: string, livemode: boolean, limit: number, startingAfter?: string, endingBefore?: string): Promise<{ items: WebhookEndpointRecord[]; hasMore: boolean }> {
    const t = this.store.t.webhookEndpoints;
    const page = await this.page(t, [eq(t.merchantId, merchantId), eq(t.livemode, livemode)], limit, await this.seqOf(t, startingAfter), await this.seqOf(t, endingBefore));
    return { items: page.items.map((r) => this.endpointOf(r)), hasMore: page.hasMore };
  }

  /** Removes the endpoint with its deliveries and their attempts. */
  async deleteEndpoint(id: string): Promise<void> {
    const { webhookEndpoints: e, webhookDeliveries: d, webhookAttempts: a } = this.store.t;
    await this.atomically(async () => {
      const db = this.store.db;
      await db.delete(a).where(inArray(a.deliveryId, db.select({ id: d.id }).from(d).where(eq(d.endpointId, id))));
      await db.delete(d).where(eq(d.endpointId, id));
      await db.delete(e).where(eq(e.id, id));
    });
  }

  async insertDelivery(d: NewDelivery): Promise<void> {
    await this.store.db.insert(this.store.t.webhookDeliveries).values({ ...d, status: 'pending', attempts: 0, nextAttemptAt: d.createdAt });
  }

  async findDelivery(id: string): Promise<WebhookDeliveryRecord | undefined> {
    const t = this.store.t.webhookDeliveries;
    const [row] = await this.store.db.select().from(t).where(eq(t.id, id));
    return row && deliveryOf(row);
  }

  async listDeliveries(
    endpointId: string,
    query: { limit: number; startingAfter?: string; endingBefore?: string; status?: string; eventId?: string },
  ): Promise<{ items: WebhookDeliveryRecord[]; hasMore: boolean }> {
    const t = this.store.t.webhookDeliveries;
    const where = [eq(t.endpointId, endpointId)];
    if (query.status !== undefined) where.push(eq(t.status, query.status));
    if (query.eventId !== undefined) where.push(eq(t.eventId, query.eventId));
    const page = await this.page(t, where, query.limit, await this.seqOf(t, query.startingAfter), await this.seqOf(t, query.endingBefore));
    return { items: page.items.map(deliveryOf), hasMore: page.hasMore };
  }

  /** The sequence number of a cursor id, or -1 when it does not exist (then the page is empty). */
  private async seqOf(table: Endpoints | Deliveries, id: string | undefined): Promise<number | undefined> {
    if (id === undefined) return undefined;
    const [row] = await this.store.db.select({ seq: table.seq }).from(table as Endpoints).where(eq(table.id, id));
    return row?.seq ?? -1;
  }

  private async page<T extends Endpoints | Deliveries>(
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
    const rows = (await this.store.db
      .select()
      .from(table as Endpoints)
      .where(and(...conditions))
      .orderBy(upwards ? asc(table.seq) : desc(table.seq))
      .limit(limit + 1)) as T['$inferSelect'][];
    const items = rows.slice(0, limit);
    return { items: upwards ? items.reverse() : items, hasMore: rows.length > limit };
  }

  /**
   * Claims pending deliveries to one endpoint that are due and first in line for their object: one
   * statement moves their `next_attempt_at` to `now + leaseMs`, so no other pass picks them until
   * the attempt is recorded or the lease runs out (ports.ts, WebhookStore.claimDue; sql-delivery-claim.ts).
   */
  async claimDue(endpointId: string, now: number, limit: number, leaseMs: number): Promise<WebhookDeliveryRecord[]> {
    const rows = await claimDueDeliveries(this.store, endpointId, now, limit, now + leaseMs);
    return rows.map(claimedDelivery).sort((a, b) => a.seq - b.seq);
  }

  async releaseClaim(id: string, claimedUntil: number, now: number): Promise<boolean> {
    const d = this.store.t.webhookDeliveries;
    const result = await this.store.db
      .update(d)
      .set({ nextAttemptAt: now })
      .where(and(eq(d.id, id), eq(d.status, 'pending'), eq(d.nextAttemptAt, claimedUntil)));
    return this.store.affected(result) > 0;
  }

  /** The earliest future attempt to an enabled endpoint, for the dispatcher's timer. */
  async nextDueAfter(now: number): Promise<number | undefined> {
    const { webhookDeliveries: d, webhookEndpoints: e } = this.store.t;
    const [row] = await this.store.db
      .select({ at: min(d.nextAttemptAt) })
      .from(d)
      .innerJoin(e, eq(e.id, d.endpointId))
      .where(and(eq(d.status, 'pending'), gt(d.nextAttemptAt, now), eq(e.status, 'enabled')));
    return row?.at ?? undefined;
  }

  async finishAttempt(attempt: WebhookAttemptRecord, delivery: WebhookDeliveryOutcome, claimedUntil: number): Promise<boolean> {
    const { webhookDeliveries: d, webhookAttempts: a } = this.store.t;
    return this.atomically(async () => {
      const result = await this.store.db
        .update(d)
        .set({ status: delivery.status, attempts: delivery.attempts, nextAttemptAt: delivery.nextAttemptAt, lastStatusCode: delivery.lastStatusCode, completedAt: delivery.completedAt })
        .where(and(eq(d.id, delivery.id), eq(d.status, 'pending'), eq(d.nextAttemptAt, claimedUntil)));
      if (this.store.affected(result) === 0) return false; // a claim lost meanwhile logs nothing (ports.ts, finishAttempt)
      await this.store.db.insert(a).values(attempt);
      return true;
    });
  }

  async failPendingOf(endpointId: string, now: number): Promise<number> {
    const d = this.store.t.webhookDeliveries;
    const result = await this.store.db
      .update(d)
      .set({ status: 'failed', nextAttemptAt: null, completedAt: now })
      .where(and(eq(d.endpointId, endpointId), eq(d.status, 'pending')));
    return this.store.affected(result);
  }

  async attemptsOf(deliveryId: string): Promise<WebhookAttemptRecord[]> {
    const a = this.store.t.webhookAttempts;
    return this.store.db
      .select({ deliveryId: a.deliveryId, attemptedAt: a.attemptedAt, statusCode: a.statusCode, durationMs: a.durationMs, responseBody: a.responseBody, error: a.error, answerHidden: a.answerHidden })
      .from(a)
      .where(eq(a.deliveryId, deliveryId))
      .orderBy(asc(a.seq));
  }

  async cursor(name: string): Promise<number | undefined> {
    const c = this.store.t.cursors;
    const [row] = await this.store.db.select({ value: c.value }).from(c).where(eq(c.name, name));
    return row?.value;
  }

  async setCursor(name: string, value: number): Promise<void> {
    const c = this.store.t.cursors;
    await this.store.db.insert(c).values({ name, value }).onConflictDoUpdate({ target: c.name, set: { value } });
  }
}
