import type { Currency } from './currencies.js';
import type { BalanceTransactionType } from './ledger.js';
import type { Rate } from './rates.js';

/**
 * Plain records that storage returns and services use as they are: defined once here, because
 * `db` and `services` may both import the domain but not each other.
 */

/** An API key as listed: never the secret, only its recognisable prefix. */
export interface ApiKeyRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  prefix: string;
  createdAt: number;
  revokedAt: number | null;
}

/** A session's deposit address in one chain family, watched until `watchUntil`. */
export interface SessionAddress {
  sessionId: string;
  family: string;
  livemode: boolean;
  address: string;
  derivationIndex: number;
  watchUntil: number;
}

/** A derivation index taken for a session, with the wallet (its xpub, or Solana's wallet address) it belongs to. */
export interface ReservedIndex {
  family: string;
  xpub: string;
  index: number;
}

/** Where a watched address sits in the store (its row id), for the address book's compact index. */
export interface WatchedAddressRow {
  row: number;
  family: string;
  livemode: boolean;
  address: string;
}

/** An event in the outbox; `payload` is the JSON of `data.object` when it happened. */
export interface StoredEvent {
  id: string;
  merchantId: string;
  livemode: boolean;
  type: string;
  objectId: string;
  payload: string;
  createdAt: number;
}

/** A registered webhook receiver. `secret` signs; `previousSecret` still signs until its expiry (rotation). */
export interface WebhookEndpointRecord {
  id: string;
  merchantId: string;
  livemode: boolean;
  url: string;
  description: string | null;
  enabledEvents: string[];
  status: 'enabled' | 'disabled';
  disabledReason: string | null;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  /** Events up to this `events.seq` existed before the endpoint and are never fanned out to it. */
  fromEventSeq: number;
  /**
   * When the owner, signed in to the app with their PIN, confirmed this endpoint's URL as a system of
   * theirs: only then are the answers of a non-public address kept in the attempts log. Null until
   * then, and again after any change of the URL (docs/webhooks.md, "Answers from the shop's network").
   */
  ownerConfirmedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event owed to one endpoint, tried until a 2xx or a final failure. */
export interface WebhookDeliveryRecord {
  seq: number;
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  objectId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the next attempt is due; null once the delivery is finished. */
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  createdAt: number;
  completedAt: number | null;
}

/** What an attempt changes on its delivery: retried later (`pending`) or finished. */
export interface WebhookDeliveryOutcome {
  id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  lastStatusCode: number | null;
  completedAt: number | null;
}

/** One HTTP request of a delivery, as logged. */
export interface WebhookAttemptRecord {
  deliveryId: string;
  attemptedAt: number;
  /** HTTP status; null when no answer came (timeout, refused connection). */
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the response body (at most 1 KB). */
  responseBody: string | null;
  error: string | null;
  /** The answer came from (or was sought at) a non-public address of an unconfirmed endpoint: body and error detail were not kept. */
  answerHidden: boolean;
}

/** Filters and cursor of `GET /v1/events`; `afterSeq` gives older events, `beforeSeq` newer ones. */
export interface EventListQuery {
  merchantId: string;
  livemode: boolean;
  limit: number;
  type?: string;
  /** `payment_session.` for `type=payment_session.*`. */
  typePrefix?: string;
  objectId?: string;
  createdGte?: number;
  createdLt?: number;
  afterSeq?: number;
  beforeSeq?: number;
}

/** Pending funds of one account that become available together, at `availableOn`. */
export interface Settlement {
  id: string;
  merchantId: string;
  livemode: boolean;
  currency: Currency;
  availableOn: number;
  amountMinor: bigint;
  entryCount: number;
  status: 'scheduled' | 'settled';
  settledAt: number | null;
  createdAt: number;
}

/** A move between two funds accounts at a quoted rate. */
export interface Conversion {
  id: string;
  merchantId: string;
  livemode: boolean;
  fromCurrency: Currency;
  fromAmountMinor: bigint;
  toCurrency: Currency;
  /** What the rate gives, before the fee. */
  toAmountMinor: bigint;
  feeMinor: bigint;
  rateScaled: bigint;
  rateSource: string;
  quoteId: string | null;
  automatic: boolean;
  createdAt: number;
}

/** A rate held for a conversion a minute long (POST /v1/conversions/quote): used once, or not at all. */
export interface ConversionQuote {
  id: string;
  merchantId: string;
  livemode: boolean;
  fromCurrency: Currency;
  fromAmountMinor: bigint;
  toCurrency: Currency;
  rate: Rate;
  /** What the rate gives, before the fee (rounded down: never more than the rate gives). */
  toAmountMinor: bigint;
  feeMinor: bigint;
  createdAt: number;
  expiresAt: number;
}

/** Filters over one merchant's ledger in one mode. */
export interface LedgerQuery {
  merchantId: string;
  livemode: boolean;
  type?: BalanceTransactionType;
  currency?: Currency;
  sourceId?: string;
  createdGte?: number;
  createdLt?: number;
  availableOnGte?: number;
  availableOnLt?: number;
}
