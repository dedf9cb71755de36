import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAMILIES, familyById, familyOf, networkName } from './chains/registry.js';
import { RefundRepository } from './db/refund-repository.js';
import { presentRefund } from './http/presenters/refund-presenter.js';
import { RefundService } from './services/refund-service.js';
import { PassphraseSecretBox, type SecretBox } from './services/secret-box.js';
import { DATA_KEY_FILE, loadDataKey } from './data-key.js';
import { DataKeyCipher } from './domain/secret-cipher.js';
import { newWebhookSecret } from './domain/webhooks.js';
import { StoredSecrets } from './db/stored-secrets.js';
import { makeDataDirPrivate } from './private-files.js';
import type { ResolvedConfig } from './config.js';
import { ApiKeyRepository } from './db/api-key-repository.js';
import { ChainStateRepository } from './db/chain-state-repository.js';
import { EventRepository } from './db/event-repository.js';
import { IdempotencyRepository } from './db/idempotency-repository.js';
import { LedgerRepository } from './db/ledger-repository.js';
import { MerchantRepository } from './db/merchant-repository.js';
import { type Db, openDatabase } from './db/open-database.js';
import { SqliteGate } from './db/sqlite-gate.js';
import { asyncStore, paged } from './db/sqlite-async.js';
import { GroupCommit } from './db/group-commit.js';
import { PaymentRepository } from './db/payment-repository.js';
import { SessionAddressRepository } from './db/session-address-repository.js';
import { SessionRepository } from './db/session-repository.js';
import { UserRepository } from './db/user-repository.js';
import { WalletRepository } from './db/wallet-repository.js';
import { WebhookRepository } from './db/webhook-repository.js';
import { type RateSource, TEST_USD_PRICES, UsdPriceTable } from './domain/rates.js';
import { presentDeposit } from './http/presenters/deposit-presenter.js';
import { presentSettlementEvent } from './http/presenters/ledger-presenter.js';
import { presentSession } from './http/presenters/session-presenter.js';
import { presentEndpoint } from './http/presenters/webhook-presenter.js';
import { AddressBook } from './services/address-book.js';
import { ApiKeyService } from './services/api-key-service.js';
import { ConversionService } from './services/conversion-service.js';
import { DepositService } from './services/deposit-service.js';
import { DepositRepository } from './db/deposit-repository.js';
import { NO_CHAINS } from './services/chain-handlers.js';
import { IdempotencyService } from './services/idempotency-service.js';
import { LedgerService } from './services/ledger-service.js';
import { CustomerDisplay } from './services/customer-display.js';
import { LiveFeed } from './services/live-feed.js';
import { NetworkSettings } from './services/network-settings.js';
import { AppSettingsRepository } from './db/app-settings-repository.js';
import { MerchantService } from './services/merchant-service.js';
import { PaymentRecorder } from './services/payment-recorder.js';
import { rateFeedPorts } from './rate-feed-io.js';
import { EcbRateFeed } from './services/rate-feed.js';
import { liveRateSource, RateService } from './services/rate-service.js';
import type { ChainDirectory, ChainStateStore, GroupedUnitOfWork, LedgerStore, UnitOfWork, WalletStore } from './services/ports.js';
import { EventService } from './services/event-service.js';
import { SessionService } from './services/session-service.js';
import { WebhookDispatcher } from './services/webhook-dispatcher.js';
import { WebhookEndpointService } from './services/webhook-endpoint-service.js';
import { HttpTransport } from './services/webhook-transport.js';
import { SettlementService } from './services/settlement-service.js';
import { UserService } from './services/user-service.js';
import type { Caller } from './domain/merchant.js';

