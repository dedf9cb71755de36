import { sql } from 'drizzle-orm';
import type { ColumnKit } from './column-kit.js';

/**
 * THE schema of the store, written once: every table, column (names included), key and index, in the
 * kit's words (column-kit.ts). Each dialect builds its tables from it (sqlite-tables.ts,
 * pg/pg-tables.ts), and drizzle-kit generates each dialect's migrations from those builds (`npm run
 * db:generate`). Adding a table: one edit here, one generated migration per dialect, one repository
 * (docs/architecture.md). Times are milliseconds since the Unix epoch (UTC); the API renders them as
 * ISO 8601.
 */
export function defineTables(k: ColumnKit) {
  const { table, text, integer, boolean, minorUnits, bigNumber, epochMs, bigCount, insertionSeq, rowId, index, uniqueIndex, primaryKey, unique } = k;

  const merchants = table('merchants', {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    reportingCurrency: text('reporting_currency').notNull().default('USD'),
    defaultCurrency: text('default_currency').notNull().default('USD'),
    /** Fee: percentage in basis points of the gross, plus a fixed amount in USD cents. */
    feeBps: integer('fee_bps').notNull().default(150),
    feeFixedUsdCents: integer('fee_fixed_usd_cents').notNull().default(10),
    sessionExpirySeconds: integer('session_expiry_seconds').notNull().default(900),
    monitoringWindowSeconds: integer('monitoring_window_seconds').notNull().default(86_400),
    /** Currency settled funds convert into automatically; null keeps them as they came. */
    settlementCurrency: text('settlement_currency'),
    /** Fee of a conversion between funds accounts, basis points of the amount received. */
    conversionFeeBps: integer('conversion_fee_bps').notNull().default(50),
    /** Whether the till offers tips after the cashier charges (docs/payments.md, "Tips"). */
    tipsEnabled: boolean('tips_enabled').notNull().default(false),
    /** JSON: up to three preset percentages the till offers (e.g. [10,15,20]). */
    tipPercentages: text('tip_percentages').notNull().default('[10,15,20]'),
    /** Whether the till also offers a custom tip amount. */
    tipsCustom: boolean('tips_custom').notNull().default(true),
    createdAt: epochMs('created_at').notNull(),
  });

  const merchantDomains = table(
    'merchant_domains',
    {
      id: text('id').primaryKey(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      domain: text('domain').notNull(),
      createdAt: epochMs('created_at').notNull(),
    },
    (t) => [index('merchant_domains_merchant').on(t.merchantId)],
  );

  const apiKeys = table(
    'api_keys',
    {
      id: text('id').primaryKey(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      livemode: boolean('livemode').notNull(),
      /** The first characters of the key (e.g. `sk_test_4f9Q`), enough to recognise and revoke it. */
      prefix: text('prefix').notNull(),
      /** SHA-256 of the whole key, hex; the key itself is never stored. */
      hash: text('hash').notNull(),
      createdAt: epochMs('created_at').notNull(),
      revokedAt: epochMs('revoked_at'),
    },
    (t) => [uniqueIndex('api_keys_hash').on(t.hash), index('api_keys_prefix').on(t.prefix)],
  );

  const paymentSessions = table(
    'payment_sessions',
    {
      /** Insertion order: the stable sort key behind cursor pagination (ids are random). */
      seq: insertionSeq(),
      id: text('id').notNull(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      merchantDomainId: text('merchant_domain_id').notNull().references(() => merchantDomains.id),
      livemode: boolean('livemode').notNull(),
      status: text('status').notNull(),
      exception: text('exception'),
      currency: text('currency').notNull(),
      amountMinor: minorUnits('amount_minor').notNull(),
      amountReceivedMinor: minorUnits('amount_received_minor').notNull().default(sql`0`),
      amountRefundedMinor: minorUnits('amount_refunded_minor').notNull().default(sql`0`),
      /** The customer's tip on top of `amount_minor`, same currency; 0 = no tip. Paid total = amount + tip. */
      tipMinor: minorUnits('tip_minor').notNull().default(sql`0`),
      description: text('description'),
      clientReferenceId: text('client_reference_id'),
      /** JSON: string map. */
      metadata: text('metadata').notNull().default('{}'),
      /** JSON: line items as given (shape B), or []. */
      lineItems: text('line_items').notNull().default('[]'),
      successUrl: text('success_url'),
      cancelUrl: text('cancel_url'),
      resolvedBy: text('resolved_by'),
      createdAt: epochMs('created_at').notNull(),
      expiresAt: epochMs('expires_at').notNull(),
      updatedAt: epochMs('updated_at').notNull(),
      /** The till's open shift the sale was charged in (docs/shifts.md); null: no till named, or none open. */
      shiftId: text('shift_id'),
      /** Who charged it: `ui:<user id>` for a signed-in staff member, else the API key's id. */
      createdBy: text('created_by'),
    },
    (t) => [
      unique('payment_sessions_id').on(t.id),
      index('payment_sessions_shift').on(t.shiftId),
      index('payment_sessions_list').on(t.merchantId, t.livemode, t.seq),
      index('payment_sessions_expiry').on(t.status, t.expiresAt),
    ],
  );

  /** The rate locked for each stablecoin when a session was created; options price from it. */
  const sessionQuotes = table(
    'session_quotes',
    {
      sessionId: text('session_id').notNull().references(() => paymentSessions.id),
      currency: text('currency').notNull(),
      rateScaled: bigNumber('rate_scaled').notNull(),
      rateSource: text('rate_source').notNull(),
      amountDueMinor: minorUnits('amount_due_minor').notNull(),
      /** The merchant's fixed fee per payment (USD) in this coin, at the rate of the session's creation. */
      feeFixedMinor: minorUnits('fee_fixed_minor').notNull().default(sql`0`),
    },
    (t) => [primaryKey({ columns: [t.sessionId, t.currency] })],
  );

  const idempotencyKeys = table(
    'idempotency_keys',
    {
      merchantId: text('merchant_id').notNull(),
      livemode: boolean('livemode').notNull(),
      key: text('key').notNull(),
      /** Method, path and a hash of the canonical body: what "the same request" means. */
      fingerprint: text('fingerprint').notNull(),
      /** Null while the first request is still being processed. */
      responseStatus: integer('response_status'),
      /** Sealed by the data key (`sealed:v1:…`) when it holds a credential (a new API key, a webhook secret). */
      responseBody: text('response_body'),
      createdAt: epochMs('created_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.merchantId, t.livemode, t.key] }), index('idempotency_keys_created').on(t.createdAt)],
  );

  /** The merchant's watch-only wallet per chain family and mode, and the next unused derivation index. */
  const wallets = table(
    'wallets',
    {
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      family: text('family').notNull(),
      livemode: boolean('livemode').notNull(),
      /** Account-level extended public key (EVM: m/44'/60'/0'). */
      xpub: text('xpub').notNull(),
      nextIndex: integer('next_index').notNull().default(0),
      createdAt: epochMs('created_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.merchantId, t.family, t.livemode] })],
  );

  /** The deposit address reserved for a session, one per chain family; never given to another session. */
  const sessionAddresses = table(
    'session_addresses',
    {
      sessionId: text('session_id').notNull().references(() => paymentSessions.id),
      family: text('family').notNull(),
      livemode: boolean('livemode').notNull(),
      address: text('address').notNull(),
      derivationIndex: integer('derivation_index').notNull(),
      /** Until when the watchers look for payments to it: expiry plus the monitoring window. */
      watchUntil: epochMs('watch_until').notNull(),
      /**
       * The number the address book keeps per watched address (services/address-book.ts) and reads the
       * row back by, and the key `eachIssued` pages on: SQLite's implicit rowid, a column on PostgreSQL.
       */
      ...withRowId(rowId()),
    },
    (t) => [
      primaryKey({ columns: [t.sessionId, t.family] }),
      uniqueIndex('session_addresses_address').on(t.family, t.livemode, t.address),
      index('session_addresses_watch').on(t.livemode, t.watchUntil),
      ...(k.dialect === 'postgres' ? [uniqueIndex('session_addresses_row').on(t.rowId)] : []),
    ],
  );

  /**
   * Token transfers found on chain, keyed by network, transaction id, event index and block so a
   * transfer is recorded once however often it is seen. The words are every chain family's: `tx_id` is
   * the network's transaction id (EVM: hash), `event_index` the transfer's index among its block's events
   * (EVM: log index), `block_ref` the block's hash. `session_id` is null for an unattributable deposit.
   */
  const payments = table(
    'payments',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      sessionId: text('session_id').references(() => paymentSessions.id),
      network: text('network').notNull(),
      livemode: boolean('livemode').notNull(),
      currency: text('currency').notNull(),
      tokenContract: text('token_contract').notNull(),
      txId: text('tx_id').notNull(),
      eventIndex: integer('event_index').notNull(),
      blockNumber: bigCount('block_number').notNull(),
      blockRef: text('block_ref').notNull(),
      blockTime: epochMs('block_time').notNull(),
      fromAddress: text('from_address').notNull(),
      toAddress: text('to_address').notNull(),
      amountBase: bigNumber('amount_base').notNull(),
      amountMinor: minorUnits('amount_minor').notNull(),
      confirmations: integer('confirmations').notNull(),
      status: text('status').notNull(),
      detectedAt: epochMs('detected_at').notNull(),
      updatedAt: epochMs('updated_at').notNull(),
    },
    (t) => [
      uniqueIndex('payments_id').on(t.id),
      // A transfer is the same payment only in the same block: re-included elsewhere after a
      // reorganisation (where its event index may shift) it is a new row, the old one stays orphaned.
      uniqueIndex('payments_transfer').on(t.network, t.livemode, t.txId, t.eventIndex, t.blockRef),
      index('payments_session').on(t.sessionId),
      index('payments_unconfirmed').on(t.network, t.livemode, t.status),
    ],
  );

  /**
   * Money that reached the merchant's own accounts without paying a session (domain/deposit.ts): shown
   * to the owner, never in balances or the ledger. One row per transfer, so a repeated scan records
   * nothing twice.
   */
  const deposits = table(
    'deposits',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      network: text('network').notNull(),
      livemode: boolean('livemode').notNull(),
      txId: text('tx_id').notNull(),
      eventIndex: integer('event_index').notNull(),
      blockNumber: bigCount('block_number').notNull(),
      blockRef: text('block_ref').notNull(),
      blockTime: epochMs('block_time').notNull(),
      /** Counted by the watcher while unmatched and unconfirmed, as a payment's are. */
      confirmations: integer('confirmations').notNull().default(0),
      /** The network's confirmations reached: final. Only then may it be attributed or refunded. */
      confirmed: boolean('confirmed').notNull().default(false),
      fromAddress: text('from_address').notNull(),
      toAddress: text('to_address').notNull(),
      /** Null for a token the network does not offer. */
      currency: text('currency'),
      tokenContract: text('token_contract').notNull(),
      amountBase: bigNumber('amount_base').notNull(),
      decimals: integer('decimals').notNull(),
      reason: text('reason').notNull(),
      status: text('status').notNull(),
      createdAt: epochMs('created_at').notNull(),
      updatedAt: epochMs('updated_at').notNull(),
      /** `attributed`: the session it now pays (its payment row carries the deposit's transfer). */
      resolvedSessionId: text('resolved_session_id'),
      /** The refund sending it back: set when the refund is made, the deposit `refunded` once it succeeds. */
      refundId: text('refund_id'),
      /** The owner's note (required to dismiss). */
      note: text('note'),
      /** When and by whom (API key id, or `ui:<user id>`) it was attributed, refunded or dismissed. */
      resolvedAt: epochMs('resolved_at'),
      resolvedBy: text('resolved_by'),
    },
    (t) => [
      uniqueIndex('deposits_id').on(t.id),
      uniqueIndex('deposits_transfer').on(t.network, t.livemode, t.txId, t.eventIndex),
      index('deposits_list').on(t.merchantId, t.livemode, t.status),
      /** The watcher's pass: the unconfirmed deposits of its network to count or orphan. */
      index('deposits_unconfirmed').on(t.network, t.livemode, t.confirmed),
    ],
  );

  /**
   * Where each watcher has scanned to: a restart resumes here, so nothing paid while down is missed.
   * Chain id and position are text, written by the network's family (EVM: decimal chain id, last block).
   */
  const chainCursors = table(
    'chain_cursors',
    {
      network: text('network').notNull(),
      livemode: boolean('livemode').notNull(),
      chainId: text('chain_id').notNull(),
      position: text('position').notNull(),
      updatedAt: epochMs('updated_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.network, t.livemode] })],
  );

  /** Hashes of recently scanned blocks: a changed hash is how a reorganisation is noticed. */
  const chainBlocks = table(
    'chain_blocks',
    {
      network: text('network').notNull(),
      livemode: boolean('livemode').notNull(),
      number: bigCount('number').notNull(),
      hash: text('hash').notNull(),
    },
    (t) => [primaryKey({ columns: [t.network, t.livemode, t.number] })],
  );

  /**
   * Every state change as an event, written in the same transaction as the change: the outbox that
   * webhooks deliver from and `GET /v1/events` reads.
   */
  const events = table(
    'events',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      merchantId: text('merchant_id').notNull(),
      livemode: boolean('livemode').notNull(),
      type: text('type').notNull(),
      objectId: text('object_id').notNull(),
      /** JSON of `data.object` as it was when the event happened. */
      payload: text('payload').notNull(),
      createdAt: epochMs('created_at').notNull(),
    },
    (t) => [
      uniqueIndex('events_id').on(t.id),
      index('events_list').on(t.merchantId, t.livemode, t.seq),
      index('events_object').on(t.objectId, t.seq),
    ],
  );

  /**
   * Webhook receivers. The secret signs, so it cannot be hashed: it is sealed by the app's data key
   * (`sealed:v1:…`, docs/security.md), as is `previous_secret`.
   */
  const webhookEndpoints = table(
    'webhook_endpoints',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      merchantId: text('merchant_id').notNull(),
      livemode: boolean('livemode').notNull(),
      url: text('url').notNull(),
      description: text('description'),
      /** JSON array of event types, or `["*"]`. */
      enabledEvents: text('enabled_events').notNull(),
      status: text('status').notNull(),
      disabledReason: text('disabled_reason'),
      secret: text('secret').notNull(),
      /** The secret before the last rotation; it signs beside the new one until `previous_secret_expires_at`. */
      previousSecret: text('previous_secret'),
      previousSecretExpiresAt: epochMs('previous_secret_expires_at'),
      /** `events.seq` when the endpoint was made: older events are not sent to it. */
      fromEventSeq: bigCount('from_event_seq').notNull(),
      /** When the owner confirmed the URL (PIN asked again): answers of non-public addresses are kept only then. Cleared when the URL changes. */
      ownerConfirmedAt: epochMs('owner_confirmed_at'),
      createdAt: epochMs('created_at').notNull(),
      updatedAt: epochMs('updated_at').notNull(),
    },
    (t) => [uniqueIndex('webhook_endpoints_id').on(t.id), index('webhook_endpoints_list').on(t.merchantId, t.livemode, t.seq)],
  );

  /** One event owed to one endpoint: the durable queue the dispatcher works from. */
  const webhookDeliveries = table(
    'webhook_deliveries',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      endpointId: text('endpoint_id').notNull(),
      eventId: text('event_id').notNull(),
      eventType: text('event_type').notNull(),
      /** The event's object (a session): deliveries of one object to one endpoint go out in order. */
      objectId: text('object_id').notNull(),
      /** pending | succeeded | failed */
      status: text('status').notNull(),
      attempts: integer('attempts').notNull().default(0),
      nextAttemptAt: epochMs('next_attempt_at'),
      lastStatusCode: integer('last_status_code'),
      createdAt: epochMs('created_at').notNull(),
      completedAt: epochMs('completed_at'),
    },
    (t) => [
      uniqueIndex('webhook_deliveries_id').on(t.id),
      index('webhook_deliveries_endpoint').on(t.endpointId, t.seq),
      index('webhook_deliveries_due').on(t.status, t.nextAttemptAt),
      index('webhook_deliveries_endpoint_due').on(t.endpointId, t.status, t.nextAttemptAt, t.seq),
      index('webhook_deliveries_object').on(t.endpointId, t.objectId, t.status, t.seq),
    ],
  );

  /** Every HTTP request made for a delivery: status, duration, the start of the answer. */
  const webhookAttempts = table(
    'webhook_attempts',
    {
      seq: insertionSeq(),
      deliveryId: text('delivery_id').notNull(),
      attemptedAt: epochMs('attempted_at').notNull(),
      statusCode: integer('status_code'),
      durationMs: integer('duration_ms').notNull(),
      responseBody: text('response_body'),
      error: text('error'),
      /** Body and error detail not kept: a non-public address of an unconfirmed endpoint. */
      answerHidden: boolean('answer_hidden').notNull().default(false),
    },
    (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.seq)],
  );

  /** Small named counters: `webhook_fanout` is the last `events.seq` turned into deliveries. */
  const cursors = table('cursors', {
    name: text('name').primaryKey(),
    value: bigCount('value').notNull(),
  });
  /**
   * The ledger: one row per balance transaction, written once, never updated (docs/balances.md).
   * `settles` entries wait in `pending` until `available_on`; the others count as available at once.
   */
  const balanceTransactions = table(
    'balance_transactions',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      livemode: boolean('livemode').notNull(),
      type: text('type').notNull(),
      currency: text('currency').notNull(),
      amountMinor: minorUnits('amount_minor').notNull(),
      feeMinor: minorUnits('fee_minor').notNull(),
      netMinor: minorUnits('net_minor').notNull(),
      /** The tip's share of `amount_minor` (same coin and sign); 0 for entries without one (docs/balances.md, "Tips"). */
      tipMinor: minorUnits('tip_minor').notNull().default(sql`0`),
      availableOn: epochMs('available_on').notNull(),
      settles: boolean('settles').notNull(),
      sourceId: text('source_id').notNull(),
      description: text('description').notNull(),
      createdAt: epochMs('created_at').notNull(),
    },
    (t) => [
      uniqueIndex('balance_transactions_id').on(t.id),
      index('balance_transactions_list').on(t.merchantId, t.livemode, t.seq),
      index('balance_transactions_source').on(t.sourceId),
      // The daily series (entries of the last days) and the pending breakdown (entries of scheduled
      // settlements) read a merchant's recent entries without scanning its whole ledger.
      index('balance_transactions_created').on(t.merchantId, t.livemode, t.createdAt),
      index('balance_transactions_available').on(t.merchantId, t.livemode, t.availableOn),
    ],
  );

  /** Each funds account's balance: the running sum of its ledger entries, kept in the same transactions. */
  const fundsAccounts = table(
    'funds_accounts',
    {
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      livemode: boolean('livemode').notNull(),
      currency: text('currency').notNull(),
      availableMinor: minorUnits('available_minor').notNull(),
      pendingMinor: minorUnits('pending_minor').notNull(),
      createdAt: epochMs('created_at').notNull(),
      updatedAt: epochMs('updated_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.merchantId, t.livemode, t.currency] })],
  );

  /**
   * Pending funds grouped by the moment they become available: `scheduled` until then, `settled` once
   * the settlement job has moved them (and said so with a `balance.available` event).
   */
  const settlements = table(
    'settlements',
    {
      id: text('id').primaryKey(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      livemode: boolean('livemode').notNull(),
      currency: text('currency').notNull(),
      availableOn: epochMs('available_on').notNull(),
      amountMinor: minorUnits('amount_minor').notNull(),
      entryCount: integer('entry_count').notNull(),
      status: text('status').notNull(),
      settledAt: epochMs('settled_at'),
      createdAt: epochMs('created_at').notNull(),
    },
    (t) => [
      uniqueIndex('settlements_group').on(t.merchantId, t.livemode, t.currency, t.availableOn),
      index('settlements_due').on(t.status, t.availableOn),
    ],
  );

  /** Moves between funds accounts at a quoted rate (by hand, or automatic on settlement). */
  const conversions = table(
    'conversions',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      livemode: boolean('livemode').notNull(),
      fromCurrency: text('from_currency').notNull(),
      fromAmountMinor: minorUnits('from_amount_minor').notNull(),
      toCurrency: text('to_currency').notNull(),
      /** What the rate gives, before the fee. */
      toAmountMinor: minorUnits('to_amount_minor').notNull(),
      feeMinor: minorUnits('fee_minor').notNull(),
      rateScaled: bigNumber('rate_scaled').notNull(),
      rateSource: text('rate_source').notNull(),
      quoteId: text('quote_id'),
      /** Made by the settlement job (the merchant's settlement currency), not by a request. */
      automatic: boolean('automatic').notNull(),
      createdAt: epochMs('created_at').notNull(),
    },
    (t) => [uniqueIndex('conversions_id').on(t.id), index('conversions_list').on(t.merchantId, t.livemode, t.seq)],
  );

  /**
   * Conversion quotes (POST /v1/conversions/quote): a rate held for a minute, usable through any
   * instance of the store and used once (deleted in the conversion's unit of work). Expired ones are
   * deleted when the next quote is made.
   */
  const conversionQuotes = table(
    'conversion_quotes',
    {
      id: text('id').primaryKey(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      livemode: boolean('livemode').notNull(),
      fromCurrency: text('from_currency').notNull(),
      fromAmountMinor: minorUnits('from_amount_minor').notNull(),
      toCurrency: text('to_currency').notNull(),
      /** What the rate gives, before the fee. */
      toAmountMinor: minorUnits('to_amount_minor').notNull(),
      feeMinor: minorUnits('fee_minor').notNull(),
      rateScaled: bigNumber('rate_scaled').notNull(),
      rateSource: text('rate_source').notNull(),
      /** When the rate's prices were published (the quote shows it). */
      rateAsOf: epochMs('rate_as_of').notNull(),
      createdAt: epochMs('created_at').notNull(),
      expiresAt: epochMs('expires_at').notNull(),
    },
    (t) => [index('conversion_quotes_expiry').on(t.expiresAt)],
  );

  /**
   * Refunds (docs/refunds.md): money paid back to a session's payer, by the route it came (network and
   * coin of one payment). Amounts are in the coin's 6-decimal unit; `amount_base` in the token's own.
   * A wallet payout's signed transaction, its id, its key and its chain data are stored before it is
   * broadcast, so a crash or a dropped transaction re-sends the same bytes, never a second payment.
   */
  const refunds = table(
    'refunds',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      livemode: boolean('livemode').notNull(),
      /** Null for a deposit's refund (`deposit_id`): it pays back money no session received. */
      sessionId: text('session_id').references(() => paymentSessions.id),
      /** The payment whose route (network, coin, payer) the refund follows; null for a deposit's refund. */
      paymentId: text('payment_id'),
      /** An unmatched deposit sent back to its sender (issue 17): the refund follows its transfer's route. */
      depositId: text('deposit_id'),
      network: text('network').notNull(),
      currency: text('currency').notNull(),
      tokenContract: text('token_contract').notNull(),
      decimals: integer('decimals').notNull(),
      amountMinor: minorUnits('amount_minor').notNull(),
      /** The same amount in the session's pricing currency (what `amount_refunded` adds up). */
      amountPricingMinor: minorUnits('amount_pricing_minor').notNull(),
      amountBase: bigNumber('amount_base').notNull(),
      /** Null while REQUIRES_ACTION (the payer address cannot be trusted as the customer's wallet). */
      destination: text('destination'),
      /** `payer` (the payment's from), `owner` (given at creation or confirmed). */
      destinationSource: text('destination_source').notNull(),
      status: text('status').notNull(),
      reason: text('reason'),
      /** Why REQUIRES_ACTION, or why FAILED. */
      actionReason: text('action_reason'),
      failureReason: text('failure_reason'),
      /** `wallet` (signed by the refund wallet) or `manual` (the owner pays a QR); fixed at creation. */
      payoutMethod: text('payout_method').notNull(),
      fromAddress: text('from_address'),
      rawTx: text('raw_tx'),
      txId: text('tx_id'),
      blockNumber: bigCount('block_number'),
      confirmations: integer('confirmations').notNull().default(0),
      broadcasts: integer('broadcasts').notNull().default(0),
      lastError: text('last_error'),
      /** JSON: the ledger entries written at creation ([{currency, amount, settlesAt|null}]) to reverse on failure. */
      ledgerEntries: text('ledger_entries').notNull().default('[]'),
      createdAt: epochMs('created_at').notNull(),
      updatedAt: epochMs('updated_at').notNull(),
      /** What no two payouts of a network may share, as the family computes it (EVM: `from:nonce`). */
      payoutKey: text('payout_key'),
      /** The payout's chain data: JSON its family owns and nothing else reads (EVM: nonce and fees). */
      payoutData: text('payout_data'),
    },
    (t) => [
      uniqueIndex('refunds_id').on(t.id),
      index('refunds_list').on(t.merchantId, t.livemode, t.seq),
      index('refunds_session').on(t.sessionId),
      index('refunds_deposit').on(t.depositId),
      index('refunds_open').on(t.network, t.livemode, t.status),
      // A payout's key belongs to one refund only (EVM: a wallet's nonce, which can be mined once).
      uniqueIndex('refunds_payout_key').on(t.network, t.livemode, t.payoutKey),
      uniqueIndex('refunds_tx').on(t.network, t.livemode, t.txId),
    ],
  );

  /** The refund wallet per chain family and mode: its address and its private key, encrypted at rest. */
  const refundWallets = table(
    'refund_wallets',
    {
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      family: text('family').notNull(),
      livemode: boolean('livemode').notNull(),
      address: text('address').notNull(),
      /** The secret box's sealed private key (JSON). */
      sealedKey: text('sealed_key').notNull(),
      createdAt: epochMs('created_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.merchantId, t.family, t.livemode] })],
  );

  // --- Staff users and the UI's sign-in sessions (issue 5) ---

  /** People who sign in to the app's own UI with a name and a PIN; `role` is `owner` or `cashier`. */
  const users = table(
    'users',
    {
      id: text('id').primaryKey(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      name: text('name').notNull(),
      /** The name trimmed and lower-cased: sign-in and uniqueness ignore case. */
      nameKey: text('name_key').notNull(),
      role: text('role').notNull(),
      /** `scrypt$N$r$p$salt$hash` (domain/pin.ts): a per-user salt, never the PIN. */
      pinHash: text('pin_hash').notNull(),
      createdAt: epochMs('created_at').notNull(),
      /** Set when removed: the user can no longer sign in; the row stays for the record. */
      disabledAt: epochMs('disabled_at'),
    },
    (t) => [
      uniqueIndex('users_active_name').on(t.merchantId, t.nameKey).where(sql`${t.disabledAt} is null`),
      index('users_merchant').on(t.merchantId),
    ],
  );

  /** A signed-in UI user: the bearer token is kept only as its SHA-256; it ends on sign-out or inactivity. */
  const uiSessions = table(
    'ui_sessions',
    {
      id: text('id').primaryKey(),
      tokenHash: text('token_hash').notNull(),
      userId: text('user_id').notNull().references(() => users.id),
      createdAt: epochMs('created_at').notNull(),
      lastUsedAt: epochMs('last_used_at').notNull(),
      expiresAt: epochMs('expires_at').notNull(),
      endedAt: epochMs('ended_at'),
      /** Test or live for this sign-in, when the owner switched it; null: the app's default mode. */
      livemode: boolean('livemode'),
    },
    (t) => [uniqueIndex('ui_sessions_token').on(t.tokenHash), index('ui_sessions_user').on(t.userId)],
  );

  /**
   * Failed PIN sign-ins in a row, per user (`u:<user id or unknown name>`) and per client address
   * (`a:<address>`), and the lock they earned (services/sign-in-guard.ts): in the store, so every
   * instance of it counts the same attempts. A row is deleted on a success, or a day after its last
   * failure once its lock is over.
   */
  const signInFailures = table(
    'sign_in_failures',
    {
      counterKey: text('counter_key').primaryKey(),
      failures: integer('failures').notNull(),
      lockedUntil: epochMs('locked_until').notNull(),
      lastFailureAt: epochMs('last_failure_at').notNull(),
    },
    (t) => [index('sign_in_failures_last').on(t.lastFailureAt)],
  );

  /**
   * A till's shift (docs/shifts.md): opened by a staff member, closed with its report frozen as JSON,
   * reconciled once every payment still unconfirmed at close has settled. At most one open shift per
   * till and mode, enforced by the store (two instances opening one at once: one insert fails).
   */
  const shifts = table(
    'shifts',
    {
      seq: insertionSeq(),
      id: text('id').notNull(),
      merchantId: text('merchant_id').notNull().references(() => merchants.id),
      livemode: boolean('livemode').notNull(),
      /** The till's id (renderer/src/till-id.ts: `[a-z0-9-]{1,32}`). */
      till: text('till').notNull(),
      /** `ui:<user id>`, or the API key's id. */
      openedBy: text('opened_by').notNull(),
      openedAt: epochMs('opened_at').notNull(),
      closedAt: epochMs('closed_at'),
      closedBy: text('closed_by'),
      /** JSON: the report as it was at close, updated as unconfirmed payments settle. */
      report: text('report'),
      reconciledAt: epochMs('reconciled_at'),
    },
    (t) => [
      uniqueIndex('shifts_id').on(t.id),
      uniqueIndex('shifts_open_till').on(t.merchantId, t.livemode, t.till).where(sql`${t.closedAt} is null`),
      index('shifts_list').on(t.merchantId, t.livemode, t.seq),
    ],
  );

  /** Settings the owner changes in the app and the core reads at start (JSON values; docs/ui.md), and the core's own markers (`storage.…`). */
  const appSettings = table('app_settings', {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    updatedAt: epochMs('updated_at').notNull(),
  });

  /**
   * Leader leases (issue 18): one row per role (`watcher:<network>:<mode>`, `timers`) that only one
   * instance may run at a time. `token` grows each time the lease is taken rather than renewed: the
   * fencing token a holder's writes are checked against (services/leadership.ts, docs/deployment.md).
   */
  const leases = table('leases', {
    name: text('name').primaryKey(),
    holder: text('holder').notNull(),
    token: bigCount('token').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
  });

  return { merchants, merchantDomains, apiKeys, paymentSessions, sessionQuotes, idempotencyKeys, wallets, sessionAddresses, payments, deposits, chainCursors, chainBlocks, events, webhookEndpoints, webhookDeliveries, webhookAttempts, cursors, balanceTransactions, fundsAccounts, settlements, conversions, conversionQuotes, refunds, refundWallets, users, uiSessions, signInFailures, appSettings, leases, shifts };
}

/** A column present only where the dialect has one (the kit returns undefined for SQLite's implicit rowid). */
function withRowId<C>(column: C | undefined): { rowId: C } {
  return (column === undefined ? {} : { rowId: column }) as { rowId: C };
}

export type Tables = ReturnType<typeof defineTables>;
