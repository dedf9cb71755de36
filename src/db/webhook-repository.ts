import type { Statement } from 'better-sqlite3';
import type { SecretCipher } from '../domain/secret-cipher.js';
import type { WebhookAttemptRecord, WebhookDeliveryOutcome, WebhookDeliveryRecord, WebhookDeliveryStatus, WebhookEndpointRecord } from '../domain/records.js';
import type { Db } from './open-database.js';
import { WebhookSecretBox } from './webhook-secret-box.js';

interface EndpointRow {
  id: string;
  merchant_id: string;
  livemode: number;
  url: string;
  description: string | null;
  enabled_events: string;
  status: string;
  disabled_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  from_event_seq: number;
  owner_confirmed_at: number | null;
  created_at: number;
  updated_at: number;
}

const endpointOf = (r: EndpointRow, openSecret: (stored: string) => string): WebhookEndpointRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  livemode: r.livemode === 1,
  url: r.url,
  description: r.description,
  enabledEvents: JSON.parse(r.enabled_events) as string[],
  status: r.status as WebhookEndpointRecord['status'],
  disabledReason: r.disabled_reason,
  secret: openSecret(r.secret),
  previousSecret: r.previous_secret === null ? null : openSecret(r.previous_secret),
  previousSecretExpiresAt: r.previous_secret_expires_at,
  fromEventSeq: r.from_event_seq,
  ownerConfirmedAt: r.owner_confirmed_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

interface DeliveryRow {
  seq: number;
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  object_id: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  created_at: number;
  completed_at: number | null;
}

const deliveryOf = (r: DeliveryRow): WebhookDeliveryRecord => ({
  seq: r.seq,
  id: r.id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type,
  objectId: r.object_id,
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastStatusCode: r.last_status_code,
  createdAt: r.created_at,
  completedAt: r.completed_at,
});

interface AttemptRow {
  delivery_id: string;
  attempted_at: number;
  status_code: number | null;
  duration_ms: number;
  response_body: string | null;
  error: string | null;
  answer_hidden: number;
}

