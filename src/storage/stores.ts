import type { RefundStore } from '../services/refund-service.js';
import type { SettingsStore } from '../services/network-settings.js';
import type { ShiftStore } from '../services/shift-service.js';
import type {
  ApiKeyStore,
  ChainStateStore,
  ChangeSignals,
  DepositStore,
  EventLog,
  GroupedUnitOfWork,
  IdempotencyStore,
  LeaseStore,
  LedgerStore,
  MerchantStore,
  PaymentStore,
  SessionAddressStore,
  SessionStore,
  ReadSnapshot,
  UnitOfWork,
  UserStore,
  WalletStore,
  WebhookStore,
} from '../services/ports.js';

/**
 * Secrets at rest over the whole store (docs/security.md): whether any is sealed yet, the once-only
 * upgrade sealing what an earlier version kept in plain text, and the way out when the data key is
 * lost. A PostgreSQL store was never written by a version that kept secrets in plain text.
 */
export interface SecretsAtRestStore {
  anySealed(): Promise<boolean>;
  /** `complete` is false when the work must be finished at the next start (SQLite: the WAL was held). */
  sealPlainText(): Promise<{ webhookSecrets: number; answers: number; complete: boolean }>;
  resetUnopenable(newSecret: () => string): Promise<{ webhookSecrets: number; answers: number }>;
}

/**
 * Every store port the core's services use, over one database: SQLite (the embedded default) or
 * PostgreSQL (several instances on one database, issue 18). The composition root (core-services.ts)
 * opens one of these and wires services to its ports; nothing above it knows which store it is.
 */
export interface Stores {
  kind: 'sqlite' | 'postgres';
  merchants: MerchantStore;
  apiKeys: ApiKeyStore;
  users: UserStore;
  idempotency: IdempotencyStore;
  wallets: WalletStore;
  addresses: SessionAddressStore;
  sessions: SessionStore;
  payments: PaymentStore;
  deposits: DepositStore;
  chainState: ChainStateStore;
  events: EventLog;
  webhooks: WebhookStore;
  ledger: LedgerStore;
  refunds: RefundStore;
  settings: SettingsStore;
  secrets: SecretsAtRestStore;
  /** Leader leases: one instance at a time runs each watcher and the timers (services/leadership.ts). */
  leases: LeaseStore;
  /** Tills' shifts (docs/shifts.md). */
  shifts: ShiftStore;
  /** Changes announced to every instance on this store (SQLite: this process alone). */
  signals: ChangeSignals;
  /** One transaction: check-then-write steps run in one (ports.ts, UnitOfWork). */
  tx: UnitOfWork;
  /** Several reads seeing one committed state (ports.ts, ReadSnapshot). */
  snapshot: ReadSnapshot;
  /** Units that may share a transaction with others queued at the same time (may run twice). */
  commit: GroupedUnitOfWork;
  close(): Promise<void>;
}

/**
 * Where a change signal's trouble goes (a listener that threw, PostgreSQL's listening connection
 * lost): a process warning, which the server's log shows; the signals go on.
 */
export function warnOfSignals(err: unknown): void {
  process.emitWarning(`change signals: ${err instanceof Error ? err.message : String(err)}`);
}
