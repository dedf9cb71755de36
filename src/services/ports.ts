import type { Merchant, MerchantSettingsPatch } from '../domain/merchant.js';
import type { StoredUser, UiSessionRecord } from '../domain/users.js';
import type { Currency } from '../domain/currencies.js';
import type { Deposit, DepositListQuery, DepositPatch } from '../domain/deposit.js';
import type { BalanceTransaction, BalanceTransactionType, FundsBalance } from '../domain/ledger.js';
import type { DatedEntry, LedgerSum } from '../domain/ledger-summary.js';
import type {
  ApiKeyRecord,
  Conversion,
  EventListQuery,
  LedgerQuery,
  SessionAddress,
  WatchedAddressRow,
  Settlement,
  StoredEvent,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookEndpointRecord,
} from '../domain/records.js';
import type { FamilyId, NetworkInfo } from '../domain/networks.js';
import type { Payment, PaymentStatus } from '../domain/payment.js';
import type { PaymentSession, SessionListQuery } from '../domain/session.js';
import type { SessionException, SessionStatus } from '../domain/session-state.js';

/**
 * What the services need from storage. The db/ repositories satisfy these structurally; only
 * create-core.ts puts the two together, so services can be tested over any implementation.
 */
export interface SessionStore {
  insert(session: PaymentSession): void;
  findById(id: string): PaymentSession | undefined;
  list(query: SessionListQuery): { items: PaymentSession[]; hasMore: boolean };
  updateState(
    id: string,
    state: { status: SessionStatus; exception: SessionException | null; amountReceivedMinor: bigint; resolvedBy?: 'owner' | null },
    now: number,
  ): void;
  setRefunded(id: string, amountRefundedMinor: bigint, now: number): void;
  dueForExpiry(now: number, limit: number): string[];
  nextExpiry(): number | undefined;
}

export interface MerchantStore {
  count(): number;
  insert(m: { id: string; name: string; domainId: string; domain: string; createdAt: number }): void;
  first(): Merchant | undefined;
  findById(id: string): Merchant | undefined;
  update(id: string, patch: MerchantSettingsPatch): void;
  addDomain(merchantId: string, d: { id: string; domain: string; createdAt: number }): void;
}

export interface ApiKeyStore {
  insert(record: Omit<ApiKeyRecord, 'revokedAt'> & { hash: string }): void;
  findActiveByHash(hash: string): { id: string; merchantId: string; livemode: boolean } | undefined;
  list(merchantId?: string): ApiKeyRecord[];
  activeByPrefix(prefix: string): ApiKeyRecord[];
  revoke(id: string, now: number): boolean;
  /** Changes whenever another connection (another process: the `keys revoke` command) commits. */
  otherWritersVersion(): number;
}

export interface UserStore {
  insert(user: StoredUser & { nameKey: string }): void;
  listActive(merchantId: string): StoredUser[];
  findActiveByNameKey(merchantId: string, nameKey: string): StoredUser | undefined;
  findActiveById(merchantId: string, id: string): StoredUser | undefined;
  countActiveOwners(merchantId: string): number;
  /** Marks the user removed and ends their UI sessions. */
  disable(id: string, now: number): void;
  /** Replaces the user's PIN hash. */
  setPinHash(id: string, pinHash: string): void;
  /** Ends the user's open UI sessions, except `keepSessionId` (the sign-in that changed the PIN). */
  endSessionsOf(userId: string, now: number, keepSessionId?: string): void;
  insertSession(session: UiSessionRecord & { tokenHash: string }): void;
  findOpenSession(tokenHash: string): { session: UiSessionRecord; user: StoredUser } | undefined;
  touchSession(id: string, lastUsedAt: number, expiresAt: number): void;
  endSession(id: string, now: number): void;
  setSessionMode(id: string, livemode: boolean): void;
}

export interface IdempotencyScope {
  merchantId: string;
  livemode: boolean;
  key: string;
}

export interface IdempotencyStore {
  find(scope: IdempotencyScope): { fingerprint: string; responseStatus: number | null; responseBody: string | null; createdAt: number } | undefined;
  /** Stores a finished response, replacing an expired record under the same key. */
  save(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number): void;
  purgeOlderThan(cutoff: number): number;
  releaseUnfinished(): number;
}

export type Clock = () => number;

