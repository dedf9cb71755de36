import { failuresOf, type LoadFigures, runLoad, summarise } from '../load.js';
import { atLeast, atMost, MAX_CORE_P99_MS, MIN_THROUGHPUT_RATIO } from '../goals.js';
import { BenchFailure, type BenchContext, type Figure, type Section, type SectionReport } from '../section.js';
import { type ServerName, startServer } from '../server-child.js';
import { BENCH_RATE_LIMIT, describeCoreNetworks } from '../servers/core-options.js';
import { createSessionRequest } from '../session-request.js';
import { describeRuntime } from '../settings.js';
import { smokeTest } from '../smoke.js';

interface Measured {
  load: LoadFigures;
  warmup: LoadFigures;
  rssMb: number;
  /** Server CPU (all threads) per response in the measured run, ms. */
  cpuMsPerRequest: number;
  /** Server CPU over wall time in the measured run: near 1 means one core saturated. */
  cpuBusy: number;
  /** The server's main-thread GC pauses per response in the measured run, ms. */
  gcMsPerRequest: number;
}

/** Warm-up, then the measured run, against one server in its own process; the server is stopped after. */
async function measure(name: ServerName, context: BenchContext): Promise<Measured> {
  const { settings, log } = context;
  const server = await startServer(name, { cpuProfDir: settings.cpuProfDir, runtime: settings.runtime, args: name === 'core' ? [settings.coreNetworks] : [] });
  try {
    // The baseline takes any merchant id; the core insists on the key's own.
    const request = createSessionRequest({ merchantId: server.extra.merchantId ?? 'mer_baseline', apiKey: server.extra.apiKey });
    await smokeTest(server.url, request);
    const run = async (phase: string, seconds: number) => {
      log(`sessions: ${name} ${phase}, ${seconds} s at ${settings.connections} connections…`);
      return summarise(await runLoad({ url: server.url, requests: [request], connections: settings.connections, until: { seconds }, title: `${name} ${phase}` }));
    };
    const warmup = await run('warm-up', settings.warmupSeconds);
    await server.gcPauses(); // restarts the tally for the measured run
    const cpuBefore = server.cpuSeconds();
    const load = await run('measured run', settings.seconds);
    const cpu = server.cpuSeconds() - cpuBefore;
    const gc = await server.gcPauses();
    return {
      load,
      warmup,
      rssMb: server.memory().rssMb,
      cpuMsPerRequest: (cpu * 1000) / Math.max(load.responses, 1),
      cpuBusy: cpu / load.durationS,
      gcMsPerRequest: gc.totalMs / Math.max(load.responses, 1),
    };
  } finally {
    await server.stop();
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
    { key: `${prefix}.cpu_busy`, label: `${label} server CPU busy (1 = one core)`, value: Number(m.cpuBusy.toFixed(2)) },
    { key: `${prefix}.gc_ms_per_req`, label: `${label} GC pauses per request (main thread)`, value: Number(m.gcMsPerRequest.toFixed(4)), unit: 'ms' },
    { key: `${prefix}.rss_mb`, label: `${label} RSS after run`, value: Math.round(m.rssMb), unit: 'MB' },
  ];
}

/**
 * Create-session throughput and latency of the core against a plain Fastify + better-sqlite3 server
 * doing the least possible for the same request, measured one after the other in the same run so
 * the ratio is between figures from the same machine in the same state.
 */
export const sessionsSection: Section = {
  name: 'sessions',
  summary: 'POST /v1/payment/sessions throughput and latency, core vs plain Fastify + SQLite baseline',
  async run(context): Promise<SectionReport> {
    const { settings } = context;
    const baseline = await measure('baseline', context);
    const core = await measure('core', context);
    const ratio = core.load.reqPerSec / baseline.load.reqPerSec;
    const cpuRatio = baseline.cpuMsPerRequest / core.cpuMsPerRequest;
    const report: SectionReport = {
      figures: [
        ...loadFigures('baseline', 'baseline', baseline),
        ...loadFigures('core', 'core', core),
        { key: 'ratio', label: 'core / baseline throughput', value: Number(ratio.toFixed(3)), goal: atLeast(ratio, MIN_THROUGHPUT_RATIO) },
        // The same comparison by CPU cost, which holds up when other processes share the machine.
        { key: 'cpu_ratio', label: 'baseline / core CPU per request', value: Number(cpuRatio.toFixed(3)) },
        { key: 'core.p99_goal_ms', label: `core p99 at ${settings.connections} connections`, value: core.load.p99Ms, unit: 'ms', goal: atMost(core.load.p99Ms, MAX_CORE_P99_MS, 'ms') },
      ],
      notes: [
        `${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s measured, per server (BENCH_WARMUP_SECONDS, BENCH_SECONDS)`,
        `core rate limit raised to ${BENCH_RATE_LIMIT.max.toExponential(0)} per ${BENCH_RATE_LIMIT.windowMs} ms for the bench (default is 100 per second)`,
        describeCoreNetworks(settings.coreNetworks),
        'each request carries a fresh Idempotency-Key; body is shape A {"merchant_id","amount":{"value":"12.50","currency":"USD"}}',
        describeRuntime(settings.runtime),
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
