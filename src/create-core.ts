import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ChainIntegration, createChainIntegration } from './chain-integration.js';
import { type CoreConfig, type ResolvedConfig, resolveConfig } from './config.js';
import { type CoreServices, createServices } from './core-services.js';
import { buildApp } from './http/app.js';
import { WalCheckpointer } from './db/sqlite/wal-checkpointer.js';
import { limitHeapGrowth } from './heap-growth.js';
import { ownerOnlyByDefault } from './private-files.js';
import { DeadlineTimer } from './services/deadline-timer.js';
import { type LeaderWork, TIMERS_ROLE, watcherRole } from './services/leadership.js';
import { RefundPayouts } from './services/refund-payouts.js';
import type { PrintOnPaid } from './services/printer/print-on-paid.js';
import { RpcCheckService } from './services/rpc-check.js';
import { isSqlite } from './storage/sqlite-stores.js';

export interface Core {
  /** Base URL the server listens on, once started. */
  readonly url: string;
  /** Opens the database (migrating it), starts timers and the HTTP server; resolves with the base URL. */
  start(): Promise<string>;
  /** The chain integrations (devnets, watchers) once started. */
  readonly chains: ChainIntegration | undefined;
  /** Stops accepting requests, finishes in-flight ones, stops timers, closes the database. */
  stop(): Promise<void>;
}

const MINUTE_MS = 60 * 1000;

/**
 * The timers as one leader role (TIMERS_ROLE): session expiry, settlement, the refund payout worker,
 * the automatic receipt printing, the address sweep and the idempotency purge run on one instance at a time. Their units check what
 * they change (a session still open, an entry still pending, a refund still PENDING), so a brief
 * overlap at a hand-over repeats nothing; the lease spares the duplicated work.
 */
function timersRole(parts: { expiry: DeadlineTimer; settlement: DeadlineTimer; payouts: RefundPayouts; printOnPaid: PrintOnPaid; sweep: (purge: boolean) => Promise<void> }): LeaderWork {
  let purgeTimer: NodeJS.Timeout | undefined;
  return {
    start: () => {
      parts.expiry.start();
      // T+1: pending funds become available at their settlement time; a start after downtime (or a
      // take-over) settles at once everything that came due meanwhile.
      parts.settlement.start();
      parts.payouts.start();
      parts.printOnPaid.start();
      let sweeps = 0;
      purgeTimer = setInterval(() => void parts.sweep(++sweeps % 60 === 0), MINUTE_MS);
      purgeTimer.unref();
    },
    stop: async () => {
      if (purgeTimer) clearInterval(purgeTimer);
      purgeTimer = undefined;
      // Each waits for its pass under way: nothing of the role runs once this resolves.
      await Promise.all([parts.expiry.stop(), parts.settlement.stop(), parts.payouts.stop(), parts.printOnPaid.stop()]);
    },
  };
}

/**
 * Live RPC endpoints and each network's switch (both modes) saved from the app's Settings fill in what
 * the command line, environment and configuration left unset (those win: a deployment's flags are never
 * overridden from a screen). A network switched off runs in neither way: no devnet, no watcher, even
 * with an endpoint saved.
 */
async function withSavedNetworks(config: ResolvedConfig, s: CoreServices, log: (msg: string, err?: unknown) => void): Promise<ResolvedConfig> {
  const live = { ...config.networks.live };
  const test = { ...config.networks.test };
  for (const network of s.networkSettings.networks) {
    if (test[network] === undefined) {
      // Untouched, the chain integration's default decides (a devnet unless the network is off by default).
      const on = await s.networkSettings.savedSwitch(network, false);
      if (on !== null) test[network] = on ? 'devnet' : 'off';
    }
    const given = live[network];
    const saved = await s.networkSettings.saved(network);
    // A saved API key fills in for an endpoint from either source, unless the deployment gave one.
    let apiKey: string | undefined;
    try {
      apiKey = await s.networkSettings.apiKey(network);
    } catch (err) {
      log(`${network}: the saved API key cannot be opened (the data key changed); enter it again in Settings`, err);
    }
    if (given !== undefined) {
      if (typeof given === 'object' && given.apiKey === undefined && apiKey !== undefined) live[network] = { ...given, apiKey };
      continue;
    }
    if (!(saved.enabled ?? s.networkSettings.enabledByDefault(network))) {
      live[network] = 'off';
    } else if (saved.rpcUrl) {
      live[network] = {
        rpcUrl: saved.rpcUrl,
        ...(saved.confirmations !== null && { confirmations: saved.confirmations }),
        ...(saved.commitment !== null && { commitment: saved.commitment }),
        ...(apiKey !== undefined && { apiKey }),
      };
    }
  }
  return { ...config, networks: { test, live } };
}

