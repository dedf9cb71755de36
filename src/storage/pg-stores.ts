import type { SecretCipher } from '../domain/secret-cipher.js';
import { GroupCommit } from '../db/group-commit.js';
import { openPgDatabase, type PgDatabase, type PgOptions } from '../db/pg/pg-database.js';
import { PgAppSettingsRepository } from '../db/pg/app-settings-repository.js';
import { PgLeaseRepository } from '../db/pg/lease-repository.js';
import { PgSignals } from '../db/pg/pg-signals.js';
import { PgStoreDb } from '../db/pg/pg-store-db.js';
import { ApiKeyRepository } from '../db/api-key-repository.js';
import { EventRepository } from '../db/event-repository.js';
import { StoredSecrets } from '../db/stored-secrets.js';
import { UserRepository } from '../db/user-repository.js';
import { WalletRepository } from '../db/wallet-repository.js';
import { WebhookRepository } from '../db/webhook-repository.js';
import { PgChainStateRepository } from '../db/pg/chain-state-repository.js';
import { PgDepositRepository } from '../db/pg/deposit-repository.js';
import { PgMerchantRepository } from '../db/pg/merchant-repository.js';
import { PgPaymentRepository } from '../db/pg/payment-repository.js';
import { PgSessionAddressRepository } from '../db/pg/session-address-repository.js';
import { PgSessionRepository } from '../db/pg/session-repository.js';
import { PgIdempotencyRepository } from '../db/pg/idempotency-repository.js';
import { PgLedgerRepository } from '../db/pg/ledger-repository.js';
import { PgRefundRepository } from '../db/pg/refund-repository.js';
import { type Stores, warnOfSignals } from './stores.js';

/** The PostgreSQL store, with its pool (the change signals and the leader lease use it too). */
export interface PgStores extends Stores {
  kind: 'postgres';
  database: PgDatabase;
  signals: PgSignals;
}

/**
 * Connects to PostgreSQL, migrates, and builds each port on the pool (db/pg/). Units of work take
 * one advisory lock, so they run one at a time across every instance, as SQLite's do (pg-database.ts).
 */
export async function openPgStores(options: PgOptions, cipher: SecretCipher): Promise<PgStores> {
  const database = await openPgDatabase(options);
  // Listening before anything is read: a change committed after this is heard, one before is in the store.
  const signals = new PgSignals(database, options.url, warnOfSignals);
  try {
    await signals.start();
  } catch (err) {
    await database.close();
    throw err;
  }
  const group = new GroupCommit(database);
  const storeDb = new PgStoreDb(database);
  return {
    kind: 'postgres',
    database,
    merchants: new PgMerchantRepository(database),
    apiKeys: new ApiKeyRepository(storeDb),
    wallets: new WalletRepository(storeDb),
    addresses: new PgSessionAddressRepository(database),
    sessions: new PgSessionRepository(database),
    payments: new PgPaymentRepository(database),
    deposits: new PgDepositRepository(database),
    chainState: new PgChainStateRepository(database),
    events: new EventRepository(storeDb),
    webhooks: new WebhookRepository(storeDb, cipher),
    users: new UserRepository(storeDb),
    idempotency: new PgIdempotencyRepository(database, cipher),
    ledger: new PgLedgerRepository(database),
    refunds: new PgRefundRepository(database),
    settings: new PgAppSettingsRepository(database),
    secrets: new StoredSecrets(storeDb, cipher),
    leases: new PgLeaseRepository(database),
    signals,
    tx: (work) => database.tx(work),
    snapshot: (work) => database.snapshot(work),
    commit: (work) => group.run(work),
    close: async () => {
      await signals.close();
      await database.close();
    },
  };
}
