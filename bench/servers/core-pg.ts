/**
 * The stablepos core on PostgreSQL (createCore with a database URL), one instance of possibly
 * several on the same database: its data dir holds a copy of the data key every instance shares
 * (docs/deployment.md), and its own test API key is made beforehand as `stablepos keys create` does.
 *
 *   node bin/run-ts.mjs bench/servers/core-pg.ts <data-dir> <networks> <database-url> <data-key.json>
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { createCore } from '../../src/create-core.js';
import { announceReady, dataDirArg } from './child-side.js';
import { BENCH_RATE_LIMIT, CORE_NETWORKS, type CoreNetworks, coreNetworkConfig } from './core-options.js';

const dataDir = dataDirArg();
const networks = (process.argv[3] ?? 'off') as CoreNetworks;
const databaseUrl = process.argv[4];
const dataKeyFile = process.argv[5];
if (!CORE_NETWORKS.includes(networks) || !databaseUrl || !dataKeyFile) {
  process.stderr.write('usage: core-pg.ts <data-dir> <networks> <database-url> <data-key.json>\n');
  process.exit(2);
}
copyFileSync(dataKeyFile, join(dataDir, 'data-key.json'));

const services = await createServices(resolveConfig({ dataDir, databaseUrl }));
const merchantId = (await services.merchants.defaultMerchant()).id;
const apiKey = (await services.apiKeys.create(merchantId, 'test')).secret;
await services.close();

const core = createCore({ dataDir, databaseUrl, port: 0, rateLimit: { ...BENCH_RATE_LIMIT }, networks: coreNetworkConfig(networks), logger: false });
const url = await core.start();
announceReady(url, () => core.stop(), { apiKey, merchantId });
