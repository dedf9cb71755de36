import { join } from 'node:path';
import { FAMILY_IDS, NETWORK_IDS, networkInfo } from './chains/registry.js';
import type { FamilyId, Network } from './domain/networks.js';
import type { Stablecoin } from './domain/currencies.js';
import type { SecretBox } from './services/secret-box.js';
import type { ReceiptBytes } from './services/ports.js';

/** How a host (the desktop shell) seals the refund wallet's key; re-exported for it. */
export type { SecretBox };
import type { Role } from './domain/users.js';
import { DEFAULT_DELIVERY_TIMEOUT_MS, DEFAULT_RETRY_DELAYS_MS } from './domain/webhooks.js';

export type Mode = 'test' | 'live';

/** Everything the core needs from its host (CLI or Electron shell). Only `dataDir` is required. */
export interface CoreConfig {
  /** Folder holding the SQLite file and everything else the app keeps. Created on first use. */
  dataDir: string;
  /** Interface to listen on; default 127.0.0.1 (a POS app serves its own machine unless told otherwise). */
  host?: string;
  /** TCP port; default 8420; 0 picks a free one. */
  port?: number;
  /** Base URL customers and clients reach the app at (used in `payment_url`); default http://host:port. */
  publicUrl?: string;
  /**
   * More names or addresses the app answers for, besides its listen address, the loopback names and
   * the public URL's host: e.g. the LAN name of the shop's back-office machine. Requests naming any
   * other host are refused (docs/security.md, "Web pages and DNS rebinding").
   */
  allowedHosts?: readonly string[];
  /** The mode the app's own UI works in; API keys carry their own mode. Default `test`. */
  uiMode?: Mode;
  /**
   * A per-launch secret only the Electron window knows (docs/api.md, "UI sessions"): when set, PIN
   * sign-in and first-owner setup are refused to requests that do not present it, so only the app's
   * own window can sign in. It is not a bearer: signed in or not, it grants nothing by itself.
   */
  uiToken?: string;
  /** Inactivity after which a UI sign-in ends, ms, per role. Default owner 8 h, cashier 12 h. */
  uiSessionIdleMs?: Partial<Record<Role, number>>;
  /** Built renderer (index.html and assets) served at `/`; omitted when not built. */
  rendererDir?: string;
  /** Folder of SQL migrations; default src/db/sqlite/migrations beside the code (a bundle passes its copy). */
  migrationsDir?: string;
  /**
   * `postgres://…`: the store is that PostgreSQL database instead of the data dir's SQLite file, and
   * several instances may share it (docs/deployment.md). Unset: SQLite, the embedded default.
   */
  databaseUrl?: string;
  /**
   * Live-mode rates as USD prices per unit, e.g. { EUR: '1.0812' } (the owner's manual table).
   * Test mode always uses the documented test table (docs/rates.md).
   */
  manualRates?: Partial<Record<string, string>>;
  /**
   * The live-mode reference-rate feed (docs/rates.md): `ecb` (default) fetches the ECB's daily euro
   * reference rates in the background at start and every `refreshMs`; `off` leaves the manual table
   * alone. Test mode never uses it.
   */
  rateFeed?: RateFeedConfig;
  /**
   * Per mode and network (any network of a registered chain family, src/chains/registry.ts): `devnet`
   * (test mode only: the family's local chain with test tokens, the test default for every network
   * whose family has one), `off`, or an RPC endpoint. Live mode is `off` until an RPC URL is set.
   */
  networks?: { test?: NetworkConfigs; live?: NetworkConfigs };
  /** Seconds between devnet blocks (fractions allowed). Default 1. */
  devnetBlockTimeSeconds?: number;
  /** How often watchers ask for a new block, ms. Default 100 on a devnet, 1000 elsewhere. */
  chainPollMs?: number;
  /** Confirmations a payment needs, per network (both modes). Defaults: the network's (ethereum 6, bsc 15). */
  confirmations?: Partial<Record<Network, number>>;
  /** The commitment at which a payment counts, per network that has commitments (Solana: `finalized`, the default, or `confirmed`), both modes. */
  commitments?: Partial<Record<Network, string>>;
  /**
   * Live-mode watch-only wallets per chain family (EVM: the account xpub m/44'/60'/0'). One given here
   * wins over the one saved from Settings.
   */
  liveWallets?: Partial<Record<FamilyId, string>>;
  /** Longest sleep of the session-expiry timer, guarding against wall-clock jumps. Default 30 s. */
  expiryMaxSleepMs?: number;
  /** Requests allowed per client (API key, else IP) per window. Default 100 per second. */
  rateLimit?: { max: number; windowMs: number };
  /**
   * Waits before each retry of a failed webhook delivery, ms. Default the contract's 5 s, 5 min, 30 min,
   * 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (10 attempts in all). Tests pass short ones.
   */
  webhookRetryDelaysMs?: readonly number[];
  /** How long a webhook receiver has to answer, ms. Default 15,000. */
  webhookTimeoutMs?: number;
  /** Webhook requests in flight at most, per endpoint and in all. Default 8 and 64. */
  webhookConcurrency?: { perEndpoint: number; global: number };
  /**
   * Seals the refund wallet keys and the app's data key at rest. The desktop app passes one backed
   * by the OS keychain (Electron safeStorage); headless, a passphrase-derived box is used when
   * `walletPassphrase` or STABLEPOS_WALLET_PASSPHRASE is set. Without either, live refunds are paid
   * by hand (wallet QR) and the data key is kept as is in its 0600 file (docs/security.md).
   */
  secretBox?: SecretBox;
  /**
   * Receipt printing (docs/api.md, "Printing"): where a session's receipt bytes come from (the
   * receipts' ESC/POS encoder), and how long a network printer has to accept the connection and to
   * take the whole receipt. Defaults 3 s and 10 s; tests pass their own bytes and shorter timeouts.
   */
  printing?: { receiptBytes?: ReceiptBytes; connectTimeoutMs?: number; writeTimeoutMs?: number };
  /** Passphrase of the headless secret box (else STABLEPOS_WALLET_PASSPHRASE). */
  walletPassphrase?: string;
  /**
   * The data key (`data-key.json`) is lost for good (else STABLEPOS_RESET_SEALED_SECRETS=1): start
   * with a new one, replacing every webhook secret the old one sealed and forgetting the stored
   * answers it sealed. Secrets the key in place opens are never touched. docs/security.md.
   */
  resetSealedSecrets?: boolean;
  /**
   * Test mode's refund wallet: generated on first use (its passphrase in `refund-wallet.secret` in the
   * data dir, test funds only) and funded on the devnets with ether and `fundTokens` of each test coin.
   * `false`: no test refund wallet (refunds are paid by hand through a wallet QR).
   */
  testRefundWallet?: { fundTokens?: number } | false;
  /** How often the refund payout worker looks at open payouts, ms. Default 250 on devnets' pace, 2000 otherwise. */
  refundPollMs?: number;
  /**
   * The leader lease (several instances on one database: docs/deployment.md): how long it lasts
   * without renewal, and how often it is renewed, ms. Default 3000 and 1000: a dead leader's
   * networks and timers are taken over within about 4 s. The lease must last longer than the interval.
   */
  leaderLease?: { ttlMs?: number; renewMs?: number };
  /**
   * `GET /ready` fails when a watcher this instance leads has not completed a pass for this long, ms
   * (since it took the lead, before its first). Default 30,000 (or 10 polls, if longer).
   */
  readyMaxPassAgeMs?: number;
  /** Log requests as JSON lines to stderr. Default false. */
  logger?: boolean;
  /** Clock in ms since the epoch; tests move it. Default Date.now. */
  now?: () => number;
}