/** Runs `work` in one database transaction: everything in it commits together or not at all. */
export type UnitOfWork = <T>(work: () => T) => T;

/**
 * The same, committed together with the other units queued in this turn of the event loop (group
 * commit); settles once the commit is durable. For the request paths that only insert.
 */
export type GroupedUnitOfWork = <T>(work: () => T) => Promise<T>;

export interface WalletStore {
  xpub(merchantId: string, family: string, livemode: boolean): string | undefined;
  upsert(merchantId: string, family: string, livemode: boolean, xpub: string, now: number): void;
  reserveIndex(merchantId: string, family: string, livemode: boolean): number | undefined;
}

export interface SessionAddressStore {
  /** @returns the new row's id */
  insert(a: SessionAddress): number;
  forSession(sessionId: string): SessionAddress[];
  /** Addresses still watched at `now` (watch_until > now). */
  watched(now: number): WatchedAddressRow[];
  /** Addresses whose watch window ended in (after, upTo]. */
  watchEnded(after: number, upTo: number): WatchedAddressRow[];
  /** The session and watch window of one row, or undefined when it does not exist. */
  watchOf(row: number): { sessionId: string; watchUntil: number } | undefined;
  /** The same, found by the address as stored (the family's canonical form), through its unique index. */
  watchOfAddress(family: string, livemode: boolean, address: string): { sessionId: string; watchUntil: number } | undefined;
  /** Calls `fn` for every address ever issued, row by row (not all in memory at once). */
  eachIssued(fn: (family: string, livemode: boolean, address: string) => void): void;
}

export interface PaymentStore {
  find(network: string, livemode: boolean, txId: string, eventIndex: number, blockRef: string): Payment | undefined;
  insert(p: Payment, now: number): void;
  revive(id: string, now: number): void;
  forSession(sessionId: string): Payment[];
  unconfirmed(network: string, livemode: boolean): Payment[];
  unconfirmedAbove(network: string, livemode: boolean, blockNumber: number): Payment[];
  setProgress(id: string, confirmations: number, status: PaymentStatus, now: number): void;
}

/** Unmatched deposits (db/deposit-repository.ts). */
export interface DepositStore {
  /** @returns whether it was new (a transfer already recorded is left as it is) */
  insertIfNew(d: Deposit): boolean;
  findById(id: string): Deposit | undefined;
  list(q: DepositListQuery): { items: Deposit[]; hasMore: boolean };
  update(id: string, patch: DepositPatch, now: number): void;
}

export interface ChainStateStore {
  cursor(network: string, livemode: boolean): { chainId: string; position: string } | undefined;
  setCursor(network: string, livemode: boolean, chainId: string, position: string, now: number): void;
  recentBlocks(network: string, livemode: boolean): { number: number; hash: string }[];
  putBlocks(network: string, livemode: boolean, blocks: { number: number; hash: string }[]): void;
  dropBlocksAbove(network: string, livemode: boolean, number: number): void;
  reset(network: string, livemode: boolean): void;
}

export interface EventStore {
  insert(e: StoredEvent): void;
  forObject(objectId: string): StoredEvent[];
}

/** The events table read as the events API and the webhook outbox. */
export interface EventLog extends EventStore {
  findById(id: string): (StoredEvent & { seq: number }) | undefined;
  maxSeq(): number;
  after(seq: number, limit: number): (StoredEvent & { seq: number })[];
  list(query: EventListQuery): { items: (StoredEvent & { seq: number })[]; hasMore: boolean };
}

export interface NewWebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  objectId: string;
  createdAt: number;
}

export interface WebhookStore {
  insertEndpoint(e: WebhookEndpointRecord): void;
  updateEndpoint(e: WebhookEndpointRecord): void;
  findEndpoint(id: string): WebhookEndpointRecord | undefined;
  allEndpoints(): WebhookEndpointRecord[];
  countEndpoints(merchantId: string, livemode: boolean): number;
  listEndpoints(merchantId: string, livemode: boolean, limit: number, startingAfter?: string, endingBefore?: string): { items: WebhookEndpointRecord[]; hasMore: boolean };
  deleteEndpoint(id: string): void;
  insertDelivery(d: NewWebhookDelivery): void;
  findDelivery(id: string): WebhookDeliveryRecord | undefined;
  listDeliveries(
    endpointId: string,
    query: { limit: number; startingAfter?: string; endingBefore?: string; status?: string; eventId?: string },
  ): { items: WebhookDeliveryRecord[]; hasMore: boolean };
  dueFor(endpointId: string, now: number, limit: number): WebhookDeliveryRecord[];
  nextDueAfter(now: number): number | undefined;
  finishAttempt(
    attempt: WebhookAttemptRecord,
    delivery: { id: string; status: WebhookDeliveryStatus; attempts: number; nextAttemptAt: number | null; lastStatusCode: number | null; completedAt: number | null },
  ): boolean;
  failPendingOf(endpointId: string, now: number): number;
  attemptsOf(deliveryId: string): WebhookAttemptRecord[];
  cursor(name: string): number | undefined;
  setCursor(name: string, value: number): void;
}

