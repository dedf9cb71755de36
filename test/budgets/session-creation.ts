/**
 * What ONE session creation may cost the core's event loop (test/integration/session-creation-budget.test.ts):
 * `POST /v1/payment/sessions`, shape A, USD, with an Idempotency-Key, on a warm core (one creation
 * before it; the deposit address pools filled ahead). The test fails above a number (raise it in the
 * same commit as the change, with the reason in the commit message) and below it (lower it: a budget
 * states the truth). docs/development.md, "Budgets of one session creation".
 */
export interface CreationBudget {
  /** SQL statements sent, BEGIN/COMMIT/SAVEPOINT included. */
  readonly statements: number;
  /** Elliptic-curve operations on the event loop. */
  readonly curveOps: 0;
  /** Synchronous node:crypto calls, and @noble/hashes calls. */
  readonly cryptoCalls: number;
}

export const SESSION_CREATION_BUDGET: Record<'sqlite' | 'postgres', CreationBudget> = {
  sqlite: {
    // PRAGMA data_version (API key cache still valid) + idempotency lookup before the unit; in the group commit: BEGIN IMMEDIATE,
    // INSERT payment_sessions, 2 INSERT session_quotes (USDT, USDC), 3 × (UPDATE wallets next_index + INSERT session_addresses)
    // for EVM, TRON and Solana, INSERT events, idempotency re-check + upsert of the answer, COMMIT; after it, the webhook
    // dispatcher's pass woken by the event (SELECT min(next_attempt_at)).
    statements: 17,
    // Deposit addresses come ready from the pool's worker; the Solana reference is random bytes.
    curveOps: 0,
    // createHash ×3: the API key's cache key, the rate limiter's key, the idempotency fingerprint; @noble/hashes sha256 ×2: the
    // TRON address's base58check (double SHA-256); randomBytes: the Solana reference.
    cryptoCalls: 6,
  },
  postgres: {
    // Idempotency lookup before the unit; in the group commit: BEGIN, pg_advisory_xact_lock, INSERT payment_sessions with its
    // quotes (one statement), 3 × (UPDATE wallets next_index + INSERT session_addresses), pg_notify address.issued (other
    // instances watch the addresses), INSERT events, idempotency re-check + upsert of the answer, COMMIT; after it, pg_notify
    // sessions.deadline and session.changed, and the webhook dispatcher's pass woken by the event (SELECT min(next_attempt_at)).
    statements: 18,
    // As on SQLite.
    curveOps: 0,
    // As on SQLite.
    cryptoCalls: 6,
  },
};