/** The composition root: config in, a startable core out. Nothing else wires concrete parts together. */
export function createCore(input: CoreConfig): Core {
  const config = resolveConfig(input);
  let services: CoreServices | undefined;
  let app: FastifyInstance | undefined;
  let expiry: DeadlineTimer | undefined;
  let settlement: DeadlineTimer | undefined;
  let chains: ChainIntegration | undefined;
  let payouts: RefundPayouts | undefined;
  let checkpointer: WalCheckpointer | undefined;
  let url = '';

  return {
    get url() {
      return url;
    },

    get chains() {
      return chains;
    },

    async start() {
      if (services) throw new Error('core already started');
      limitHeapGrowth();
      // Before anything is written: the files of the data dir, the devnets' included, are private.
      ownerOnlyByDefault();
      const warn = (msg: string, err?: unknown) => app?.log.warn({ err }, msg);
      // The services and the chains need each other (chain-integration.ts): the integration is made
      // first, the services get its views at construction, and it starts over the services.
      const c = createChainIntegration(warn);
      chains = c;
      const s = await createServices(
        config,
        {
          onDeadline: (at) => expiry?.deadlineAdded(at),
          onSettlementScheduled: (at) => settlement?.deadlineAdded(at),
          onError: (message, err) => app?.log.error({ err }, message),
          onLeadership: (role, leading, holder) => app?.log.info({ role, holder }, leading ? `this instance now leads ${role}` : `this instance no longer leads ${role}`),
          onRefundChanged: () => payouts?.wake(),
          publicBaseUrl: () => config.publicUrl ?? url,
        },
        c,
      ).catch(async (err: unknown) => {
        await c.stop();
        chains = undefined;
        throw err;
      });
      services = s;
      try {
        await s.prepareSecretsAtRest();
        await s.idempotency.releaseUnfinished();
        await c.start(await withSavedNetworks(config, s, warn), s);
        payouts = new RefundPayouts({
          refunds: s.refunds,
          networks: () => c.refundNetworks,
          chains: s.chains,
          pollMs: config.refundPollMs,
          onError: (message, err) => app?.log.warn({ err }, message),
        });
        const worker = payouts;
        await s.addressBook.load();
        app = await buildApp({
          services: { ...s, networks: c.networks, rpcCheck: new RpcCheckService({ probe: (network, url) => c.probe(network, url), now: config.now }), uiMode: config.uiMode, uiAppToken: config.uiToken, now: config.now, publicBaseUrl: () => config.publicUrl ?? url },
          authenticate: s.authenticate,
          rateLimit: config.rateLimit,
          logger: config.logger,
          rendererDir: config.rendererDir,
          hosts: { listenHost: config.host, publicUrl: config.publicUrl, allowedHosts: config.allowedHosts },
        });
        await app.listen({ host: config.host, port: config.port });
        const address = app.server.address() as AddressInfo;
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
        // SQLite's WAL needs checkpoints; PostgreSQL runs its own.
        if (isSqlite(s.store)) {
          const gate = s.store.gate;
          checkpointer = new WalCheckpointer(s.store.db, config.databaseFile, (message, err) => app?.log.warn({ err }, message), {
            pauseWrites: (work) => gate.pause(work),
          });
          checkpointer.start();
        }
        expiry = new DeadlineTimer(
          () => s.sessions.expireDue(),
          () => s.sessions.nextDeadline(),
          config.now,
          (err) => app?.log.error({ err }, 'session expiry sweep failed'),
          config.expiryMaxSleepMs,
        );
        settlement = new DeadlineTimer(
          () => s.settlements.settleDue(),
          () => s.settlements.nextDue(),
          config.now,
          (err) => app?.log.error({ err }, 'settlement sweep failed'),
          config.expiryMaxSleepMs,
        );
        const sweep = async (purge: boolean) => {
          try {
            await s.addressBook.sweep();
            if (purge) await s.idempotency.purgeExpired();
          } catch (err) {
            app?.log.error({ err }, 'address sweep or idempotency purge failed');
          }
        };
        // Each network's watcher and the timers run where their lease is held: here on SQLite, on one
        // instance of several on PostgreSQL (docs/deployment.md, "What runs where").
        s.leadership.add(TIMERS_ROLE, timersRole({ expiry, settlement, payouts: worker, printOnPaid: s.printOnPaid, sweep }));
        for (const w of c.watching) s.leadership.add(watcherRole(w.network, w.livemode), w.watcher);
        await s.leadership.start();
        await s.webhooks.start();
        s.rateFeed?.start();
      } catch (err) {
        await s.leadership.stop();
        await payouts?.stop();
        payouts = undefined;
        // A failed start (port taken, devnet unable to start) leaves nothing running behind it.
        await s.webhooks.stop();
        await app?.close().catch(() => undefined);
        await chains?.stop().catch(() => undefined);
        await checkpointer?.stop();
        checkpointer = undefined;
        await s.close();
        services = undefined;
        app = undefined;
        chains = undefined;
        throw err;
      }

      return url;
    },

    async stop() {
      services?.rateFeed?.stop();
      // First: the watchers' passes and the timers end, and their leases are released, so another
      // instance takes them over at its next renewal rather than after the lease's expiry.
      await services?.leadership.stop();
      await payouts?.stop();
      payouts = undefined;
      await services?.webhooks.stop();
      await app?.close();
      await chains?.stop();
      chains = undefined;
      await checkpointer?.stop();
      checkpointer = undefined;
      await services?.close();
      services = undefined;
      app = undefined;
    },
  };
}
