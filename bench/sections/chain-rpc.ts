import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Address, getAddress, type Hex } from 'viem';
import { DEVNET_PAYER_KEYS } from '../../src/chains/evm/devnet/devnet.js';
import { endpointOf, startBenchChain, type BenchChain } from '../chain/anvil.js';
import { type ApiTarget, type CreatedSession, createSessions, ethereumNetwork, getSession } from '../chain/api.js';
import { type CoreProcess, startCoreProcess } from '../chain/core-process.js';
import { readChainSettings } from '../chain/env.js';
import { MAX_RPC_PER_BLOCK_RATIO } from '../chain/goals.js';
import { minedReceipt, type Rpc } from '../chain/rpc.js';
import { type CountingProxy, countsDelta, startCountingProxy } from '../chain/rpc-proxy.js';
import { round, sleep, waitUntil } from '../chain/stats.js';
import { BenchWallet, type SignedTx } from '../chain/wallet.js';
import { atMost } from '../goals.js';
import type { Figure, Section, SectionReport } from '../section.js';

/** Open sessions in the small phase. */
const FEW_SESSIONS = 10;
/** Token transfers to addresses nobody watches, per block, besides the one payment. */
const UNRELATED_PER_BLOCK = 3;

interface Phase {
  sessions: number;
  blocks: number;
  /** stats.rpcCalls delta over the window. */
  rpcCalls: number;
  scans: number;
  /** What went through the counting proxy in the window, by method. */
  byMethod: Record<string, number>;
  seconds: number;
}

const randomAddress = (): Address => getAddress(`0x${randomBytes(20).toString('hex')}`);

/**
 * One measured window: `blocks` blocks, one every `blockMs`, each holding a payment to one of the
 * open sessions and a few transfers of both tokens to nobody's addresses. Everything is signed before
 * the window opens; the window is exactly blocks × blockMs long, so the head polls between blocks
 * (the watcher's idle cost) count the same in both phases, and the last block has a whole interval
 * to be scanned.
 */
async function measurePhase(
  ctx: { rpc: Rpc; core: CoreProcess; api: ApiTarget; proxy: CountingProxy; payer: BenchWallet; other: BenchWallet; tokens: { USDT: Address; USDC: Address } },
  sessions: readonly CreatedSession[],
  blocks: number,
  blockMs: number,
): Promise<Phase> {
  const { rpc, core, api, proxy, payer, other, tokens } = ctx;
  const perBlock: SignedTx[][] = [];
  const payments: { session: CreatedSession; hash: Hex }[] = [];
  for (let k = 0; k < blocks; k++) {
    const session = sessions[Math.floor(Math.random() * sessions.length)] as CreatedSession;
    const pay = await payer.signTransfer(tokens.USDT, session.address, 1_000_000n);
    payments.push({ session, hash: pay.hash });
    const txs = [pay];
    for (let u = 0; u < UNRELATED_PER_BLOCK; u++) txs.push(await other.signTransfer(u % 2 ? tokens.USDC : tokens.USDT, randomAddress(), 1_000_000n));
    perBlock.push(txs);
  }
  const head = await rpc.blockNumber();
  await waitUntil(async () => (await ethereumNetwork(api)).last_block === head, 10_000, 'the watcher to reach the head');
  await sleep(500); // let the scan of the head settle

  const before = { stats: await core.watcherStats(), proxy: proxy.counts() };
  const started = performance.now();
  for (let k = 0; k < blocks; k++) {
    for (const tx of perBlock[k] as SignedTx[]) await rpc.sendRaw(tx.raw);
    await sleep(started + k * blockMs - performance.now());
    await rpc.mine();
  }
  await sleep(started + blocks * blockMs - performance.now());
  const after = { stats: await core.watcherStats(), proxy: proxy.counts() };
  const seconds = (performance.now() - started) / 1000;

  // Every payment was mined and seen (else the window's figures mean little).
  await minedReceipt(rpc, payments.at(-1)?.hash as Hex);
  const wanted = new Set(payments.map((p) => p.hash.toLowerCase()));
  for (const id of new Set(payments.map((p) => p.session.id))) {
    for (const p of (await getSession(api, id)).payments) wanted.delete(p.tx_hash.toLowerCase());
  }
  if (wanted.size) throw new Error(`${wanted.size} of ${blocks} payments were not recorded by the end of the window`);

  return {
    sessions: sessions.length,
    blocks,
    rpcCalls: after.stats.rpcCalls - before.stats.rpcCalls,
    scans: after.stats.scans - before.stats.scans,
    byMethod: countsDelta(before.proxy, after.proxy),
    seconds,
  };
}

function phaseFigures(prefix: string, label: string, p: Phase): Figure[] {
  const perBlock = (n: number) => round(n / p.blocks, 2);
  const headPolls = p.byMethod['eth_getBlockByNumber(latest)'] ?? 0;
  const proxied = Object.values(p.byMethod).reduce((a, b) => a + b, 0);
  return [
    { key: `${prefix}.sessions`, label: `${label}: open sessions`, value: p.sessions },
    { key: `${prefix}.blocks`, label: `${label}: blocks mined`, value: p.blocks },
    { key: `${prefix}.rpc_calls`, label: `${label}: watcher RPC calls (stats.rpcCalls)`, value: p.rpcCalls },
    { key: `${prefix}.rpc_per_block`, label: `${label}: RPC calls per block`, value: perBlock(p.rpcCalls) },
    { key: `${prefix}.head_polls_per_block`, label: `${label}: of which head polls (getBlock latest)`, value: perBlock(headPolls) },
    { key: `${prefix}.scan_calls_per_block`, label: `${label}: of which scan calls`, value: perBlock(proxied - headPolls) },
    { key: `${prefix}.scans_per_block`, label: `${label}: scans per block`, value: perBlock(p.scans) },
  ];
}

