/**
 * Rows the store-contract tests of one port need in other tables (foreign keys): a merchant and a
 * payment session, written with SQL because their own ports are tested elsewhere and are written
 * for PostgreSQL by other parts of issue 18.
 */
import { isSqlite } from '../../src/storage/sqlite-stores.js';
import type { PgStores } from '../../src/storage/pg-stores.js';
import type { Stores } from '../../src/storage/stores.js';

/** Runs one statement with `?` placeholders on either store (numbered `$n` for PostgreSQL). */
async function run(s: Stores, text: string, params: (string | number | boolean)[]): Promise<void> {
  if (isSqlite(s)) {
    s.db.$client.prepare(text).run(...params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p)));
    return;
  }
  let n = 0;
  await (s as PgStores).database.pool.query(text.replace(/\?/g, () => `$${++n}`), params);
}

/** A merchant with one domain (`dom_<id>`). */
export async function seedMerchant(s: Stores, id = 'm_1'): Promise<string> {
  await run(s, 'INSERT INTO merchants (id, name, created_at) VALUES (?, ?, ?)', [id, `Shop ${id}`, 1]);
  await run(s, 'INSERT INTO merchant_domains (id, merchant_id, domain, created_at) VALUES (?, ?, ?, ?)', [`dom_${id}`, id, `${id}.example`, 1]);
  return id;
}

/** An open payment session of `merchantId` (test mode, 10.00 USD). */
export async function seedSession(s: Stores, merchantId: string, id: string): Promise<string> {
  await run(
    s,
    `INSERT INTO payment_sessions (id, merchant_id, merchant_domain_id, livemode, status, currency, amount_minor, created_at, expires_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [id, merchantId, `dom_${merchantId}`, false, 'open', 'USD', 1000, 1, 2, 1],
  );
  return id;
}
