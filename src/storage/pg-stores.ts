import type { SecretCipher } from '../domain/secret-cipher.js';
import { GroupCommit } from '../db/group-commit.js';
import { openPgDatabase, type PgDatabase, type PgOptions } from '../db/pg/pg-database.js';
import { AppSettingsRepository } from '../db/app-settings-repository.js';
import { LeaseRepository } from '../db/lease-repository.js';
import { ShiftRepository } from '../db/shift-repository.js';
import { PgSignals } from '../db/pg/pg-signals.js';
import { PgStoreDb } from '../db/pg/pg-store-db.js';
import { ApiKeyRepository } from '../db/api-key-repository.js';
import { EventRepository } from '../db/event-repository.js';
import { StoredSecrets } from '../db/stored-secrets.js';
import { UserRepository } from '../db/user-repository.js';
import { WalletRepository } from '../db/wallet-repository.js';
import { WebhookRepository } from '../db/webhook-repository.js';
import { ChainStateRepository } from '../db/chain-state-repository.js';
import { DepositRepository } from '../db/deposit-repository.js';
import { PaymentRepository } from '../db/payment-repository.js';
import { SessionAddressRepository } from '../db/session-address-repository.js';
import { SessionRepository } from '../db/session-repository.js';
import { MerchantRepository } from '../db/merchant-repository.js';
import { IdempotencyRepository } from '../db/idempotency-repository.js';
import { LedgerRepository, ledgerStore } from '../db/ledger-repository.js';
import { RefundRepository } from '../db/refund-repository.js';
import { type Stores, warnOfSignals } from './stores.js';

/**
 * Session creation's groups open at once on one instance (db/group-commit.ts): 2 of the pool's 10
 * connections. Measured (npm run bench -- postgres, issue 29): with 4, groups were small and their
 * per-group statements (BEGIN, the answers, the events, COMMIT, signals) cost more CPU per creation
 * than the overlap of their round trips saved (742-801 req/s); with 2, 1,143; with 1, the machine
 * was left idle while one group waited on its round trips (907 beside 2's same-run figures).
 */
const GROUPS_IN_FLIGHT = 2;

/** The PostgreSQL store, with its pool (the change signals and the leader lease use it too). */
export interface PgStores extends Stores {
  kind: 'postgres';
  database: PgDatabase;
  signals: PgSignals;
}

/**
 * Connects to PostgreSQL, migrates, and builds each port on the pool. Units of work run concurrently
 * on every instance, kept apart by PostgreSQL's own isolation and row locks (db/pg/pg-database.ts).
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
  // Grouped units only insert new rows or make single-statement atomic changes (ports.ts,
  // GroupedUnitOfWork): READ COMMITTED is enough for them (pg-database.ts, Isolation).
  const group = new GroupCommit({ tx: (work, commitSent) => database.tx(work, 'read committed', commitSent) }, GROUPS_IN_FLIGHT);
  const storeDb = new PgStoreDb(database);
  return {
    kind: 'postgres',
    database,
    merchants: new MerchantRepository(storeDb),
    apiKeys: new ApiKeyRepository(storeDb),
    wallets: new WalletRepository(storeDb),
    addresses: new SessionAddressRepository(storeDb),
    sessions: new SessionRepository(storeDb),
    payments: new PaymentRepository(storeDb),
    deposits: new DepositRepository(storeDb),
    chainState: new ChainStateRepository(storeDb),
    events: new EventRepository(storeDb),
    webhooks: new WebhookRepository(storeDb, cipher),
    users: new UserRepository(storeDb),
    idempotency: new IdempotencyRepository(storeDb, cipher),
    ledger: ledgerStore(new LedgerRepository(storeDb)),
    refunds: new RefundRepository(storeDb),
    settings: new AppSettingsRepository(storeDb),
    secrets: new StoredSecrets(storeDb, cipher),
    leases: new LeaseRepository(storeDb),
    shifts: new ShiftRepository(storeDb),
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
