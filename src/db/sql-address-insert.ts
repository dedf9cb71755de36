import type { SessionAddress } from '../domain/records.js';
import { rowIdName } from './sql-row-id.js';
import type { NamedSql, StoreDb } from './store-db.js';
import { rawCount } from './store-db.js';

/**
 * One INSERT for a session's deposit addresses, named per number of rows and dialect (the row id's
 * name differs): SQLite's part of a session's creation (sql-session-insert.ts; PostgreSQL's is in its
 * one statement), and the address store's insert.
 */
const INSERT_ADDRESSES = new Map<string, NamedSql>();
function insertAddresses(store: StoreDb, count: number): NamedSql {
  const key = `${store.dialect}_${count}`;
  let statement = INSERT_ADDRESSES.get(key);
  if (!statement) {
    const values = Array.from({ length: count }, (_, i) => `($${6 * i + 1}, $${6 * i + 2}, $${6 * i + 3}, $${6 * i + 4}, $${6 * i + 5}, $${6 * i + 6})`);
    statement = {
      name: `stablepos_session_addresses_insert_${count}`,
      text: `INSERT INTO session_addresses (session_id, family, livemode, address, derivation_index, watch_until)
        VALUES ${values.join(', ')} RETURNING ${rowIdName(store)} AS row, family`,
    };
    INSERT_ADDRESSES.set(key, statement);
  }
  return statement;
}

/**
 * Stores addresses of one session in one statement. A row's id is matched by its family, unique per
 * session: SQLite does not promise RETURNING's order. @returns their new rows' ids, in the order given
 */
export async function insertAddressRows(store: StoreDb, addresses: readonly SessionAddress[]): Promise<number[]> {
  if (addresses.length === 0) return [];
  const params: unknown[] = [];
  for (const a of addresses) params.push(a.sessionId, a.family, a.livemode, a.address, a.derivationIndex, a.watchUntil);
  const rows = await store.named<{ row: unknown; family: string }>(insertAddresses(store, addresses.length), params);
  const ids = new Map(rows.map((r) => [r.family, rawCount(r.row)]));
  return addresses.map((a) => ids.get(a.family) as number);
}
