import type { NamedSql, StoreDb } from './store-db.js';

/** A claimed delivery's row as the driver gives it (readers: store-db.ts's raw readers). */
export interface ClaimedDeliveryRow {
  seq: unknown;
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  object_id: string;
  status: string;
  attempts: unknown;
  next_attempt_at: unknown;
  last_status_code: unknown;
  created_at: unknown;
  completed_at: unknown;
}

// Parameters of both: $1 endpoint, $2 now, $3 limit, $4 the claim's end (now + lease).

/**
 * SQLite: one writer at a time, so the due rows first in line for their object are picked and moved
 * in one statement. The indexes are named for the planner (INDEXED BY), as SQLite's claim always did.
 */
const CLAIM_SQLITE: NamedSql = {
  name: 'stablepos_webhook_claim_sqlite',
  text: `UPDATE webhook_deliveries SET next_attempt_at = $4 WHERE id IN (
           SELECT d.id FROM webhook_deliveries d INDEXED BY webhook_deliveries_endpoint_due
           WHERE d.endpoint_id = $1 AND d.status = 'pending' AND d.next_attempt_at <= $2
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p INDEXED BY webhook_deliveries_object
                             WHERE p.endpoint_id = d.endpoint_id AND p.object_id = d.object_id AND p.status = 'pending' AND p.seq < d.seq)
           ORDER BY d.next_attempt_at, d.seq LIMIT $3)
         RETURNING *`,
};

/**
 * PostgreSQL: instances claim at once, outside the unit-of-work lock. The candidates are locked
 * `FOR UPDATE SKIP LOCKED`, so two claims take disjoint rows, and the UPDATE repeats the due
 * condition, so a row another instance claimed and committed meanwhile is checked against its new
 * `next_attempt_at` and left out. MATERIALIZED: picked once; as `id IN (subquery)` the subquery may
 * run again for each row updated, skip the rows this very statement just locked, and claim past the limit.
 */
const CLAIM_POSTGRES: NamedSql = {
  name: 'stablepos_webhook_claim_postgres',
  text: `WITH claimable AS MATERIALIZED (
           SELECT d.id FROM webhook_deliveries d
           WHERE d.endpoint_id = $1 AND d.status = 'pending' AND d.next_attempt_at <= $2
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
                             WHERE p.endpoint_id = d.endpoint_id AND p.object_id = d.object_id AND p.status = 'pending' AND p.seq < d.seq)
           ORDER BY d.next_attempt_at, d.seq LIMIT $3
           FOR UPDATE SKIP LOCKED)
         UPDATE webhook_deliveries w SET next_attempt_at = $4
         FROM claimable WHERE w.id = claimable.id AND w.endpoint_id = $1 AND w.status = 'pending' AND w.next_attempt_at <= $2
         RETURNING w.*`,
};

/**
 * Claims the pending deliveries to one endpoint that are due and first in line for their object:
 * moves their `next_attempt_at` to `claimedUntil` in one statement (ports.ts, WebhookStore.claimDue).
 * Named: the dispatcher claims on every pass. Rows in no particular order.
 */
export function claimDueDeliveries(store: StoreDb, endpointId: string, now: number, limit: number, claimedUntil: number): Promise<ClaimedDeliveryRow[]> {
  return store.named<ClaimedDeliveryRow>(store.dialect === 'postgres' ? CLAIM_POSTGRES : CLAIM_SQLITE, [endpointId, now, limit, claimedUntil]);
}
