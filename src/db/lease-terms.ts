import { type Column, sql, type SQL } from 'drizzle-orm';

/** The lease table's columns, in either store's schema (`schema.ts`, `pg/schema.ts`). */
interface LeaseColumns {
  holder: Column;
  token: Column;
  expiresAt: Column;
}

/**
 * The one statement that takes or renews a lease, for both stores: an upsert whose `DO UPDATE`
 * applies only when the lease is this holder's or has expired, so two instances asking at once
 * cannot both get it (the loser's statement updates nothing and returns no row). On conflict the
 * existing row is the table's columns, the asked-for one `excluded`; SET reads the old values.
 * The token stays on a renewal (same holder, unexpired) and grows on every taking.
 */
export function leaseTakeover(t: LeaseColumns, now: number): { set: Record<string, SQL>; setWhere: SQL } {
  const renewal = sql`${t.holder} = excluded.holder and ${t.expiresAt} > ${now}`;
  return {
    set: {
      token: sql`case when ${renewal} then ${t.token} else ${t.token} + 1 end`,
      holder: sql`excluded.holder`,
      expiresAt: sql`excluded.expires_at`,
    },
    setWhere: sql`${t.holder} = excluded.holder or ${t.expiresAt} <= ${now}`,
  };
}
