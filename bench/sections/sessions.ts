import type { RequestSpec } from 'autocannon';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { categoriseProfile } from '../cpu-categories.js';
import { cpuShareFigures, cpuShareNotes, PROFILE_INTERVAL_US, type ProfiledRound } from '../cpu-share.js';
import { combineLoads, failuresOf, type LoadFigures, runLoad, summarise } from '../load.js';
import { atLeast, atMost, MAX_CORE_CPU_MS_PER_REQUEST, MAX_P99_OVER_BASELINE, MIN_THROUGHPUT_RATIO } from '../goals.js';
import { BenchFailure, type BenchContext, type Figure, type Section, type SectionReport } from '../section.js';
import { type ServerChild, type ServerName, startServer } from '../server-child.js';
import { BENCH_RATE_LIMIT, describeCoreNetworks } from '../servers/core-options.js';
import type { GcPausesMessage } from '../servers/protocol.js';
import { createSessionRequest } from '../session-request.js';
import { describeRuntime } from '../settings.js';
import { smokeTest } from '../smoke.js';

/** file:///…/ of this checkout: profile URLs of our own files start with it under tsx. */
const REPO_ROOT = new URL('../..', import.meta.url).href;

interface Measured {
  load: LoadFigures;
  warmup: LoadFigures;
  rssMb: number;
  /** Server CPU (all threads) per response in the measured runs, ms. */
  cpuMsPerRequest: number;
  /** The server's main-thread CPU per response in the measured runs, ms (what the CPU shares divide). */
  mainCpuMsPerRequest: number;
  /** Server CPU over wall time in the measured runs: near 1 means one core saturated. */
  cpuBusy: number;
  /** The load generator's CPU (autocannon, in the bench's own process) per response in the measured runs, ms. */
  loadgenCpuMsPerRequest: number;
  /** The server's main-thread GC pauses per response in the measured runs, ms. */
  gcMsPerRequest: number;
  /** Its longest GC pause, and longest and 99th-percentile event-loop delay over the rounds, ms. */
  gcMaxMs: number;
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
}

/** What one measured round against one server recorded. */
interface Round {
  load: LoadFigures;
  /** Server CPU seconds (all threads) during the round. */
  cpuSeconds: number;
  /** The same, of its main thread alone. */
  mainCpuSeconds: number;
  /** The bench process's CPU seconds during the round: autocannon's work for this server. */
  loadgenCpuSeconds: number;
  gc: GcPausesMessage;
}

/** One server under test, and its measured rounds so far. */
interface Contender {
  name: ServerName;
  server: ServerChild;
  request: RequestSpec;
  warmup?: LoadFigures;
  rounds: Round[];
  /** Every 2xx latency of every round, ms. */
  latenciesMs: number[];
}

