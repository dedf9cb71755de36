/**
 * The live rehearsal on TRON (issue 27, item 8; docs/development.md, "The live rehearsal"): live mode,
 * not test mode: an account xpub (m/44'/195'/0'), sessions made with the live key, TRON given as a node's
 * base URL with nothing else (mainnet's chain id and Tether's USDT contract are the live defaults), on
 * the TRON stand-in answering with mainnet's chain id and holding USDT at TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t
 * (test/helpers/mainnet-shaped.ts), reached through the fault-injecting endpoint, which caps `/jsonrpc`'s
 * eth_getLogs at 5 blocks (QuickNode's free plan on TRON), answers 429s, 502s, drops connections, lags
 * and answers short, or limits the request rate. Customers pay with an unmodified TronWeb through their
 * own node (the stand-in itself, not the shop's endpoint). Every payment counted once: none missed, none
 * doubled. A reorganisation on the stand-in is a snapshot and a revert of the anvil underneath, the
 * moved transaction broadcast again by its wallet (as in tron-reorg.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CoreConfig } from '../../src/config.js';
import type { TronDevnet } from '../../src/chains/tron/devnet/tron-devnet.js';
import { TRON_NETWORKS } from '../../src/chains/tron/networks.js';
import { budget, waitFor } from '../helpers/evm-chain.js';
import { type FaultEndpoint, startFaultEndpoint } from '../helpers/fault-endpoint.js';
import { createLiveSession, expectPaidOnce, expectUnpaid, liveNetwork, type LiveView, liveView, logCallsMade, scannedTo, waitForScanned } from '../helpers/live-rehearsal.js';
import { BLOCK_SECONDS, LIVE_XPUBS, startMainnetShapedTron } from '../helpers/mainnet-shaped.js';
import { startTestCore, type TestCore } from '../helpers/test-core.js';
import { anvil, inclusionMs, mine, type SignedTronTransaction, tokenBalance, TronPayer, tronOption, tronUriAmount, waitForInfo } from '../helpers/tron-chain.js';

const TRON = TRON_NETWORKS[0]!;
const USDT = TRON.tokens.USDT!.liveContract!;
const FLAKY = { logRangeCap: 5, rangeRefusal: 'quicknode', rate429: 0.1, retryAfterSeconds: 1, rate5xx: 0.05, dropRate: 0.05 } as const;
const LIMITED = { logRangeCap: 5, limitPerSecond: 25 } as const;
const DOWNTIME_BLOCKS = 320;
/** Detection and TRON's 19 confirmations (1 s blocks here) at a live poll through the faults, with room for a loaded machine. */
const COUNTED_MS = 60_000;
const CATCH_UP_MS = 60_000;

