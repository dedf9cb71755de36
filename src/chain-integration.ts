import { join } from 'node:path';
import type { ChainFamily, DepositSource, ReadyNetwork, Watcher } from './chains/family.js';
import { type AnyDevnet, FAMILIES, familyById, familyOf, networkInfo } from './chains/registry.js';
import type { NetworkConfig, ResolvedConfig } from './config.js';
import type { CoreServices } from './core-services.js';
import { type Stablecoin, STABLECOINS } from './domain/currencies.js';
import type { ExtraToken, FamilyId, NetworkInfo } from './domain/networks.js';
import type { NetworkSettings, NetworkStatus } from './domain/payment-option.js';
import { isDelayed, type ProbeFindings } from './domain/rpc-check.js';
import { splitRpcUrls } from './domain/rpc-urls.js';
import type { ChainHandlers } from './services/chain-handlers.js';
import { watcherRole } from './services/leadership.js';
import type { WatchedNetwork } from './services/readiness.js';
import type { RefundNetwork, RefundNetworks } from './services/refund-service.js';

/**
 * What the services are given of the chains at their construction (core-services.ts): views over the
 * chain integration that answer from what its `start` brought up (before it, no network is ready).
 */
export interface ChainViews {
  handlers: ChainHandlers;
  /** Refund payouts per ready network and mode. */
  refundNetworks: RefundNetworks;
  /** The watchers this instance may lead, for `GET /ready`. */
  watched(): readonly WatchedNetwork[];
}

export interface ChainIntegration extends ChainViews {
  networks(livemode: boolean): NetworkStatus[];
  /** The running devnets (test mode), each as its family's own type, for tests. */
  devnets: readonly AnyDevnet[];
  /** One watcher per ready network and mode, keyed `network:test` or `network:live`. */
  watchers: ReadonlyMap<string, Watcher>;
  /**
   * The same watchers with their network, mode and poll interval: each is a leader role
   * (`watcherRole`), started and stopped by the leadership (createCore), never by this module.
   */
  watching: readonly (WatchedNetwork & { watcher: Watcher })[];
  /**
   * Brings up what the configuration asks for (devnets, RPC endpoints, watchers and payout ports) over
   * the services, which were built with this integration's views. Called once, by createCore.
   */
  start(config: ResolvedConfig, services: CoreServices): Promise<void>;
  /**
   * Checks `url` as an endpoint of the live `network` (its live chain id, or the configured one; its
   * coins; its API key header; its running endpoint to compare heads with). null: no family can.
   */
  probe(network: string, url: string): Promise<ProbeFindings | null>;
  /** Stops the watchers (awaiting their passes), the deposit sources and the devnets. */
  stop(): Promise<void>;
}

const modeName = (livemode: boolean) => (livemode ? 'live' : 'test');

function notConfigured(info: NetworkInfo, livemode: boolean, confirmations: number, commitment: Commitment): NetworkSettings {
  return {
    network: info.id,
    livemode,
    status: 'not_configured',
    chainId: livemode ? info.liveChainId : null,
    rpcUrl: null,
    devnet: false,
    confirmations,
    ...commitment,
    tokens: tokensOf(info, (coin, live) => (livemode ? live.liveContract : '')),
  };
}

/** The network's coins, each with its decimals and the contract `contract` picks (undefined: left out). */
function tokensOf(info: NetworkInfo, contract: (coin: Stablecoin, live: { liveContract: string }) => string | undefined): NetworkSettings['tokens'] {
  const tokens: Partial<Record<Stablecoin, { contract: string; decimals: number }>> = {};
  for (const coin of STABLECOINS) {
    const live = info.tokens[coin];
    const address = live && contract(coin, live);
    if (live && address !== undefined) tokens[coin] = { contract: address, decimals: live.decimals };
  }
  return tokens;
}

/** `{ commitment }` on a network that has commitments (NetworkInfo.commitments), else nothing. */
type Commitment = { commitment?: string };

