/**
 * What one watcher pass reads (issue 29, item 3): the recipient of every transfer is matched to its
 * session once per pass, by the watcher's question (`isWatched`) and the recording alike, and each
 * session the pass touched has its row and its payments read once, for its state machine. Counted on
 * the store's ports themselves (a counting wrapper over the store objects the services were given).
 * On PostgreSQL (the `postgres` project) the same pass runs on a fresh database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { ObservedTransfer } from '../../src/domain/chain-scan.js';
import type { Caller } from '../../src/domain/merchant.js';
import { NO_REFUND_NETWORKS } from '../../src/services/refund-service.js';
import { newPgDatabase } from '../helpers/stores.js';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const CUSTOMER = '0x1111111111111111111111111111111111111111';
const STRANGER = '0x3333333333333333333333333333333333333333';

let dir: string;
let s: CoreServices;
let caller: Caller;
let nextTx = 1;
let nextIndex = 0;
/** The core's clock: moved past a session's watch window for a late transfer. */
let clock = Date.now();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stablepos-scan-reads-'));
  const databaseUrl = process.env.STABLEPOS_TEST_STORE === 'postgres' ? await newPgDatabase() : undefined;
  s = await createServices(resolveConfig({ dataDir: dir, now: () => clock, rateFeed: { source: 'off' }, ...(databaseUrl !== undefined && { databaseUrl }) }), {}, {
    handlers: { depositFamilies: ['evm'], deposit: () => `0x${(++nextIndex).toString(16).padStart(40, 'a')}`, options: () => [] },
    refundNetworks: NO_REFUND_NETWORKS,
    watched: () => [],
  });
  caller = { merchantId: (await s.merchants.defaultMerchant()).id, livemode: false, via: 'test', role: 'owner' };
});
afterAll(async () => {
  await s?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Counts calls of the store's session, payment and address reads, by their first argument. */
function countReads(): { reads: Map<string, number>; stop(): void } {
  const reads = new Map<string, number>();
  const undo: (() => void)[] = [];
  const wrap = <T extends object>(target: T, name: keyof T & string, key: (args: unknown[]) => string) => {
    const original = target[name] as (...args: unknown[]) => unknown;
    const own = Object.prototype.hasOwnProperty.call(target, name);
    (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const k = `${name} ${key(args)}`;
      reads.set(k, (reads.get(k) ?? 0) + 1);
      return original.apply(target, args);
    };
    undo.push(() => {
      if (own) (target as Record<string, unknown>)[name] = original;
      else delete (target as Record<string, unknown>)[name];
    });
  };
  wrap(s.store.sessions, 'findById', (a) => String(a[0]));
  wrap(s.store.payments, 'forSession', (a) => String(a[0]));
  // The address book knows a row by its id, then confirms the address by it; both count as the row's read.
  wrap(s.store.addresses, 'watchOf', (a) => `row ${String(a[0])}`);
  wrap(s.store.addresses, 'watchOfAddress', (a) => String(a[2]));
  return { reads, stop: () => undo.forEach((u) => u()) };
}

async function newSession(): Promise<{ id: string; address: string }> {
  const view = await s.sessions.create(caller, {
    merchantDomainId: null, currency: 'USD', amountMinor: 1000n, lineItems: [], description: null, clientReferenceId: null, metadata: {},
    expiresAt: null, successUrl: null, cancelUrl: null, domainParam: 'merchant_domain_id', expiresAtParam: 'expires_at', amountParam: 'amount',
  });
  const [a] = await s.store.addresses.forSession(view.session.id);
  return { id: view.session.id, address: a!.address };
}

function transfer(to: string, blockNumber: number, amountBase: bigint): ObservedTransfer {
  return {
    txId: `0x${(nextTx++).toString(16).padStart(64, '0')}`, eventIndex: 0, blockNumber, blockRef: `0xb${blockNumber}`,
    blockTime: clock, currency: 'USDT', tokenContract: USDT, decimals: 6, from: CUSTOMER, to, amountBase,
  };
}

/** The reads each row, session and address had, as `name key` → count; every one of them exactly once. */
function expectEachOnce(reads: Map<string, number>, keys: string[]): void {
  expect(Object.fromEntries(keys.map((k) => [k, reads.get(k) ?? 0]))).toEqual(Object.fromEntries(keys.map((k) => [k, 1])));
}

test('a watcher\'s pass of N transfers to K sessions matches each address once and reads each session and its payments once', async () => {
  const sessions = [await newSession(), await newSession(), await newSession()];
  // 7 transfers: 3, 2 and 1 to the sessions (in parts, the last one paying in full), and 1 to a stranger.
  const [a, b, c] = sessions as [typeof sessions[0], typeof sessions[0], typeof sessions[0]];
  const transfers = [
    transfer(a.address, 10, 3_000_000n), transfer(a.address, 10, 3_000_000n), transfer(a.address, 11, 5_000_000n),
    transfer(b.address, 11, 2_000_000n), transfer(b.address, 12, 9_000_000n),
    transfer(c.address, 12, 11_000_000n),
    transfer(STRANGER, 12, 1_000_000n),
  ];
  const rows = new Map<string, number>();
  for (const x of sessions) {
    const [r] = await s.store.addresses.issuedAfter(0, 1_000).then((all) => all.filter((w) => w.address === x.address));
    rows.set(x.address, r!.row);
  }

  const counted = countReads();
  try {
    // As a watcher runs a pass: its cursor, a question per log it reads, then the pass applied.
    const intake = s.payments.network('ethereum', false, 1);
    intake.begin();
    for (const t of transfers) await intake.isWatched(t.to);
    const touched = await intake.apply({ chainId: '1', head: 13, cursor: '13', blocks: [], transfers });
    expect(touched.sort()).toEqual(sessions.map((x) => x.id).sort());
  } finally {
    counted.stop();
  }
  expectEachOnce(counted.reads, [
    ...sessions.map((x) => `watchOf row ${rows.get(x.address)}`),
    ...sessions.map((x) => `findById ${x.id}`),
    ...sessions.map((x) => `forSession ${x.id}`),
  ]);
  // Everything recorded: each session paid in full and confirmed.
  for (const x of sessions) expect((await s.store.sessions.findById(x.id))?.status).toBe('SUCCEEDED');
});

test('a pass applied without the watcher\'s questions (a repeated scan, a test) matches each address once as well', async () => {
  const sessions = [await newSession(), await newSession()];
  const [a, b] = sessions as [typeof sessions[0], typeof sessions[0]];
  const transfers = [transfer(a.address, 20, 4_000_000n), transfer(a.address, 20, 7_000_000n), transfer(b.address, 21, 4_000_000n), transfer(b.address, 21, 1_000_000n)];
  const all = await s.store.addresses.issuedAfter(0, 1_000);
  const rowOf = (address: string) => all.find((w) => w.address === address)!.row;

  const counted = countReads();
  try {
    await s.payments.apply({ network: 'ethereum', livemode: false, confirmations: 1, chainId: '1', head: 22, cursor: '22', blocks: [], transfers });
  } finally {
    counted.stop();
  }
  expectEachOnce(counted.reads, [
    ...sessions.map((x) => `watchOf row ${rowOf(x.address)}`),
    ...sessions.map((x) => `findById ${x.id}`),
    ...sessions.map((x) => `forSession ${x.id}`),
  ]);
});

test('a transfer to a deposit address whose window ended (late money) reads the address\'s row once: the watcher\'s two questions and the recording share it', async () => {
  const late = await newSession();
  const row = (await s.store.addresses.issuedAfter(0, 1_000)).find((w) => w.address === late.address)!.row;
  const ended = clock;
  clock += 3 * 24 * 3600 * 1000; // past its expiry and its monitoring window, before the book's sweep
  try {
    const t = transfer(late.address, 30, 2_000_000n);
    const counted = countReads();
    try {
      const intake = s.payments.network('ethereum', false, 1);
      intake.begin();
      // As the Transfer-log watcher asks: watched? else, a deposit address whose window ended?
      expect(await intake.isWatched(t.to)).toBe(false);
      expect(await intake.isPastDeposit(t.to)).toBe(true);
      await intake.apply({ chainId: '1', head: 31, cursor: '31', blocks: [], transfers: [], unmatched: [{ ...t, reason: 'late' }] });
    } finally {
      counted.stop();
    }
    expect((counted.reads.get(`watchOf row ${row}`) ?? 0) + (counted.reads.get(`watchOfAddress ${late.address}`) ?? 0)).toBe(1);
    expect(await s.store.deposits.findByTransfer('ethereum', false, t.txId, t.eventIndex)).toMatchObject({ reason: 'late', status: 'unmatched' });
  } finally {
    clock = ended;
  }
});
