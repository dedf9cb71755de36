/**
 * The payment recorder when a watcher reads blocks again (issue 27, item 2; docs/payments.md, "Nothing
 * counted as scanned that a node may not have had"): the rescan after a reorganisation, taken chunk by
 * chunk where an endpoint caps log ranges, orphans only what its chunk read and did not find again;
 * and a payment orphaned by a reorganisation whose block came back is counted again even when it is
 * read after its session's window ended (reported as `late` money): a payment, never a deposit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { ObservedTransfer } from '../../src/domain/chain-scan.js';
import type { ChainScan } from '../../src/services/payment-recorder.js';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const CUSTOMER = '0x1111111111111111111111111111111111111111';
const SHOP = '0x2222222222222222222222222222222222222222';
const REQUIRED = 12;

let dataDir: string;
let s: CoreServices;
let nextTx = 1;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stablepos-reread-'));
  s = await createServices(resolveConfig({ dataDir, rateFeed: { source: 'off' } }));
});
afterAll(async () => {
  await s?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function transfer(blockNumber: number, fork = 'a'): ObservedTransfer {
  return {
    txId: `0x${(nextTx++).toString(16).padStart(64, '0')}`,
    eventIndex: 0,
    blockNumber,
    blockRef: `0x${fork}${blockNumber}`,
    blockTime: 1_790_000_000_000 + blockNumber * 12_000,
    currency: 'USDT',
    tokenContract: USDT,
    decimals: 6,
    from: CUSTOMER,
    to: SHOP,
    amountBase: 5_000_000n,
  };
}

function scan(head: number, over: Partial<ChainScan> = {}): ChainScan {
  return { network: 'ethereum', livemode: false, confirmations: REQUIRED, chainId: '1', head, cursor: String(head - REQUIRED), blocks: [], transfers: [], ...over };
}

const status = async (t: ObservedTransfer) => (await s.store.payments.find('ethereum', false, t.txId, t.eventIndex, t.blockRef))?.status;

test('a rescan chunk orphans what it read and did not find again, never what lies above it, unread', async () => {
  const dropped = transfer(101);
  const kept = transfer(102);
  const above = transfer(110);
  await s.payments.apply(scan(110, { transfers: [dropped, kept, above], blocks: [dropped, kept, above].map((t) => ({ number: t.blockNumber, hash: t.blockRef })) }));
  expect([await status(dropped), await status(kept), await status(above)]).toEqual(['detected', 'detected', 'detected']);

  // A reorganisation above block 100 found; the endpoint serves 5 blocks a call: this chunk read 101–105.
  await s.payments.apply(scan(111, { reorgAncestor: 100, reorgUpTo: 105, transfers: [kept] }));
  expect([await status(dropped), await status(kept), await status(above)]).toEqual(['orphaned', 'detected', 'detected']);
  // Its hashes above the chunk stay, so that the rest of the rescan still finds the chain replaced.
  expect((await s.chainState.recentBlocks('ethereum', false)).map((b) => b.number)).toContain(110);

  // The next chunk, 106–110, finds the payment at 110 again: it was never orphaned, so no event told otherwise.
  await s.payments.apply(scan(111, { reorgAncestor: 105, reorgUpTo: 110, transfers: [above] }));
  expect(await status(above)).toBe('detected');
});

test('a payment orphaned, then read again in its block after its session\'s window ended, counts again: never a deposit', async () => {
  const paid = transfer(201);
  await s.payments.apply(scan(201, { transfers: [paid], blocks: [{ number: 201, hash: paid.blockRef }] }));
  await s.payments.apply(scan(202, { reorgAncestor: 200 }));
  expect(await status(paid)).toBe('orphaned');

  // The reorganisation undone; the watcher now reports the transfer as `late` (the window ended).
  await s.payments.apply(scan(203, { unmatched: [{ ...paid, reason: 'late' }] }));
  expect(await status(paid)).toBe('detected');
  expect(await s.store.deposits.findByTransfer('ethereum', false, paid.txId, paid.eventIndex)).toBeUndefined();
  // Read again, pass after pass: nothing changes.
  await s.payments.apply(scan(204, { unmatched: [{ ...paid, reason: 'late' }] }));
  expect(await status(paid)).toBe('detected');
  expect(await s.store.deposits.findByTransfer('ethereum', false, paid.txId, paid.eventIndex)).toBeUndefined();
});

test('a scan that read another block at a payment\'s height orphans it, though no reorganisation was reported (the chain changed while the pass read)', async () => {
  const paid = transfer(301);
  await s.payments.apply(scan(301, { transfers: [paid], blocks: [{ number: 301, hash: paid.blockRef }] }));
  // The same transaction re-included at the same height in a replacing block, its log index moved.
  const moved = { ...paid, blockRef: '0xb301', eventIndex: 1 };
  await s.payments.apply(scan(301, { transfers: [moved] }));
  expect(await status(paid)).toBe('orphaned');
  expect(await status(moved)).toBe('detected');
  // Read again: nothing changes.
  await s.payments.apply(scan(302, { transfers: [moved] }));
  expect([await status(paid), await status(moved)]).toEqual(['orphaned', 'detected']);
});
