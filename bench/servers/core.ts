/**
 * The stablepos core as the app runs it (createCore: every plugin, auth, idempotency, SQLite), on a
 * fresh data dir, with a test API key made beforehand the way `stablepos keys create` makes one.
 * The rate limit is raised far above any load we send, and the test-mode networks are chosen by the
 * bench (core-options.ts).
 *
 *   node bin/run-ts.mjs bench/servers/core.ts <data-dir> [off|devnet] [<renderer dir>]
 *   (networks, see core-options.ts; with a built UI folder, it is served at / as the app serves it)
 */
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { createCore } from '../../src/create-core.js';
import { announceReady, dataDirArg } from './child-side.js';
import { BENCH_RATE_LIMIT, CORE_NETWORKS, type CoreNetworks, coreNetworkConfig } from './core-options.js';

const dataDir = dataDirArg();
const networks = (process.argv[3] ?? 'off') as CoreNetworks;
if (!CORE_NETWORKS.includes(networks)) {
  process.stderr.write(`networks must be one of ${CORE_NETWORKS.join(', ')}, got "${networks}"\n`);
  process.exit(2);
}

// Key first, on its own connection, closed before the core opens the same SQLite file.
const services = await createServices(resolveConfig({ dataDir }));
const merchantId = (await services.merchants.defaultMerchant()).id;
const apiKey = (await services.apiKeys.create(merchantId, 'test')).secret;
await services.close();

const rendererDir = process.argv[4];
const core = createCore({ dataDir, port: 0, rateLimit: { ...BENCH_RATE_LIMIT }, networks: coreNetworkConfig(networks), logger: false, ...(rendererDir && { rendererDir }) });
const url = await core.start();
announceReady(url, () => core.stop(), { apiKey, merchantId });