export interface RateFeedConfig {
  source?: 'ecb' | 'off';
  /** Default the ECB's eurofxref-daily.xml. */
  url?: string;
  /** Between fetches; default 1 hour. */
  refreshMs?: number;
  /** After a failed fetch; default 5 minutes (or refreshMs if shorter). */
  retryMs?: number;
  /** A fetch is abandoned after this long; default 10 s. */
  timeoutMs?: number;
  /** Older than this since publication, a feed rate is stale and refused; default 4 days (weekends, holidays). */
  maxAgeMs?: number;
}

export interface RpcNetworkConfig {
  rpcUrl: string;
  /** Expected chain id, as the family writes it (EVM: 1, 56); default the live chain's in live mode. */
  chainId?: number | string;
  /** Token contracts of the coins offered; default the live contracts in live mode. */
  tokens?: Partial<Record<Stablecoin, string>>;
  /** The endpoint's API key, sent in the network's API-key header (TronGrid: `TRON-PRO-API-KEY`). */
  apiKey?: string;
  confirmations?: number;
  /** The commitment at which a payment counts, where the network has commitments (NetworkInfo.commitments). */
  commitment?: string;
  /**
   * Tokens watched but never offered, whose transfers to deposit addresses become unmatched deposits
   * (docs/payments.md, "Unmatched deposits"); replaces the network's live defaults (NetworkInfo.liveExtraTokens),
   * `[]` watches none. A symbol USDT or USDC names a coin the network does not offer (`wrong_asset`);
   * any other is an `unsupported_token`.
   */
  extraTokens?: ExtraTokenConfig[];
}

