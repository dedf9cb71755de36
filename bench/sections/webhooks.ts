import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolveConfig } from '../../src/config.js';
import { type CoreServices, createServices } from '../../src/core-services.js';
import type { Caller } from '../../src/domain/merchant.js';
import { fromShapeA } from '../../src/services/session-input.js';
import { percentile, round, sleep, waitUntil } from '../chain/stats.js';
import { atLeast, atMost, MAX_WEBHOOK_LATENCY_P50_MS, MIN_WEBHOOK_DELIVERIES_PER_SEC } from '../goals.js';
import type { Section, SectionReport } from '../section.js';

/** Sessions (one `payment_session.created` event each) in the backlog the throughput run drains. */
const THROUGHPUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
/** Sessions created one by one, a few ms apart, for the latency run. */
const LATENCY_EVENTS = Number(process.env.BENCH_WEBHOOK_LATENCY_EVENTS ?? 500);
const LATENCY_GAP_MS = 5;

/**
 * The receiver, in its own process so it does not share the core's CPU: a node:http server on
 * 127.0.0.1 answering 200 at once, reporting each delivery's session id and arrival time
 * (performance.timeOrigin + now(), comparable across processes) over IPC.
 */
const RECEIVER = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
let batch = [];
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    batch.push([body.data.object.session_id, at, req.headers['webhook-signature'] ? 1 : 0]);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.keepAliveTimeout = 60000;
setInterval(() => { if (batch.length) { process.send({ type: 'got', items: batch }); batch = []; } }, 5);
process.on('message', (m) => { if (m.type === 'stop') server.close(() => process.exit(0)); });
server.listen(0, '127.0.0.1', () => process.send({ type: 'ready', port: server.address().port }));
`;

interface Receiver {
  url: string;
  /** Arrival time per session id (first delivery). */
  arrivals: Map<string, number>;
  unsigned: number;
  stop(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const child: ChildProcess = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const arrivals = new Map<string, number>();
  const receiver = { url: '', arrivals, unsigned: 0, stop: async () => {} };
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited with ${code}`)));
    child.on('message', (m: { type: string; port?: number; items?: [string, number, number][] }) => {
      if (m.type === 'ready') resolve(m.port as number);
      for (const [id, at, signed] of m.items ?? []) {
        if (!arrivals.has(id)) arrivals.set(id, at);
        if (!signed) receiver.unsigned++;
      }
    });
  });
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return receiver;
}

const wallNow = () => performance.timeOrigin + performance.now();

async function createSession(s: CoreServices, caller: Caller): Promise<string> {
  const input = fromShapeA({ merchant_id: caller.merchantId, amount: { value: '12.50', currency: 'USD' } }, caller.merchantId);
  return (await s.sessions.create(caller, input)).session.id;
}

/**
 * Webhook delivery, with the core's services in this process (no HTTP API in the way) and the
 * receiver in a child process. Throughput: a backlog of events written while the dispatcher was
 * stopped, drained from its start (fan-out into delivery rows + signed POSTs) to the last one
 * received. Latency: from `sessions.create` returning (the change committed) to the receiver
 * reading the delivery, one session every few ms with the dispatcher running.
 */
