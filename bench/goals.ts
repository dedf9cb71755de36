import type { GoalCheck } from './section.js';

// The targets from the performance brief. They are printed beside the figures with PASS/FAIL and
// end up in the closing note; a FAIL does not fail the bench (a slow CI box is not a regression).

/** Core throughput over the plain-Fastify baseline's, measured in the same run. */
export const MIN_THROUGHPUT_RATIO = 0.6;
/** Core p99 latency at 50 connections, at most this many times the baseline's in the same run (issue 28). */
export const MAX_P99_OVER_BASELINE = 2;
/** Core CPU per created session, all threads, ms: what 0.6 of the baseline's throughput implies on one core (issue 28). */
export const MAX_CORE_CPU_MS_PER_REQUEST = 0.16;
/** Core RSS after 100,000 sessions were created, MB. */
export const MAX_RSS_AFTER_SESSIONS_MB = 200;

/** Session creation on PostgreSQL, one instance, over SQLite's in the same run (issue 29). */
export const MIN_PG_OVER_SQLITE = 0.5;
/** Two PostgreSQL instances' throughput over one's, in the same run (issue 29). */
export const MIN_PG2_OVER_PG1 = 1.3;
/** Core CPU per creation on PostgreSQL (one instance) over SQLite's, in the same run (issue 29). */
export const MAX_PG_CPU_OVER_SQLITE = 2;

/** Webhook deliveries per second to a local receiver (issue 4). */
export const MIN_WEBHOOK_DELIVERIES_PER_SEC = 1000;
/** Webhook latency from a committed state change to the receiver, p50, ms. */
export const MAX_WEBHOOK_LATENCY_P50_MS = 10;

/** GET /v1/balance and a 100-entry transactions page over 1,000,000 ledger entries, p99, ms (issue 6). */
export const MAX_LEDGER_READ_P99_MS = 20;

/** Cashier screen: click on Charge → the payment link's QR code painted, p95, ms (issue 5). */
export const MAX_CHARGE_TO_QR_P95_MS = 150;

const unitSuffix = (unit: string | undefined) => (unit ? ` ${unit}` : '');

export function atLeast(actual: number, min: number, unit?: string): GoalCheck {
  return { target: `≥ ${min}${unitSuffix(unit)}`, pass: actual >= min };
}

export function atMost(actual: number, max: number, unit?: string): GoalCheck {
  return { target: `≤ ${max}${unitSuffix(unit)}`, pass: actual <= max };
}