/** One webhook POST as made: the answer's status and first bytes, or why there was none. */
export interface WebhookResponse {
  /** Undefined when no HTTP answer came (refused, reset, timed out). */
  status: number | undefined;
  body: string | null;
  retryAfter: string | null;
  error: string | null;
  durationMs: number;
}

/** How the dispatcher makes its HTTP requests (fetch in the app; anything in a test). */
export interface WebhookTransport {
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number, signal: AbortSignal): Promise<WebhookResponse>;
  /** Closes idle keep-alive connections. */
  close?(): void;
}

export interface LedgerStore {
  insertEntry(e: BalanceTransaction): void;
  bookedBySource(sourceId: string, type: BalanceTransactionType): { currency: Currency; amountMinor: bigint; entries: number }[];
  adjustAccount(merchantId: string, livemode: boolean, currency: Currency, availableDelta: bigint, pendingDelta: bigint, now: number): void;
  accounts(merchantId: string, livemode: boolean): FundsBalance[];
  findSettlementGroup(merchantId: string, livemode: boolean, currency: Currency, availableOn: number): Settlement | undefined;
  insertSettlement(s: Settlement): void;
  addToSettlement(id: string, amountMinor: bigint): void;
  dueSettlements(now: number, limit: number): Settlement[];
  nextSettlementAt(): number | undefined;
  markSettled(id: string, now: number): boolean;
  settlementsOf(merchantId: string, livemode: boolean, status: Settlement['status'], limit: number): Settlement[];
  findEntry(id: string): BalanceTransaction | undefined;
  listEntries(q: LedgerQuery & { limit: number; startingAfter?: string; endingBefore?: string }): { items: BalanceTransaction[]; hasMore: boolean };
  iterateEntries(q: LedgerQuery): Iterable<BalanceTransaction>;
  sessionSums(sessionId: string): LedgerSum[];
  pendingSums(merchantId: string, livemode: boolean): LedgerSum[];
  allSums(merchantId: string, livemode: boolean): LedgerSum[];
  entriesSince(merchantId: string, livemode: boolean, since: number): DatedEntry[];
  insertConversion(c: Conversion): void;
  findConversion(id: string): Conversion | undefined;
  listConversions(merchantId: string, livemode: boolean, limit: number, startingAfter?: string): { items: Conversion[]; hasMore: boolean };
}

export type {
  ApiKeyRecord,
  Conversion,
  LedgerQuery,
  SessionAddress,
  Settlement,
  StoredEvent,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
};

/**
 * What services may know of a chain family: a part of the contract every family implements
 * (src/chains/family.ts), which services cannot import. The composition root passes the registry's.
 */
export interface FamilyFacts {
  readonly id: FamilyId;
  readonly name: string;
  readonly networks: readonly NetworkInfo[];
  readonly wallet: { readonly label: string; check(value: string): void };
  readonly addresses: { readonly format: string; normalize(address: string): string | null; key(address: string): string };
  readonly refundKeys: { readonly format: string; parse(text: string): Uint8Array | null; address(key: Uint8Array): string };
  payoutNonce(data: string): number | null;
}

/** The registered chain families and their networks (src/chains/registry.ts), as services see them. */
export interface ChainDirectory {
  readonly families: readonly FamilyFacts[];
  /** Undefined for an id no registered family has. */
  family(id: string): FamilyFacts | undefined;
  /** The family of a network; undefined for a network no registered family has (data from elsewhere). */
  familyOf(network: string): FamilyFacts | undefined;
  /** A network's name for people; its id for a network no registered family has. */
  networkName(network: string): string;
}
