/**
 * The core as the app runs it (createCore: HTTP, SQLite, watchers), in a process of its own so the
 * bench's clients, signing and timing never share its event loop. Its only network (test mode) is the
 * section's: ethereum on the section's own anvil, tron on the section's TRON stand-in, or solana on the
 * section's surfnet, given as an RPC endpoint (every other registered network is off, so the core starts
 * no devnet of its own); the watcher's poll interval and the confirmations are the section's. It watches
 * the network's live list of other well-known tokens too (issue 17: DAI, FDUSD, PYUSD, BUSD; USDC on
 * TRON), as a live shop does by default: more contracts in the same log scans, which `chain-rpc` checks
 * cost no more calls. On Solana, where each extra mint costs one more signature list per pass, the
 * driver gives as many mints that exist on its surfnet (the devnet's test DAI for PYUSD).
 *
 *   node bin/run-ts.mjs bench/chain/core-child.ts <data-dir> '<ChainCoreOptions JSON>'
 */
import { performance } from 'node:perf_hooks';
import type { WatcherStats } from '../../src/chains/family.js';
import { familyOf, NETWORK_IDS, networkInfo } from '../../src/chains/registry.js';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { createCore } from '../../src/create-core.js';
import type { ChainCoreOptions, FromChild, ToChild } from './core-protocol.js';

const [dataDir, json] = process.argv.slice(2);
if (!dataDir || !json || !process.send) {
  process.stderr.write('usage (forked by the bench): core-child.ts <data-dir> <options JSON>\n');
  process.exit(2);
}
const options = JSON.parse(json) as ChainCoreOptions;
const send = (message: FromChild) => process.send?.(message);

// A key made the way `stablepos keys create` makes one, before the core opens the same file.
const setup = await createServices(resolveConfig({ dataDir }));
const merchantId = (await setup.merchants.defaultMerchant()).id;
const apiKey = (await setup.apiKeys.create(merchantId, 'test')).secret;
const family = familyOf(options.network);
if (!family) throw new Error(`no registered family has the network ${options.network}`);
const wallet = await setup.wallets.xpub(merchantId, family.id, false) ?? null;
await setup.close();

const core = createCore({
  dataDir,
  port: 0,
  logger: false,
  rateLimit: { max: 1e9, windowMs: 1000 },
  networks: {
    test: {
      ...Object.fromEntries(NETWORK_IDS.map((n) => [n, 'off' as const])),
      [options.network]: {
        rpcUrl: options.rpcUrl,
        chainId: options.chainId,
        tokens: options.tokens,
        extraTokens: options.extraTokens ?? (networkInfo(options.network)?.liveExtraTokens ?? []).map(({ symbol, contract, decimals }) => ({ symbol, contract, decimals })),
      },
    },
  },
  chainPollMs: options.pollMs,
  confirmations: { [options.network]: options.confirmations },
});

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  void core.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`core-child: error while stopping: ${(err as Error).stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
process.on('disconnect', shutdown);
process.on('message', (message: ToChild) => {
  if (message.type === 'stop') shutdown();
  else if (message.type === 'stats') {
    const watchers: Record<string, WatcherStats> = {};
    for (const [key, w] of core.chains?.watchers ?? []) watchers[key] = { ...w.stats };
    send({ type: 'stats', watchers });
  }
});

const url = await core.start();
send({ type: 'ready', url, apiKey, merchantId, wallet, startedAt: performance.timeOrigin + performance.now() });
