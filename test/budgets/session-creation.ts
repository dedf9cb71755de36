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
    // PRAGMA data_version (API key cache still valid) + idempotency lookup + UPDATE wallets next_index (every wallet of the
    // mode at once, RETURNING their xpubs; for all of a turn's creations: services/index-reservations.ts) before the unit;
    // in the group commit: BEGIN IMMEDIATE, INSERT payment_sessions, INSERT session_quotes (both coins in one), INSERT
    // session_addresses (EVM, TRON and Solana in one), INSERT events, the answer's conditional upsert (idempotency_keys), COMMIT. (The webhook dispatcher's pass woken by the event reads nothing when
    // there is no endpoint.)
    statements: 10,
    // Deposit addresses come ready from the pool's worker; the Solana reference is random bytes.
    curveOps: 0,
    // createHash ×2: the API key's cache key, the idempotency fingerprint. (The TRON address comes spelt from the pool's
    // worker; the Solana reference's bytes come from the ids' random pool, refilled every ~100 ids.)
    cryptoCalls: 2,
  },
  postgres: {
    // Idempotency lookup (for all of a turn's requests in one) and UPDATE wallets next_index (all wallets of the mode, for
    // all of a turn's creations, on the side pool) before the unit; in the group commit (READ COMMITTED, no lock of its
    // own): BEGIN, then at the commit, each one statement for the whole group: INSERT payment_sessions with their quotes
    // and session_addresses, the signals (pg_notify address.issued), the answers' conditional upsert, the events' append
    // lock and INSERT events; COMMIT; after it, the signals published then (sessions.deadline, session.changed) in one
    // statement. (The webhook dispatcher's pass woken by the event reads nothing when there is no endpoint.)
    statements: 10,
    // As on SQLite.
    curveOps: 0,
    // As on SQLite.
    cryptoCalls: 2,
  },
};