const describeMethods = (p: Phase) =>
  Object.entries(p.byMethod)
    .sort((a, b) => b[1] - a[1])
    .map(([m, n]) => `${m} ${round(n / p.blocks, 2)}`)
    .join(', ');

/**
 * What a block costs the watcher in RPC calls with few and with many open sessions: one eth_getLogs
 * for all token contracts whatever the number of watched addresses, so the two should match. Same
 * core, same chain: 10 sessions measured, then enough more created to reach BENCH_RPC_SESSIONS and
 * measured again. The core reaches anvil through a counting proxy for the breakdown by method.
 */
export const chainRpcSection: Section = {
  name: 'chain-rpc',
  summary: 'watcher RPC calls per block with 10 and with 10,000 open sessions',
  async run({ log, settings }): Promise<SectionReport> {
    const s = readChainSettings();
    const dir = mkdtempSync(join(tmpdir(), 'stablepos-bench-chain-rpc-'));
    let chain: BenchChain | undefined;
    let proxy: CountingProxy | undefined;
    let core: CoreProcess | undefined;
    try {
      chain = await startBenchChain();
      const { rpc } = chain;
      proxy = await startCountingProxy(chain.rpcUrl);
      const tokens = chain.tokens;
      const payer = new BenchWallet(rpc, chain.chainId, DEVNET_PAYER_KEYS[0] as Hex);
      const other = new BenchWallet(rpc, chain.chainId, DEVNET_PAYER_KEYS[1] as Hex);
      const lots = BigInt(2 * s.rpcBlocks * (UNRELATED_PER_BLOCK + 1)) * 1_000_000n;
      const mints = [
        await payer.send(await payer.signMint(tokens.USDT, lots)),
        await other.send(await other.signMint(tokens.USDT, lots)),
        await other.send(await other.signMint(tokens.USDC, lots)),
      ];
      await rpc.mine();
      for (const m of mints) await minedReceipt(rpc, m.hash);

      core = await startCoreProcess(join(dir, 'data'), { ...endpointOf(chain, proxy.url), pollMs: s.pollMs, confirmations: s.confirmations }, { dir: settings.cpuProfDir, name: 'chain-rpc' });
      const api: ApiTarget = core;
      const ctx = { rpc, core, api, proxy, payer, other, tokens };
      const few = await createSessions(api, FEW_SESSIONS, { concurrency: 4 });
      log(`chain-rpc: ${FEW_SESSIONS} open sessions, ${s.rpcBlocks} blocks every ${s.rpcBlockMs} ms…`);
      const small = await measurePhase(ctx, few, s.rpcBlocks, s.rpcBlockMs);

      log(`chain-rpc: creating ${(s.rpcSessions - FEW_SESSIONS).toLocaleString('en-US')} more sessions…`);
      const many = [...few, ...(await createSessions(api, Math.max(s.rpcSessions - FEW_SESSIONS, 0), { concurrency: 16 }))];
      log(`chain-rpc: ${many.length.toLocaleString('en-US')} open sessions, ${s.rpcBlocks} blocks every ${s.rpcBlockMs} ms…`);
      const large = await measurePhase(ctx, many, s.rpcBlocks, s.rpcBlockMs);

      const ratio = large.rpcCalls / large.blocks / (small.rpcCalls / small.blocks);
      return {
        figures: [
          ...phaseFigures('few', `${FEW_SESSIONS} sessions`, small),
          ...phaseFigures('many', `${many.length.toLocaleString('en-US')} sessions`, large),
          { key: 'ratio', label: 'RPC calls per block, many / few', value: round(ratio, 3), goal: atMost(round(ratio, 3), MAX_RPC_PER_BLOCK_RATIO) },
        ],
        notes: [
          `each block: 1 payment to a random open session + ${UNRELATED_PER_BLOCK} USDT/USDC transfers to unwatched addresses; a block every ${s.rpcBlockMs} ms (BENCH_RPC_BLOCK_MS), ${s.rpcBlocks} per phase (BENCH_RPC_BLOCKS), ${s.rpcSessions} sessions in the second (BENCH_RPC_SESSIONS)`,
          `watcher polls every ${s.pollMs} ms (BENCH_CHAIN_POLL_MS), so most calls per block are head polls finding nothing new; the window is blocks × interval long in both phases`,
          `per block by method, ${FEW_SESSIONS} sessions: ${describeMethods(small)}`,
          `per block by method, ${many.length} sessions: ${describeMethods(large)}`,
          'method counts from a JSON-RPC proxy between the core and anvil (the rpc_calls figures are the watcher\'s own stats.rpcCalls)',
        ],
      };
    } finally {
      await core?.stop();
      await proxy?.close();
      await chain?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
