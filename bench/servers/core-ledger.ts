/**
 * The core (as bench/servers/core.ts starts it) over a data dir whose ledger already holds many
 * entries: what a shop's database looks like after years of trading. Entries are written straight
 * into SQLite in one transaction (the services would take far longer to make a million), with funds
 * accounts equal to their sums, as the ledger service keeps them.
 *
 *   node bin/run-ts.mjs bench/servers/core-ledger.ts <data-dir> <entries>
 */
import { resolveConfig } from '../../src/config.js';
import { createServices } from '../../src/core-services.js';
import { createCore } from '../../src/create-core.js';
import { newId } from '../../src/domain/ids.js';
import { announceReady, dataDirArg } from './child-side.js';
import { BENCH_RATE_LIMIT, coreNetworkConfig } from './core-options.js';
import type { SqliteStores } from '../../src/storage/sqlite-stores.js';

const dataDir = dataDirArg();
const entries = Number(process.argv[3] ?? '1000000');
if (!Number.isInteger(entries) || entries < 1) {
  process.stderr.write(`entries must be a positive integer, got "${process.argv[3]}"\n`);
  process.exit(2);
}

const services = await createServices(resolveConfig({ dataDir }));
const merchantId = (await services.merchants.defaultMerchant()).id;
const apiKey = (await services.apiKeys.create(merchantId, 'test')).secret;
const db = (services.store as SqliteStores).db.$client;
const DAY = 86_400_000;
const start = Date.now() - 3 * 365 * DAY;
const insert = db.prepare(
  `INSERT INTO balance_transactions (id, merchant_id, livemode, type, currency, amount_minor, fee_minor, net_minor, available_on, settles, source_id, description, created_at)
   VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const sums = new Map<string, bigint>();
db.transaction(() => {
  for (let i = 0; i < entries; i++) {
    const createdAt = start + Math.floor(((Date.now() - start) * i) / entries);
    // Nine payments to one conversion pair: the mix a shop that converts now and then would have.
    const kind = i % 10;
    const currency = kind === 9 ? 'EUR' : i % 2 === 0 ? 'USDT' : 'USDC';
    const amount = kind === 9 ? 4_629 : 10_000_000 + (i % 1000) * 1_000;
    const fee = kind === 9 ? 23 : Math.round(amount * 0.015) + 100_000;
    const type = kind === 9 ? 'conversion' : 'payment';
    const sourceId = kind === 9 ? newId('conversion', createdAt) : newId('session', createdAt);
    insert.run(newId('balanceTransaction', createdAt), merchantId, type, currency, amount, fee, amount - fee, createdAt + DAY, kind === 9 ? 0 : 1, sourceId, `${type} ${sourceId}`, createdAt);
    sums.set(currency, (sums.get(currency) ?? 0n) + BigInt(amount - fee));
  }
  const account = db.prepare('INSERT INTO funds_accounts (merchant_id, livemode, currency, available_minor, pending_minor, created_at, updated_at) VALUES (?, 0, ?, ?, 0, ?, ?)');
  for (const [currency, net] of sums) account.run(merchantId, currency, net, start, Date.now());
}).immediate();
await services.close();

const core = createCore({ dataDir, port: 0, rateLimit: { ...BENCH_RATE_LIMIT }, networks: coreNetworkConfig('off'), logger: false });
const url = await core.start();
announceReady(url, () => core.stop(), { apiKey, merchantId });
