import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAMILIES, familyById, familyOf, networkInfo, networkName } from './chains/registry.js';
import { presentRefund } from './http/presenters/refund-presenter.js';
import { RefundService } from './services/refund-service.js';
import { ShiftService } from './services/shift-service.js';
import { DailyReportService } from './services/daily-report-service.js';
import { presentShift } from './http/presenters/shift-presenter.js';
import { PassphraseSecretBox, type SecretBox } from './services/secret-box.js';
import { DATA_KEY_FILE, loadDataKey } from './data-key.js';
import { checkSharedDataKey } from './shared-data-key.js';
import { DataKeyCipher } from './domain/secret-cipher.js';
import { newWebhookSecret } from './domain/webhooks.js';
import { makeDataDirPrivate } from './private-files.js';
import type { ResolvedConfig } from './config.js';
import type { ChainViews } from './chain-integration.js';
import { type RateSource, TEST_USD_PRICES, UsdPriceTable } from './domain/rates.js';
import { presentDeposit } from './http/presenters/deposit-presenter.js';
import { presentSettlementEvent } from './http/presenters/ledger-presenter.js';
import { presentSession } from './http/presenters/session-presenter.js';
import { presentEndpoint } from './http/presenters/webhook-presenter.js';
import { AddressBook } from './services/address-book.js';
import { ApiKeyService } from './services/api-key-service.js';
import { ConversionService } from './services/conversion-service.js';
import { DepositService } from './services/deposit-service.js';
import { NO_CHAINS } from './services/chain-handlers.js';
import { IdempotencyService } from './services/idempotency-service.js';
import { LedgerService } from './services/ledger-service.js';
import { CustomerDisplay } from './services/customer-display.js';
import { ReceiptService } from './services/receipt-service.js';
import { escposReceipt } from './receipt/escpos-receipt.js';
import { receiptUrl } from './receipt/receipt-text.js';
import { Leadership, newHolderId, TIMERS_ROLE } from './services/leadership.js';
import { LiveFeed } from './services/live-feed.js';
import { atCommitOnEveryInstance, onEveryInstance } from './services/on-every-instance.js';
import { WalletsNow } from './services/wallets-now.js';
import { IndexReservations } from './services/index-reservations.js';
import { NetworkSettings } from './services/network-settings.js';
import { MerchantService } from './services/merchant-service.js';
import { PaymentRecorder } from './services/payment-recorder.js';
import { rateFeedPorts } from './rate-feed-io.js';
import { Readiness } from './services/readiness.js';
import { EcbRateFeed } from './services/rate-feed.js';
import { liveRateSource, RateService } from './services/rate-service.js';
import type { ChainDirectory, ChainStateStore, UnitOfWork, WalletStore } from './services/ports.js';
import { openStores } from './storage/open-stores.js';
import type { Stores } from './storage/stores.js';
import { EventService } from './services/event-service.js';
import { SessionService } from './services/session-service.js';
import { WebhookDispatcher } from './services/webhook-dispatcher.js';
import { WebhookEndpointService } from './services/webhook-endpoint-service.js';
import { HttpTransport } from './services/webhook-transport.js';
import { SettlementService } from './services/settlement-service.js';
import { UserService } from './services/user-service.js';
import type { Caller } from './domain/merchant.js';
import { NetworkPrinter } from './services/printer/network-printer.js';
import { PrintOnPaid } from './services/printer/print-on-paid.js';
import { PrintRecords } from './services/printer/print-records.js';
import { PrinterSettings } from './services/printer/printer-settings.js';
import { ReceiptPrinting } from './services/printer/receipt-printing.js';
import { ShiftReportPrinting } from './services/printer/shift-report-printing.js';
import type { ReceiptBytes } from './services/ports.js';

