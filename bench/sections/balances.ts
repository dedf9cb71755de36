import { atMost, MAX_LEDGER_READ_P99_MS } from '../goals.js';
import { failuresOf, type LoadFigures, runLoad, summarise } from '../load.js';
import { BenchFailure, type Figure, type Section, type SectionReport } from '../section.js';
import { startServer } from '../server-child.js';
import { describeRuntime } from '../settings.js';
import { smokeTest } from '../smoke.js';

/** How many ledger entries the core's database holds (BENCH_LEDGER_ENTRIES). */
const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES || 1_000_000);
/** A back office, a till and an ERP or two reading at once. */
const CONNECTIONS = Number(process.env.BENCH_LEDGER_CONNECTIONS || 10);

/**
 * The owner's reads over a large ledger: `GET /v1/balance` (accounts, reporting-currency total and
 * upcoming settlements) and the first 100-entry page of `GET /v1/balance/transactions`, each loaded
 * with autocannon against a core whose database holds BENCH_LEDGER_ENTRIES entries (default one
 * million), at one connection (latency alone) and at BENCH_LEDGER_CONNECTIONS (default 10).
 */
export const balancesSection: Section = {
  name: 'balances',
  summary: 'GET /v1/balance and a 100-entry transactions page over 1,000,000 ledger entries (p99)',
  async run({ settings, log }): Promise<SectionReport> {
    log(`balances: seeding ${ENTRIES.toLocaleString('en-US')} ledger entries, then starting the core…`);
    const server = await startServer('core-ledger', { cpuProfDir: settings.cpuProfDir, runtime: settings.runtime, args: [String(ENTRIES)] });
    try {
      const headers = { authorization: `Bearer ${server.extra.apiKey}` };
      const routes = [
        { key: 'balance', path: '/v1/balance' },
        { key: 'transactions', path: '/v1/balance/transactions?limit=100' },
      ];
      const figures: Figure[] = [];
      const problems: string[] = [];
      for (const route of routes) {
        const request = { method: 'GET' as const, path: route.path, headers };
        await smokeTest(server.url, request);
        for (const connections of [1, CONNECTIONS]) {
          const run = async (phase: string, seconds: number): Promise<LoadFigures> => {
            log(`balances: ${route.path} ${phase}, ${seconds} s at ${connections} connection(s)…`);
            return summarise(await runLoad({ url: server.url, requests: [request], connections, until: { seconds }, title: `${route.key} ${phase}` }));
          };
          await run('warm-up', settings.warmupSeconds);
          const m = await run('measured run', settings.seconds);
          const failures = failuresOf(m);
          if (failures) problems.push(`${route.path} at ${connections}: ${failures}`);
          const prefix = `${route.key}.c${connections}`;
          figures.push(
            { key: `${prefix}.req_per_sec`, label: `${route.path} throughput, ${connections} conn.`, value: Math.round(m.reqPerSec), unit: 'req/s' },
            { key: `${prefix}.p50_ms`, label: `${route.path} p50, ${connections} conn.`, value: m.p50Ms, unit: 'ms' },
            {
              key: `${prefix}.p99_ms`,
              label: `${route.path} p99, ${connections} conn.`,
              value: m.p99Ms,
              unit: 'ms',
              ...(connections === CONNECTIONS && { goal: atMost(m.p99Ms, MAX_LEDGER_READ_P99_MS, 'ms') }),
            },
          );
        }
      }
      figures.push({ key: 'rss_mb', label: 'core RSS after the runs', value: Math.round(server.memory().rssMb), unit: 'MB' });
      const report: SectionReport = {
        figures,
        notes: [
          `${ENTRIES.toLocaleString('en-US')} entries over three years (BENCH_LEDGER_ENTRIES), written into SQLite before the core starts`,
          `${settings.warmupSeconds} s warm-up then ${settings.seconds} s measured per route and connection count; goal at ${CONNECTIONS} connections (BENCH_LEDGER_CONNECTIONS)`,
          describeRuntime(settings.runtime),
        ],
      };
      if (problems.length) throw new BenchFailure(problems.join('; '), report);
      return report;
    } finally {
      await server.stop();
    }
  },
};
