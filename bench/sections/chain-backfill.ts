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
import { BenchFailure, type Section, type SectionReport } from '../section.js';

/** Longest the backfill may take before the section gives up. */
const BACKFILL_TIMEOUT_MS = 10 * 60_000;
const now = () => performance.timeOrigin + performance.now();

/**
 * Catching up after downtime. The core runs once to create the sessions (their deposit addresses are
 * then watched) and to store its cursor at the head; it is stopped; BENCH_BACKFILL_BLOCKS blocks are
 * mined holding BENCH_BACKFILL_TRANSFERS USDT transfers to BENCH_BACKFILL_SESSIONS sessions, spread
 * evenly (one block in every blocks/transfers carries transfers, the rest are empty); then the core
 * starts again and the clock runs from its start until its stored cursor is at the head and every
 * transfer is a recorded payment, read from its SQLite file (read-only) every 10 ms.
 */
export const chainBackfillSection: Section = {
  name: 'chain-backfill',
  summary: 'time for a restarted core to scan 10,000 missed blocks holding 2,000 payments',
  async run({ log, settings }): Promise<SectionReport> {
    const s = readChainSettings();
    const dir = mkdtempSync(join(tmpdir(), 'stablepos-bench-chain-backfill-'));
    const dataDir = join(dir, 'data');
    let chain: BenchChain | undefined;
    let core: CoreProcess | undefined;
    let db: CoreDbReader | undefined;
    try {
      chain = await startBenchChain();
      const { rpc } = chain;
      const token = chain.tokens.USDT;
      const options: ChainCoreOptions = { ...endpointOf(chain), pollMs: s.pollMs, confirmations: s.confirmations };

      const payer = new BenchWallet(rpc, chain.chainId, DEVNET_PAYER_KEYS[0] as Hex);
      const amount = 1_000_000n; // 1 USDT: a session of 12.50 stays open however many it gets
      const mint = await payer.send(await payer.signMint(token, amount * BigInt(s.backfillTransfers)));
      await rpc.mine();
      await minedReceipt(rpc, mint.hash);

      // First run: sessions, and a cursor at the head.
      log(`chain-backfill: creating ${s.backfillSessions} sessions…`);
      core = await startCoreProcess(dataDir, options, { dir: settings.cpuProfDir, name: 'chain-backfill-setup' });
      // Deadlines far ahead: the blocks below move the chain's clock by about a second each.
      const sessions = await createSessions(core as ApiTarget, 'ethereum', s.backfillSessions, { concurrency: 8, expiresAt: new Date(Date.now() + 23 * 3600_000) });
      const createdAt = await rpc.blockNumber();
      db = openCoreDb(dataDir);
      const reader = db;
      await waitUntil(() => (reader.cursor() ?? -1) >= createdAt, 10_000, 'the first run to store its cursor at the head');
      await core.stop();
      core = undefined;

      // The missed blocks. Transfers signed first; then, per carrying block, its transfers go to the
      // mempool and one anvil_mine makes that block and the empty ones up to the next.
      log(`chain-backfill: core stopped; mining ${s.backfillBlocks.toLocaleString('en-US')} blocks with ${s.backfillTransfers.toLocaleString('en-US')} transfers…`);
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
      log(`chain-backfill: chain built in ${buildSeconds.toFixed(1)} s; restarting the core…`);
      core = await startCoreProcess(dataDir, options, { dir: settings.cpuProfDir, name: 'chain-backfill' });
      const started = core.startedAt;
      const cpuBefore = core.cpuSeconds();
      const expected = paidBefore + s.backfillTransfers;
      let done: number | undefined;
      try {
        await waitUntil(() => (reader.cursor() ?? -1) >= head && reader.sessionPayments() >= expected, BACKFILL_TIMEOUT_MS, 'the backfill', 10);
        done = now();
      } catch (err) {
        throw new BenchFailure(`${(err as Error).message}: cursor ${reader.cursor()} of ${head}, payments ${reader.sessionPayments()} of ${expected}`);
      }
      const stats = await core.watcherStats();
      const cpu = core.cpuSeconds() - cpuBefore;
      const seconds = (done - started) / 1000;
      const blocks = head - cursorBefore;
      const recorded = reader.sessionPayments() - paidBefore;

      return {
        figures: [
          { key: 'backfill_s', label: 'backfill time (core started → cursor at head, all recorded)', value: round(seconds, 2), unit: 's' },
          { key: 'blocks', label: 'blocks scanned', value: blocks },
          { key: 'transfers', label: 'payments recorded', value: recorded },
          { key: 'blocks_per_sec', label: 'blocks per second', value: Math.round(blocks / seconds), unit: 'blocks/s' },
          { key: 'transfers_per_sec', label: 'payments per second', value: Math.round(recorded / seconds), unit: '/s' },
          { key: 'rpc_calls', label: 'watcher RPC calls (stats.rpcCalls)', value: stats.rpcCalls },
          { key: 'scans', label: 'watcher scans (eth_getLogs chunks)', value: stats.scans },
          { key: 'core_cpu_s', label: 'core CPU during the backfill', value: round(cpu, 2), unit: 's' },
          { key: 'build_seconds', label: 'time to build the chain (not measured)', value: round(buildSeconds, 1), unit: 's' },
        ],
        notes: [
          `${s.backfillBlocks} blocks (BENCH_BACKFILL_BLOCKS), ${s.backfillTransfers} USDT transfers (BENCH_BACKFILL_TRANSFERS) of 1 USDT to ${s.backfillSessions} sessions (BENCH_BACKFILL_SESSIONS), in ${carriers} blocks spread evenly (one transaction per transfer)`,
          'timed from core.start() resolving in the core process to the bench reading cursor ≥ head and every payment from its SQLite file (polled every 10 ms); tsx start-up before that is not counted',
          `confirmations ${s.confirmations}; the watcher reads at most 2000 blocks per eth_getLogs (its maxRange default)`,
        ],
      };
    } finally {
      db?.close();
      await core?.stop();
      await chain?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
