import type { SecretCipher } from '../domain/secret-cipher.js';
import { ApiKeyRepository } from '../db/api-key-repository.js';
import { AppSettingsRepository } from '../db/app-settings-repository.js';
import { ChainStateRepository } from '../db/chain-state-repository.js';
import { DepositRepository } from '../db/deposit-repository.js';
import { EventRepository } from '../db/event-repository.js';
import { GroupCommit } from '../db/group-commit.js';
import { IdempotencyRepository } from '../db/idempotency-repository.js';
import { LeaseRepository } from '../db/lease-repository.js';
import { ShiftRepository } from '../db/shift-repository.js';
import { LedgerRepository, ledgerStore } from '../db/ledger-repository.js';
import { MerchantRepository } from '../db/merchant-repository.js';
import { type Db, openDatabase } from '../db/sqlite/open-database.js';
import { PaymentRepository } from '../db/payment-repository.js';
import { RefundRepository } from '../db/refund-repository.js';
import { SessionAddressRepository } from '../db/session-address-repository.js';
import { SessionRepository } from '../db/session-repository.js';
import { gatedStore } from '../db/sqlite/gated-store.js';
import { SqliteGate } from '../db/sqlite/sqlite-gate.js';
import { SqliteSignals } from '../db/sqlite/sqlite-signals.js';
import { SqliteStoreDb } from '../db/sqlite/sqlite-store-db.js';
import { StoredSecrets } from '../db/stored-secrets.js';
import { UserRepository } from '../db/user-repository.js';
import { WalletRepository } from '../db/wallet-repository.js';
import { WebhookRepository } from '../db/webhook-repository.js';
import { type Stores, warnOfSignals } from './stores.js';

/** The SQLite store, with what only it has: its connection (the WAL checkpointer, tests) and its gate. */
export interface SqliteStores extends Stores {
  kind: 'sqlite';
  db: Db;
  gate: SqliteGate;
}

/**
 * Opens (creating and migrating) the one SQLite file and wraps each synchronous repository into its
 * asynchronous port (db/sqlite-async.ts). One connection, so one gate: every store call and
 * transaction goes through it (db/sqlite-gate.ts).
 */
export function openSqliteStores(file: string, migrationsDir: string | undefined, cipher: SecretCipher): SqliteStores {
  const db = openDatabase(file, migrationsDir);
  const gate = new SqliteGate(db.$client);
  const storeDb = new SqliteStoreDb(db, gate);
  const gated = <T extends object>(repo: T) => gatedStore(repo, gate);
  const group = new GroupCommit(gate);
  return {
    kind: 'sqlite',
    db,
    gate,
    merchants: gated(new MerchantRepository(storeDb)),
    apiKeys: gated(new ApiKeyRepository(storeDb)),
    users: gated(new UserRepository(storeDb)),
    idempotency: gated(new IdempotencyRepository(storeDb, cipher)),
    wallets: gated(new WalletRepository(storeDb)),
    addresses: gated(new SessionAddressRepository(storeDb)),
    sessions: gated(new SessionRepository(storeDb)),
    payments: gated(new PaymentRepository(storeDb)),
    deposits: gated(new DepositRepository(storeDb)),
    chainState: gated(new ChainStateRepository(storeDb)),
    events: gated(new EventRepository(storeDb)),
    webhooks: gated(new WebhookRepository(storeDb, cipher)),
    ledger: ledgerStore(gated(new LedgerRepository(storeDb))),
    refunds: gated(new RefundRepository(storeDb)),
    settings: gated(new AppSettingsRepository(storeDb)),
    secrets: gated(new StoredSecrets(storeDb, cipher)),
    leases: gated(new LeaseRepository(storeDb)),
    shifts: gated(new ShiftRepository(storeDb)),
    signals: new SqliteSignals(gate, warnOfSignals),
    tx: (work) => gate.tx(work),
    snapshot: (work) => gate.snapshot(work),
    commit: (work) => group.run(work),
    close: () => {
      db.$client.close();
      return Promise.resolve();
    },
  };
}

/** Whether a store is the SQLite one (what only it has: the WAL checkpointer, raw SQL in tests). */
export function isSqlite(store: Stores): store is SqliteStores {
  return store.kind === 'sqlite';
}