function fromRpc(family: ChainFamily<AnyDevnet>, info: NetworkInfo, livemode: boolean, rpc: Exclude<NetworkConfig, 'devnet' | 'off'>, confirmations: number, commitment: Commitment): NetworkSettings {
  const chainId = rpc.chainId !== undefined ? String(rpc.chainId) : livemode ? info.liveChainId : null;
  // Given contracts (a test chain's) or, in live mode, the live ones; never a coin the network does not offer.
  const given = rpc.tokens;
  const tokens = given ? tokensOf(info, (coin) => given[coin]) : livemode ? tokensOf(info, (_coin, live) => live.liveContract) : {};
  const chosen = info.commitments && rpc.commitment !== undefined ? { commitment: rpc.commitment } : commitment;
  if (chainId === null || Object.keys(tokens).length === 0) return { ...notConfigured(info, livemode, confirmations, chosen), rpcUrl: rpc.rpcUrl };
  return {
    network: info.id,
    livemode,
    status: 'ready',
    chainId,
    rpcUrl: rpc.rpcUrl,
    ...(rpc.apiKey && info.apiKeyHeader && { rpcHeaders: { [info.apiKeyHeader]: rpc.apiKey } }),
    devnet: false,
    confirmations: rpc.confirmations ?? confirmations,
    ...chosen,
    tokens,
    extraTokens: extraTokensOf(family, info, livemode, rpc, tokens),
  };
}

/**
 * What a ready network watches beside the coins it offers (issue 17): the configured extra tokens, else
 * in live mode the network's well-known ones; and in live mode every coin the network offers that this
 * configuration left out (the merchant turned it off), at its live contract, as a wrong asset.
 * @throws Error naming the configuration key of a token that is not written as the family's address
 */
function extraTokensOf(
  family: ChainFamily<AnyDevnet>,
  info: NetworkInfo,
  livemode: boolean,
  rpc: Exclude<NetworkConfig, 'devnet' | 'off'>,
  offered: NetworkSettings['tokens'],
): ExtraToken[] {
  const where = `networks.${modeName(livemode)}.${info.id}.extraTokens`;
  const extra: ExtraToken[] = (rpc.extraTokens ?? (livemode ? (info.liveExtraTokens ?? []) : [])).map((t, i) => {
    const contract = typeof t.contract === 'string' ? family.addresses.normalize(t.contract) : null;
    if (contract === null) throw new Error(`${where}[${i}].contract: must be written as ${family.addresses.format}`);
    if (!Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 36) throw new Error(`${where}[${i}].decimals: must be an integer from 0 to 36`);
    if (typeof t.symbol !== 'string' || !/^[A-Za-z0-9.$-]{1,16}$/.test(t.symbol)) throw new Error(`${where}[${i}].symbol: must be 1 to 16 letters, digits, ".", "$" or "-"`);
    const currency = (STABLECOINS as readonly string[]).includes(t.symbol) ? (t.symbol as Stablecoin) : null;
    return { symbol: t.symbol, contract, decimals: t.decimals, currency };
  });
  if (livemode) {
    for (const coin of STABLECOINS) {
      const live = info.tokens[coin];
      if (!live || offered[coin] !== undefined || extra.some((t) => t.currency === coin)) continue;
      extra.push({ symbol: coin, contract: live.liveContract, decimals: live.decimals, currency: coin });
    }
  }
  const key = (contract: string) => family.addresses.key(contract);
  const offeredContracts = new Set(Object.values(offered).map((t) => key(t.contract)));
  // A contract offered for payment stays a payment: never also watched as a mistake.
  return extra.filter((t, i) => !offeredContracts.has(key(t.contract)) && extra.findIndex((u) => key(u.contract) === key(t.contract)) === i);
}

