import { asc, count, eq } from 'drizzle-orm';
import type { Merchant, MerchantSettingsPatch } from '../../domain/merchant.js';
import type { NewMerchant } from '../merchant-repository.js';
import { toMerchant } from '../merchant-rows.js';
import type { PgDatabase } from './pg-database.js';
import { merchantDomains, merchants } from './schema.js';

/** Merchants and their domains, on PostgreSQL (the SQLite store's `../merchant-repository.ts`). */
export class PgMerchantRepository {
  constructor(private readonly database: PgDatabase) {}

  async count(): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(merchants);
    return row?.n ?? 0;
  }

  /** The merchant and its first domain, written together (a savepoint inside the caller's unit). */
  async insert(m: NewMerchant): Promise<void> {
    await this.database.tx(async () => {
      const db = this.database.db;
      await db.insert(merchants).values({ id: m.id, name: m.name, createdAt: m.createdAt });
      await db.insert(merchantDomains).values({ id: m.domainId, merchantId: m.id, domain: m.domain, createdAt: m.createdAt });
    });
  }

  async addDomain(merchantId: string, d: { id: string; domain: string; createdAt: number }): Promise<void> {
    await this.database.db.insert(merchantDomains).values({ id: d.id, merchantId, domain: d.domain, createdAt: d.createdAt });
  }

  async update(id: string, patch: MerchantSettingsPatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.database.db.update(merchants).set(patch).where(eq(merchants.id, id));
  }

  /** The first merchant created: the one a single-shop install serves. */
  async first(): Promise<Merchant | undefined> {
    const [row] = await this.database.db.select({ id: merchants.id }).from(merchants).orderBy(asc(merchants.createdAt)).limit(1);
    return row ? this.findById(row.id) : undefined;
  }

  async findById(id: string): Promise<Merchant | undefined> {
    const db = this.database.db;
    const [[row], domains] = await Promise.all([
      db.select().from(merchants).where(eq(merchants.id, id)),
      db.select().from(merchantDomains).where(eq(merchantDomains.merchantId, id)).orderBy(asc(merchantDomains.createdAt)),
    ]);
    return row ? toMerchant(row, domains) : undefined;
  }
}
