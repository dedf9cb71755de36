/**
 * The yardstick: the least a Node server can do for "create a session". Plain Fastify 5 (no plugins,
 * no schemas, no logger) and one better-sqlite3 insert through a prepared statement on a WAL file
 * with synchronous=NORMAL, the same durability settings as the core. Whatever the core costs beyond
 * this is our code and our plugins, not Node, HTTP or SQLite.
 *
 *   node bin/run-ts.mjs bench/servers/baseline.ts <data-dir>
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { announceReady, dataDirArg } from './child-side.js';

interface Body {
  merchant_id: string;
  amount: { value: string; currency: string };
}

const db = new Database(join(dataDirArg(), 'baseline.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`CREATE TABLE IF NOT EXISTS sessions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  merchant_id TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  created_at INTEGER NOT NULL
)`);
const insert = db.prepare('INSERT INTO sessions (id, merchant_id, amount, currency, created_at) VALUES (?, ?, ?, ?, ?)');

const app = Fastify();
app.post<{ Body: Body }>('/v1/payment/sessions', async (request) => {
  const { merchant_id, amount } = request.body;
  const id = `ps_${randomUUID()}`;
  const createdAt = Date.now();
  insert.run(id, merchant_id, amount.value, amount.currency, createdAt);
  return { id, merchant_id, amount, created_at: new Date(createdAt).toISOString() };
});

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
announceReady(`http://127.0.0.1:${port}`, async () => {
  await app.close();
  db.close();
});