async function startContender(name: ServerName, context: BenchContext): Promise<Contender> {
  const { settings } = context;
  const server = await startServer(name, { cpuProfDir: settings.cpuProfDir, runtime: settings.runtime, args: name === 'core' ? [settings.coreNetworks] : [] });
  // The baseline takes any merchant id; the core insists on the key's own.
  const request = createSessionRequest({ merchantId: server.extra.merchantId ?? 'mer_baseline', apiKey: server.extra.apiKey });
  try {
    await smokeTest(server.url, request);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { name, server, request, rounds: [], latenciesMs: [] };
}

function loadOf(c: Contender, title: string, seconds: number, context: BenchContext, latenciesMs?: number[]) {
  context.log(`sessions: ${c.name} ${title}, ${seconds} s at ${context.settings.connections} connections…`);
  return runLoad({
    url: c.server.url,
    requests: [c.request],
    connections: context.settings.connections,
    until: { seconds },
    title: `${c.name} ${title}`,
    ...(latenciesMs && { onLatency: (ms: number) => latenciesMs.push(ms) }),
  });
}

/** One measured round against one server, added to its rounds. */
async function measureRound(c: Contender, round: number, seconds: number, context: BenchContext): Promise<void> {
  await c.server.gcPauses(); // restarts the tally for this round
  const cpuBefore = c.server.cpuSeconds();
  const mainCpuBefore = c.server.mainThreadCpuSeconds();
  const loadgenBefore = process.cpuUsage();
  const load = summarise(await loadOf(c, `round ${round}`, seconds, context, c.latenciesMs));
  const loadgen = process.cpuUsage(loadgenBefore);
  const cpuSeconds = c.server.cpuSeconds() - cpuBefore;
  const mainCpuSeconds = c.server.mainThreadCpuSeconds() - mainCpuBefore;
  c.rounds.push({ load, cpuSeconds, mainCpuSeconds, loadgenCpuSeconds: (loadgen.user + loadgen.system) / 1e6, gc: await c.server.gcPauses() });
}

/**
 * One extra round, as long as a measured one, with the server's main thread profiled from inside
 * (sampling costs a little, so it is not a measured round), and its busy time put into categories.
 */
async function profileRound(c: Contender, seconds: number, context: BenchContext): Promise<ProfiledRound> {
  await c.server.startProfile(PROFILE_INTERVAL_US);
  const load = summarise(await loadOf(c, 'profiled round', seconds, context));
  const profile = await c.server.stopProfile();
  const { cpuProfDir } = context.settings;
  // With BENCH_CPU_PROF, the same profile for bench/profile-summary.ts or DevTools.
  if (cpuProfDir) writeFileSync(join(cpuProfDir, c.name, 'sessions-profiled-round.cpuprofile'), JSON.stringify(profile));
  const breakdown = categoriseProfile(profile, { repoRoot: REPO_ROOT, bundles: c.server.bundles });
  return { breakdown, seconds, responses: load.responses };
}

function measuredOf(c: Contender): Measured {
  const load = combineLoads(c.rounds.map((r) => r.load), c.latenciesMs);
  const sum = (pick: (r: Round) => number) => c.rounds.reduce((total, r) => total + pick(r), 0);
  const worst = (pick: (r: Round) => number) => Math.max(0, ...c.rounds.map(pick));
  const cpuSeconds = sum((r) => r.cpuSeconds);
  const perResponse = (seconds: number) => (seconds * 1000) / Math.max(load.responses, 1);
  return {
    load,
    warmup: c.warmup as LoadFigures,
    rssMb: c.server.memory().rssMb,
    cpuMsPerRequest: perResponse(cpuSeconds),
    mainCpuMsPerRequest: perResponse(sum((r) => r.mainCpuSeconds)),
    cpuBusy: cpuSeconds / Math.max(load.durationS, 1e-9),
    loadgenCpuMsPerRequest: perResponse(sum((r) => r.loadgenCpuSeconds)),
    gcMsPerRequest: sum((r) => r.gc.totalMs) / Math.max(load.responses, 1),
    gcMaxMs: worst((r) => r.gc.maxMs),
    loopDelayMaxMs: worst((r) => r.gc.loopDelayMaxMs),
    // The worst round's: percentiles of separate rounds cannot be merged exactly.
    loopDelayP99Ms: worst((r) => r.gc.loopDelayP99Ms),
  };
}

/**
 * Both servers run side by side (only one is loaded at a time) and take turns: each is warmed up,
 * then the measured time is cut into rounds, in the order baseline, core, core, baseline, … so a
 * machine that speeds up or slows down during the run weighs on both alike. Measured one after the
 * other in single runs, the baseline alone had moved by ±20 % from run to run on our 2-core machine.
 */
async function measureBoth(context: BenchContext): Promise<{ baseline: Measured; core: Measured; coreProfile: ProfiledRound }> {
  const { settings } = context;
  const baseline = await startContender('baseline', context);
  let core: Contender | undefined;
  try {
    core = await startContender('core', context);
    for (const c of [baseline, core]) c.warmup = summarise(await loadOf(c, 'warm-up', settings.warmupSeconds, context));
    const perRound = settings.seconds / settings.rounds;
    for (let round = 1; round <= settings.rounds; round++) {
      const order = round % 2 === 1 ? [baseline, core] : [core, baseline];
      for (const c of order) await measureRound(c, round, perRound, context);
    }
    const coreProfile = await profileRound(core, perRound, context);
    return { baseline: measuredOf(baseline), core: measuredOf(core), coreProfile };
  } finally {
    await baseline.server.stop();
    await core?.server.stop();
  }
}

function loadFigures(prefix: ServerName, label: string, m: Measured): Figure[] {
  return [
    { key: `${prefix}.req_per_sec`, label: `${label} throughput`, value: Math.round(m.load.reqPerSec), unit: 'req/s' },
    { key: `${prefix}.p50_ms`, label: `${label} latency p50`, value: m.load.p50Ms, unit: 'ms' },
    { key: `${prefix}.p99_ms`, label: `${label} latency p99`, value: m.load.p99Ms, unit: 'ms' },
    { key: `${prefix}.max_ms`, label: `${label} latency max`, value: m.load.maxMs, unit: 'ms' },
    { key: `${prefix}.responses`, label: `${label} responses`, value: m.load.responses },
    { key: `${prefix}.non2xx`, label: `${label} non-2xx`, value: m.load.non2xx },
    { key: `${prefix}.errors`, label: `${label} errors (incl. timeouts)`, value: m.load.errors },
    { key: `${prefix}.cpu_ms_per_req`, label: `${label} server CPU per request`, value: Number(m.cpuMsPerRequest.toFixed(3)), unit: 'ms' },
    { key: `${prefix}.main_cpu_ms_per_req`, label: `${label} main-thread CPU per request`, value: Number(m.mainCpuMsPerRequest.toFixed(3)), unit: 'ms' },
    { key: `${prefix}.cpu_busy`, label: `${label} server CPU busy (1 = one core)`, value: Number(m.cpuBusy.toFixed(2)) },
    { key: `${prefix}.loadgen_cpu_ms_per_req`, label: `${label}: load generator CPU per request`, value: Number(m.loadgenCpuMsPerRequest.toFixed(3)), unit: 'ms' },
    { key: `${prefix}.gc_ms_per_req`, label: `${label} GC pauses per request (main thread)`, value: Number(m.gcMsPerRequest.toFixed(4)), unit: 'ms' },
    { key: `${prefix}.gc_max_ms`, label: `${label} longest GC pause`, value: Number(m.gcMaxMs.toFixed(1)), unit: 'ms' },
    { key: `${prefix}.loop_delay_p99_ms`, label: `${label} event-loop delay p99 (worst round)`, value: Number(m.loopDelayP99Ms.toFixed(1)), unit: 'ms' },
    { key: `${prefix}.loop_delay_max_ms`, label: `${label} event-loop delay max`, value: Number(m.loopDelayMaxMs.toFixed(1)), unit: 'ms' },
    { key: `${prefix}.rss_mb`, label: `${label} RSS after run`, value: Math.round(m.rssMb), unit: 'MB' },
  ];
}

/**
 * Create-session throughput and latency of the core against a plain Fastify + better-sqlite3 server
 * doing the least possible for the same request, measured in alternating rounds of the same run so
 * the ratio is between figures from the same machine in the same state.
 */
export const sessionsSection: Section = {
  name: 'sessions',
  summary: 'POST /v1/payment/sessions throughput and latency, core vs plain Fastify + SQLite baseline',
  async run(context): Promise<SectionReport> {
    const { settings } = context;
    const { baseline, core, coreProfile } = await measureBoth(context);
    const ratio = core.load.reqPerSec / baseline.load.reqPerSec;
    const cpuRatio = baseline.cpuMsPerRequest / core.cpuMsPerRequest;
    const cpuBoundRatio = (baseline.cpuMsPerRequest + baseline.loadgenCpuMsPerRequest) / (core.cpuMsPerRequest + core.loadgenCpuMsPerRequest);
    const report: SectionReport = {
      figures: [
        ...loadFigures('baseline', 'baseline', baseline),
        ...loadFigures('core', 'core', core),
        { key: 'ratio', label: 'core / baseline throughput', value: Number(ratio.toFixed(3)), goal: atLeast(ratio, MIN_THROUGHPUT_RATIO) },
        // The same comparison by CPU cost, which holds up when other processes share the machine.
        { key: 'cpu_ratio', label: 'baseline / core CPU per request', value: Number(cpuRatio.toFixed(3)) },
        {
          key: 'core.p99_goal_ms',
          label: `core p99 at ${settings.connections} connections`,
          value: core.load.p99Ms,
          unit: 'ms',
          goal: atMost(core.load.p99Ms, MAX_P99_OVER_BASELINE * baseline.load.p99Ms, `ms (${MAX_P99_OVER_BASELINE} × the baseline's)`),
        },
        {
          key: 'core.cpu_goal_ms',
          label: 'core server CPU per request (all threads)',
          value: Number(core.cpuMsPerRequest.toFixed(3)),
          unit: 'ms',
          goal: atMost(core.cpuMsPerRequest, MAX_CORE_CPU_MS_PER_REQUEST, 'ms'),
        },
        // On a machine whose cores are all busy (the servers' threads and the load generator share
        // them), throughput follows total CPU per request: the ratio the CPU alone allows.
        { key: 'cpu_bound_ratio', label: 'ratio allowed by total CPU (server + load generator)', value: Number(cpuBoundRatio.toFixed(3)) },
        // Where the core's CPU goes, so the next regression is named here.
        ...cpuShareFigures('core', 'core', coreProfile, core.mainCpuMsPerRequest),
      ],
      notes: [
        `${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s measured per server, in ${settings.rounds} rounds taking turns with the other server (BENCH_WARMUP_SECONDS, BENCH_SECONDS, BENCH_ROUNDS)`,
        `core rate limit raised to ${BENCH_RATE_LIMIT.max.toExponential(0)} per ${BENCH_RATE_LIMIT.windowMs} ms for the bench (default is 100 per second)`,
        describeCoreNetworks(settings.coreNetworks),
        'each request carries a fresh Idempotency-Key; body is shape A {"merchant_id","amount":{"value":"12.50","currency":"USD"}}',
        describeRuntime(settings.runtime),
        ...cpuShareNotes('core', coreProfile),
      ],
    };
    // Only the measured runs decide; a warm-up hiccup is noted but does not void the figures.
    const problems: string[] = [];
    for (const [name, m] of Object.entries({ baseline, core })) {
      const measured = failuresOf(m.load);
      if (measured) problems.push(`${name} measured run: ${measured}`);
      const warm = failuresOf(m.warmup);
      if (warm) report.notes.push(`${name} warm-up had ${warm}`);
    }
    if (problems.length) throw new BenchFailure(problems.join('; '), report);
    return report;
  },
};