export interface CoreServices {
  /** The SQLite connection: for what only SQLite has (the WAL checkpointer, tests); the core goes through `gate`. */
  db: Db;
  /** Transactions and store calls on that one connection, in turn (db/sqlite-gate.ts). */
  gate: SqliteGate;
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
   * The default merchant's wallet of a family and mode as it is set now, from memory: the wallet
   * repository keeps every xpub it read or wrote (all read at start), and watchers and payment
   * options ask on every pass and view, synchronously (WatcherPorts.wallet).
   */
  walletNow(family: string, livemode: boolean): string | undefined;
  webhookEndpoints: WebhookEndpointService;
  events: EventService;
  refunds: RefundService;
  /** Unmatched deposits, recorded from the watchers' scans (payments.deposits). */
  deposits: DepositService;
  /** Set by createCore: wakes the refund payout worker after a change. */
  setRefundHook(hook: () => void): void;
  /** Delivers the outbox; createCore starts and stops it. */
  webhooks: WebhookDispatcher;
  rates: RateService;
  /** The live reference-rate feed (null when off); createCore starts and stops its fetching. */
  rateFeed: EcbRateFeed | null;
  /** The base URL event payloads use in `payment_url`, known once the server listens. */
  setPublicBaseUrl(url: string): void;
  /**
   * At the served app's start (the CLI's other commands never need the data key): opens the data
   * key, or fails the start when it cannot; seals what an earlier version stored in plain text; and
   * makes sure every webhook secret opens, so none fails later at a delivery. docs/security.md.
   */
  prepareSecretsAtRest(): Promise<void>;
  close(): void;
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

export interface ServiceHooks {
  /** A session deadline now exists at this time (the expiry timer may need to wake earlier). */
  onDeadline?: (at: number) => void;
  /** Pending funds will settle at this time (the settlement timer may need to wake earlier). */
  onSettlementScheduled?: (at: number) => void;
  onError?: (message: string, err: unknown) => void;
}

/**
 * Storage and services wired together over one data dir, without HTTP, chains or timers: the CLI's
 * `keys` commands use this alone; createCore adds the server, the watchers and the background jobs.
 */
export async function createServices(config: ResolvedConfig, hooks: ServiceHooks = {}): Promise<CoreServices> {
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
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  // Seals the live refund wallet keys, and the data key, when the host offers a box.
  const liveBox: SecretBox | undefined = config.secretBox ?? (config.walletPassphrase ? new PassphraseSecretBox(config.walletPassphrase) : undefined);
  const cipher: DataKeyCipher = new DataKeyCipher(() =>
    loadDataKey({
      file: join(config.dataDir, DATA_KEY_FILE),
      box: liveBox,
      sealedDataExists: (): boolean => storedSecrets.anySealed(),
      allowNewKey: config.resetSealedSecrets,
    }),
  );
  const storedSecrets: StoredSecrets = new StoredSecrets(db, cipher);
  // One connection, so one gate: every store call and transaction of the core goes through it.
  const gate = new SqliteGate(db.$client);
  const port = <T extends object>(repo: T) => asyncStore(repo, gate);
  const tx: UnitOfWork = (work) => gate.tx(work);
  const group = new GroupCommit(gate);
  const commit: GroupedUnitOfWork = (work) => group.run(work);
  const merchants = new MerchantService(port(new MerchantRepository(db)), now);
  const merchant = await merchants.ensureDefault();

  const chains: ChainDirectory = { families: FAMILIES, family: familyById, familyOf, networkName };
  const walletRepo = new WalletRepository(db);
  const wallets: WalletStore = port(walletRepo);
  for (const family of FAMILIES) {
    // Every family's test wallet comes from the one seed, each at its own derivation path.
    if (!(await wallets.xpub(merchant.id, family.id, false))) await wallets.upsert(merchant.id, family.id, false, family.wallet.testWallet(testWalletSeed(config.dataDir)), now());
    const live = config.liveWallets[family.id];
    if (live === undefined) continue;
    try {
      family.wallet.check(live); // refuse a bad wallet now, not at the first live sale
    } catch (err) {
      db.$client.close();
      throw new Error(`the live ${family.name} wallet is not a usable ${family.wallet.label}: ${(err as Error).message}`, { cause: err });
    }
    await wallets.upsert(merchant.id, family.id, true, live, now());
  }
  // Every family's wallets of the default merchant read once now, so `walletNow` answers from memory.
  for (const family of FAMILIES) for (const livemode of [false, true]) await wallets.xpub(merchant.id, family.id, livemode);

  const addressRepo = port(new SessionAddressRepository(db));
  const addressBook = new AddressBook(addressRepo, now, (family, address) => familyById(family)?.addresses.key(address) ?? address);
  const live = new LiveFeed();
  const paymentRepo = port(new PaymentRepository(db));
  const chainState: ChainStateStore = port(new ChainStateRepository(db));
  let publicBaseUrl = config.publicUrl ?? '';
  const eventLog = port(new EventRepository(db));
  const webhookStore = port(new WebhookRepository(db, cipher));
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
  const ledgerRepo = new LedgerRepository(db);
  const ledgerStore: LedgerStore = {
    ...port(ledgerRepo),
    iterateEntries: (q) => paged((before: number | undefined) => gate.call(() => ledgerRepo.entryPage(q, before))),
  };
  const ledger = new LedgerService({ store: ledgerStore, merchants, rates, now, onSettlementScheduled: (at) => hooks.onSettlementScheduled?.(at) });
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
    onSettled: () => webhooks.wake(), // `balance.available` events are waiting
    onError: (message, err) => hooks.onError?.(message, err),
  });
  const sessions = new SessionService({
    store: port(new SessionRepository(db)),
    merchants,
    rates,
    now,
    tx,
    commit,
    wallets,
    addresses: addressRepo,
    payments: paymentRepo,
    events: eventLog,
    addressBook,
    live,
    chains: NO_CHAINS,
    renderEvent: (view) => presentSession(view, publicBaseUrl),
    onDeadline: (at) => hooks.onDeadline?.(at),
    ledger,
  });
  const testBox = new PassphraseSecretBox(testWalletPassphrase(config.dataDir));
  let refundHook: () => void = () => undefined;
  const refundRepo = port(new RefundRepository(db));
  const depositRepo = port(new DepositRepository(db));
  const refunds = new RefundService({
    store: refundRepo,
    sessions: port(new SessionRepository(db)),
    payments: paymentRepo,
    ledger,
    events: eventLog,
    tx,
    now,
    secretBox: (livemode) => (livemode ? liveBox : testBox),
    chains,
    renderEvent: (view) => presentRefund(view),
    deposits: depositRepo,
    // `deposits` is made below (it creates its refunds here); this runs only once a refund succeeds.
    onDepositRefunded: (r): Promise<void> => deposits.refundSucceededInTransaction(r),
    onChange: (r) => {
      webhooks.wake();
      if (r.sessionId !== null) live.publish(r.sessionId);
      refundHook();
    },
    onError: (message, err) => hooks.onError?.(message, err),
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
      sessions: port(new SessionRepository(db)),
      sessionState: sessions,
      refunds,
      refundStatus: async (id) => (await refundRepo.findById(id))?.status,
      live,
      onChange: () => webhooks.wake(),
    },
  });
  const apiKeys = new ApiKeyService(port(new ApiKeyRepository(db)), now);
  const users = new UserService({ store: port(new UserRepository(db)), tx, now, uiLivemode: config.uiMode === 'live', idleMs: config.uiSessionIdleMs });
  return {
    db,
    gate,
    merchants,
    refunds,
    setRefundHook: (hook) => {
      refundHook = hook;
    },
    apiKeys,
    users,
    authenticate: (token) => (token.startsWith('uit_') ? users.authenticate(token) : apiKeys.authenticate(token)),
    sessions,
    idempotency: new IdempotencyService(port(new IdempotencyRepository(db, cipher)), now, commit),
    deposits,
    // New deposits wrote `deposit.unmatched` events: the dispatcher delivers them.
    payments: new PaymentRecorder({ tx, payments: paymentRepo, chainState, addressBook, chains, sessions, live, now, deposits, onDeposits: () => webhooks.wake() }),
    addressBook,
    live,
    display: new CustomerDisplay(now),
    networkSettings: new NetworkSettings({
      store: port(new AppSettingsRepository(db)),
      now,
      chains,
      cipher,
      saveWallet: (family, wallet) => wallets.upsert(merchant.id, family, true, wallet, now()),
      readWallet: (family) => wallets.xpub(merchant.id, family, true),
      walletFromHost: (family) =>
        config.liveWallets[family] === undefined ? undefined : `--xpub ${family}=…, --xpub-${family} or STABLEPOS_XPUB_${family.toUpperCase()}`,
    }),
    chains,
    ledger,
    conversions,
    settlements,
    chainState,
    wallets,
    walletNow: (family, livemode) => walletRepo.xpub(merchant.id, family, livemode),
    webhookEndpoints: new WebhookEndpointService({
      store: webhookStore,
      events: eventLog,
      tx,
      now,
      renderEndpoint: (e) => presentEndpoint(e),
      onEndpointsChanged: () => webhooks.endpointsChanged(),
      onDeliveries: () => webhooks.wake(),
    }),
    events: new EventService({ events: eventLog, webhooks: webhookStore, tx, now, onDeliveries: () => webhooks.wake() }),
    webhooks,
    rates: rateService,
    rateFeed,
    setPublicBaseUrl: (url) => {
      publicBaseUrl = url;
    },
    prepareSecretsAtRest: async () => {
      cipher.unlock();
      if (config.resetSealedSecrets) {
        const reset = storedSecrets.resetUnopenable(newWebhookSecret);
        if (reset.webhookSecrets + reset.answers > 0) {
          process.emitWarning(
            `STABLEPOS_RESET_SEALED_SECRETS: ${reset.webhookSecrets} webhook secret(s) no longer readable were replaced (rotate each endpoint's secret to see the new one) and ${reset.answers} stored answer(s) forgotten`,
          );
        }
      }
      const sealing = storedSecrets.sealPlainText();
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
    close: () => db.$client.close(),
  };
}
