/**
 * Migration 0008 (chain-neutral storage keys) on a data dir the previous version left: its payments,
 * watcher cursor and signed refunds come through keyed the way every chain family now writes them
 * (transaction id, event index, block reference; chain id and position as text; a refund's payout
 * key and data instead of its EVM nonce), and the uniqueness that kept a nonce to one refund holds
 * on the payout key.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { familyById } from '../../src/chains/registry.js';
import { DEFAULT_MIGRATIONS_DIR, openDatabase } from '../../src/db/sqlite/open-database.js';

const dir = mkdtempSync(join(tmpdir(), 'stablepos-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** The migrations as the previous version shipped them: 0000 to 0007. */
function previousMigrations(): string {
  const out = join(dir, 'migrations-0007');
  mkdirSync(join(out, 'meta'), { recursive: true });
  for (const f of readdirSync(DEFAULT_MIGRATIONS_DIR)) if (/^000[0-7]_.*\.sql$/.test(f)) copyFileSync(join(DEFAULT_MIGRATIONS_DIR, f), join(out, f));
  const journal = JSON.parse(readFileSync(join(DEFAULT_MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(join(out, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 7) }));
  return out;
}

const refund = (id: string, nonce: number | null, txHash: string | null) => ({
  id, nonce, txHash, from: nonce === null ? null : WALLET,
});

test('payments, cursors and signed refunds of the previous schema are keyed chain-neutrally, and a payout key stays unique', () => {
  const file = join(dir, 'stablepos.sqlite');
  const old = openDatabase(file, previousMigrations());
  const sql = old.$client;
  // The refunds' merchant and session, so that later migrations that copy the refunds table (0011:
  // session_id nullable) find what a real data dir always has; nothing else of theirs matters here.
  sql.prepare("INSERT INTO merchants (id, name, created_at) VALUES ('m_1', 'Shop', 1)").run();
  sql.prepare("INSERT INTO merchant_domains (id, merchant_id, domain, created_at) VALUES ('md_1', 'm_1', 'shop.example', 1)").run();
  sql.prepare(
    `INSERT INTO payment_sessions (id, merchant_id, merchant_domain_id, livemode, status, currency, amount_minor, created_at, expires_at, updated_at)
     VALUES ('ps_1', 'm_1', 'md_1', 0, 'SUCCEEDED', 'USD', 1, 1, 1, 1)`,
  ).run();
  sql.pragma('foreign_keys = OFF'); // payments without their session: only these tables matter
  sql.prepare(
    `INSERT INTO payments (id, session_id, network, livemode, currency, token_contract, tx_hash, log_index, block_number, block_hash, block_time,
       from_address, to_address, amount_base, amount_minor, confirmations, status, detected_at, updated_at)
     VALUES ('pay_1', NULL, 'ethereum', 0, 'USDT', '0xToken', '0xabc', 3, 120, '0xblock', 1, '0xfrom', '0xto', '5000000', 5000000, 2, 'confirmed', 1, 1)`,
  ).run();
  sql.prepare("INSERT INTO chain_cursors (network, livemode, chain_id, block_number, updated_at) VALUES ('ethereum', 0, 1337, 120, 1)").run();
  const insertRefund = sql.prepare(
    `INSERT INTO refunds (id, merchant_id, livemode, session_id, payment_id, network, currency, token_contract, decimals, amount_minor, amount_pricing_minor,
       amount_base, destination, destination_source, status, payout_method, from_address, nonce, raw_tx, tx_hash, created_at, updated_at)
     VALUES (?, 'm_1', 0, 'ps_1', 'pay_1', 'ethereum', 'USDT', '0xToken', 6, 1, 1, '1', '0xto', 'payer', ?, 'wallet', ?, ?, ?, ?, 1, 1)`,
  );
  for (const r of [refund('re_signed_0', 0, '0x01'), refund('re_signed_1', 1, '0x02'), refund('re_pending', null, null)]) {
    insertRefund.run(r.id, r.nonce === null ? 'PENDING' : 'SUCCEEDED', r.from, r.nonce, r.nonce === null ? null : '0xraw', r.txHash);
  }
  sql.close();

  const db = openDatabase(file); // this version's migrations: 0008 runs
  try {
    expect(db.$client.prepare('SELECT tx_id, event_index, block_number, block_ref FROM payments').get()).toEqual({ tx_id: '0xabc', event_index: 3, block_number: 120, block_ref: '0xblock' });
    expect(db.$client.prepare('SELECT chain_id, position, typeof(chain_id) AS t1, typeof(position) AS t2 FROM chain_cursors').get()).toEqual({
      chain_id: '1337',
      position: '120',
      t1: 'text',
      t2: 'text',
    });
    const rows = db.$client.prepare('SELECT id, payout_key, payout_data, tx_id FROM refunds ORDER BY seq').all() as { id: string; payout_key: string | null; payout_data: string | null; tx_id: string | null }[];
    expect(rows).toEqual([
      { id: 're_signed_0', payout_key: `${WALLET}:0`, payout_data: '{"nonce":0}', tx_id: '0x01' },
      { id: 're_signed_1', payout_key: `${WALLET}:1`, payout_data: '{"nonce":1}', tx_id: '0x02' },
      { id: 're_pending', payout_key: null, payout_data: null, tx_id: null },
    ]);
    // The EVM family reads its migrated data back as the nonce the API shows.
    expect(rows.map((r) => (r.payout_data === null ? null : familyById('evm')!.payoutNonce(r.payout_data)))).toEqual([0, 1, null]);
    const columns = (db.$client.prepare("SELECT name FROM pragma_table_info('refunds')").all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain('nonce');
    // As a nonce was, a payout key belongs to one refund of the network only.
    db.$client.pragma('foreign_keys = OFF');
    expect(() => db.$client.prepare(`UPDATE refunds SET payout_key = '${WALLET}:0' WHERE id = 're_pending'`).run()).toThrow(/UNIQUE constraint failed: refunds.network, refunds.livemode, refunds.payout_key/);
  } finally {
    db.$client.close();
  }
});
