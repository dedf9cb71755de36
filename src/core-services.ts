import type { ResolvedConfig } from './config.js';
import { ApiKeyRepository } from './db/api-key-repository.js';
import { IdempotencyRepository } from './db/idempotency-repository.js';
import { MerchantRepository } from './db/merchant-repository.js';
import { type Db, openDatabase } from './db/open-database.js';
import { SessionRepository } from './db/session-repository.js';
import type { Currency } from './domain/currencies.js';
import { type RateSource, TEST_USD_PRICES, UsdPriceTable } from './domain/rates.js';
import { ApiKeyService } from './services/api-key-service.js';
import { IdempotencyService } from './services/idempotency-service.js';
import { MerchantService } from './services/merchant-service.js';
import { SessionService } from './services/session-service.js';

export interface CoreServices {
  db: Db;
  merchants: MerchantService;
  apiKeys: ApiKeyService;
  sessions: SessionService;
  idempotency: IdempotencyService;
  close(): void;
}

/**
 * Storage and services wired together over one data dir, without HTTP or timers: the CLI's
 * `keys` commands use this alone; createCore adds the server and the background jobs.
 */
export function createServices(config: ResolvedConfig, onDeadline: (at: number) => void = () => {}): CoreServices {
  const db = openDatabase(config.databaseFile, config.migrationsDir);
  const now = config.now;
  const merchants = new MerchantService(new MerchantRepository(db), now);
  const testRates = new UsdPriceTable('test', TEST_USD_PRICES);
  const liveRates = new UsdPriceTable('manual', config.manualRates as Partial<Record<Currency, string>>);
  const rates = (livemode: boolean): RateSource => (livemode ? liveRates : testRates);
  merchants.ensureDefault();
  return {
    db,
    merchants,
    apiKeys: new ApiKeyService(new ApiKeyRepository(db), now),
    sessions: new SessionService(new SessionRepository(db), merchants, rates, now, (at) => onDeadline(at)),
    idempotency: new IdempotencyService(new IdempotencyRepository(db), now),
    close: () => db.$client.close(),
  };
}
