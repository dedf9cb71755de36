import autocannon, { type RequestSpec, type Result } from 'autocannon';

/** What one autocannon run says, reduced to the figures the bench reports. */
export interface LoadFigures {
  /** Mean of autocannon's per-second samples of completed requests. */
  reqPerSec: number;
  /** Latency percentiles of 2xx responses, ms (autocannon records whole milliseconds). */
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  /** Responses received. */
  responses: number;
  durationS: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Count per HTTP status, to tell a 409 storm from a 500 at a glance. */
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  requests: RequestSpec[];
  connections: number;
  /** Either a duration in seconds or a number of requests to send. */
  until: { seconds: number } | { amount: number };
  title: string;
  /** Called with each 2xx response's latency in ms, for percentiles over several runs. */
  onLatency?: (ms: number) => void;
}

/** One autocannon run against a server in another process. Rejects only if autocannon cannot run. */
export function runLoad(options: LoadOptions): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        requests: options.requests,
        title: options.title,
        timeout: 10,
        ...('seconds' in options.until ? { duration: options.until.seconds } : { amount: options.until.amount }),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    const { onLatency } = options;
    if (onLatency) {
      instance.on('response', (_client, statusCode, _bytes, ms) => {
        if (statusCode >= 200 && statusCode < 300) onLatency(ms);
      });
    }
    // Ctrl-C ends the run early (its partial result still prints) rather than orphaning the server.
    const stop = () => instance.stop();
    process.once('SIGINT', stop);
    instance.once('done', () => process.off('SIGINT', stop));
  });
}

export function summarise(result: Result): LoadFigures {
  const statusCodes: Record<string, number> = {};
  let responses = 0;
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    statusCodes[code] = count;
    responses += count;
  }
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.mean,
    maxMs: result.latency.max,
    responses,
    durationS: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}

/** Everything other than a 2xx answer, as one line for an error message; empty when clean. */
export function failuresOf(figures: LoadFigures): string {
  const parts: string[] = [];
  if (figures.non2xx > 0) {
    const codes = Object.entries(figures.statusCodes).filter(([code]) => !code.startsWith('2'));
    parts.push(`${figures.non2xx} non-2xx (${codes.map(([code, n]) => `${code}×${n}`).join(', ')})`);
  }
  if (figures.errors > 0) parts.push(`${figures.errors} connection errors (${figures.timeouts} timeouts)`);
  return parts.join(', ');
}

/** The value at fraction `q` (0–1) of sorted `values`, nearest-rank. */
function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/**
 * Several runs against one server as one: throughput is all responses over all measured time, and
 * the percentiles come from every 2xx latency the runs recorded (`onLatency`), whole milliseconds
 * like autocannon's own, not from averaging each run's percentiles (which would be meaningless).
 */
export function combineLoads(runs: readonly LoadFigures[], latenciesMs: number[]): LoadFigures {
  const sorted = Float64Array.from(latenciesMs).sort();
  const statusCodes: Record<string, number> = {};
  for (const run of runs) for (const [code, n] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const sum = (pick: (f: LoadFigures) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const responses = sum((r) => r.responses);
  const durationS = sum((r) => r.durationS);
  return {
    reqPerSec: durationS > 0 ? responses / durationS : 0,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    meanMs: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : 0,
    maxMs: Math.max(0, ...runs.map((r) => r.maxMs)),
    responses,
    durationS,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    statusCodes,
  };
}
