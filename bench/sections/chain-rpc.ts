import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ApiTarget, type CreatedSession, createSessions, getSession, waitForHead } from '../chain/api.js';
import { startCoreOnChain } from '../chain/core-on-chain.js';
import type { CoreProcess } from '../chain/core-process.js';
import type { ChainDriver, PreparedTransfer } from '../chain/driver.js';
import { startChainDriver } from '../chain/drivers.js';
import { MAX_RPC_PER_BLOCK_RATIO } from '../chain/goals.js';
import { type NetworkReport, type NetworkRun, onEachNetwork } from '../chain/per-network.js';
import { type CountingProxy, countsDelta, startCountingProxy } from '../chain/rpc-proxy.js';
import { round, sleep } from '../chain/stats.js';
import { atMost } from '../goals.js';
import type { Figure, Section } from '../section.js';

/** Open sessions in the small phase. */
const FEW_SESSIONS = 10;
/** Token transfers to addresses nobody watches, per block, besides the one payment. */
const UNRELATED_PER_BLOCK = 3;
/** Test wallets: the one paying sessions, the one paying nobody's addresses. */
const PAYER = 0;
const OTHER = 1;

interface Phase {
  sessions: number;
  /** Blocks made in the window (Solana: slots confirmed): the driver's head after less before. */
  blocks: number;
  /** Rounds of transfers sent, one a block interval. */
  rounds: number;
  /** stats.rpcCalls delta over the window. */
  rpcCalls: number;
  scans: number;
  /** What went through the counting proxy in the window, by method. */
  byMethod: Record<string, number>;
  /** The driver's polls among byMethod's keys. */
  pollMethods: readonly string[];
  /** The call every pass makes once (byMethod's count of it: the passes in the window). */
  passMethod: string;
  /** The watcher's poll interval: the pause between one pass's end and the next's start. */
  pollMs: number;
  seconds: number;
}

/**
 * One measured window: `blocks` blocks, one every `blockMs`, each holding a payment to one of the
 * open sessions and a few transfers (of each coin in turn) to nobody's addresses. Transfers are made
 * ready before the window opens (on TRON and Solana, where they expire, they are signed as they are
 * sent, just after the previous block); the window is blocks × blockMs long (longer by what the last
 * block came late: surfnet's come on its clock), so the head polls between blocks (the watcher's idle
 * cost) count the same in both phases, and the last block has a whole interval to be scanned. Calls are divided by the blocks the chain made in the window: the
 * rounds on anvil and the stand-in, which mine only when told; surfnet's slots, which come on its clock.
 */
async function measurePhase(
  ctx: { driver: ChainDriver; core: CoreProcess; api: ApiTarget; proxy: CountingProxy },
  sessions: readonly CreatedSession[],
  blocks: number,
  blockMs: number,
  pollMs: number,
): Promise<Phase> {
  const { driver, core, api, proxy } = ctx;
  const perBlock: { session: CreatedSession; payment: PreparedTransfer; unrelated: PreparedTransfer[] }[] = [];
  for (let k = 0; k < blocks; k++) {
    const session = sessions[Math.floor(Math.random() * sessions.length)] as CreatedSession;
    const payment = await driver.transfer(PAYER, driver.coins[0] as (typeof driver.coins)[number], session, 1_000_000n);
    const unrelated = [];
    for (let u = 0; u < UNRELATED_PER_BLOCK; u++) {
      unrelated.push(await driver.transfer(OTHER, driver.coins[u % driver.coins.length] as (typeof driver.coins)[number], { address: driver.randomAddress() }, 1_000_000n));
    }
    perBlock.push({ session, payment, unrelated });
  }
  await waitForHead(api, driver.network, await driver.blockNumber());
  await sleep(500); // let the scan of the head settle

  const payments: { session: CreatedSession; id: string }[] = [];
  const before = { stats: await core.watcherStats(), proxy: proxy.counts(), head: await driver.blockNumber() };
  const started = performance.now();
  let lastMined = started;
  for (let k = 0; k < blocks; k++) {
    const block = perBlock[k] as (typeof perBlock)[number];
    payments.push({ session: block.session, id: await block.payment.send() });
    for (const tx of block.unrelated) await tx.send();
    await sleep(started + k * blockMs - performance.now());
    await driver.mine();
    lastMined = performance.now();
  }
  // The last block gets a whole interval to be scanned: surfnet's may come up to a slot late.
  await sleep(Math.max(started + blocks * blockMs, lastMined + blockMs) - performance.now());
  const after = { stats: await core.watcherStats(), proxy: proxy.counts(), head: await driver.blockNumber() };
  const seconds = (performance.now() - started) / 1000;

  // Every payment was mined and seen (else the window's figures mean little).
  await driver.checkMined(payments.at(-1)?.id as string);
  const wanted = new Set(payments.map((p) => p.id.toLowerCase()));
  for (const id of new Set(payments.map((p) => p.session.id))) {
    for (const p of (await getSession(api, id)).payments) wanted.delete(p.tx_hash.toLowerCase());
  }
  if (wanted.size) throw new Error(`${wanted.size} of ${blocks} payments were not recorded by the end of the window`);

  return {
    sessions: sessions.length,
    blocks: after.head - before.head,
    rounds: blocks,
    rpcCalls: after.stats.rpcCalls - before.stats.rpcCalls,
    scans: after.stats.scans - before.stats.scans,
    byMethod: countsDelta(before.proxy, after.proxy),
    pollMethods: driver.pollMethods,
    passMethod: driver.passMethod,
    pollMs,
    seconds,
  };
}