/** One extra token of a network: its contract (Solana: mint) as the family writes it, and its decimals. */
export interface ExtraTokenConfig {
  symbol: string;
  contract: string;
  decimals: number;
}

/** What runs for one network: its family's devnet (test mode), nothing, or an RPC endpoint. */
export type NetworkConfig = RpcNetworkConfig | 'devnet' | 'off';

/** Keyed by network id (`ethereum`, `bsc`, …): a network left out is its family's devnet in test mode, off in live mode. */
export type NetworkConfigs = Partial<Record<Network, NetworkConfig>>;

export interface ResolvedConfig extends Required<Omit<CoreConfig, 'uiToken' | 'uiSessionIdleMs' | 'rendererDir' | 'publicUrl' | 'migrationsDir' | 'databaseUrl' | 'manualRates' | 'rateFeed' | 'networks' | 'liveWallets' | 'chainPollMs' | 'confirmations' | 'commitments' | 'secretBox' | 'walletPassphrase' | 'testRefundWallet' | 'leaderLease' | 'printing'>> {
  leaderLease: { ttlMs: number; renewMs: number };
  printing: { receiptBytes: ReceiptBytes | undefined; connectTimeoutMs: number; writeTimeoutMs: number };
  secretBox: SecretBox | undefined;
  walletPassphrase: string | undefined;
  testRefundWallet: { fundTokens: number } | false;
  uiToken: string | undefined;
  uiSessionIdleMs: Partial<Record<Role, number>>;
  rendererDir: string | undefined;
  migrationsDir: string | undefined;
  databaseUrl: string | undefined;
  manualRates: Partial<Record<string, string>>;
  rateFeed: Required<RateFeedConfig>;
  networks: { test: NetworkConfigs; live: NetworkConfigs };
  liveWallets: Partial<Record<FamilyId, string>>;
  chainPollMs: number | undefined;
  confirmations: Partial<Record<Network, number>>;
  commitments: Partial<Record<Network, string>>;
  publicUrl: string | undefined;
  databaseFile: string;
}

export const DEFAULT_PORT = 8420;

const HOUR_MS = 60 * 60 * 1000;

function resolveRateFeed(feed: RateFeedConfig): Required<RateFeedConfig> {
  const refreshMs = feed.refreshMs ?? HOUR_MS;
  return {
    source: feed.source ?? 'ecb',
    url: feed.url ?? 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
    refreshMs,
    retryMs: feed.retryMs ?? Math.min(refreshMs, 5 * 60 * 1000),
    timeoutMs: feed.timeoutMs ?? 10_000,
    maxAgeMs: feed.maxAgeMs ?? 96 * HOUR_MS,
  };
}

/**
 * Network and family names in the configuration must be the registry's: a misspelt or not yet
 * supported one (`tron` before its family exists) is refused rather than silently ignored.
 * @throws Error naming the key and what is accepted
 */