describe('live rehearsal on tron', () => {
  let dir: string;
  let tron: TronDevnet;
  let fault: FaultEndpoint;
  let t: TestCore | undefined;
  let v: LiveView;
  let config: Partial<CoreConfig>;
  let payers: TronPayer[];
  let turn = 0;
  const payer = () => payers[turn++ % payers.length]!;
  const start = async () => {
    t = await startTestCore({ ...config, dataDir: join(dir, 'data') });
    v = liveView(t);
  };
  const stop = async () => {
    await t?.core.stop();
    t = undefined;
  };
  const head = () => anvil<string>(tron, 'eth_blockNumber').then(Number);
  const included = inclusionMs({ blockTimeSeconds: BLOCK_SECONDS });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stablepos-rehearsal-tron-'));
    tron = await startMainnetShapedTron(dir);
    payers = tron.payerKeys.map((key) => new TronPayer(tron, key));
    fault = await startFaultEndpoint(tron.httpUrl);
    config = { networks: { live: { tron: { rpcUrl: fault.url } } }, liveWallets: { tron: LIVE_XPUBS.tron } };
    await start();
  }, 90_000);

  afterAll(async () => {
    await stop();
    await fault?.close();
    await tron?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Pays the session's USDT option as a customer's TronWeb wallet does; resolves once it is in a block. */
  async function pay(session: any): Promise<{ txId: string; block: number }> {
    const o = tronOption(session);
    expect(o.token_contract).toBe(USDT);
    const paid = await payer().payAndWait(tron, o.address, tronUriAmount(o.uri));
    return { txId: paid.txId, block: paid.blockNumber };
  }

  test('the mainnet-shaped stand-in and the live network: mainnet chain id, USDT at Tether\'s contract, 6 decimals', async () => {
    const res = await fetch(`${tron.httpUrl}/jsonrpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
    expect(((await res.json()) as { result: string }).result).toBe(`0x${Number(TRON.liveChainId).toString(16)}`);
    const p = payers[0]!;
    await p.mint(USDT, p.address, 1n);
    await waitFor(async () => (await tokenBalance(p.web, USDT, p.address)) > 0n, included, 'a mint of the mainnet-contract USDT');
    const n = await waitFor(async () => {
      const x = await liveNetwork(v, 'tron');
      return x.status === 'ready' ? x : false;
    }, 20_000, 'live tron ready');
    expect(n).toMatchObject({ chain_id: Number(TRON.liveChainId), devnet: false });
    expect(n.tokens).toEqual([expect.objectContaining({ currency: 'USDT', contract: USDT, decimals: 6, payable: true })]);
  }, 40_000);

  test('a 5-block cap on /jsonrpc, random 429s with Retry-After, 502s and dropped connections: three payments, each counted once', async () => {
    fault.set(FLAKY);
    const sessions = [await createLiveSession(v, '12.50'), await createLiveSession(v, '3.00'), await createLiveSession(v, '7.25')];
    const paid = [];
    for (const s of sessions) paid.push(await pay(s));
    for (const [i, s] of sessions.entries()) await expectPaidOnce(v, s.session_id, paid[i]!.txId, COUNTED_MS, paid[i]!.block);
    const counts = fault.counts();
    expect(counts.refused429 + counts.failed5xx + counts.dropped + counts.rangeRefused).toBeGreaterThan(0);
  }, budget([3 * 2 * included, 3 * COUNTED_MS]));

  test('a pool node a few blocks behind that answers eth_getLogs short, without an error: every payment still counted once', async () => {
    fault.set({ logRangeCap: 5, lagBlocks: 3, lagRate: 0.5 });
    const sessions = [];
    for (let i = 0; i < 4; i++) sessions.push(await createLiveSession(v, `${i + 2}.00`));
    const paid = [];
    for (const s of sessions) paid.push(await pay(s));
    for (const [i, s] of sessions.entries()) await expectPaidOnce(v, s.session_id, paid[i]!.txId, COUNTED_MS, paid[i]!.block);
  }, budget([4 * 2 * included, 4 * COUNTED_MS]));

  test(`the app down for ${DOWNTIME_BLOCKS}+ blocks with payments in them, stopped again mid-catch-up, and a reorganisation at the head while it catches up: each payment counted once, the dropped one not at all`, async () => {
    fault.set(LIMITED);
    const sessions = await Promise.all(['4.00', '5.00', '6.00', '8.00', '9.00'].map((value) => createLiveSession(v, value)));
    await waitForScanned(v, 'tron', await head(), COUNTED_MS);
    await stop(); // the payments below are made while the app is down

    const early = await pay(sessions[0]);
    await mine(tron, DOWNTIME_BLOCKS / 2);
    const middle = await pay(sessions[1]);
    await mine(tron, DOWNTIME_BLOCKS / 2);
    const late = await pay(sessions[2]);
    // The last two: one the reorganisation moves to a later block, one it drops. Their coins are
    // minted below the reorganisation; the transfers are above it.
    const [movedPayer, droppedPayer] = [payer(), payer()];
    const amount = (s: any) => tronUriAmount(tronOption(s).uri);
    const mints = [await movedPayer.mint(USDT, movedPayer.address, amount(sessions[3])), await droppedPayer.mint(USDT, droppedPayer.address, amount(sessions[4]))];
    for (const m of mints) await waitForInfo(movedPayer.web, m.txID, included);
    const snapshot = await anvil<string>(tron, 'evm_snapshot');
    const forkedAt = await head();
    const moved: SignedTronTransaction = await movedPayer.transfer(USDT, tronOption(sessions[3]).address, amount(sessions[3]));
    const dropped = await droppedPayer.transfer(USDT, tronOption(sessions[4]).address, amount(sessions[4]));
    await waitForInfo(movedPayer.web, moved.txID, included);
    await waitForInfo(droppedPayer.web, dropped.txID, included);
    await mine(tron, 2);

    // The catch-up: stopped after 15 eth_getLogs calls (75 blocks at the cap), far from the last payment.
    await start();
    await logCallsMade(fault, 15, CATCH_UP_MS);
    await stop();
    const scanned = (await scannedTo(v, 'tron'))!;
    expect(scanned, 'stopped mid-catch-up').toBeLessThan(late.block);
    await start();

    // While it catches up again, the blocks from the fork on are replaced: `moved` is broadcast again
    // into one of the new blocks, `dropped` is in none.
    await logCallsMade(fault, 10, CATCH_UP_MS); // the catch-up has resumed
    await anvil(tron, 'evm_revert', [snapshot]);
    await mine(tron, 3);
    expect(await movedPayer.web.trx.sendRawTransaction(moved as never)).toMatchObject({ result: true, txid: moved.txID });
    const movedBlock = (await waitForInfo(movedPayer.web, moved.txID, included)).blockNumber as number;
    expect(await scannedTo(v, 'tron'), 'the reorganisation came during the catch-up').toBeLessThan(forkedAt);
    await mine(tron, TRON.defaultConfirmations + 1);

    await expectPaidOnce(v, sessions[0].session_id, early.txId, CATCH_UP_MS, early.block);
    await expectPaidOnce(v, sessions[1].session_id, middle.txId, CATCH_UP_MS, middle.block);
    await expectPaidOnce(v, sessions[2].session_id, late.txId, CATCH_UP_MS, late.block);
    await expectPaidOnce(v, sessions[3].session_id, moved.txID, CATCH_UP_MS, movedBlock);
    await waitForScanned(v, 'tron', await head(), CATCH_UP_MS);
    await expectUnpaid(v, sessions[4].session_id);
  }, budget([COUNTED_MS, 9 * included, CATCH_UP_MS, CATCH_UP_MS, 3 * included, 5 * CATCH_UP_MS], 60_000));
});