function phaseFigures(prefix: string, label: string, p: Phase): Figure[] {
  const perBlock = (n: number) => round(n / p.blocks, 2);
  const polls = p.pollMethods.reduce((sum, m) => sum + (p.byMethod[m] ?? 0), 0);
  const proxied = Object.values(p.byMethod).reduce((a, b) => a + b, 0);
  // Head polls per block follow how long a pass takes (the next starts pollMs after one ends): a
  // pass slowed by the sessions, or by other work on the machine, means fewer polls per block.
  const passes = p.byMethod[p.passMethod] ?? 0;
  const passMs = passes ? round((p.seconds * 1000) / passes - p.pollMs, 1) : 0;
  return [
    { key: `${prefix}.sessions`, label: `${label}: open sessions`, value: p.sessions },
    { key: `${prefix}.blocks`, label: `${label}: blocks made (solana: slots)`, value: p.blocks },
    { key: `${prefix}.rpc_calls`, label: `${label}: watcher RPC calls (stats.rpcCalls)`, value: p.rpcCalls },
    { key: `${prefix}.rpc_per_block`, label: `${label}: RPC calls per block`, value: perBlock(p.rpcCalls) },
    { key: `${prefix}.head_polls_per_block`, label: `${label}: of which polls (every pass: head block; solana: slots, account signatures)`, value: perBlock(polls) },
    { key: `${prefix}.scan_calls_per_block`, label: `${label}: of which scan calls`, value: perBlock(proxied - polls) },
    { key: `${prefix}.scans_per_block`, label: `${label}: scans per block`, value: perBlock(p.scans) },
    { key: `${prefix}.pass_ms`, label: `${label}: mean watcher pass (window / passes − poll interval)`, value: passMs, unit: 'ms' },
  ];
}

const describeMethods = (p: Phase) =>
  Object.entries(p.byMethod)
    .sort((a, b) => b[1] - a[1])
    .map(([m, n]) => `${m} ${round(n / p.blocks, 2)}`)
    .join(', ');

/**
 * One network: 10 sessions measured, then enough more created to reach BENCH_RPC_SESSIONS and
 * measured again, on the same core and chain. The core reaches the node through a counting proxy for
 * the breakdown by method (on TRON, the node's base URL: the watcher's calls go to its /jsonrpc).
 */
