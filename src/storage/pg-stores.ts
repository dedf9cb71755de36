import type { SecretCipher } from '../domain/secret-cipher.js';
import { openPgDatabase, type PgDatabase, type PgOptions } from '../db/pg/pg-database.js';
import { PgAppSettingsRepository } from '../db/pg/app-settings-repository.js';
import { PgLeaseRepository } from '../db/pg/lease-repository.js';
import type { Stores } from './stores.js';

/** The PostgreSQL store, with its pool (the change signals and the leader lease use it too). */
export interface PgStores extends Stores {
  kind: 'postgres';
  database: PgDatabase;
}

/**
 * A port not written yet for PostgreSQL: every call rejects, naming it. Issue 18 replaces each one
 * with its repository in db/pg/; none may remain when the PostgreSQL store is offered.
 */
function notYet<T>(name: string): T {
  return new Proxy({}, { get: (_t, method) => () => Promise.reject(new Error(`PostgreSQL store: ${name}.${String(method)} is not written yet`)) }) as T;
}

/**
 * Connects to PostgreSQL, migrates, and builds each port on the pool (db/pg/). Units of work take
 * one advisory lock, so they run one at a time across every instance, as SQLite's do (pg-database.ts).
 */
export async function openPgStores(options: PgOptions, cipher: SecretCipher): Promise<PgStores> {
  const database = await openPgDatabase(options);
  void cipher;
  return {
    kind: 'postgres',
    database,
    merchants: notYet('merchants'),
    apiKeys: notYet('apiKeys'),
    users: notYet('users'),
    idempotency: notYet('idempotency'),
    wallets: notYet('wallets'),
    addresses: notYet('addresses'),
    sessions: notYet('sessions'),
    payments: notYet('payments'),
    deposits: notYet('deposits'),
    chainState: notYet('chainState'),
    events: notYet('events'),
    webhooks: notYet('webhooks'),
    ledger: notYet('ledger'),
    refunds: notYet('refunds'),
    settings: new PgAppSettingsRepository(database),
    secrets: notYet('secrets'),
    leases: new PgLeaseRepository(database),
    tx: (work) => database.tx(work),
    // Units share no transaction here: connections commit in parallel, and each takes the lock.
    commit: (work) => database.tx(work),
    close: () => database.close(),
  };
}