export interface CoreServices {
  /** The store the services run on: SQLite or PostgreSQL (storage/stores.ts). */
  store: Stores;
  /** One unit of work on that store (tests, and check-then-write steps outside a service). */
  tx: UnitOfWork;
  merchants: MerchantService;
  apiKeys: ApiKeyService;
  /** Staff users (owner, cashier) and the UI's PIN sign-in sessions. */
  users: UserService;
  /** The caller a bearer token stands for: a UI session token or an API key; null for neither. */
  authenticate(token: string): Promise<Caller | null>;
  sessions: SessionService;
  idempotency: IdempotencyService;
  payments: PaymentRecorder;
  addressBook: AddressBook;
  live: LiveFeed;
  display: CustomerDisplay;
  /** Live RPC endpoints, confirmations and wallets saved from the app (read at start). */
  networkSettings: NetworkSettings;
  /** The registered chain families and networks, as services see them. */
  chains: ChainDirectory;
  ledger: LedgerService;
  conversions: ConversionService;
  settlements: SettlementService;
  chainState: ChainStateStore;
  wallets: WalletStore;
  /**
   * The default merchant's wallet of a family and mode as it is set now, from memory (all read at
   * start, kept when saved here, read again when saved on another instance: services/wallets-now.ts);
   * watchers and payment options ask on every pass and view, synchronously (WatcherPorts.wallet).
   */
  walletNow(family: string, livemode: boolean): string | undefined;
  webhookEndpoints: WebhookEndpointService;
  events: EventService;
  refunds: RefundService;
  /** Receipts of paid sessions (JSON, printable page, ESC/POS, the public page). */
  receipts: ReceiptService;
  /** Unmatched deposits, recorded from the watchers' scans (payments.deposits). */
  deposits: DepositService;
  /** Tills' shifts and their reports (docs/shifts.md). */
  shifts: ShiftService;
  /** The shop's day: the daily Z-report (docs/reports.md). */
  dailyReports: DailyReportService;
  /**
   * Which instance runs each network's watcher and the timers (one at a time across instances on one
   * database); createCore adds the roles, starts it and stops it (services/leadership.ts).
   */
  leadership: Leadership;
  /** `GET /ready`: the database and the led watchers' lag; createCore hands it the watchers. */
  readiness: Readiness;
  /** The shop's network receipt printer (`/v1/settings/printer`). */
  printerSettings: PrinterSettings;
  /** Prints receipts on request and records every attempt (`/v1/payment/sessions/{id}/print`). */
  printing: ReceiptPrinting;
  /** A shift's report printed on request. */
  shiftPrinting: ShiftReportPrinting;
  /** Prints each paid sale's receipt once; createCore runs it with the timers (TIMERS_ROLE, one instance). */
  printOnPaid: PrintOnPaid;
  /** Delivers the outbox; createCore starts and stops it. */
  webhooks: WebhookDispatcher;
  rates: RateService;
  /** The live reference-rate feed (null when off); createCore starts and stops its fetching. */
  rateFeed: EcbRateFeed | null;
  /**
   * At the served app's start (the CLI's other commands never need the data key): opens the data
   * key, or fails the start when it cannot; seals what an earlier version stored in plain text; and
   * makes sure every webhook secret opens, so none fails later at a delivery. docs/security.md.
   */
  prepareSecretsAtRest(): Promise<void>;
  close(): Promise<void>;
}

/** The test-mode wallets' seed lives in the data dir (test funds only), so the same addresses come back. */
function testWalletSeed(dataDir: string): Uint8Array {
  const file = join(dataDir, 'test-wallet.json');
  if (existsSync(file)) return Buffer.from((JSON.parse(readFileSync(file, 'utf8')) as { seed: string }).seed, 'hex');
  const seed = randomBytes(32);
  writeFileSync(
    file,
    JSON.stringify({ warning: 'TEST MODE ONLY: receives devnet test tokens; never send real funds to its addresses.', seed: seed.toString('hex') }, null, 2),
    { mode: 0o600 },
  );
  return seed;
}

/**
 * TEST MODE ONLY: the passphrase sealing the test refund wallet's key, generated into the data dir on
 * first use. Live keys are never sealed with it (their passphrase comes from the owner).
 */