function checkChainNames(config: CoreConfig): void {
  const networks = [
    ...Object.keys(config.networks?.test ?? {}).map((n) => ['networks.test', n]),
    ...Object.keys(config.networks?.live ?? {}).map((n) => ['networks.live', n]),
    ...Object.keys(config.confirmations ?? {}).map((n) => ['confirmations', n]),
    ...Object.keys(config.commitments ?? {}).map((n) => ['commitments', n]),
  ];
  for (const [where, network] of networks) {
    if (!NETWORK_IDS.includes(network as string)) throw new Error(`${where}: no network "${network}"; the networks are ${NETWORK_IDS.join(', ')}`);
  }
  const commitments: [string, string, unknown][] = [
    ...Object.entries(config.commitments ?? {}).map(([n, c]): [string, string, unknown] => [`commitments.${n}`, n, c]),
    ...(['test', 'live'] as const).flatMap((mode) =>
      Object.entries(config.networks?.[mode] ?? {}).flatMap(([n, c]): [string, string, unknown][] => (typeof c === 'object' && c.commitment !== undefined ? [[`networks.${mode}.${n}.commitment`, n, c.commitment]] : [])),
    ),
  ];
  for (const [where, network, commitment] of commitments) {
    const levels = networkInfo(network)?.commitments;
    if (!levels) throw new Error(`${where}: ${network} counts confirmations, not commitments`);
    if (typeof commitment !== 'string' || !levels.includes(commitment)) throw new Error(`${where}: must be ${levels.map((l) => `"${l}"`).join(' or ')}`);
  }
  for (const family of Object.keys(config.liveWallets ?? {})) {
    if (!FAMILY_IDS.includes(family)) throw new Error(`liveWallets: no chain family "${family}"; the families are ${FAMILY_IDS.join(', ')}`);
  }
}

export function resolveConfig(config: CoreConfig): ResolvedConfig {
  checkChainNames(config);
  return {
    dataDir: config.dataDir,
    databaseFile: join(config.dataDir, 'stablepos.sqlite'),
    host: config.host ?? '127.0.0.1',
    port: config.port ?? DEFAULT_PORT,
    publicUrl: config.publicUrl?.replace(/\/+$/, ''),
    allowedHosts: config.allowedHosts ?? [],
    uiMode: config.uiMode ?? 'test',
    uiToken: config.uiToken,
    uiSessionIdleMs: config.uiSessionIdleMs ?? {},
    rendererDir: config.rendererDir,
    migrationsDir: config.migrationsDir,
    databaseUrl: config.databaseUrl,
    manualRates: config.manualRates ?? {},
    rateFeed: resolveRateFeed(config.rateFeed ?? {}),
    networks: { test: { ...config.networks?.test }, live: { ...config.networks?.live } },
    devnetBlockTimeSeconds: config.devnetBlockTimeSeconds ?? 1,
    chainPollMs: config.chainPollMs,
    confirmations: config.confirmations ?? {},
    commitments: config.commitments ?? {},
    liveWallets: config.liveWallets ?? {},
    expiryMaxSleepMs: config.expiryMaxSleepMs ?? 30_000,
    rateLimit: config.rateLimit ?? { max: 100, windowMs: 1000 },
    webhookRetryDelaysMs: config.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    webhookTimeoutMs: config.webhookTimeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS,
    webhookConcurrency: config.webhookConcurrency ?? { perEndpoint: 8, global: 64 },
    secretBox: config.secretBox,
    printing: {
      receiptBytes: config.printing?.receiptBytes,
      connectTimeoutMs: config.printing?.connectTimeoutMs ?? 3000,
      writeTimeoutMs: config.printing?.writeTimeoutMs ?? 10_000,
    },
    walletPassphrase: config.walletPassphrase ?? process.env.STABLEPOS_WALLET_PASSPHRASE,
    resetSealedSecrets: config.resetSealedSecrets ?? process.env.STABLEPOS_RESET_SEALED_SECRETS === '1',
    testRefundWallet: config.testRefundWallet === false ? false : { fundTokens: config.testRefundWallet?.fundTokens ?? 1_000_000 },
    refundPollMs: config.refundPollMs ?? 500,
    leaderLease: { ttlMs: config.leaderLease?.ttlMs ?? 3000, renewMs: config.leaderLease?.renewMs ?? 1000 },
    readyMaxPassAgeMs: config.readyMaxPassAgeMs ?? 30_000,
    logger: config.logger ?? false,
    now: config.now ?? Date.now,
  };
}
