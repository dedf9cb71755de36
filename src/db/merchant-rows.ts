import type { Currency, FiatCurrency } from '../domain/currencies.js';
import type { Merchant } from '../domain/merchant.js';
import type { merchantDomains, merchants } from './schema.js';

/** A merchant row and its domains as the core's Merchant: the same for the SQLite and PostgreSQL stores. */
export function toMerchant(row: typeof merchants.$inferSelect, domains: readonly (typeof merchantDomains.$inferSelect)[]): Merchant {
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
    createdAt: row.createdAt,
    domains: domains.map((d) => ({ id: d.id, domain: d.domain, createdAt: d.createdAt })),
  };
}
