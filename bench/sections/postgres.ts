import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RequestSpec } from 'autocannon';
import { startPostgres } from '../../test/helpers/postgres.js';
import { atLeast, atMost, MAX_PG_CPU_OVER_SQLITE, MIN_PG2_OVER_PG1, MIN_PG_OVER_SQLITE } from '../goals.js';
import { combineLoads, failuresOf, type LoadFigures, runLoad, summarise } from '../load.js';
import { BenchFailure, type BenchContext, type Figure, type Section, type SectionReport } from '../section.js';
import { type ServerChild, startServer } from '../server-child.js';
import { type MachineCpu, readCommandCpuSeconds, readMachineCpu } from '../proc-stats.js';
import { BENCH_RATE_LIMIT } from '../servers/core-options.js';
import { createSessionRequest } from '../session-request.js';
import { describeRuntime } from '../settings.js';
import { smokeTest } from '../smoke.js';

/** One way of running the core under test, and what its measured rounds recorded. */
interface Setup {
  key: 'sqlite' | 'pg1' | 'pg2';
  label: string;
  /** The instances the load is spread over (connections split evenly). */
  targets: { server: ServerChild; request: RequestSpec }[];
  rounds: LoadFigures[];
  latenciesMs: number[];
  cpuSeconds: number;
  /** The PostgreSQL server's CPU seconds during the rounds (every "postgres" process). */
  databaseCpuSeconds: number;
  /** The machine's CPU ticks during the rounds, all and busy: how much of the cores was left. */
  machine: MachineCpu;
}

const target = (server: ServerChild) => ({ server, request: createSessionRequest({ merchantId: server.extra.merchantId!, apiKey: server.extra.apiKey }) });

/** A setup's core CPU per request over its measured rounds, ms. */
const cpuPerRequest = (setup: Setup, load: LoadFigures) => (setup.cpuSeconds * 1000) / Math.max(load.responses, 1);

/** One load of `seconds` over all of a setup's instances at once; their figures as one run. */
async function loadOnce(setup: Setup, title: string, seconds: number, context: BenchContext, latenciesMs: number[] = []): Promise<LoadFigures> {
  const { connections } = context.settings;
  context.log(`postgres: ${setup.label} ${title}, ${seconds} s at ${connections} connections…`);
  const each = Math.max(1, Math.floor(connections / setup.targets.length));
  const runs = await Promise.all(
    setup.targets.map(async (t) =>
      summarise(await runLoad({ url: t.server.url, requests: [t.request], connections: each, until: { seconds }, title: `${setup.label} ${title}`, onLatency: (ms) => latenciesMs.push(ms) })),
    ),
  );
  // Concurrent runs: their responses add up over the same wall time, not over the sum of their times.
  const combined = combineLoads(runs, latenciesMs);
  const wall = Math.max(...runs.map((r) => r.durationS));
  return { ...combined, durationS: wall, reqPerSec: wall > 0 ? combined.responses / wall : 0 };
}

function figuresOf(setup: Setup): Figure[] {
  const load = combineLoads(setup.rounds, setup.latenciesMs);
  const p = setup.key;
  return [
    { key: `${p}.req_per_sec`, label: `${setup.label} throughput`, value: Math.round(load.reqPerSec), unit: 'req/s' },
    { key: `${p}.p50_ms`, label: `${setup.label} latency p50`, value: load.p50Ms, unit: 'ms' },
    { key: `${p}.p99_ms`, label: `${setup.label} latency p99`, value: load.p99Ms, unit: 'ms' },
    { key: `${p}.responses`, label: `${setup.label} responses`, value: load.responses },
    { key: `${p}.non2xx`, label: `${setup.label} non-2xx`, value: load.non2xx },
    { key: `${p}.errors`, label: `${setup.label} errors (incl. timeouts)`, value: load.errors },
    { key: `${p}.cpu_ms_per_req`, label: `${setup.label} core CPU per request (all instances)`, value: Number(((setup.cpuSeconds * 1000) / Math.max(load.responses, 1)).toFixed(3)), unit: 'ms' },
    ...(setup.key === 'sqlite'
      ? []
      : [{ key: `${p}.db_cpu_ms_per_req`, label: `${setup.label} PostgreSQL server CPU per request`, value: Number(((setup.databaseCpuSeconds * 1000) / Math.max(load.responses, 1)).toFixed(3)), unit: 'ms' }]),
    // How much of the machine the setup left idle: a second instance can only use what one leaves.
    { key: `${p}.machine_busy_pct`, label: `${setup.label} machine CPU busy (all cores)`, value: Math.round((100 * setup.machine.busy) / Math.max(setup.machine.total, 1)), unit: '%' },
  ];
}

/**
 * Session creation on PostgreSQL with one and with two API instances, beside the SQLite core, in
 * the same run and taking turns (the machine's state weighs on all three alike). The PostgreSQL
 * server is a throwaway cluster on this machine (test/helpers/postgres.ts: fsync off), sharing its
 * cores with the instances and the load generator: the figures compare the stores and the cost of a
 * second instance, they are not a hosted deployment's capacity.
 */
