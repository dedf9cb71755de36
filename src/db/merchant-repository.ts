import { asc, count, eq } from 'drizzle-orm';
import type { Currency, FiatCurrency } from '../domain/currencies.js';
import type { Merchant, MerchantSettingsPatch } from '../domain/merchant.js';
import type { StoreDb } from './store-db.js';
import type { Tables } from './tables.js';

export interface NewMerchant {
  id: string;
  name: string;
  domainId: string;
  domain: string;
  createdAt: number;
}

/** A merchant row and its domains as the core's Merchant. */
function toMerchant(row: Tables['merchants']['$inferSelect'], domains: readonly Tables['merchantDomains']['$inferSelect'][]): Merchant {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    reportingCurrency: row.reportingCurrency as FiatCurrency,
    defaultCurrency: row.defaultCurrency as Currency,
    feeBps: row.feeBps,
    feeFixedUsdCents: row.feeFixedUsdCents,
    sessionExpirySeconds: row.sessionExpirySeconds,
    monitoringWindowSeconds: row.monitoringWindowSeconds,
    settlementCurrency: row.settlementCurrency as Currency | null,
    conversionFeeBps: row.conversionFeeBps,
    tips: { enabled: row.tipsEnabled, percentages: JSON.parse(row.tipPercentages) as number[], custom: row.tipsCustom },
    createdAt: row.createdAt,
    domains: domains.map((d) => ({ id: d.id, domain: d.domain, createdAt: d.createdAt })),
  };
}

/** Merchants and their domains. */
export class MerchantRepository {
  constructor(private readonly store: StoreDb) {}

  async count(): Promise<number> {
    const m = this.store.t.merchants;
    const [row] = await this.store.db.select({ n: count() }).from(m);
    return row?.n ?? 0;
  }

  /** The merchant and its first domain, written together (a savepoint inside the caller's unit). */
  async insert(m: NewMerchant): Promise<void> {
    const { merchants, merchantDomains } = this.store.t;
    await this.store.unit(async () => {
      await this.store.db.insert(merchants).values({ id: m.id, name: m.name, createdAt: m.createdAt });
      await this.store.db.insert(merchantDomains).values({ id: m.domainId, merchantId: m.id, domain: m.domain, createdAt: m.createdAt });
    });
  }

  async addDomain(merchantId: string, d: { id: string; domain: string; createdAt: number }): Promise<void> {
    const md = this.store.t.merchantDomains;
    await this.store.db.insert(md).values({ id: d.id, merchantId, domain: d.domain, createdAt: d.createdAt });
  }

  async update(id: string, patch: MerchantSettingsPatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    const m = this.store.t.merchants;
    // The presets are one JSON column (a short list read whole, never queried by value).
    const { tipPercentages, ...columns } = patch;
    await this.store.db.update(m).set({ ...columns, ...(tipPercentages !== undefined && { tipPercentages: JSON.stringify(tipPercentages) }) }).where(eq(m.id, id));
  }

  /** The first merchant created: the one a single-shop install serves. */
  async first(): Promise<Merchant | undefined> {
    const m = this.store.t.merchants;
    const [row] = await this.store.db.select({ id: m.id }).from(m).orderBy(asc(m.createdAt)).limit(1);
    return row ? this.findById(row.id) : undefined;
  }

  async findById(id: string): Promise<Merchant | undefined> {
    const { merchants, merchantDomains } = this.store.t;
    const [[row], domains] = await Promise.all([
      this.store.db.select().from(merchants).where(eq(merchants.id, id)),
      this.store.db.select().from(merchantDomains).where(eq(merchantDomains.merchantId, id)).orderBy(asc(merchantDomains.createdAt)),
    ]);
    return row ? toMerchant(row, domains) : undefined;
  }
}
