import type { SessionAddress } from '../domain/records.js';
import type { PaymentSession } from '../domain/session.js';
import { insertAddressRows } from './sql-address-insert.js';
import type { NamedSql, StoreDb } from './store-db.js';
import { rawCount } from './store-db.js';

/**
 * A new session's row, its quotes' rows and its deposit addresses' rows, in the fewest statements each
 * database allows: the API's hot path (test/budgets/session-creation.ts counts them). All are named
 * (prepared once per connection).
 */
const SESSION_COLUMNS = `id, merchant_id, merchant_domain_id, livemode, status, exception, currency, amount_minor,
  amount_received_minor, amount_refunded_minor, description, client_reference_id, metadata, line_items, success_url,
  cancel_url, resolved_by, created_at, expires_at, updated_at, tip_minor, shift_id, created_by`;
const SESSION_VALUES = Array.from({ length: 23 }, (_, i) => `$${i + 1}`).join(', ');
const QUOTE_COLUMNS = 'session_id, currency, rate_scaled, rate_source, amount_due_minor, fee_fixed_minor';

/**
 * PostgreSQL: one statement, so one round trip (each costs the core a system call and a wake-up of
 * the server, about a fifth of a creation's CPU: docs/deployment.md). The quotes' and the addresses'
 * rows come from arrays (`unnest`), whatever their number, and the session's insert runs once even
 * when there are none. The addresses' new row ids come back by family (unique per session).
 */
const PG_INSERT_SESSION: NamedSql = {
  name: 'stablepos_session_insert',
  text: `WITH s AS (INSERT INTO payment_sessions (${SESSION_COLUMNS}) VALUES (${SESSION_VALUES}) RETURNING id, livemode),
    q AS (INSERT INTO session_quotes (${QUOTE_COLUMNS})
      SELECT s.id, q.currency, q.rate_scaled, q.rate_source, q.amount_due_minor, q.fee_fixed_minor
      FROM s, unnest($24::text[], $25::numeric[], $26::text[], $27::bigint[], $28::bigint[])
        AS q (currency, rate_scaled, rate_source, amount_due_minor, fee_fixed_minor))
    INSERT INTO session_addresses (session_id, family, livemode, address, derivation_index, watch_until)
    SELECT s.id, a.family, s.livemode, a.address, a.derivation_index, a.watch_until
    FROM s, unnest($29::text[], $30::text[], $31::integer[], $32::bigint[]) AS a (family, address, derivation_index, watch_until)
    RETURNING row_id AS row, family`,
};

/** The PostgreSQL types of SESSION_COLUMNS, in order: the arrays of PG_INSERT_SESSIONS are cast to them. */
const SESSION_TYPES = ['text', 'text', 'text', 'boolean', 'text', 'text', 'text', 'bigint', 'bigint', 'bigint', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'bigint', 'bigint', 'bigint', 'bigint', 'text', 'text'];

/**
 * PostgreSQL, the sessions of a whole group commit in one statement (SessionRepository.insertAtCommit):
 * every row of the three tables from arrays, one column each. The addresses' new row ids come back
 * with their session and family.
 */
const PG_INSERT_SESSIONS: NamedSql = {
  name: 'stablepos_sessions_insert_many',
  text: `WITH s AS (INSERT INTO payment_sessions (${SESSION_COLUMNS})
      SELECT * FROM unnest(${SESSION_TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})),
    q AS (INSERT INTO session_quotes (${QUOTE_COLUMNS})
      SELECT * FROM unnest($24::text[], $25::text[], $26::numeric[], $27::text[], $28::bigint[], $29::bigint[]))
    INSERT INTO session_addresses (session_id, family, livemode, address, derivation_index, watch_until)
    SELECT * FROM unnest($30::text[], $31::text[], $32::boolean[], $33::text[], $34::integer[], $35::bigint[])
    RETURNING row_id AS row, session_id, family`,
};

