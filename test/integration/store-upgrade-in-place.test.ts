/**
 * A data dir and a PostgreSQL database of the schema as the store before issue 29 left them (the
 * committed migrations, rows written in raw SQL as its repositories wrote them) open in place with
 * the store written once: no migration runs, and the rows read back through the new repositories.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as sqliteMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { DEFAULT_PG_MIGRATIONS_DIR } from '../../src/db/pg/pg-database.js';
import { DEFAULT_MIGRATIONS_DIR } from '../../src/db/sqlite/open-database.js';
import { openPgStores } from '../../src/storage/pg-stores.js';
import { openSqliteStores } from '../../src/storage/sqlite-stores.js';
import type { Stores } from '../../src/storage/stores.js';
import { newPgDatabase, testCipher } from '../helpers/stores.js';

const dir = mkdtempSync(join(tmpdir(), 'stablepos-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The rows, in the columns both databases share ($n placeholders; SQLite reads them as ?NNN). */
const ROWS: [string, unknown[]][] = [
  ["INSERT INTO merchants (id, name, created_at) VALUES ('m_1', 'Shop', 1)", []],
  ["INSERT INTO merchant_domains (id, merchant_id, domain, created_at) VALUES ('md_1', 'm_1', 'shop.example', 1)", []],
  ["INSERT INTO wallets (merchant_id, family, livemode, xpub, next_index, created_at) VALUES ('m_1', 'evm', $1, 'xpub-old', 7, 1)", [false]],
  [
    `INSERT INTO payment_sessions (id, merchant_id, merchant_domain_id, livemode, status, currency, amount_minor, amount_received_minor, created_at, expires_at, updated_at)
     VALUES ('ps_1', 'm_1', 'md_1', $1, 'SUCCEEDED', 'USD', 1250, 1250, 1, 2, 3)`,
    [false],
  ],
  [
    `INSERT INTO session_quotes (session_id, currency, rate_scaled, rate_source, amount_due_minor, fee_fixed_minor)
     VALUES ('ps_1', 'USDT', '1000000000000000000', 'fixed', 12500000, 100000)`,
    [],
  ],
  [
    `INSERT INTO payments (id, session_id, network, livemode, currency, token_contract, tx_id, event_index, block_number, block_ref, block_time,
       from_address, to_address, amount_base, amount_minor, confirmations, status, detected_at, updated_at)
     VALUES ('pay_1', 'ps_1', 'ethereum', $1, 'USDT', '0xtoken', '0xabc', 3, 120, '0xblock', 5, '0xfrom', '0xto', '12500000', 12500000, 12, 'confirmed', 5, 6)`,
    [false],
  ],
];

async function readBack(stores: Stores): Promise<void> {
  const session = await stores.sessions.findById('ps_1');
  expect(session).toMatchObject({ id: 'ps_1', status: 'SUCCEEDED', amountMinor: 1250n, amountReceivedMinor: 1250n, livemode: false, createdAt: 1 });
  expect(session?.quotes).toEqual([{ currency: 'USDT', rateScaled: 10n ** 18n, rateSource: 'fixed', amountDueMinor: 12_500_000n, feeFixedMinor: 100_000n }]);
  const [payment] = await stores.payments.forSession('ps_1');
  expect(payment).toMatchObject({ id: 'pay_1', txId: '0xabc', eventIndex: 3, blockNumber: 120, amountBase: 12_500_000n, amountMinor: 12_500_000n, status: 'confirmed' });
  expect(await stores.wallets.xpub('m_1', 'evm', false)).toBe('xpub-old');
  // The next index goes on from where the old store left it: no deposit address is given twice.
  expect(await stores.wallets.reserveIndexes('m_1', false)).toEqual([{ family: 'evm', xpub: 'xpub-old', index: 7 }]);
}

test('SQLite: a data dir of the previous store opens in place; its rows read back through the repositories written once', async () => {
  const file = join(dir, 'stablepos.sqlite');
  const old = new Database(file);
  sqliteMigrate(sqliteDrizzle(old), { migrationsFolder: DEFAULT_MIGRATIONS_DIR });
  for (const [text, params] of ROWS) old.prepare(text.replace(/\$\d+/g, '?')).run(...params.map((p) => (p === false ? 0 : p)));
  const applied = (old.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
  old.close();

  const stores = openSqliteStores(file, undefined, testCipher());
  try {
    expect((stores.db.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n).toBe(applied);
    await readBack(stores);
  } finally {
    await stores.close();
  }
});

test('PostgreSQL: a database of the previous store opens in place; its rows read back through the repositories written once', async () => {
  const url = await newPgDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let applied: number;
  try {
    await pgMigrate(pgDrizzle(client), { migrationsFolder: DEFAULT_PG_MIGRATIONS_DIR });
    for (const [text, params] of ROWS) await client.query(text, params);
    applied = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0]!.n;
  } finally {
    await client.end();
  }

  const stores = await openPgStores({ url }, testCipher());
  try {
    const { rows } = await stores.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(applied);
    await readBack(stores);
  } finally {
    await stores.close();
  }
});
