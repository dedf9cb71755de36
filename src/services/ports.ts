import type { AnswerPeer } from '../domain/webhook-answers.js';
import type { Merchant, MerchantSettingsPatch } from '../domain/merchant.js';
import type { SignInFailures, StoredUser, UiSessionRecord } from '../domain/users.js';
import type { Currency } from '../domain/currencies.js';
import type { Deposit, DepositListQuery, DepositPatch } from '../domain/deposit.js';
import type { BalanceTransaction, BalanceTransactionType, FundsBalance } from '../domain/ledger.js';
import type { DatedEntry, LedgerSum } from '../domain/ledger-summary.js';
import type {
  ApiKeyRecord,
  Conversion,
  ConversionQuote,
  EventListQuery,
  LedgerQuery,
  ReservedIndex,
  SessionAddress,
  WatchedAddressRow,
  Settlement,
  StoredEvent,
  WebhookAttemptRecord,
  WebhookDeliveryOutcome,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '../domain/records.js';
import type { FamilyId, NetworkInfo } from '../domain/networks.js';
import type { Payment, PaymentStatus } from '../domain/payment.js';
import type { PaymentSession, SessionListQuery } from '../domain/session.js';
import type { SessionException, SessionStatus } from '../domain/session-state.js';

/**
 * What the services need from storage. Every method is asynchronous, so that a store answering over
 * the network (PostgreSQL) can implement them. The db/ repositories, written once for both databases,
 * implement them (on SQLite each method runs in its turn on the one connection: db/sqlite/gated-store.ts),
 * so services can be tested over any implementation.
 */
export interface SessionStore {
  /**
   * Stores a new session, its quotes and its deposit `addresses` (each of this session and its mode)
   * together (one statement on PostgreSQL). @returns the addresses' new rows' ids, in the order given
   */
  insert(session: PaymentSession, addresses?: readonly SessionAddress[]): Promise<number[]>;
  /**
   * As `insert`, in the caller's unit of work, sent at its commit with the other sessions of its
   * group (one statement for them all on PostgreSQL; SQLite: at once). `stored` gets the addresses'
   * row ids then, still inside the unit.
   */
  insertAtCommit(session: PaymentSession, addresses: readonly SessionAddress[], stored: (ids: number[]) => Promise<void>): Promise<void>;
  findById(id: string): Promise<PaymentSession | undefined>;
  /** The sessions of `ids` that exist, in no particular order. */
  findByIds(ids: readonly string[]): Promise<PaymentSession[]>;
  list(query: SessionListQuery): Promise<{ items: PaymentSession[]; hasMore: boolean }>;
  updateState(
    id: string,
    state: { status: SessionStatus; exception: SessionException | null; amountReceivedMinor: bigint; resolvedBy?: 'owner' | null },
    now: number,
  ): Promise<void>;
  setRefunded(id: string, amountRefundedMinor: bigint, now: number): Promise<void>;
  setTip(id: string, tipMinor: bigint, now: number): Promise<void>;
  dueForExpiry(now: number, limit: number): Promise<string[]>;
  nextExpiry(): Promise<number | undefined>;
}

export interface MerchantStore {
  count(): Promise<number>;
  insert(m: { id: string; name: string; domainId: string; domain: string; createdAt: number }): Promise<void>;
  first(): Promise<Merchant | undefined>;
  findById(id: string): Promise<Merchant | undefined>;
  update(id: string, patch: MerchantSettingsPatch): Promise<void>;
  addDomain(merchantId: string, d: { id: string; domain: string; createdAt: number }): Promise<void>;
}

export interface ApiKeyStore {
  insert(record: Omit<ApiKeyRecord, 'revokedAt'> & { hash: string }): Promise<void>;
  findActiveByHash(hash: string): Promise<{ id: string; merchantId: string; livemode: boolean } | undefined>;
  list(merchantId?: string): Promise<ApiKeyRecord[]>;
  activeByPrefix(prefix: string): Promise<ApiKeyRecord[]>;
  revoke(id: string, now: number): Promise<boolean>;
  /**
   * A number that moves whenever a key may have been revoked by another process on the same SQLite
   * file (the `keys revoke` command: SQLite's data version); lookups cached under another number are
   * dropped. Instances sharing a PostgreSQL database announce their revocations as change signals
   * instead (KEY_REVOKED, which ApiKeyService hears): there it stays 0.
   */
  keysVersion(): Promise<number>;
}

export interface UserStore {
  insert(user: StoredUser & { nameKey: string }): Promise<void>;
  listActive(merchantId: string): Promise<StoredUser[]>;
  findActiveByNameKey(merchantId: string, nameKey: string): Promise<StoredUser | undefined>;
  findActiveById(merchantId: string, id: string): Promise<StoredUser | undefined>;
  countActiveOwners(merchantId: string): Promise<number>;
  /** Marks the user removed and ends their UI sessions. */
  disable(id: string, now: number): Promise<void>;
  /** Replaces the user's PIN hash. */
  setPinHash(id: string, pinHash: string): Promise<void>;
  /** Ends the user's open UI sessions, except `keepSessionId` (the sign-in that changed the PIN). */
  endSessionsOf(userId: string, now: number, keepSessionId?: string): Promise<void>;
  insertSession(session: UiSessionRecord & { tokenHash: string }): Promise<void>;
  findOpenSession(tokenHash: string): Promise<{ session: UiSessionRecord; user: StoredUser } | undefined>;
  touchSession(id: string, lastUsedAt: number, expiresAt: number): Promise<void>;
  endSession(id: string, now: number): Promise<void>;
  setSessionMode(id: string, livemode: boolean): Promise<void>;
  /** The sign-in failure counters of these keys (services/sign-in-guard.ts) that exist. */
  signInFailures(keys: string[]): Promise<SignInFailures[]>;
  putSignInFailures(counter: SignInFailures): Promise<void>;
  clearSignInFailures(keys: string[]): Promise<void>;
  /** Deletes the counters whose last failure was before `before` and whose lock is over at `now`. */
  forgetSignInFailures(before: number, now: number): Promise<void>;
}


export interface IdempotencyScope {
  merchantId: string;
  livemode: boolean;
  key: string;
}

/** A key's row: a claim while its first request runs (no response yet), then the response kept. */
export interface StoredIdempotency {
  fingerprint: string;
  responseStatus: number | null;
  responseBody: string | null;
  /** When the claim was taken, then when the response was stored. */
  createdAt: number;
}

/**
 * Idempotency keys, one row per scope under a unique key that every instance on the database shares:
 * the row is the claim, so a duplicate is refused or replayed whichever instance it reaches. The
 * check-then-claim runs in one unit of work (idempotency-service.ts).
 */
export interface IdempotencyStore {
  find(scope: IdempotencyScope): Promise<StoredIdempotency | undefined>;
  /** Writes a claim (no response yet) at `now`, replacing whatever the key held (an expired answer, an abandoned claim). */
  claim(scope: IdempotencyScope, fingerprint: string, now: number): Promise<void>;
  /**
   * Writes a claim unless the key holds a claim or answer still in force (the rule of `saveIfFree`):
   * one statement, so two instances reading the key free at once cannot both claim it.
   * @returns whether it was claimed
   */
  claimIfFree(scope: IdempotencyScope, fingerprint: string, now: number, free: KeyFreeWhen): Promise<boolean>;
  /** Stores a finished response, replacing the claim (or an expired record) under the same key. */
  save(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number): Promise<void>;
  /**
   * Stores a finished response unless the key holds a claim taken at or after `free.claimedBefore` or
   * an answer kept from `free.answeredBefore` on (another request's): one statement where a read then
   * a write were two. @returns whether it was stored
   */
  saveIfFree(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number, free: KeyFreeWhen): Promise<boolean>;
  /**
   * As `saveIfFree`, inside the caller's unit of work, checked and written at its commit (with the
   * other units of its group: one statement on PostgreSQL). A key not free fails the unit with the
   * error `taken` returns.
   */
  saveIfFreeAtCommit(scope: IdempotencyScope, fingerprint: string, status: number, body: string, now: number, free: KeyFreeWhen, taken: () => Promise<Error>): Promise<void>;
  /** Removes the claim taken at `claimedAt`, if it is still that unfinished claim (a response not to be stored). */
  releaseClaim(scope: IdempotencyScope, claimedAt: number): Promise<void>;
  purgeOlderThan(cutoff: number): Promise<number>;
  /** Removes the unfinished claims taken before `claimedBefore` (their requests can no longer be running). */
  releaseUnfinished(claimedBefore: number): Promise<number>;
}

/** When a key's row no longer holds it: an answer kept from before `answeredBefore`, a claim taken before `claimedBefore`. */
export interface KeyFreeWhen {
  answeredBefore: number;
  claimedBefore: number;
}

export type Clock = () => number;

/**
 * Runs `work` in one database transaction: everything it stores commits together or not at all, and
 * no other flow's store call sees its changes before the commit. Inside another unit of the same
 * flow it is a savepoint: if `work` throws, only its part is undone. `work` should await only
 * storage: the transaction (on SQLite, the connection) is held until it settles.
 */
export type UnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Runs `work`'s reads against one consistent state of the store: no change committed by another flow
 * or instance while it runs is seen by some of its reads and not others. For a view assembled from
 * several reads (a session's row, then its payments). Inside a unit of work it is that unit's state.
 * `work` only reads, and should await only storage.
 */
export type ReadSnapshot = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The same, committed together with the other units queued in this turn of the event loop (group
 * commit); settles once the commit is durable. For the request paths that only insert.
 */
export type GroupedUnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Change signals between the instances sharing one store (issue 18): what one instance keeps in
 * memory and another changes (the address book, live feeds, the customer display, cached keys and
 * wallets, timers' wake-ups) is announced here. Payloads are short (ids, not objects: at most
 * MAX_SIGNAL_PAYLOAD bytes, domain/signals.ts); a listener reads what changed from the store.
 */
export interface ChangeSignals {
  /**
   * Every subscriber of `topic`, on every instance (this one's too), hears `payload`. Published inside
   * an open unit of work, it goes out when that unit commits, and never if it rolls back.
   * `topic`: letters, digits, `.`, `-` and `_`.
   */
  publish(topic: string, payload: string): Promise<void>;
  /** `listener(payload, fromHere)`: `fromHere` when this instance published it. Returns the unsubscribe. */
  subscribe(topic: string, listener: (payload: string, fromHere: boolean) => void): () => void;
  /**
   * `listener` is called when signals may have been missed (PostgreSQL: the listening connection was
   * lost and is back): what was kept from signals must be read from the store again. Returns the unsubscribe.
   */
  onResync(listener: () => void): () => void;
}

export interface WalletStore {
  xpub(merchantId: string, family: string, livemode: boolean): Promise<string | undefined>;
  upsert(merchantId: string, family: string, livemode: boolean, xpub: string, now: number): Promise<void>;
  /**
   * Takes the next `count` derivation indexes (1 if not given) of each of the merchant's wallets in
   * this mode (none: an empty list). @returns each wallet with the first of its `count` indexes
   */
  reserveIndexes(merchantId: string, livemode: boolean, count?: number): Promise<ReservedIndex[]>;
}

export interface SessionAddressStore {
  /** Adds addresses to a session stored before, in one statement. @returns their new rows' ids, in the order given */
  insert(rows: readonly SessionAddress[]): Promise<number[]>;
  forSession(sessionId: string): Promise<SessionAddress[]>;
  forSessions(sessionIds: readonly string[]): Promise<SessionAddress[]>;
  /** Addresses issued after row `row`, oldest first, at most `limit`: what another instance issued. */
  issuedAfter(row: number, limit: number): Promise<WatchedAddressRow[]>;
  /** The newest address's row, 0 when none was issued. */
  lastRow(): Promise<number>;
  /** Addresses still watched at `now` (watch_until > now). */
  watched(now: number): Promise<WatchedAddressRow[]>;
  /** Addresses whose watch window ended in (after, upTo]. */
  watchEnded(after: number, upTo: number): Promise<WatchedAddressRow[]>;
  /**
   * The session, watch window and address (as stored) of one row, or undefined when it does not exist.
   * The address book keeps only a hash of each address: the address read here confirms a hit.
   */
  watchOf(row: number): Promise<{ sessionId: string; watchUntil: number; address: string } | undefined>;
  /** The same, found by the address as stored (the family's canonical form), through its unique index. */
  watchOfAddress(family: string, livemode: boolean, address: string): Promise<{ sessionId: string; watchUntil: number } | undefined>;
  /** Calls `fn` for every address ever issued, row by row (not all in memory at once). */
  eachIssued(fn: (family: string, livemode: boolean, address: string) => void): Promise<void>;
}

export interface PaymentStore {
  find(network: string, livemode: boolean, txId: string, eventIndex: number, blockRef: string): Promise<Payment | undefined>;
  insert(p: Payment, now: number): Promise<void>;
  revive(id: string, now: number): Promise<void>;
  forSession(sessionId: string): Promise<Payment[]>;
  /** The payments of several sessions, oldest first. */
  forSessions(sessionIds: readonly string[]): Promise<Payment[]>;
  unconfirmed(network: string, livemode: boolean): Promise<Payment[]>;
  unconfirmedAbove(network: string, livemode: boolean, blockNumber: number): Promise<Payment[]>;
  setProgress(id: string, confirmations: number, status: PaymentStatus, now: number): Promise<void>;
}

/** Unmatched deposits (db/deposit-repository.ts). */
export interface DepositStore {
  /** @returns whether it was new (a transfer already recorded is left as it is) */
  insertIfNew(d: Deposit): Promise<boolean>;
  findById(id: string): Promise<Deposit | undefined>;
  /** The deposit of one transfer (whatever block it was recorded in). */
  findByTransfer(network: string, livemode: boolean, txId: string, eventIndex: number): Promise<Deposit | undefined>;
  /** A network's `unmatched` deposits still short of their confirmations: a watcher's pass counts or orphans them. */
  unconfirmed(network: string, livemode: boolean): Promise<Deposit[]>;
  list(q: DepositListQuery): Promise<{ items: Deposit[]; hasMore: boolean }>;
  update(id: string, patch: DepositPatch, now: number): Promise<void>;
  /** Deposits (any status) that reached one of these addresses of a mode (a shift's report). */
  depositsTo(merchantId: string, livemode: boolean, addresses: readonly string[]): Promise<Deposit[]>;
}

export interface ChainStateStore {
  cursor(network: string, livemode: boolean): Promise<{ chainId: string; position: string } | undefined>;
  setCursor(network: string, livemode: boolean, chainId: string, position: string, now: number): Promise<void>;
  recentBlocks(network: string, livemode: boolean): Promise<{ number: number; hash: string }[]>;
  putBlocks(network: string, livemode: boolean, blocks: { number: number; hash: string }[]): Promise<void>;
  /** Forgets the hashes of blocks above `number` (and not above `upTo` when given). */
  dropBlocksAbove(network: string, livemode: boolean, number: number, upTo?: number): Promise<void>;
  reset(network: string, livemode: boolean): Promise<void>;
}

/** Who holds a leader lease, under which fencing token, until when (epoch ms). */
export interface Lease {
  name: string;
  holder: string;
  token: number;
  expiresAt: number;
}

/**
 * Leader leases (issue 18): a role only one instance may run at a time (a network's watcher, the
 * timers) is run by the holder of its lease, kept by renewing it before it expires. Each call is one
 * atomic statement, so two instances asking at once cannot both get it. The fencing token grows each
 * time a lease is taken rather than renewed (free, expired, or released before), so a holder that
 * lost it (paused past the expiry, another took over) is told apart by its older token.
 */
export interface LeaseStore {
  /**
   * Takes `name` for `holder` when free, expired or released; renews it when `holder` holds it: it
   * then runs until `now + ttlMs`. Resolves with the fencing token, or undefined when another holds it.
   */
  acquire(name: string, holder: string, ttlMs: number, now: number): Promise<number | undefined>;
  /** Gives up `name` if `holder` holds it, so the next instance asking takes it at once. */
  release(name: string, holder: string): Promise<void>;
  current(name: string): Promise<Lease | undefined>;
  /**
   * Whether the lease `name` is still held under `token` and unexpired at `now`: the fence, checked in
   * a unit of work before it writes. Inside a unit the answer holds until the unit ends (PostgreSQL
   * locks the row: a takeover waits for the unit to commit; SQLite's writers are serial anyway).
   */
  isHeld(name: string, token: number, now: number): Promise<boolean>;
}

export interface EventStore {
  insert(e: StoredEvent): Promise<void>;
  forObject(objectId: string): Promise<StoredEvent[]>;
}

/** The events table read as the events API and the webhook outbox. */
export interface EventLog extends EventStore {
  findById(id: string): Promise<(StoredEvent & { seq: number }) | undefined>;
  maxSeq(): Promise<number>;
  after(seq: number, limit: number): Promise<(StoredEvent & { seq: number })[]>;
  list(query: EventListQuery): Promise<{ items: (StoredEvent & { seq: number })[]; hasMore: boolean }>;
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
  insertEndpoint(e: WebhookEndpointRecord): Promise<void>;
  updateEndpoint(e: WebhookEndpointRecord): Promise<void>;
  findEndpoint(id: string): Promise<WebhookEndpointRecord | undefined>;
  allEndpoints(): Promise<WebhookEndpointRecord[]>;
  countEndpoints(merchantId: string, livemode: boolean): Promise<number>;
  listEndpoints(merchantId: string, livemode: boolean, limit: number, startingAfter?: string, endingBefore?: string): Promise<{ items: WebhookEndpointRecord[]; hasMore: boolean }>;
  deleteEndpoint(id: string): Promise<void>;
  insertDelivery(d: NewWebhookDelivery): Promise<void>;
  findDelivery(id: string): Promise<WebhookDeliveryRecord | undefined>;
  listDeliveries(
    endpointId: string,
    query: { limit: number; startingAfter?: string; endingBefore?: string; status?: string; eventId?: string },
  ): Promise<{ items: WebhookDeliveryRecord[]; hasMore: boolean }>;
  /**
   * Claims up to `limit` pending deliveries to one endpoint that are due and first in line for their
   * object, atomically across every instance on the store: each claimed one's `nextAttemptAt` moves
   * to `now + leaseMs` (returned as such), so no other dispatcher picks it until its attempt is
   * recorded, or until the lease runs out (the claimer died: the delivery is due again).
   */
  claimDue(endpointId: string, now: number, limit: number, leaseMs: number): Promise<WebhookDeliveryRecord[]>;
  /** Gives a claim back unattempted (stopping): due at `now`. False when the claim was lost already. */
  releaseClaim(id: string, claimedUntil: number, now: number): Promise<boolean>;
  nextDueAfter(now: number): Promise<number | undefined>;
  /**
   * Records an attempt made under the claim ending at `claimedUntil` and its outcome. False, and
   * nothing written, when the claim is stale: the delivery was deleted (its endpoint removed), is no
   * longer pending (a 410 failed it), or its lease ran out and another claim took it (that attempt
   * is the one recorded).
   */
  finishAttempt(attempt: WebhookAttemptRecord, delivery: WebhookDeliveryOutcome, claimedUntil: number): Promise<boolean>;
  failPendingOf(endpointId: string, now: number): Promise<number>;
  attemptsOf(deliveryId: string): Promise<WebhookAttemptRecord[]>;
  cursor(name: string): Promise<number | undefined>;
  setCursor(name: string, value: number): Promise<void>;
}

/** One webhook POST as made: the answer's status and first bytes, or why there was none. */
export interface WebhookResponse {
  /** Undefined when no HTTP answer came (refused, reset, timed out). */
  status: number | undefined;
  body: string | null;
  retryAfter: string | null;
  error: string | null;
  durationMs: number;
  /**
   * `public` only when the request reached (or failed at) a public address; a private, loopback or
   * link-local one, or none known (a DNS failure), is `private` (domain/webhook-answers.ts).
   */
  peer: AnswerPeer;
}

/** How the dispatcher makes its HTTP requests (fetch in the app; anything in a test). */
export interface WebhookTransport {
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number, signal: AbortSignal): Promise<WebhookResponse>;
  /** Closes idle keep-alive connections. */
  close?(): void;
}

export interface LedgerStore {
  insertEntry(e: BalanceTransaction): Promise<void>;
  bookedBySource(sourceId: string, type: BalanceTransactionType): Promise<{ currency: Currency; amountMinor: bigint; entries: number }[]>;
  adjustAccount(merchantId: string, livemode: boolean, currency: Currency, availableDelta: bigint, pendingDelta: bigint, now: number): Promise<void>;
  accounts(merchantId: string, livemode: boolean): Promise<FundsBalance[]>;
  findSettlementGroup(merchantId: string, livemode: boolean, currency: Currency, availableOn: number): Promise<Settlement | undefined>;
  insertSettlement(s: Settlement): Promise<void>;
  addToSettlement(id: string, amountMinor: bigint): Promise<void>;
  dueSettlements(now: number, limit: number): Promise<Settlement[]>;
  nextSettlementAt(): Promise<number | undefined>;
  markSettled(id: string, now: number): Promise<boolean>;
  settlementsOf(merchantId: string, livemode: boolean, status: Settlement['status'], limit: number): Promise<Settlement[]>;
  findEntry(id: string): Promise<BalanceTransaction | undefined>;
  listEntries(q: LedgerQuery & { limit: number; startingAfter?: string; endingBefore?: string }): Promise<{ items: BalanceTransaction[]; hasMore: boolean }>;
  /** Every matching entry, newest first, read page by page (never all in memory at once). */
  iterateEntries(q: LedgerQuery): AsyncIterable<BalanceTransaction>;
  sessionSums(sessionId: string): Promise<LedgerSum[]>;
  sessionSumsMany(sessionIds: readonly string[]): Promise<(LedgerSum & { sessionId: string })[]>;
  pendingSums(merchantId: string, livemode: boolean): Promise<LedgerSum[]>;
  allSums(merchantId: string, livemode: boolean): Promise<LedgerSum[]>;
  entriesSince(merchantId: string, livemode: boolean, since: number): Promise<DatedEntry[]>;
  insertConversion(c: Conversion): Promise<void>;
  findConversion(id: string): Promise<Conversion | undefined>;
  listConversions(merchantId: string, livemode: boolean, limit: number, startingAfter?: string): Promise<{ items: Conversion[]; hasMore: boolean }>;
  /** Quotes live in the store, so one made through any instance is usable through every other. */
  insertQuote(q: ConversionQuote): Promise<void>;
  findQuote(id: string): Promise<ConversionQuote | undefined>;
  /** @returns whether it was there (a quote is used once: deleted in its conversion's unit of work) */
  deleteQuote(id: string): Promise<boolean>;
  /** Deletes the quotes expired at `now` (expires_at <= now); returns how many. */
  purgeQuotes(now: number): Promise<number>;
}

export type {
  ApiKeyRecord,
  Conversion,
  ConversionQuote,
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

/**
 * A paid session's receipt as the raw ESC/POS bytes a receipt printer takes (the receipt model and
 * its encoder, `GET /v1/payment/sessions/{id}/receipt?format=escpos`). The printing service gets it
 * from the composition root.
 */
export type ReceiptBytes = (sessionId: string, livemode: boolean) => Promise<Uint8Array>;