/** SQLite has no INSERT inside WITH and no arrays: the session, then all its quotes in one multi-row INSERT. */
const SQLITE_INSERT_SESSION: NamedSql = {
  name: 'stablepos_session_insert',
  text: `INSERT INTO payment_sessions (${SESSION_COLUMNS}) VALUES (${SESSION_VALUES})`,
};
/** One per number of quotes (a session has one per stablecoin). */
const SQLITE_INSERT_QUOTES: NamedSql[] = [];
const sqliteInsertQuotes = (count: number): NamedSql => ({
  name: `stablepos_session_quotes_insert_${count}`,
  text: `INSERT INTO session_quotes (${QUOTE_COLUMNS}) VALUES ${Array.from({ length: count }, (_, i) => `(${[1, 2, 3, 4, 5, 6].map((n) => `$${6 * i + n}`).join(', ')})`).join(', ')}`,
});

/**
 * Inserts `session` (its row given as `row`, the 23 values of SESSION_COLUMNS), its quotes and its
 * `addresses` (each of the session and its mode). @returns the addresses' new row ids, in the order given
 */
export async function insertSessionRows(store: StoreDb, session: PaymentSession, row: readonly unknown[], addresses: readonly SessionAddress[]): Promise<number[]> {
  const q = session.quotes;
  for (const a of addresses) if (a.sessionId !== session.id || a.livemode !== session.livemode) throw new Error(`address ${a.address} is not of session ${session.id}`);
  if (store.dialect === 'postgres') {
    const quotes = [q.map((x) => x.currency), q.map((x) => x.rateScaled), q.map((x) => x.rateSource), q.map((x) => x.amountDueMinor), q.map((x) => x.feeFixedMinor)];
    const rows = [addresses.map((a) => a.family), addresses.map((a) => a.address), addresses.map((a) => a.derivationIndex), addresses.map((a) => a.watchUntil)];
    const ids = await store.named<{ row: unknown; family: string }>(PG_INSERT_SESSION, [...row, ...quotes, ...rows]);
    const byFamily = new Map(ids.map((r) => [r.family, rawCount(r.row)]));
    return addresses.map((a) => byFamily.get(a.family) as number);
  }
  await store.named(SQLITE_INSERT_SESSION, row);
  if (q.length > 0) {
    const params: unknown[] = [];
    // rate_scaled is decimal text on SQLite (sqlite-kit.ts' bigNumber).
    for (const x of q) params.push(session.id, x.currency, x.rateScaled.toString(), x.rateSource, x.amountDueMinor, x.feeFixedMinor);
    await store.named((SQLITE_INSERT_QUOTES[q.length] ??= sqliteInsertQuotes(q.length)), params);
  }
  return await insertAddressRows(store, addresses);
}

/** A session to insert: the session, its row (the 23 values of SESSION_COLUMNS) and its addresses. */
export interface SessionRows {
  session: PaymentSession;
  row: readonly unknown[];
  addresses: readonly SessionAddress[];
}

/**
 * Inserts many sessions with their quotes and addresses: one statement on PostgreSQL (a group
 * commit's), one session after the other on SQLite. @returns each session's address row ids, in the
 * order of `sessions` and of each one's addresses
 */
export async function insertManySessionRows(store: StoreDb, sessions: readonly SessionRows[]): Promise<number[][]> {
  if (store.dialect === 'sqlite' || sessions.length === 1) {
    const ids: number[][] = [];
    for (const s of sessions) ids.push(await insertSessionRows(store, s.session, s.row, s.addresses));
    return ids;
  }
  const columns: unknown[][] = Array.from({ length: 35 }, () => []);
  for (const { session, row, addresses } of sessions) {
    for (const a of addresses) if (a.sessionId !== session.id || a.livemode !== session.livemode) throw new Error(`address ${a.address} is not of session ${session.id}`);
    row.forEach((value, i) => columns[i]!.push(value));
    for (const q of session.quotes) [session.id, q.currency, q.rateScaled, q.rateSource, q.amountDueMinor, q.feeFixedMinor].forEach((value, i) => columns[23 + i]!.push(value));
    for (const a of addresses) [a.sessionId, a.family, a.livemode, a.address, a.derivationIndex, a.watchUntil].forEach((value, i) => columns[29 + i]!.push(value));
  }
  const stored = await store.named<{ row: unknown; session_id: string; family: string }>(PG_INSERT_SESSIONS, columns);
  const byAddress = new Map(stored.map((r) => [`${r.session_id}\u0000${r.family}`, rawCount(r.row)]));
  return sessions.map(({ addresses }) => addresses.map((a) => byAddress.get(`${a.sessionId}\u0000${a.family}`) as number));
}