export const postgresSection: Section = {
  name: 'postgres',
  summary: 'POST /v1/payment/sessions on PostgreSQL with 1 and 2 API instances, beside the SQLite core',
  async run(context): Promise<SectionReport> {
    const { settings } = context;
    const pg = await startPostgres();
    const keyDir = mkdtempSync(join(tmpdir(), 'stablepos-bench-key-'));
    const keyFile = join(keyDir, 'data-key.json');
    writeFileSync(keyFile, JSON.stringify({ v: 1, sealedBy: null, key: randomBytes(32).toString('base64') }), { mode: 0o600 });
    const servers: ServerChild[] = [];
    const start = async (name: 'core' | 'core-pg') => {
      const server = await startServer(name, { cpuProfDir: settings.cpuProfDir, runtime: settings.runtime, args: name === 'core' ? ['off'] : ['off', pg.url, keyFile] });
      servers.push(server);
      const t = target(server);
      await smokeTest(server.url, t.request);
      return t;
    };
    try {
      const sqlite = await start('core');
      const a = await start('core-pg');
      const b = await start('core-pg');
      const setups: Setup[] = [
        { key: 'sqlite', label: 'SQLite, 1 instance', targets: [sqlite], rounds: [], latenciesMs: [], cpuSeconds: 0, databaseCpuSeconds: 0, machine: { total: 0, busy: 0 } },
        { key: 'pg1', label: 'PostgreSQL, 1 instance', targets: [a], rounds: [], latenciesMs: [], cpuSeconds: 0, databaseCpuSeconds: 0, machine: { total: 0, busy: 0 } },
        { key: 'pg2', label: 'PostgreSQL, 2 instances', targets: [a, b], rounds: [], latenciesMs: [], cpuSeconds: 0, databaseCpuSeconds: 0, machine: { total: 0, busy: 0 } },
      ];
      const warmups = new Map<string, LoadFigures>();
      for (const s of setups) warmups.set(s.key, await loadOnce(s, 'warm-up', settings.warmupSeconds, context));
      const perRound = settings.seconds / settings.rounds;
      for (let round = 1; round <= settings.rounds; round++) {
        // Rotate the order each round, so no setup always runs first on a warming machine.
        const order = setups.map((_, i) => setups[(i + round) % setups.length]!);
        for (const s of order) {
          const cpuBefore = s.targets.reduce((sum, t) => sum + t.server.cpuSeconds(), 0);
          const databaseBefore = readCommandCpuSeconds('postgres');
          const machineBefore = readMachineCpu();
          s.rounds.push(await loadOnce(s, `round ${round}`, perRound, context, s.latenciesMs));
          s.cpuSeconds += s.targets.reduce((sum, t) => sum + t.server.cpuSeconds(), 0) - cpuBefore;
          s.databaseCpuSeconds += readCommandCpuSeconds('postgres') - databaseBefore;
          const machineAfter = readMachineCpu();
          s.machine = { total: s.machine.total + machineAfter.total - machineBefore.total, busy: s.machine.busy + machineAfter.busy - machineBefore.busy };
        }
      }
      const [sq, p1, p2] = setups.map((s) => combineLoads(s.rounds, s.latenciesMs)) as [LoadFigures, LoadFigures, LoadFigures];
      const report: SectionReport = {
        figures: [
          ...setups.flatMap(figuresOf),
          { key: 'pg1_over_sqlite', label: 'PostgreSQL 1 instance / SQLite throughput', value: Number((p1.reqPerSec / sq.reqPerSec).toFixed(3)), goal: atLeast(p1.reqPerSec / sq.reqPerSec, MIN_PG_OVER_SQLITE) },
          { key: 'pg2_over_pg1', label: 'PostgreSQL 2 instances / 1 instance throughput', value: Number((p2.reqPerSec / p1.reqPerSec).toFixed(3)), goal: atLeast(p2.reqPerSec / p1.reqPerSec, MIN_PG2_OVER_PG1) },
          { key: 'pg1_cpu_over_sqlite', label: 'core CPU per request, PostgreSQL 1 instance / SQLite', value: Number((cpuPerRequest(setups[1]!, p1) / cpuPerRequest(setups[0]!, sq)).toFixed(3)), goal: atMost(cpuPerRequest(setups[1]!, p1) / cpuPerRequest(setups[0]!, sq), MAX_PG_CPU_OVER_SQLITE, '×') },
        ],
        notes: [
          `${settings.connections} connections in all (split evenly over the instances), ${settings.warmupSeconds} s warm-up then ${settings.seconds} s measured per setup in ${settings.rounds} rounds taking turns`,
          'PostgreSQL: a throwaway cluster on this machine (fsync off, as in the tests), sharing its cores with the instances and the load generator; its CPU is that of every "postgres" process on the machine',
          'units of work run concurrently (SERIALIZABLE, run again after a conflict; creations grouped at READ COMMITTED, up to 2 groups at once per instance; the idempotency reads of a turn and wallet indexes in one statement each): db/pg/pg-database.ts',
          `core rate limit raised to ${BENCH_RATE_LIMIT.max.toExponential(0)} per ${BENCH_RATE_LIMIT.windowMs} ms; no chains (networks off); each request a fresh Idempotency-Key`,
          describeRuntime(settings.runtime),
        ],
      };
      const problems: string[] = [];
      for (const s of setups) {
        const measured = failuresOf(combineLoads(s.rounds, []));
        if (measured) problems.push(`${s.label}: ${measured}`);
        const warm = failuresOf(warmups.get(s.key)!);
        if (warm) report.notes.push(`${s.label} warm-up had ${warm}`);
      }
      if (problems.length) throw new BenchFailure(problems.join('; '), report);
      return report;
    } finally {
      for (const server of servers) await server.stop();
      await pg.stop();
      rmSync(keyDir, { recursive: true, force: true });
    }
  },
};