/**
 * A network's configuration in a mode: given (the Settings switch included, create-core.ts), else off
 * when the network is off until the shop turns it on (NetworkInfo.offByDefault), else its family's
 * devnet in test mode; undefined: on, with no endpoint (live mode), which the network's status says.
 */
function choiceOf(config: ResolvedConfig, family: ChainFamily<AnyDevnet>, info: NetworkInfo, livemode: boolean): NetworkConfig | undefined {
  const given = (livemode ? config.networks.live : config.networks.test)[info.id];
  if (given !== undefined) return given;
  if (info.offByDefault) return 'off';
  return !livemode && family.devnet ? 'devnet' : undefined;
}

/**
 * The chains of every registered family, in each mode: a local devnet (test mode default), an RPC
 * endpoint, or nothing; then, per ready network and mode, the family's watcher and payout port. It
 * knows families only through their contract (src/chains/family.ts) and the registry.
 *
 * Made before the services and started after them (createCore): the services and the chains need
 * each other (a session's options come from the networks, a watcher's pass goes to the payment
 * recorder), so the services are built with this integration's views (ChainViews), which read the
 * state `start` fills, and `start` builds the watchers over the services. Nothing is set on a service
 * afterwards; the views answer "no network" until `start`, which runs before the server listens.
 */
