import { performance } from 'node:perf_hooks';
import { atMost, MAX_RSS_AFTER_SESSIONS_MB } from '../goals.js';
import { failuresOf, runLoad, summarise } from '../load.js';
import { BenchFailure, type SectionReport, type Section } from '../section.js';
import { startServer } from '../server-child.js';
import { BENCH_RATE_LIMIT, describeCoreNetworks } from '../servers/core-options.js';
import { createSessionRequest } from '../session-request.js';
import { describeRuntime } from '../settings.js';
import { smokeTest } from '../smoke.js';

const mb = (n: number) => Math.round(n * 10) / 10;

/**
 * What a long-running shop's core holds on to: RSS of a fresh core process after it has created
 * BENCH_MEMORY_SESSIONS (default 100,000) sessions over HTTP. Read from /proc as is, with nothing
 * forced first; then once more after a full GC, which tells retained memory from garbage not yet
 * collected.
 */
export const memorySection: Section = {
  name: 'memory',
  summary: 'RSS of the core process after creating 100,000 sessions over HTTP',
  async run({ settings, log }): Promise<SectionReport> {
    const count = settings.memorySessions;
    const server = await startServer('core', { cpuProfDir: settings.cpuProfDir, runtime: settings.runtime, args: [settings.coreNetworks] });
    try {
      const request = createSessionRequest({ merchantId: server.extra.merchantId as string, apiKey: server.extra.apiKey });
      const idle = server.memory();
      await smokeTest(server.url, request);
      log(`memory: creating ${count.toLocaleString('en-US')} sessions at ${settings.connections} connections (takes a while)…`);
      const cpuBefore = server.cpuSeconds();
      const started = performance.now();
      const load = summarise(await runLoad({ url: server.url, requests: [request], connections: settings.connections, until: { amount: count }, title: 'memory' }));
      const seconds = (performance.now() - started) / 1000;
      const cpuMs = (server.cpuSeconds() - cpuBefore) * 1000;
      const after = server.memory();
      const gc = await server.gc();
      const afterGc = server.memory();
      const created = Object.entries(load.statusCodes).reduce((n, [code, k]) => (code.startsWith('2') ? n + k : n), 0);

      const report: SectionReport = {
        figures: [
          { key: 'sessions_created', label: 'sessions created (2xx)', value: created },
          { key: 'create_seconds', label: 'time to create them', value: Number(seconds.toFixed(1)), unit: 's' },
          { key: 'create_req_per_sec', label: 'average rate', value: Math.round(created / seconds), unit: 'req/s' },
          { key: 'cpu_ms_per_req', label: 'core CPU per request', value: Number((cpuMs / Math.max(load.responses, 1)).toFixed(3)), unit: 'ms' },
          { key: 'rss_idle_mb', label: 'core RSS at start (idle)', value: mb(idle.rssMb), unit: 'MB' },
          {
            key: 'rss_after_mb',
            label: `core RSS after ${count.toLocaleString('en-US')} sessions`,
            value: mb(after.rssMb),
            unit: 'MB',
            goal: atMost(after.rssMb, MAX_RSS_AFTER_SESSIONS_MB, 'MB'),
          },
          { key: 'rss_peak_mb', label: 'core peak RSS (VmHWM)', value: mb(after.peakRssMb), unit: 'MB' },
          ...(gc.collected
            ? [
                { key: 'rss_after_gc_mb', label: 'core RSS after global.gc()', value: mb(afterGc.rssMb), unit: 'MB' },
                { key: 'heap_used_after_gc_mb', label: 'core JS heap used after GC', value: mb(gc.memory.heapUsed / 2 ** 20), unit: 'MB' },
                // What V8 keeps reserved after the load, used or not: Node never gives it idle time
                // to hand pages back, so this is the high-water mark of the burst.
                { key: 'heap_total_after_gc_mb', label: 'core JS heap reserved after GC', value: mb(gc.memory.heapTotal / 2 ** 20), unit: 'MB' },
                { key: 'external_after_gc_mb', label: 'core external + buffers after GC', value: mb(gc.memory.external / 2 ** 20), unit: 'MB' },
              ]
            : []),
          { key: 'non2xx', label: 'non-2xx', value: load.non2xx },
          { key: 'errors', label: 'errors (incl. timeouts)', value: load.errors },
        ],
        notes: [
          'RSS is /proc/<pid>/status VmRSS of the core child, read from the bench process; MB = 2^20 bytes',
          `core rate limit raised to ${BENCH_RATE_LIMIT.max.toExponential(0)} per ${BENCH_RATE_LIMIT.windowMs} ms; every request has a fresh Idempotency-Key, so each one stores a session and an idempotency record`,
          describeCoreNetworks(settings.coreNetworks),
          describeRuntime(settings.runtime),
        ],
      };
      const failures = failuresOf(load);
      if (failures) throw new BenchFailure(`creating sessions: ${failures}`, report);
      return report;
    } finally {
      await server.stop();
    }
  },
};
