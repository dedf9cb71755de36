import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Address, Hex } from 'viem';
import { DEVNET_PAYER_KEYS } from '../../src/chains/evm/devnet/devnet.js';
import { endpointOf, startBenchChain, type BenchChain } from '../chain/anvil.js';
import { type ApiTarget, createSessions } from '../chain/api.js';
import { type CoreDbReader, openCoreDb } from '../chain/core-db.js';
import { type CoreProcess, startCoreProcess } from '../chain/core-process.js';
import type { ChainCoreOptions } from '../chain/core-protocol.js';
import { readChainSettings } from '../chain/env.js';
import { minedReceipt } from '../chain/rpc.js';
import { round, waitUntil } from '../chain/stats.js';
import { BenchWallet, type SignedTx } from '../chain/wallet.js';
import { type FaultEndpoint, type Faults, startFaultEndpoint } from '../../test/helpers/fault-endpoint.js';
import { MAX_CAPPED_CATCH_UP_S } from '../chain/goals.js';
import { poolFigures } from '../chain/pool-report.js';
import { countsDelta } from '../chain/rpc-proxy.js';
import { atMost } from '../goals.js';
import { BenchFailure, type BenchContext, type Figure, type Section, type SectionReport } from '../section.js';

/** Longest the backfill may take before the section gives up. */
const BACKFILL_TIMEOUT_MS = 10 * 60_000;
const now = () => performance.timeOrigin + performance.now();

/**
 * Whether the core's watcher has read up to `head`: it saw that head and has no block left behind it.
 * Not its stored cursor: that may stay a few blocks below the head, at what is settled (blocks read
 * again on every pass until they are deep enough).
 */
async function caughtUp(core: CoreProcess, head: number): Promise<boolean> {
  const stats = await core.watcherStats();
  return (stats.lastHead ?? -1) >= head && stats.behind === 0;
}

/** chain-backfill straight to anvil, or chain-backfill-capped through the fault-injecting endpoint. */
interface Variant {
  section: string;
  /** The endpoint's faults during the measured catch-up; absent: the core talks to anvil itself. */
  capped?: Faults;
  timeoutMs: number;
  /** Seconds the catch-up is held against, if any. */
  goalSeconds?: number;
}

/**
 * Catching up after downtime. The core runs once to create the sessions (their deposit addresses are
 * then watched) and to catch up with the head; it is stopped; BENCH_BACKFILL_BLOCKS blocks are
 * mined holding BENCH_BACKFILL_TRANSFERS USDT transfers to BENCH_BACKFILL_SESSIONS sessions, spread
 * evenly (one block in every blocks/transfers carries transfers, the rest are empty); then the core
 * starts again and the clock runs from its start until its watcher has read up to the head and every
 * transfer is a recorded payment, read from its SQLite file (read-only) every 10 ms.
 */
