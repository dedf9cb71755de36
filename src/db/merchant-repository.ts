import { asc, count, eq } from 'drizzle-orm';
import type { Merchant, MerchantSettingsPatch } from '../domain/merchant.js';
import { toMerchant } from './merchant-rows.js';
import type { Db } from './open-database.js';
import { merchantDomains, merchants } from './schema.js';

export interface NewMerchant {
  id: string;
  name: string;
  domainId: string;
  domain: string;
  createdAt: number;
}

export class MerchantRepository {
  constructor(private readonly db: Db) {}

  count(): number {
    return this.db.select({ n: count() }).from(merchants).get()?.n ?? 0;
  }

  /** The merchant and its first domain, written together. */
  insert(m: NewMerchant): void {
    this.db.$client
      .transaction(() => {
        this.db.insert(merchants).values({ id: m.id, name: m.name, createdAt: m.createdAt }).run();
        this.db.insert(merchantDomains).values({ id: m.domainId, merchantId: m.id, domain: m.domain, createdAt: m.createdAt }).run();
      })
      .immediate();
  }

  addDomain(merchantId: string, d: { id: string; domain: string; createdAt: number }): void {
    this.db.insert(merchantDomains).values({ id: d.id, merchantId, domain: d.domain, createdAt: d.createdAt }).run();
  }

  update(id: string, patch: MerchantSettingsPatch): void {
    if (Object.keys(patch).length === 0) return;
    this.db.update(merchants).set(patch).where(eq(merchants.id, id)).run();
  }

  /** The first merchant created: the one a single-shop install serves. */
  first(): Merchant | undefined {
    const row = this.db.select({ id: merchants.id }).from(merchants).orderBy(asc(merchants.createdAt)).limit(1).get();
    return row ? this.findById(row.id) : undefined;
  }

  findById(id: string): Merchant | undefined {
    const row = this.db.select().from(merchants).where(eq(merchants.id, id)).get();
    if (!row) return undefined;
    const domains = this.db
      .select()
      .from(merchantDomains)
      .where(eq(merchantDomains.merchantId, id))
      .orderBy(asc(merchantDomains.createdAt))
      .all();
    return toMerchant(row, domains);
  }
}