function testWalletPassphrase(dataDir: string): string {
  const file = join(dataDir, 'refund-wallet.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pass = randomBytes(24).toString('base64url');
  writeFileSync(file, pass + '\n', { mode: 0o600 });
  return pass;
}

/** The signal of a refund changed on some instance (its payout method: `manual` ones are matched by the watcher). */
const REFUND_CHANGED = 'refunds.changed';

export interface ServiceHooks {
  /** A session deadline now exists at this time (the expiry timer may need to wake earlier). */
  onDeadline?: (at: number) => void;
  /** Pending funds will settle at this time (the settlement timer may need to wake earlier). */
  onSettlementScheduled?: (at: number) => void;
  onError?: (message: string, err: unknown) => void;
  /** This instance took (true) or gave up (false) a role: a network's watcher or the timers. */
  onLeadership?: (role: string, leading: boolean, holder: string) => void;
  /** A refund changed on some instance: the refund payout worker may have work. */
  onRefundChanged?: () => void;
  /** The base URL event payloads use in `payment_url` (the server's, once it listens); the configured public URL by default. */
  publicBaseUrl?: () => string;
}

/**
 * Storage and services wired together over one data dir, a builder of the composition root
 * (create-core.ts), which gives the services what they need at construction: `hooks` to wake its
 * timers and workers, and `chains`, the chain integration's views (ChainViews). The CLI's `keys`
 * commands and tests use it alone, without chains (no network is ready then).
 */
export async function createServices(config: ResolvedConfig, hooks: ServiceHooks = {}, chainViews?: ChainViews): Promise<CoreServices> {
  const now = config.now;
  for (const problem of makeDataDirPrivate(config.dataDir)) process.emitWarning(`the data dir cannot be made private: ${problem}`);
  // Rates first: a bad manual rate fails here, before the database is opened.
  const testRates = new UsdPriceTable('test', TEST_USD_PRICES, new Date(now()));
  const rateFeed = config.rateFeed.source === 'ecb'
    ? new EcbRateFeed({ ...config.rateFeed, now, ports: rateFeedPorts(config.dataDir, 'rates-ecb.json'), warn: (message, err) => hooks.onError?.(message, err) })
    : null;
  rateFeed?.loadCache();
  const liveRates = liveRateSource(config.manualRates, rateFeed, now);
  const rateService = new RateService({ test: testRates, live: liveRates, feed: rateFeed, now });
  const rates = (livemode: boolean): RateSource => rateService.source(livemode);
  // Seals the live refund wallet keys, and the data key, when the host offers a box.
  const liveBox: SecretBox | undefined = config.secretBox ?? (config.walletPassphrase ? new PassphraseSecretBox(config.walletPassphrase) : undefined);
  const cipher: DataKeyCipher = new DataKeyCipher(() =>
    loadDataKey({
      file: join(config.dataDir, DATA_KEY_FILE),
      box: liveBox,
      sealedDataExists: (): boolean => sealedDataExists,
      allowNewKey: config.resetSealedSecrets,
    }),
  );
  const store = await openStores(config, cipher);
  // Read before the data key is first needed: a missing key file must not be replaced by a new key
  // while the store holds secrets only the old one opens (data-key.ts).
  const sealedDataExists = await store.secrets.anySealed();
  const { tx, commit } = store;
  const merchants = new MerchantService({ store: store.merchants, now, tx, signals: store.signals });
  const merchant = await merchants.ensureDefault();

  const chains: ChainDirectory = { families: FAMILIES, family: familyById, familyOf, networkName };
  const wallets: WalletStore = store.wallets;
  for (const family of FAMILIES) {
    // Every family's test wallet comes from the one seed, each at its own derivation path.
    if (!(await wallets.xpub(merchant.id, family.id, false))) await wallets.upsert(merchant.id, family.id, false, family.wallet.testWallet(testWalletSeed(config.dataDir)), now());
    const live = config.liveWallets[family.id];
    if (live === undefined) continue;
    try {
      family.wallet.check(live); // refuse a bad wallet now, not at the first live sale
    } catch (err) {
      await store.close();
      throw new Error(`the live ${family.name} wallet is not a usable ${family.wallet.label}: ${(err as Error).message}`, { cause: err });
    }
    await wallets.upsert(merchant.id, family.id, true, live, now());
  }
  const signals = store.signals;
  const signalError = (message: string, err: unknown) => hooks.onError?.(message, err);
  // Every family's wallets of the default merchant read once now, so `walletNow` answers from memory;
  // `saveWallet` below keeps the copy, and one saved on another instance is read again (its signal).
  const walletsNow = new WalletsNow({ wallets, tx, signals, now, merchantId: merchant.id, families: FAMILIES.map((f) => f.id), onError: signalError });
  await walletsNow.load();

  const addressRepo = store.addresses;
  const addressBook = new AddressBook(addressRepo, now, (family, address) => familyById(family)?.addresses.key(address) ?? address, signals, signalError);
  const live = new LiveFeed(signals, signalError);
  const paymentRepo = store.payments;
  const chainState: ChainStateStore = store.chainState;
  const publicBaseUrl = hooks.publicBaseUrl ?? (() => config.publicUrl ?? '');
  const eventLog = store.events;
  const webhookStore = store.webhooks;
  const webhooks = new WebhookDispatcher({
    store: webhookStore,
    events: eventLog,
    tx,
    now,
    transport: new HttpTransport(),
    retryDelaysMs: config.webhookRetryDelaysMs,
    timeoutMs: config.webhookTimeoutMs,
    perEndpointConcurrency: config.webhookConcurrency.perEndpoint,
    globalConcurrency: config.webhookConcurrency.global,
    onError: (err, what) => process.emitWarning(`${what}: ${(err as Error)?.stack ?? String(err)}`),
  });
  // Every committed session change is published on the live feed: a new event may be there.
  live.subscribe(() => webhooks.wake());
  // What this instance's timers and workers sleep through unless told, told on every instance: new
  // webhook deliveries, a changed endpoint, a new session deadline, a new settlement, a refund to pay
  // (and, for a manual one, a destination the watcher must match).
  const wakeWebhooks = onEveryInstance(signals, 'webhooks.due', () => webhooks.wake(), signalError);
  const endpointsChanged = onEveryInstance(signals, 'webhooks.endpoints', () => webhooks.endpointsChanged(), signalError);
  const deadlineAdded = onEveryInstance(signals, 'sessions.deadline', (at) => hooks.onDeadline?.(Number(at)), signalError);
  // Scheduled inside a unit of work (the ledger's postings), so heard at its commit, here too.
  const settlementScheduled = atCommitOnEveryInstance(signals, 'settlements.scheduled', (at) => hooks.onSettlementScheduled?.(Number(at)));
  const refundChanged = onEveryInstance(signals, REFUND_CHANGED, () => hooks.onRefundChanged?.(), signalError);
  const ledgerStore = store.ledger;
  const ledger = new LedgerService({ store: ledgerStore, refunds: store.refunds, merchants, rates, now, onSettlementScheduled: async (at) => await settlementScheduled(String(at)) });
  const conversions = new ConversionService({ store: ledgerStore, ledger, merchants, rates, now, tx });
  const settlements = new SettlementService({
    store: ledgerStore,
    ledger,
    conversions,
    merchants,
    events: eventLog,
    now,
    tx,
    renderEvent: presentSettlementEvent,
    onSettled: () => wakeWebhooks(''), // `balance.available` events are waiting
    onError: (message, err) => hooks.onError?.(message, err),
  });
  const shifts = new ShiftService({
    store: store.shifts,
    sessions: store.sessions,
    payments: paymentRepo,
    refunds: store.refunds,
    addresses: addressRepo,
    deposits: store.deposits,
    ledger,
    users: store.users,
    merchants,
    rates,
    events: eventLog,
    tx,
    snapshot: store.snapshot,
    now,
    renderEvent: presentShift,
    onChange: () => wakeWebhooks(''),
  });
  const dailyReports = new DailyReportService({ store: store.shifts, shifts, merchants, snapshot: store.snapshot, now });
  const sessions = new SessionService({
    openShiftId: (merchantId, livemode, till) => shifts.openShiftId(merchantId, livemode, till),
    shiftSessionChanged: (session) => shifts.sessionChangedInTransaction(session),
    store: store.sessions,
    merchants,
    rates,
    now,
    tx,
    snapshot: store.snapshot,
    commit,
    indexes: new IndexReservations(wallets),
    walletOf: (merchantId, family, livemode) => walletsNow.of(merchantId, family, livemode),
    addresses: addressRepo,
    payments: paymentRepo,
    events: eventLog,
    addressBook,
    live,
    chains: chainViews?.handlers ?? NO_CHAINS,
    renderEvent: (view) => presentSession(view, publicBaseUrl()),
    onDeadline: (at) => deadlineAdded(String(at)),
    ledger,
  });
  const testBox = new PassphraseSecretBox(testWalletPassphrase(config.dataDir));
  const refundRepo = store.refunds;
  const depositRepo = store.deposits;
  const refunds = new RefundService({
    store: refundRepo,
    sessions: store.sessions,
    payments: paymentRepo,
    ledger,
    events: eventLog,
    tx,
    now,
    secretBox: (livemode) => (livemode ? liveBox : testBox),
    chains,
    ...(chainViews && { networks: chainViews.refundNetworks }),
    renderEvent: (view) => presentRefund(view),
    deposits: depositRepo,
    // `deposits` is made below (it creates its refunds here); this runs only once a refund succeeds.
    onDepositRefunded: (r): Promise<void> => deposits.refundSucceededInTransaction(r),
    onChange: (r) => {
      wakeWebhooks('');
      if (r.sessionId !== null) live.publish(r.sessionId);
      refundChanged(r.payoutMethod);
    },
    onError: (message, err) => hooks.onError?.(message, err),
  });
  // A manual refund changed elsewhere: its destination is matched by the watcher, wherever it runs.
  signals.subscribe(REFUND_CHANGED, (payoutMethod, fromHere) => {
    if (!fromHere && payoutMethod === 'manual') refunds.load().catch((err: unknown) => signalError('the manual refunds could not be read again', err));
  });
  // Some signals may have been missed: everything that sleeps looks again.
  signals.onResync(() => {
    webhooks.wake();
    webhooks.endpointsChanged();
    hooks.onDeadline?.(now());
    hooks.onSettlementScheduled?.(now());
    hooks.onRefundChanged?.();
    refunds.load().catch((err: unknown) => signalError('the manual refunds could not be read again', err));
  });
  await refunds.load();
  await refunds.checkWalletKeys(merchant.id);
  const deposits = new DepositService({
    store: depositRepo,
    events: eventLog,
    now,
    merchantId: merchant.id,
    renderEvent: presentDeposit,
    payments: paymentRepo,
    resolution: {
      tx,
      sessions: store.sessions,
      sessionState: sessions,
      refunds,
      refundStatus: async (id) => (await refundRepo.findById(id))?.status,
      live,
      onChange: () => wakeWebhooks(''),
    },
  });
  const holder = newHolderId();
  const leadership = new Leadership({
    leases: store.leases,
    holder,
    ttlMs: config.leaderLease.ttlMs,
    renewMs: config.leaderLease.renewMs,
    // The wall clock, not `now` (the business clock tests move): leases are compared across instances.
    clock: Date.now,
    onError: (message, err) => hooks.onError?.(message, err),
    onChange: (role, leading) => hooks.onLeadership?.(role, leading, holder),
  });
  const readiness = new Readiness({ leadership, clock: Date.now, maxPassAgeMs: config.readyMaxPassAgeMs, ...(chainViews && { watched: chainViews.watched }) });
  const apiKeys = new ApiKeyService({ store: store.apiKeys, tx, signals: store.signals, now });
  const display = new CustomerDisplay({ settings: store.settings, tx, signals, now, onError: signalError });
  await display.load();
  const printerChanged = onEveryInstance(signals, 'printer.changed', () => printOnPaid.settingChanged(), signalError);
  const receipts = new ReceiptService({
    sessions,
    refunds: store.refunds,
    merchants,
    networks: (network) => ({ name: networkName(network), liveExplorerTx: networkInfo(network)?.liveExplorerTx ?? null }),
  });
  /** What the printer prints: the receipt's ESC/POS drawing, with the QR of its public page (as `?format=escpos`). */
  const receiptBytes: ReceiptBytes = async (sessionId) => {
    const receipt = await receipts.getPublic(sessionId);
    if (!receipt) throw new Error(`no session ${sessionId}`);
    return escposReceipt(receipt, { receiptUrl: receiptUrl(publicBaseUrl(), sessionId) });
  };
  const printerSettings: PrinterSettings = new PrinterSettings({
    store: store.settings,
    now,
    tx,
    printOnPaidTurnedOn: (): Promise<void> => printOnPaid.startFromNow(),
    onChanged: () => printerChanged(''),
  });
  const printRecords = new PrintRecords(store.settings);
  const networkPrinter = new NetworkPrinter({ connectTimeoutMs: config.printing.connectTimeoutMs, writeTimeoutMs: config.printing.writeTimeoutMs });
  const printing = new ReceiptPrinting({
    settings: printerSettings,
    records: printRecords,
    printer: networkPrinter,
    receiptBytes: config.printing.receiptBytes ?? receiptBytes,
    session: (caller, id) => sessions.get(caller, id),
    now,
    // A name's lookup and the connection share the first timeout; 5 s for the rest (the receipt's bytes).
    printTakesAtMostMs: 2 * config.printing.connectTimeoutMs + config.printing.writeTimeoutMs + 5000,
    onError: signalError,
  });
  const shiftPrinting = new ShiftReportPrinting({
    settings: printerSettings,
    printer: networkPrinter,
    shift: (caller, id) => shifts.get(caller, id),
    merchants,
    users: store.users,
    networkName,
    now,
  });
  const printOnPaid = new PrintOnPaid({
    events: eventLog,
    cursors: webhookStore,
    tx,
    fence: leadership.fence(TIMERS_ROLE),
    settings: printerSettings,
    records: printRecords,
    print: (sessionId, livemode) => printing.printPaid(sessionId, livemode),
    subscribe: (wake) => live.subscribe(wake),
    now,
    onError: signalError,
  });
  // Some signals may have been missed: the printer setting may have changed unheard.
  signals.onResync(() => printOnPaid.settingChanged());
  const users = new UserService({ store: store.users, settings: store.settings, tx, now, uiLivemode: config.uiMode === 'live', idleMs: config.uiSessionIdleMs });
  return {
    store,
    tx,
    merchants,
    refunds,
    shifts,
    dailyReports,
    receipts,
    leadership,
    readiness,
    apiKeys,
    users,
    authenticate: (token) => (token.startsWith('uit_') ? users.authenticate(token) : apiKeys.authenticate(token)),
    sessions,
    idempotency: new IdempotencyService(store.idempotency, now, commit),
    deposits,
    // New deposits wrote `deposit.unmatched` events: the dispatcher delivers them.
    payments: new PaymentRecorder({ tx, payments: paymentRepo, sessionRows: store.sessions, chainState, addressBook, chains, sessions, refunds, live, now, deposits, onDeposits: () => wakeWebhooks('') }),
    addressBook,
    live,
    display,
    networkSettings: new NetworkSettings({
      store: store.settings,
      now,
      chains,
      cipher,
      saveWallet: (family, wallet) => walletsNow.save(family, true, wallet),
      readWallet: (family) => wallets.xpub(merchant.id, family, true),
      walletFromHost: (family) =>
        config.liveWallets[family] === undefined ? undefined : `--xpub ${family}=…, --xpub-${family} or STABLEPOS_XPUB_${family.toUpperCase()}`,
      networkFromHost: (network, livemode) => {
        const given = (livemode ? config.networks.live : config.networks.test)[network];
        if (given === undefined) return undefined;
        // Live endpoints come from `stablepos serve`'s flags; test chains only from a host's configuration.
        const where = livemode ? `--rpc ${network}=…, --rpc-${network} or STABLEPOS_RPC_${network.toUpperCase()}` : `networks.test.${network}`;
        return { enabled: given !== 'off', where };
      },
    }),
    chains,
    ledger,
    conversions,
    settlements,
    chainState,
    wallets,
    walletNow: (family, livemode) => walletsNow.get(family, livemode),
    webhookEndpoints: new WebhookEndpointService({
      store: webhookStore,
      events: eventLog,
      tx,
      now,
      renderEndpoint: (e) => presentEndpoint(e),
      onEndpointsChanged: () => endpointsChanged(''),
      onDeliveries: () => wakeWebhooks(''),
      reconfirmOwner: (caller, pin, client) => users.reconfirmOwner(caller, pin, client),
    }),
    events: new EventService({ events: eventLog, webhooks: webhookStore, tx, now, onDeliveries: () => wakeWebhooks('') }),
    webhooks,
    printerSettings,
    printing,
    shiftPrinting,
    printOnPaid,
    rates: rateService,
    rateFeed,
    prepareSecretsAtRest: async () => {
      cipher.unlock();
      // One SQLite file has one data dir, so one key; a PostgreSQL database may have many instances.
      if (store.kind === 'postgres') {
        await checkSharedDataKey({ settings: store.settings, tx, cipher, reset: config.resetSealedSecrets, now: now(), keyFile: join(config.dataDir, DATA_KEY_FILE) });
      }
      if (config.resetSealedSecrets) {
        const reset = await store.secrets.resetUnopenable(newWebhookSecret);
        if (reset.webhookSecrets + reset.answers > 0) {
          process.emitWarning(
            `STABLEPOS_RESET_SEALED_SECRETS: ${reset.webhookSecrets} webhook secret(s) no longer readable were replaced (rotate each endpoint's secret to see the new one) and ${reset.answers} stored answer(s) forgotten`,
          );
        }
      }
      const sealing = await store.secrets.sealPlainText();
      if (!sealing.complete) process.emitWarning('secrets were sealed, but another connection kept the WAL from being emptied: the next start tries again');
      try {
        await webhookStore.allEndpoints();
      } catch (err) {
        throw new Error(
          `the webhook secrets cannot be opened with ${join(config.dataDir, DATA_KEY_FILE)} (${(err as Error).message}): restore the data dir's own data-key.json, ` +
            'or start once with STABLEPOS_RESET_SEALED_SECRETS=1 to give those endpoints new secrets (docs/security.md, "Losing the data key")',
          { cause: err },
        );
      }
    },
    close: () => store.close(),
  };
}