async function measureBackfill({ log, settings }: BenchContext, variant: Variant): Promise<SectionReport> {
  const s = readChainSettings();
  const dir = mkdtempSync(join(tmpdir(), `stablepos-bench-${variant.section}-`));
  const dataDir = join(dir, 'data');
  let chain: BenchChain | undefined;
  let core: CoreProcess | undefined;
  let db: CoreDbReader | undefined;
  let endpoint: FaultEndpoint | undefined;
  try {
    chain = await startBenchChain();
    const { rpc } = chain;
    // ethereum's anvil: it offers USDT.
    const token = chain.tokens.USDT as Address;
    // Capped: the core knows the chain only through the endpoint, in both runs; it passes everything
    // through while the sessions are made, and caps only the catch-up measured.
    if (variant.capped) endpoint = await startFaultEndpoint(chain.rpcUrl);
    const options: ChainCoreOptions = { ...endpointOf(chain, endpoint?.url), pollMs: s.pollMs, confirmations: s.confirmations };

    const payer = new BenchWallet(rpc, chain.chainId, DEVNET_PAYER_KEYS[0] as Hex);
    const amount = 1_000_000n; // 1 USDT: a session of 12.50 stays open however many it gets
    const mint = await payer.send(await payer.signMint(token, amount * BigInt(s.backfillTransfers)));
    await rpc.mine();
    await minedReceipt(rpc, mint.hash);

    // First run: sessions, and a cursor stored at (or a few blocks below) the head.
    log(`${variant.section}: creating ${s.backfillSessions} sessions…`);
    core = await startCoreProcess(dataDir, options, { dir: settings.cpuProfDir, name: `${variant.section}-setup` });
    // Deadlines far ahead: the blocks below move the chain's clock by about a second each.
    const sessions = await createSessions(core as ApiTarget, 'ethereum', s.backfillSessions, { concurrency: 8, expiresAt: new Date(Date.now() + 23 * 3600_000) });
    const createdAt = await rpc.blockNumber();
    db = openCoreDb(dataDir);
    const reader = db;
    const setup = core;
    await waitUntil(() => caughtUp(setup, createdAt), 10_000, 'the first run to catch up with the head');
    await waitUntil(() => reader.cursor() !== undefined, 10_000, 'the first run to store its cursor');
    await core.stop();
    core = undefined;

    // The missed blocks. Transfers signed first; then, per carrying block, its transfers go to the
    // mempool and one anvil_mine makes that block and the empty ones up to the next.
    log(`${variant.section}: core stopped; mining ${s.backfillBlocks.toLocaleString('en-US')} blocks with ${s.backfillTransfers.toLocaleString('en-US')} transfers…`);
    const built = performance.now();
    const transfers: SignedTx[] = [];
    for (let i = 0; i < s.backfillTransfers; i++) {
      transfers.push(await payer.signTransfer(token, (sessions[i % sessions.length] as (typeof sessions)[number]).address as Address, amount));
    }
    const from = await rpc.blockNumber();
    const carriers = Math.min(s.backfillTransfers, s.backfillBlocks);
    let mined = 0;
    for (let j = 0; j < carriers; j++) {
      const batch = transfers.slice(Math.floor((j * transfers.length) / carriers), Math.floor(((j + 1) * transfers.length) / carriers));
      for (const tx of batch) await rpc.sendRaw(tx.raw);
      // The first of these blocks takes the pending transfers; the rest are empty.
      const until = Math.floor(((j + 1) * s.backfillBlocks) / carriers);
      await rpc.mineMany(until - mined);
      mined = until;
    }
    const head = await rpc.blockNumber();
    if (head - from !== s.backfillBlocks) throw new Error(`mined ${head - from} blocks, meant ${s.backfillBlocks}`);
    for (const tx of [transfers[0], transfers.at(-1)]) if (tx) await minedReceipt(rpc, tx.hash);
    const buildSeconds = (performance.now() - built) / 1000;
    const cursorBefore = reader.cursor() as number;
    const paidBefore = reader.sessionPayments();

    // The measured part: the core starts again and catches up.
    log(`${variant.section}: chain built in ${buildSeconds.toFixed(1)} s; restarting the core…`);
    if (endpoint && variant.capped) endpoint.set(variant.capped);
    const countsBefore = endpoint?.counts();
    core = await startCoreProcess(dataDir, options, { dir: settings.cpuProfDir, name: variant.section });
    const started = core.startedAt;
    const cpuBefore = core.cpuSeconds();
    const expected = paidBefore + s.backfillTransfers;
    // What the endpoint was asked during the catch-up (capped only): every request, refused or not.
    const endpointFigures = (): Figure[] => {
      if (!endpoint || !countsBefore) return [];
      const after = endpoint.counts();
      const byMethod = countsDelta(countsBefore.byMethod, after.byMethod);
      return [
        { key: 'endpoint.requests', label: 'requests at the endpoint', value: after.requests - countsBefore.requests },
        { key: 'endpoint.get_logs', label: 'of which eth_getLogs', value: byMethod.eth_getLogs ?? 0 },
        { key: 'endpoint.range_refused', label: 'eth_getLogs refused for its range', value: after.rangeRefused - countsBefore.rangeRefused },
        { key: 'endpoint.refused_429', label: 'answered 429', value: after.refused429 - countsBefore.refused429 },
      ];
    };
    let done: number | undefined;
    try {
      const restarted = core;
      await waitUntil(async () => reader.sessionPayments() >= expected && (await caughtUp(restarted, head)), variant.timeoutMs, `the catch-up`, 10);
      done = now();
    } catch (err) {
      // Timed out: how far it got is the finding (a watcher that never gets past a capped range).
      const stats = await core.watcherStats().catch(() => undefined);
      // Blocks still to read: the watcher's own count while it catches up, else from its stored cursor.
      const left = stats?.behind ?? head - (reader.cursor() ?? cursorBefore);
      throw new BenchFailure(`${(err as Error).message}: ${left} of ${head - cursorBefore} blocks still to read, payments ${reader.sessionPayments() - paidBefore} of ${s.backfillTransfers}`, {
        figures: [
          // Unfinished: no time to report, but the goal (if any) is not met and says so in the summary.
          ...(variant.goalSeconds === undefined
            ? []
            : [{ key: 'backfill_s', label: 'backfill time (core started → read up to the head, all recorded)', value: `> ${variant.timeoutMs / 1000} (gave up)`, unit: 's', goal: atMost(Infinity, variant.goalSeconds, 's') }]),
          { key: 'blocks_scanned', label: `blocks read in ${variant.timeoutMs / 1000} s (gave up)`, value: head - cursorBefore - left },
          { key: 'blocks', label: 'blocks to scan', value: head - cursorBefore },
          { key: 'transfers', label: 'payments recorded', value: reader.sessionPayments() - paidBefore },
          ...(stats
            ? [
                { key: 'rpc_calls', label: 'watcher RPC calls (stats.rpcCalls)', value: stats.rpcCalls },
                { key: 'scans', label: 'watcher scans (eth_getLogs chunks)', value: stats.scans },
              ]
            : []),
          ...(stats?.lastError ? [{ key: 'last_error', label: 'watcher\'s last error', value: stats.lastError.slice(0, 160) }] : []),
          ...endpointFigures(),
          ...(stats && endpoint ? poolFigures(stats, 'endpoint', 'the endpoint') : []),
        ],
        notes: [],
      });
    }
    const stats = await core.watcherStats();
    const cpu = core.cpuSeconds() - cpuBefore;
    const seconds = (done - started) / 1000;
    const blocks = head - cursorBefore;
    const recorded = reader.sessionPayments() - paidBefore;
    const goal = variant.goalSeconds === undefined ? undefined : atMost(round(seconds, 2), variant.goalSeconds, 's');

    return {
      figures: [
        { key: 'backfill_s', label: 'backfill time (core started → read up to the head, all recorded)', value: round(seconds, 2), unit: 's', ...(goal && { goal }) },
        { key: 'blocks', label: 'blocks scanned', value: blocks },
        { key: 'transfers', label: 'payments recorded', value: recorded },
        { key: 'blocks_per_sec', label: 'blocks per second', value: Math.round(blocks / seconds), unit: 'blocks/s' },
        { key: 'transfers_per_sec', label: 'payments per second', value: Math.round(recorded / seconds), unit: '/s' },
        { key: 'rpc_calls', label: 'watcher RPC calls (stats.rpcCalls)', value: stats.rpcCalls },
        { key: 'scans', label: 'watcher scans (eth_getLogs chunks)', value: stats.scans },
        { key: 'core_cpu_s', label: 'core CPU during the backfill', value: round(cpu, 2), unit: 's' },
        { key: 'build_seconds', label: 'time to build the chain (not measured)', value: round(buildSeconds, 1), unit: 's' },
        ...endpointFigures(),
        ...(endpoint ? poolFigures(stats, 'endpoint', 'the endpoint') : []),
      ],
      notes: [
        `${s.backfillBlocks} blocks (BENCH_BACKFILL_BLOCKS), ${s.backfillTransfers} USDT transfers (BENCH_BACKFILL_TRANSFERS) of 1 USDT to ${s.backfillSessions} sessions (BENCH_BACKFILL_SESSIONS), in ${carriers} blocks spread evenly (one transaction per transfer)`,
        'timed from core.start() resolving in the core process to every payment in its SQLite file (polled every 10 ms) and its watcher\'s stats saying it read up to the head (lastHead ≥ head, behind 0); tsx start-up before that is not counted',
        `confirmations ${s.confirmations}; the watcher reads at most 2000 blocks per eth_getLogs (its maxRange default)`,
        ...(variant.capped
          ? [
              `through test/helpers/fault-endpoint.ts: uncapped while the sessions were made, then eth_getLogs over more than ${variant.capped.logRangeCap} blocks refused in ${variant.capped.rangeRefusal}'s words (BENCH_CAPPED_LOG_RANGE, BENCH_CAPPED_REFUSAL) for the catch-up; gives up after ${variant.timeoutMs / 1000} s (BENCH_CATCH_UP_TIMEOUT_S)`,
            ]
          : []),
      ],
    };
  } finally {
    db?.close();
    await core?.stop();
    await endpoint?.close();
    await chain?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const chainBackfillSection: Section = {
  name: 'chain-backfill',
  summary: 'time for a restarted core to scan 10,000 missed blocks holding 2,000 payments',
  run: (context) => measureBackfill(context, { section: 'chain-backfill', timeoutMs: BACKFILL_TIMEOUT_MS }),
};

/**
 * Issue 27, item 9: the same catch-up through an endpoint that serves at most 5 blocks per eth_getLogs
 * (QuickNode's free plan), refusing larger ranges: 10,000 blocks are then at least 2,000 log calls.
 * Gives up after BENCH_CATCH_UP_TIMEOUT_S and reports how far the watcher got.
 */
export const chainBackfillCappedSection: Section = {
  name: 'chain-backfill-capped',
  summary: 'the same catch-up of 10,000 blocks through an endpoint capping eth_getLogs at 5 blocks',
  run: (context) => {
    const s = readChainSettings();
    return measureBackfill(context, {
      section: 'chain-backfill-capped',
      capped: { logRangeCap: s.cappedLogRange, rangeRefusal: s.cappedRefusal },
      timeoutMs: s.catchUpTimeoutSeconds * 1000,
      goalSeconds: MAX_CAPPED_CATCH_UP_S,
    });
  },
};
