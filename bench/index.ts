/**
 * `npm run bench [-- <section…>]`: runs the named sections (default: all) and prints a table per
 * section, the goals with PASS/FAIL, and one `BENCH_JSON {…}` line with every figure.
 *
 * Exit code: 0 when every section ran cleanly, goals met or not (goals are targets, not gates);
 * 1 when a section could not run or a request failed during a measured run; 2 on bad arguments.
 * Not run by CI: it needs a quiet machine and takes minutes.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchJsonLine, goalSummary, printOutcome, type SectionOutcome } from './report.js';
import { BenchFailure, type BenchContext, type Section } from './section.js';
import { CHAIN_ENV_USAGE } from './chain/env.js';
import { balancesSection } from './sections/balances.js';
import { chainBackfillCappedSection, chainBackfillSection } from './sections/chain-backfill.js';
import { chainCappedSection } from './sections/chain-capped.js';
import { chainLatencySection } from './sections/chain-latency.js';
import { chainRpcSection } from './sections/chain-rpc.js';
import { memorySection } from './sections/memory.js';
import { postgresSection } from './sections/postgres.js';
import { failoverSection } from './sections/failover.js';
import { sessionsSection } from './sections/sessions.js';
import { uiChargeSection } from './sections/ui-charge.js';
import { webhooksSection } from './sections/webhooks.js';
import { type BenchSettings, readSettings } from './settings.js';

/** Every section, in the order `npm run bench` runs them. Add new ones here. */
const SECTIONS: readonly Section[] = [sessionsSection, memorySection, chainLatencySection, chainRpcSection, chainBackfillSection, chainCappedSection, chainBackfillCappedSection, webhooksSection, balancesSection, uiChargeSection, postgresSection, failoverSection];

function usage(): string {
  return [
    'Usage: npm run bench [-- <section…>]',
    '',
    'Sections (default: all):',
    ...SECTIONS.map((s) => `  ${s.name.padEnd(22)} ${s.summary}`),
    '',
    'Environment: BENCH_SECONDS (measured run, default 10), BENCH_ROUNDS (sessions: turns the servers take, default 5), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (50),',
    '  BENCH_MEMORY_SESSIONS (100000), BENCH_WEBHOOK_EVENTS (10000), BENCH_WEBHOOK_LATENCY_EVENTS (500), BENCH_CORE_NETWORKS (off | devnet: the core\'s test-mode chains, default off),',
    '  BENCH_LEDGER_ENTRIES (balances: ledger entries, default 1000000), BENCH_LEDGER_CONNECTIONS (10), BENCH_UI_CHARGES (50),',
    '  BENCH_RUNTIME (bundle | tsx: run the servers compiled to plain JS as `stablepos` runs the core, or through tsx; default bundle),',
    '  BENCH_CPU_PROF=<dir> (write --cpu-prof profiles of the server processes there;',
    '  summarise one with node bin/run-ts.mjs bench/profile-summary.ts <file>).',
    ...CHAIN_ENV_USAGE,
  ].join('\n');
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  const unknown = args.filter((a) => !SECTIONS.some((s) => s.name === a));
  if (unknown.length) {
    process.stderr.write(`unknown section(s): ${unknown.join(', ')}\n\n${usage()}\n`);
    return 2;
  }
  const selected = args.length ? SECTIONS.filter((s) => args.includes(s.name)) : SECTIONS;
  let settings: BenchSettings;
  try {
    settings = readSettings();
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${usage()}\n`);
    return 2;
  }
  const context: BenchContext = { settings, log: (line) => process.stderr.write(`${line}\n`) };

  // The figures assume a quiet machine (one core for the server, one for autocannon); say when not.
  const loadAtStart = os.loadavg()[0] ?? 0;
  if (loadAtStart >= 0.5) {
    context.log(`warning: 1-minute load average is ${loadAtStart.toFixed(2)} before starting: other processes are using CPU, figures will be low and noisy`);
  }

  process.stdout.write(
    `stablepos bench: ${selected.map((s) => s.name).join(', ')} — node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${loadAtStart.toFixed(2)}\n`,
  );

  const outcomes: SectionOutcome[] = [];
  for (const section of selected) {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let outcome: SectionOutcome;
    try {
      outcome = { name: section.name, status: 'ok', report: await section.run(context), seconds: seconds() };
    } catch (err) {
      // One section failing (a server that will not start) still lets the others run.
      const error = err instanceof Error ? err.message : String(err);
      if (!(err instanceof BenchFailure) && err instanceof Error && err.stack) context.log(err.stack);
      outcome = { name: section.name, status: 'failed', error, report: err instanceof BenchFailure ? err.partial : undefined, seconds: seconds() };
    }
    printOutcome(outcome);
    outcomes.push(outcome);
  }

  process.stdout.write(`${goalSummary(outcomes)}\n`);
  const meta = {
    version: 1,
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
    load_avg_1m_at_start: Number(loadAtStart.toFixed(2)),
    load_avg_1m_at_end: Number((os.loadavg()[0] ?? 0).toFixed(2)),
    settings: {
      seconds: settings.seconds,
      warmup_seconds: settings.warmupSeconds,
      rounds: settings.rounds,
      connections: settings.connections,
      memory_sessions: settings.memorySessions,
      core_networks: settings.coreNetworks,
      runtime: settings.runtime,
    },
  };
  process.stdout.write(`${benchJsonLine(outcomes, meta)}\n`);
  return outcomes.every((o) => o.status === 'ok') ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
