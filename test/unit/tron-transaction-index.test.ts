/**
 * The TRON stand-in's transaction index (TRON ids ↔ anvil hashes, an append-only file beside the
 * chain's state): what it answers after a reorganisation made anvil reuse a hash, and that a restart
 * reading the file back answers the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { Hex } from '../../src/chains/tron/devnet/anvil-rpc.js';
import { TransactionIndex } from '../../src/chains/tron/devnet/transaction-index.js';
import { type TronTransaction, transactionId } from '../../src/chains/tron/devnet/transaction.js';
import { toTronHex } from '../../src/chains/tron/address-format.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function indexFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stablepos-tron-index-'));
  dirs.push(dir);
  return join(dir, 'tron.json.transactions.jsonl');
}

/** A USDT transfer of `amount` built at `timestamp`: the same call built twice is two TRON transactions. */
function transfer(timestamp: number, amount = 7n): { txId: string; tx: TronTransaction } {
  const tx: TronTransaction = {
    raw: {
      contract: [
        {
          type: 'TriggerSmartContract',
          ownerAddress: toTronHex(`0x${'11'.repeat(20)}`),
          contractAddress: toTronHex(`0x${'22'.repeat(20)}`),
          data: `a9059cbb${'33'.repeat(32)}${amount.toString(16).padStart(64, '0')}`,
          callValue: 0n,
          callTokenValue: 0n,
          tokenId: 0n,
          permissionId: 0,
        },
      ],
      refBlockBytes: '0001',
      refBlockNum: 0n,
      refBlockHash: '0001020304050607',
      expiration: BigInt(timestamp + 60_000),
      data: '',
      timestamp: BigInt(timestamp),
      feeLimit: 30_000_000n,
    },
    signatures: [],
  };
  return { txId: transactionId(tx.raw), tx };
}

const HASH = `0x${'ab'.repeat(32)}` as Hex;
const OTHER = `0x${'cd'.repeat(32)}` as Hex;

test('a new transaction that anvil executes under a dropped one\'s hash takes the hash: the dropped one is forgotten, in memory and after a reload', () => {
  const file = indexFile();
  const dropped = transfer(1_800_000_000_000);
  const rebuilt = transfer(1_800_000_005_000);
  expect(rebuilt.txId).not.toBe(dropped.txId);

  const index = TransactionIndex.open(file);
  index.recordIntent(dropped.txId, dropped.tx, 10);
  index.recordSent(dropped.txId, HASH);
  // A reorganisation dropped it; the same call, built again, gets the same sender nonce and so the same hash.
  index.recordIntent(rebuilt.txId, rebuilt.tx, 10);
  index.recordSent(rebuilt.txId, HASH);
  const check = (i: TransactionIndex) => {
    expect(i.txIdOf(HASH)).toBe(rebuilt.txId);
    expect(i.get(rebuilt.txId)?.ethHash).toBe(HASH);
    expect(i.get(dropped.txId)).toBeUndefined();
    expect(i.unsent()).toEqual([]);
  };
  check(index);
  index.close();
  const reloaded = TransactionIndex.open(file);
  check(reloaded);

  // Broadcast again, the dropped one executes anew and is known again, under its own hash.
  reloaded.recordIntent(dropped.txId, dropped.tx, 12);
  reloaded.recordSent(dropped.txId, OTHER);
  expect(reloaded.get(dropped.txId)?.ethHash).toBe(OTHER);
  expect(reloaded.txIdOf(HASH)).toBe(rebuilt.txId);
  reloaded.close();
});

test('the same transaction broadcast again after a reorganisation keeps its id, under whatever hash anvil gives it', () => {
  const file = indexFile();
  const one = transfer(1_800_000_000_000);
  const index = TransactionIndex.open(file);
  index.recordIntent(one.txId, one.tx, 10);
  index.recordSent(one.txId, HASH);
  index.recordIntent(one.txId, one.tx, 12);
  expect(index.txIdOf(HASH)).toBeUndefined();
  index.recordSent(one.txId, HASH);
  expect(index.get(one.txId)?.ethHash).toBe(HASH);
  expect(index.txIdOf(HASH)).toBe(one.txId);
  index.close();
  expect(TransactionIndex.open(file).get(one.txId)?.ethHash).toBe(HASH);
});