const attemptOf = (r: AttemptRow): WebhookAttemptRecord => ({
  deliveryId: r.delivery_id,
  attemptedAt: r.attempted_at,
  statusCode: r.status_code,
  durationMs: r.duration_ms,
  responseBody: r.response_body,
  error: r.error,
  answerHidden: r.answer_hidden === 1,
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
 * Webhook endpoints, their deliveries (the durable queue) and the attempts log. Plain prepared
 * statements: the dispatcher runs these for every delivery, so they stay cheap.
 *
 * Secrets are sealed by the data key in the table and plain in the records: nothing above this
 * class sees a sealed one (webhook-secret-box.ts).
 */
export class WebhookRepository {
  private readonly s: Record<string, Statement>;
  private readonly secrets: WebhookSecretBox;
  private readonly openSecret: (stored: string) => string;

  constructor(
    private readonly db: Db,
    cipher: SecretCipher,
  ) {
    this.secrets = new WebhookSecretBox(cipher);
    this.openSecret = this.secrets.open;
    const c = db.$client;
    this.s = {
      insertEndpoint: c.prepare(
        `INSERT INTO webhook_endpoints (id, merchant_id, livemode, url, description, enabled_events, status, disabled_reason, secret,
           previous_secret, previous_secret_expires_at, from_event_seq, owner_confirmed_at, created_at, updated_at)
         VALUES (@id, @merchantId, @livemode, @url, @description, @enabledEvents, @status, @disabledReason, @secret,
           @previousSecret, @previousSecretExpiresAt, @fromEventSeq, @ownerConfirmedAt, @createdAt, @updatedAt)`,
      ),
      updateEndpoint: c.prepare(
        `UPDATE webhook_endpoints SET url = @url, description = @description, enabled_events = @enabledEvents, status = @status,
           disabled_reason = @disabledReason, secret = @secret, previous_secret = @previousSecret,
           previous_secret_expires_at = @previousSecretExpiresAt, owner_confirmed_at = @ownerConfirmedAt, updated_at = @updatedAt WHERE id = @id`,
      ),
      endpointById: c.prepare('SELECT * FROM webhook_endpoints WHERE id = ?'),
      endpointSeq: c.prepare('SELECT seq FROM webhook_endpoints WHERE id = ?'),
      allEndpoints: c.prepare('SELECT * FROM webhook_endpoints ORDER BY seq'),
      countEndpoints: c.prepare('SELECT count(*) AS n FROM webhook_endpoints WHERE merchant_id = ? AND livemode = ?'),
      deleteEndpoint: c.prepare('DELETE FROM webhook_endpoints WHERE id = ?'),
      deleteAttemptsOf: c.prepare('DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = ?)'),
      deleteDeliveriesOf: c.prepare('DELETE FROM webhook_deliveries WHERE endpoint_id = ?'),
      insertDelivery: c.prepare(
        `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, object_id, status, attempts, next_attempt_at, created_at)
         VALUES (@id, @endpointId, @eventId, @eventType, @objectId, 'pending', 0, @createdAt, @createdAt)`,
      ),
      deliveryById: c.prepare('SELECT * FROM webhook_deliveries WHERE id = ?'),
      deliverySeq: c.prepare('SELECT seq, endpoint_id FROM webhook_deliveries WHERE id = ?'),
      // Head of line per (endpoint, object): no earlier pending delivery of the same object to it.
      // Claimed by moving `next_attempt_at` to the lease's end in the same statement (claimDue).
      claimDue: c.prepare(
        `UPDATE webhook_deliveries SET next_attempt_at = @claimedUntil WHERE id IN (
           SELECT d.id FROM webhook_deliveries d INDEXED BY webhook_deliveries_endpoint_due
           WHERE d.endpoint_id = @endpointId AND d.status = 'pending' AND d.next_attempt_at <= @now
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p INDEXED BY webhook_deliveries_object
                             WHERE p.endpoint_id = d.endpoint_id AND p.object_id = d.object_id AND p.status = 'pending' AND p.seq < d.seq)
           ORDER BY d.next_attempt_at, d.seq LIMIT @limit)
         RETURNING *`,
      ),
      releaseClaim: c.prepare(
        `UPDATE webhook_deliveries SET next_attempt_at = @now WHERE id = @id AND status = 'pending' AND next_attempt_at = @claimedUntil`,
      ),
      nextDue: c.prepare(
        `SELECT min(d.next_attempt_at) AS at FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.status = 'pending' AND d.next_attempt_at > ? AND e.status = 'enabled'`,
      ),
      finish: c.prepare(
        `UPDATE webhook_deliveries SET status = @status, attempts = @attempts, next_attempt_at = @nextAttemptAt,
           last_status_code = @lastStatusCode, completed_at = @completedAt
         WHERE id = @id AND status = 'pending' AND next_attempt_at = @claimedUntil`,
      ),
      failPendingOf: c.prepare(
        `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, completed_at = @now WHERE endpoint_id = @endpointId AND status = 'pending'`,
      ),
      insertAttempt: c.prepare(
        `INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, response_body, error, answer_hidden)
         VALUES (@deliveryId, @attemptedAt, @statusCode, @durationMs, @responseBody, @error, @answerHidden)`,
      ),
      attemptsOf: c.prepare('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY seq'),
      cursor: c.prepare('SELECT value FROM cursors WHERE name = ?'),
      setCursor: c.prepare('INSERT INTO cursors (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value'),
    };
  }

  insertEndpoint(e: WebhookEndpointRecord): void {
    this.s.insertEndpoint!.run(this.endpointParams(e));
  }

  updateEndpoint(e: WebhookEndpointRecord): void {
    this.s.updateEndpoint!.run(this.endpointParams(e));
  }

  private endpointParams(e: WebhookEndpointRecord) {
    return {
      ...e,
      livemode: e.livemode ? 1 : 0,
      enabledEvents: JSON.stringify(e.enabledEvents),
      secret: this.secrets.seal(e.secret),
      previousSecret: e.previousSecret === null ? null : this.secrets.seal(e.previousSecret),
    };
  }

  findEndpoint(id: string): WebhookEndpointRecord | undefined {
    const row = this.s.endpointById!.get(id) as EndpointRow | undefined;
    return row && endpointOf(row, this.openSecret);
  }

  allEndpoints(): WebhookEndpointRecord[] {
    return (this.s.allEndpoints!.all() as EndpointRow[]).map((r) => endpointOf(r, this.openSecret));
  }

  countEndpoints(merchantId: string, livemode: boolean): number {
    return (this.s.countEndpoints!.get(merchantId, livemode ? 1 : 0) as { n: number }).n;
  }

  /** Newest first; cursors are endpoint ids of the same merchant and mode (checked by the caller). */
  listEndpoints(merchantId: string, livemode: boolean, limit: number, startingAfter?: string, endingBefore?: string): { items: WebhookEndpointRecord[]; hasMore: boolean } {
    return this.page('webhook_endpoints', 'merchant_id = ? AND livemode = ?', [merchantId, livemode ? 1 : 0], limit, this.seqOf('endpointSeq', startingAfter), this.seqOf('endpointSeq', endingBefore), (r: EndpointRow) => endpointOf(r, this.openSecret));
  }

  /** Removes the endpoint with its deliveries and their attempts. */
  deleteEndpoint(id: string): void {
    this.s.deleteAttemptsOf!.run(id);
    this.s.deleteDeliveriesOf!.run(id);
    this.s.deleteEndpoint!.run(id);
  }

  insertDelivery(d: NewDelivery): void {
    this.s.insertDelivery!.run(d);
  }

  findDelivery(id: string): WebhookDeliveryRecord | undefined {
    const row = this.s.deliveryById!.get(id) as DeliveryRow | undefined;
    return row && deliveryOf(row);
  }

  listDeliveries(
    endpointId: string,
    query: { limit: number; startingAfter?: string; endingBefore?: string; status?: string; eventId?: string },
  ): { items: WebhookDeliveryRecord[]; hasMore: boolean } {
    let where = 'endpoint_id = ?';
    const args: unknown[] = [endpointId];
    if (query.status !== undefined) {
      where += ' AND status = ?';
      args.push(query.status);
    }
    if (query.eventId !== undefined) {
      where += ' AND event_id = ?';
      args.push(query.eventId);
    }
    return this.page('webhook_deliveries', where, args, query.limit, this.seqOf('deliverySeq', query.startingAfter), this.seqOf('deliverySeq', query.endingBefore), deliveryOf);
  }

  /** The sequence number of a cursor id, or -1 when it does not exist (then the page is empty). */
  private seqOf(statement: 'endpointSeq' | 'deliverySeq', id: string | undefined): number | undefined {
    if (id === undefined) return undefined;
    return (this.s[statement]!.get(id) as { seq: number } | undefined)?.seq ?? -1;
  }

  private page<R, T>(table: string, where: string, args: unknown[], limit: number, afterSeq: number | undefined, beforeSeq: number | undefined, map: (r: R) => T): { items: T[]; hasMore: boolean } {
    let sql = `SELECT * FROM ${table} WHERE ${where}`;
    const params = [...args];
    if (afterSeq !== undefined) {
      sql += ' AND seq < ?';
      params.push(afterSeq);
    }
    if (beforeSeq !== undefined && afterSeq === undefined) {
      // The page just newer than the cursor: read upwards, then show newest first.
      sql += ' AND seq > ? ORDER BY seq ASC LIMIT ?';
      params.push(beforeSeq, limit + 1);
      const rows = this.db.$client.prepare(sql).all(...params) as R[];
      const hasMore = rows.length > limit;
      return { items: rows.slice(0, limit).reverse().map(map), hasMore };
    }
    sql += ' ORDER BY seq DESC LIMIT ?';
    params.push(limit + 1);
    const rows = this.db.$client.prepare(sql).all(...params) as R[];
    return { items: rows.slice(0, limit).map(map), hasMore: rows.length > limit };
  }

  /**
   * Claims pending deliveries to one endpoint that are due and first in line for their object: one
   * statement moves their `next_attempt_at` to `now + leaseMs`, so no other pass picks them until
   * the attempt is recorded or the lease runs out (ports.ts, WebhookStore.claimDue).
   */
  claimDue(endpointId: string, now: number, limit: number, leaseMs: number): WebhookDeliveryRecord[] {
    const rows = this.s.claimDue!.all({ endpointId, now, limit, claimedUntil: now + leaseMs }) as DeliveryRow[];
    return rows.sort((a, b) => a.seq - b.seq).map(deliveryOf);
  }

  releaseClaim(id: string, claimedUntil: number, now: number): boolean {
    return this.s.releaseClaim!.run({ id, claimedUntil, now }).changes > 0;
  }

  /** The earliest future attempt to an enabled endpoint, for the dispatcher's timer. */
  nextDueAfter(now: number): number | undefined {
    return (this.s.nextDue!.get(now) as { at: number | null }).at ?? undefined;
  }

  finishAttempt(
    attempt: WebhookAttemptRecord,
    delivery: WebhookDeliveryOutcome,
    claimedUntil: number,
  ): boolean {
    const changed = this.s.finish!.run({ ...delivery, claimedUntil }).changes > 0;
    if (changed) this.s.insertAttempt!.run({ ...attempt, answerHidden: attempt.answerHidden ? 1 : 0 }); // a claim lost meanwhile logs nothing (ports.ts, finishAttempt)
    return changed;
  }

  failPendingOf(endpointId: string, now: number): number {
    return this.s.failPendingOf!.run({ endpointId, now }).changes;
  }

  attemptsOf(deliveryId: string): WebhookAttemptRecord[] {
    return (this.s.attemptsOf!.all(deliveryId) as AttemptRow[]).map(attemptOf);
  }

  cursor(name: string): number | undefined {
    return (this.s.cursor!.get(name) as { value: number } | undefined)?.value;
  }

  setCursor(name: string, value: number): void {
    this.s.setCursor!.run(name, value);
  }
}
