/**
 * A network's watcher across a change of leader, through the real payment recorder (SQLite; the
 * lease itself on PostgreSQL: leader-election.test.ts). The new leader resumes from the cursor the
 * old one committed and rescans what it had not: a transfer seen by both is one payment. The old
 * leader, paused past its lease and waking up with its pass, is refused by the fence in the pass's
 * own unit of work: no payment, no cursor moved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { ObservedTransfer } from '../../src/domain/chain-scan.js';
import { LeadershipLostError } from '../../src/domain/leadership.js';
import { Leadership, watcherRole } from '../../src/services/leadership.js';
import type { ChainScan } from '../../src/services/payment-recorder.js';
import { sqliteDb } from '../helpers/test-core.js';

const TTL = 3000;
const ROLE = watcherRole('ethereum', false);
const clock = { now: 5_000_000 };

let dataDir: string;
let s: CoreServices;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stablepos-failover-'));
  s = await createServices(resolveConfig({ dataDir, rateFeed: { source: 'off' } }));
});

afterAll(async () => {
  await s?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A leadership of the one role, as an instance would hold it, on this store's leases and the test's clock. */
async function leader(holder: string): Promise<Leadership> {
  const l = new Leadership({ leases: s.store.leases, holder, ttlMs: TTL, renewMs: 1000, clock: () => clock.now, onError: () => undefined });
  l.add(ROLE, { start: () => undefined, stop: () => Promise.resolve() });
  await l.start();
  l.abandon(); // no timers: this test decides when anything renews
  return l;
}

const transfer: ObservedTransfer = {
  txId: '0x' + 'ab'.repeat(32),
  eventIndex: 3,
  blockNumber: 101,
  blockRef: '0x' + '01'.repeat(32),
  blockTime: 1_790_000_000_000,
  currency: 'USDC',
  tokenContract: '0x' + '11'.repeat(20),
  decimals: 6,
  from: '0x' + '22'.repeat(20),
  to: '0x' + '33'.repeat(20),
  amountBase: 12_500_000n,
};

const pass = (from: number, to: number, transfers: ObservedTransfer[]): ChainScan => ({
  network: 'ethereum',
  livemode: false,
  confirmations: 6,
  chainId: '31337',
  head: to,
  cursor: String(to),
  blocks: [{ number: to, hash: `0x${to.toString(16).padStart(64, '0')}` }, ...transfers.map((t) => ({ number: t.blockNumber, hash: t.blockRef }))].filter((b) => b.number >= from),
  transfers,
});

const payments = () => sqliteDb(s).$client.prepare('select count(*) as n from payments where tx_id = ?').get(transfer.txId) as { n: number };

test('the new leader rescans from the committed cursor: a transfer both saw is recorded once; the old one, woken up, writes nothing', async () => {
  const a = await leader('a');
  expect(a.leads(ROLE)).toBe(true);
  // a's pass over blocks 100–105 commits, with the transfer in 101.
  await s.payments.apply(pass(100, 105, [transfer]), a.fence(ROLE));
  expect(payments().n).toBe(1);
  expect((await s.chainState.cursor('ethereum', false))?.position).toBe('105');

  // a pauses (a long GC, a frozen VM) past its lease; b takes over and resumes from the cursor a
  // committed, rescanning the last blocks (its reorganisation check), the transfer among them.
  clock.now += TTL;
  const b = await leader('b');
  expect(b.leads(ROLE)).toBe(true);
  await s.payments.apply(pass(100, 110, [transfer]), b.fence(ROLE));
  expect(payments().n).toBe(1);
  expect((await s.chainState.cursor('ethereum', false))?.position).toBe('110');

  // a wakes up and applies the pass it had under way (blocks 106–108, a new transfer): refused.
  const late: ObservedTransfer = { ...transfer, txId: '0x' + 'cd'.repeat(32), blockNumber: 107, blockRef: '0x' + '02'.repeat(32) };
  await expect(s.payments.apply(pass(106, 108, [late]), a.fence(ROLE))).rejects.toBeInstanceOf(LeadershipLostError);
  expect((sqliteDb(s).$client.prepare('select count(*) as n from payments where tx_id = ?').get(late.txId) as { n: number }).n).toBe(0);
  expect((await s.chainState.cursor('ethereum', false))?.position).toBe('110'); // not moved back to 108
});