export const webhooksSection: Section = {
  name: 'webhooks',
  summary: 'webhook deliveries/s to a local receiver, and state change → delivery latency (p50, p99)',
  async run({ log }): Promise<SectionReport> {
    const dir = mkdtempSync(join(tmpdir(), 'stablepos-bench-webhooks-'));
    const receiver = await startReceiver();
    const config = resolveConfig({ dataDir: dir, networks: { test: { ethereum: 'off', bsc: 'off', tron: 'off', solana: 'off' } } });
    const s = await createServices(config);
    try {
      const merchant = await s.merchants.defaultMerchant();
      const caller: Caller = { merchantId: merchant.id, livemode: false, via: 'bench', role: 'owner' };
      await s.webhookEndpoints.create(caller, { url: receiver.url, enabled_events: ['*'] });

      log(`webhooks: writing a backlog of ${THROUGHPUT_EVENTS.toLocaleString('en-US')} events…`);
      const backlog = new Set<string>();
      // A hundred at a time: creations in one turn share one commit, as concurrent requests do.
      for (let i = 0; i < THROUGHPUT_EVENTS; i += 100) {
        const ids = await Promise.all(Array.from({ length: Math.min(100, THROUGHPUT_EVENTS - i) }, () => createSession(s, caller)));
        for (const id of ids) backlog.add(id);
      }
      const t0 = wallNow();
      const cpu0 = process.cpuUsage();
      await s.webhooks.start();
      await waitUntil(() => [...backlog].every((id) => receiver.arrivals.has(id)) || undefined, 120_000, 'the backlog to be delivered', 50);
      const last = Math.max(...[...backlog].map((id) => receiver.arrivals.get(id) as number));
      const seconds = (last - t0) / 1000;
      const perSecond = Math.round(THROUGHPUT_EVENTS / seconds);
      const cpu = process.cpuUsage(cpu0);
      const cpuMsPerDelivery = (cpu.user + cpu.system) / 1000 / THROUGHPUT_EVENTS;
      await waitUntil(() => s.webhooks.stats().inFlight === 0 || undefined, 10_000, 'the dispatcher to settle');

      log(`webhooks: latency, ${LATENCY_EVENTS} sessions ${LATENCY_GAP_MS} ms apart…`);
      const created = new Map<string, number>();
      for (let i = 0; i < LATENCY_EVENTS; i++) {
        const id = await createSession(s, caller);
        created.set(id, wallNow());
        await sleep(LATENCY_GAP_MS);
      }
      await waitUntil(() => [...created.keys()].every((id) => receiver.arrivals.has(id)) || undefined, 30_000, 'the latency run to be delivered', 20);
      const latencies = [...created].map(([id, at]) => (receiver.arrivals.get(id) as number) - at).sort((a, b) => a - b);
      const p50 = round(percentile(latencies, 50));
      const stats = s.webhooks.stats();
      return {
        figures: [
          { key: 'throughput.deliveries_per_sec', label: 'deliveries/s draining a backlog', value: perSecond, unit: '/s', goal: atLeast(perSecond, MIN_WEBHOOK_DELIVERIES_PER_SEC, '/s') },
          { key: 'throughput.events', label: 'events in the backlog', value: THROUGHPUT_EVENTS },
          { key: 'throughput.cpu_ms_per_delivery', label: 'core CPU per delivery (load-independent)', value: round(cpuMsPerDelivery, 3), unit: 'ms' },
          { key: 'throughput.seconds', label: 'time to deliver them all', value: round(seconds, 2), unit: 's' },
          { key: 'latency.p50_ms', label: 'state change → received, p50', value: p50, unit: 'ms', goal: atMost(p50, MAX_WEBHOOK_LATENCY_P50_MS, 'ms') },
          { key: 'latency.p99_ms', label: 'state change → received, p99', value: round(percentile(latencies, 99)), unit: 'ms' },
          { key: 'latency.max_ms', label: 'state change → received, max', value: round(latencies.at(-1) as number), unit: 'ms' },
          { key: 'latency.n', label: 'deliveries measured', value: latencies.length },
          { key: 'attempts', label: 'HTTP attempts in all', value: stats.attempts },
          { key: 'unsigned', label: 'deliveries without a signature', value: receiver.unsigned },
        ],
        notes: [
          `core services in the bench process (no HTTP API), receiver (node:http, answers 200 at once) in a child process on 127.0.0.1; fetch (undici, keep-alive), ${config.webhookConcurrency.perEndpoint} requests in flight per endpoint`,
          'throughput: events written while the dispatcher was stopped, timed from its start to the last arrival (fan-out into delivery rows, signing, POST, recording each attempt)',
          `latency: t0 = sessions.create returned (committed), t1 = the receiver read the request; one session every ${LATENCY_GAP_MS} ms (BENCH_WEBHOOK_EVENTS, BENCH_WEBHOOK_LATENCY_EVENTS)`,
        ],
      };
    } finally {
      await s.webhooks.stop();
      await s.close();
      await receiver.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