export function createChainIntegration(log: (msg: string, err?: unknown) => void): ChainIntegration {
  const devnets: AnyDevnet[] = [];
  const settings = new Map<boolean, NetworkSettings[]>([[false, []], [true, []]]);
  const watchers = new Map<string, Watcher>();
  const watching: (WatchedNetwork & { watcher: Watcher })[] = [];
  const unpayables = new Map<string, () => Partial<Record<Stablecoin, string>>>();
  /** A network as sessions may use it now: without the coins it cannot be paid in (NetworkConnection.unpayable). */
  const payableNow = (s: NetworkSettings): NetworkSettings => {
    const unpayable = unpayables.get(`${s.network}:${modeName(s.livemode)}`)?.();
    if (!unpayable || Object.keys(unpayable).length === 0) return s;
    return { ...s, tokens: Object.fromEntries(Object.entries(s.tokens).filter(([coin]) => unpayable[coin as Stablecoin] === undefined)) };
  };
  const refundNetworks = new Map<string, RefundNetwork>();
  let started = false;

  const start = async (config: ResolvedConfig, services: CoreServices): Promise<void> => {
    if (started) throw new Error('the chain integration is started once');
    started = true;
    const devnetDir = join(config.dataDir, 'devnet');
    try {
      for (const livemode of [false, true]) {
        for (const family of FAMILIES as readonly ChainFamily<AnyDevnet>[]) {
          for (const info of family.networks) {
            const confirmations = config.confirmations[info.id] ?? info.defaultConfirmations;
            const level = info.commitments && (config.commitments[info.id] ?? info.commitments[0]);
            const commitment: Commitment = level ? { commitment: level } : {};
            const choice = choiceOf(config, family, info, livemode);
            let s: NetworkSettings;
            if (choice === 'devnet' && !livemode && family.devnet) {
              const devnet = await family.devnet.start(info.id, { dir: devnetDir, blockTimeSeconds: config.devnetBlockTimeSeconds });
              devnets.push(devnet);
              s = { network: info.id, livemode, status: 'ready', rpcUrl: devnet.rpcUrl, devnet: true, confirmations, ...commitment, ...family.devnet.describe(devnet) };
            } else if (choice && typeof choice === 'object') {
              s = fromRpc(family, info, livemode, choice, confirmations, commitment);
            } else {
              // Switched off: listed as such (GET /v1/networks), never offered, never watched.
              s = { ...notConfigured(info, livemode, confirmations, commitment), ...(choice === 'off' && { status: 'off' as const }) };
            }
            settings.get(livemode)?.push(s);
          }
        }
      }
    } catch (err) {
      await Promise.all(devnets.map((d) => d.stop()));
      throw err;
    }

    const merchantId = (await services.merchants.defaultMerchant()).id;
    // Test mode: each family's refund wallet is generated on first use (sealed with the data dir's test
    // passphrase) and funded on its devnets, so refunds pay out for real.
    const testRefundWallet = async (family: ChainFamily<AnyDevnet>): Promise<string | undefined> => {
      if (config.testRefundWallet === false) return undefined;
      if (!await services.refunds.walletAddress(merchantId, family.id, false)) await services.refunds.importWalletKey(merchantId, family.id, false, family.refundKeys.generate());
      return (await services.refunds.walletKeyOrNull(merchantId, family.id, false))?.address;
    };
    for (const [livemode, list] of settings) {
      for (const s of list) {
        if (s.status !== 'ready' || !s.rpcUrl || s.chainId === null) continue;
        const network = s.network;
        const family = familyOf(network);
        if (!family) continue; // every configured network is a registered family's (above)
        const rpcUrls = splitRpcUrls(s.rpcUrl);
        const ready: ReadyNetwork = { ...s, status: 'ready', rpcUrl: rpcUrls[0] ?? s.rpcUrl, rpcUrls, chainId: s.chainId, pollMs: config.chainPollMs ?? (s.devnet ? 100 : 1000) };
        // A pass writes only while this instance leads the network (checked inside its unit of work).
        const fence = services.leadership.fence(watcherRole(network, livemode));
        const intake = services.payments.network(network, livemode, s.confirmations, fence);
        const connection = family.connect(ready, {
          wallet: () => services.walletNow(family.id, livemode),
          cursor: async (chainId) => {
            // Each pass starts here: first the addresses other instances issued since the last pass, so
            // none is missed when a change signal was (the signals only make them known sooner).
            await services.addressBook.catchUp();
            intake.begin();
            const c = await services.chainState.cursor(network, livemode);
            if (c && c.chainId !== chainId) {
              // A different chain behind the same name (a new devnet, a changed RPC): start afresh.
              await services.chainState.reset(network, livemode);
              return undefined;
            }
            return c?.position;
          },
          recentBlocks: () => services.chainState.recentBlocks(network, livemode),
          // Deposits, and the destinations of refunds the owner pays by hand (wallet QR).
          isWatched: (address) => intake.isWatched(address),
          isPastDeposit: (address) => intake.isPastDeposit(address),
          // Ended deposit addresses count: money can arrive at one long after its window (a `late` deposit).
          anyWatched: () => services.addressBook.any(family.id, livemode) || services.addressBook.anyIssued(family.id, livemode) || services.refunds.anyManual(family.id, livemode),
          watchedSince: async () => {
            const sessionId = await services.addressBook.oldestWatched(family.id, livemode);
            const session = sessionId === undefined ? undefined : (await services.sessions.getPublic(sessionId))?.session;
            const times = [session?.createdAt, services.refunds.oldestManual(family.id, livemode)].filter((t) => t !== undefined);
            return times.length > 0 ? Math.min(...times) : undefined;
          },
          manualDestinations: () => services.refunds.manualDestinations(family.id, livemode),
          // The one owner of payment state: it matches each recipient once per pass and records the pass.
          apply: async (scan) => {
            await intake.apply(scan);
          },
          onError: (err) => log(`${network} (${modeName(livemode)}) watcher: RPC failed`, err),
        });
        refundNetworks.set(`${network}:${livemode}`, {
          network,
          livemode,
          confirmations: s.confirmations,
          tokens: s.tokens,
          payouts: connection.payouts,
        });
        const devnet = devnets.find((d) => d.network === network);
        const merchantWallet = await services.wallets.xpub(merchantId, family.id, livemode);
        if (devnet && !livemode && merchantWallet && family.devnet?.openWallet) {
          await family.devnet.openWallet(devnet, merchantWallet).catch((err: unknown) => log(`${network}: opening the test merchant wallet's accounts failed`, err));
        }
        const wallet = !livemode && devnet ? await testRefundWallet(family) : undefined;
        if (devnet && wallet !== undefined && config.testRefundWallet !== false) {
          await family.devnet?.fund(devnet, wallet, BigInt(config.testRefundWallet.fundTokens)).catch((err: unknown) => log(`${network}: funding the test refund wallet failed`, err));
        }
        watchers.set(`${network}:${modeName(livemode)}`, connection.watcher);
        watching.push({ network, livemode, pollMs: ready.pollMs, stats: connection.watcher.stats, watcher: connection.watcher });
        if (connection.unpayable) unpayables.set(`${network}:${modeName(livemode)}`, connection.unpayable.bind(connection));
      }
    }
  };

  const deposits = new Map<FamilyId, DepositSource>(FAMILIES.map((f) => [f.id, f.deposits(log)]));
  const handlers: ChainHandlers = {
    depositFamilies: FAMILIES.map((f) => f.id),
    deposit: (family, wallet, index) => {
      const source = deposits.get(family);
      if (!source) throw new Error(`no chain family "${family}"`);
      return source.deposit(wallet, index);
    },
    options: (livemode, family, session, dueMinor, rates) => {
      const f = familyById(family);
      if (!f) return [];
      const networks = (settings.get(livemode) ?? []).filter((s) => f.networks.some((n) => n.id === s.network)).map(payableNow);
      return f.paymentOptions({ networks, ...session, dueMinor, rates }).map((o) => {
        // Told before the customer pays: a watcher further behind than the confirmations shows payments late.
        const s = networks.find((n) => n.network === o.network);
        const behind = watchers.get(`${o.network}:${modeName(livemode)}`)?.stats.behind;
        const name = f.networks.find((n) => n.id === o.network)?.name ?? o.network;
        return s && isDelayed(behind, s.confirmations) ? { ...o, delayed: `${name} is catching up: payments on it will show late` } : o;
      });
    },
  };

  return {
    handlers,
    devnets,
    watchers,
    watching,
    watched: () => watching,
    start,
    refundNetworks: {
      get: (network, livemode) => refundNetworks.get(`${network}:${livemode}`),
      all: () => [...refundNetworks.values()],
    },
    networks: (livemode) =>
      (settings.get(livemode) ?? []).map((s) => {
        const w = watchers.get(`${s.network}:${modeName(livemode)}`);
        const unpayable = unpayables.get(`${s.network}:${modeName(livemode)}`)?.() ?? {};
        const watcher = w ? { lastHead: w.stats.lastHead, lastSuccessAt: w.stats.lastSuccessAt, lastError: w.stats.lastError, behind: w.stats.behind ?? null, endpoints: w.stats.endpoints ?? [] } : null;
        return { ...s, unpayable, watcher };
      }),
    probe: async (network, url) => {
      const family = familyOf(network);
      const info = networkInfo(network);
      const s = settings.get(true)?.find((n) => n.network === network);
      const expectedChainId = s?.chainId ?? info?.liveChainId ?? null;
      if (!family?.probe || !info || !s || expectedChainId === null) return null;
      const contracts = Object.values(s.tokens).map((t) => t.contract);
      return family.probe({
        network,
        url,
        expectedChainId,
        confirmations: s.confirmations,
        contracts: contracts.length ? contracts : Object.values(info.tokens).map((t) => t.liveContract),
        ...(s.rpcHeaders && { headers: s.rpcHeaders }),
        // The running endpoint(s), to measure this one's head against (never itself).
        others: (s.rpcUrl ?? '').split(',').filter((u) => u !== '' && u !== url),
      });
    },
    stop: async () => {
      // Each waits for its pass under way: nothing is written after this resolves.
      await Promise.all([...watchers.values()].map((w) => w.stop()));
      await Promise.all([...deposits.values()].map((d) => d.stop()));
      await Promise.all(devnets.map((d) => d.stop()));
    },
  };
}