async function measureRpc({ net, chain: s, context, dir }: NetworkRun): Promise<NetworkReport> {
  let driver: ChainDriver | undefined;
  let proxy: CountingProxy | undefined;
  let core: CoreProcess | undefined;
  try {
    driver = await startChainDriver(net.network, dir, net.rpcBlockMs);
    proxy = await startCountingProxy(driver.url);
    const lots = BigInt(2 * net.rpcBlocks * (UNRELATED_PER_BLOCK + 1)) * 1_000_000n;
    await driver.fund(PAYER, lots);
    await driver.fund(OTHER, lots);

    core = await startCoreOnChain(
      driver,
      join(dir, 'data'),
      { rpcUrl: proxy.url, pollMs: s.pollMs, confirmations: net.confirmations },
      { dir: context.settings.cpuProfDir, name: `chain-rpc-${net.network}` },
    );
    const api: ApiTarget = core;
    const ctx = { driver, core, api, proxy };
    const few = await createSessions(api, net.network, FEW_SESSIONS, { concurrency: 4 });
    context.log(`chain-rpc: ${net.network}: ${FEW_SESSIONS} open sessions, ${net.rpcBlocks} blocks every ${net.rpcBlockMs} ms…`);
    const small = await measurePhase(ctx, few, net.rpcBlocks, net.rpcBlockMs, s.pollMs);

    context.log(`chain-rpc: ${net.network}: creating ${(s.rpcSessions - FEW_SESSIONS).toLocaleString('en-US')} more sessions…`);
    const many = [...few, ...(await createSessions(api, net.network, Math.max(s.rpcSessions - FEW_SESSIONS, 0), { concurrency: 16 }))];
    context.log(`chain-rpc: ${net.network}: ${many.length.toLocaleString('en-US')} open sessions, ${net.rpcBlocks} blocks every ${net.rpcBlockMs} ms…`);
    const large = await measurePhase(ctx, many, net.rpcBlocks, net.rpcBlockMs, s.pollMs);

    const ratio = large.rpcCalls / large.blocks / (small.rpcCalls / small.blocks);
    return {
      figures: [
        ...phaseFigures('few', `${FEW_SESSIONS} sessions`, small),
        ...phaseFigures('many', `${many.length.toLocaleString('en-US')} sessions`, large),
        { key: 'ratio', label: 'RPC calls per block, many / few', value: round(ratio, 3), goal: atMost(round(ratio, 3), MAX_RPC_PER_BLOCK_RATIO) },
      ],
      notes: [
        `core on ${driver.node}; each block: 1 payment to a random open session + ${UNRELATED_PER_BLOCK} ${driver.coins.join('/')} transfers to unwatched addresses, a block every ${net.rpcBlockMs} ms, ${net.rpcBlocks} per phase`,
        `per block by method, ${FEW_SESSIONS} sessions: ${describeMethods(small)}`,
        `per block by method, ${many.length} sessions: ${describeMethods(large)}`,
      ],
    };
  } finally {
    await core?.stop();
    await proxy?.close();
    await driver?.stop();
  }
}

/**
 * What a block costs the watcher in RPC calls with few and with many open sessions: one eth_getLogs
 * for all token contracts whatever the number of watched addresses (EVM, TRON), the merchant's token
 * accounts' new signatures and the transactions among them (Solana), so the two should match. On
 * ethereum (anvil, 1 s blocks), tron (the TRON stand-in's /jsonrpc, 3 s blocks), solana (surfnet,
 * 400 ms slots) and an EVM L2 (issue 31: base by default, anvil, 250 ms blocks), side by side.
 */
export const chainRpcSection: Section = {
  name: 'chain-rpc',
  summary: 'watcher RPC calls per block with 10 and with 10,000 open sessions, ethereum, tron, solana and an L2 (base, 0.25 s blocks)',
  run: (context) =>
    onEachNetwork(context, 'chain-rpc', (net) => net.rpcBlockMs, measureRpc, ({ pollMs, rpcSessions }) => [
      `watcher polls every ${pollMs} ms (BENCH_CHAIN_POLL_MS), so most calls per block are head polls finding nothing new; the window is blocks × interval long in both phases`,
      `${rpcSessions} sessions in the second phase (BENCH_RPC_SESSIONS); ethereum: BENCH_RPC_BLOCKS, BENCH_RPC_BLOCK_MS; tron: BENCH_TRON_RPC_BLOCKS, BENCH_TRON_BLOCK_MS; solana: BENCH_SOLANA_RPC_BLOCKS, BENCH_SOLANA_SLOT_MS (calls per slot confirmed in the window); the L2: BENCH_L2_RPC_BLOCKS, BENCH_L2_BLOCK_MS`,
      'method counts from a proxy between the core and the node (the rpc_calls figures are the watcher\'s own stats.rpcCalls)',
    ]),
};
