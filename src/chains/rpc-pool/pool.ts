import type { EndpointReport, WatcherStats } from '../family.js';
import { Endpoint } from './endpoint.js';
import { classify, type Outcome, RpcPoolError } from './failures.js';

/** How an endpoint proves which chain it serves: EVM/TRON `eth_chainId`, Solana `getGenesisHash`. */
export interface PoolIdentity {
  method: string;
  /** The chain this network must be, as `read` writes the answer (decimal chain id; genesis hash). */
  expected: string;
  read(result: unknown): string;
  /** Why an endpoint serving `seen` is refused, for the owner. */
  mismatch(seen: string): string;
}

/** How the pool learns an endpoint's head, to set aside one far behind the others. */
export interface PoolHead {
  /** The request that asks it (EVM: eth_blockNumber; Solana: getSlot at `confirmed`). */
  method: string;
  params: unknown[];
  /** The head a call's answer shows, when the call asked for it (so head polls cost nothing more); else null. */
  of(method: string, params: unknown, result: unknown): number | null;
  /** Blocks (slots) behind the most advanced endpoint beyond which an endpoint is set aside. */
  lagLimit: number;
  /** What a head counts, for the reason given: "blocks", "slots". */
  unit: string;
}

export interface RpcPoolOptions {
  /** In order of preference. */
  urls: readonly string[];
  headers?: Record<string, string>;
  /** Appended to each URL for JSON-RPC (TRON: `/jsonrpc`); plain POSTs name their own path. */
  jsonRpcPath?: string;
  identity: PoolIdentity;
  head: PoolHead;
  /** Parses an answer's text (Solana: with bigints, as @solana/kit's own transport does). */
  parse?(text: string): unknown;
  /** Writes a request (Solana: bigint parameters as JSON numbers, as @solana/kit's own transport does). */
  stringify?(body: unknown): string;
  /** A call is given up after this long without progress, ms. */
  giveUpMs?: number;
  /** One request's time limit, ms. */
  timeoutMs?: number;
}

/** Counts the HTTP requests of one call beyond its first: retries, identity and head probes, a split eth_getLogs's parts. */
export interface CallCounter {
  extra?(): void;
}

interface JsonRpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method: string;
  params?: unknown;
}

/** An answer that is no JSON (401, 403, 404 from a proxy): its status, as viem's HTTP errors carry it. */
export class RpcHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One attempt's end: done, failed (retried elsewhere or later), or to be tried again at once (a smaller range). */
type Attempt<T> = { done: T } | { failed: Outcome } | { again: true };

const HEAD_COMPARE_MS = 10_000;
/** What each endpoint did, for a call given up. */
const said = (reasons: Map<string, string>) => [...reasons].map(([url, why]) => `${url} ${why}`).join('; ');

/** `path` appended to the URL's path, its query string (an API key) kept. */
function withPath(url: string, path: string): string {
  if (path === '') return url;
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}${path}`;
  return u.toString();
}
/** Parts of one eth_getLogs asked at once behind a known range cap. */
const PARALLEL_LOG_PARTS = 4;

/** Waits `ms`, or less if `signal` aborts first (the pool was interrupted). */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms).unref();
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
const hex = (n: number) => `0x${n.toString(16)}`;

/**
 * The endpoints of one network, through which all its RPC traffic goes (docs/payments.md, "RPC
 * endpoints"). A call goes to the first usable endpoint; a failure that is no answer (no connection, a
 * timeout, 429, 5xx, a rate limit in words) is retried by the pool, on the next endpoint or on the same
 * after its backoff, so the caller keeps what it has read; it gives up after `giveUpMs` without
 * progress, saying why. Answers, errors included (invalid params, reverted), go back as they came.
 * eth_getLogs is split to the range each endpoint answers (learnt from its refusals). An endpoint is
 * used only once it showed the expected chain, and set aside while its head is far behind the others'.
 */
export class RpcPool {
  private readonly endpoints: Endpoint[];
  private readonly giveUpMs: number;
  private readonly timeoutMs: number;
  private readonly identityChecks = new Map<Endpoint, Promise<void>>();
  /** A definitive refusal of an identity check (a node without /jsonrpc): thrown when nothing else is usable. */
  private identityRefusal: Error | null = null;
  private lastHeadCompare = 0;
  /** Aborted by `interrupt()`: the calls under way stop retrying and waiting. */
  private stopper = new AbortController();

  constructor(private readonly o: RpcPoolOptions) {
    if (o.urls.length === 0) throw new Error('an RPC pool needs at least one URL');
    this.endpoints = o.urls.map((url) => new Endpoint(url));
    this.giveUpMs = o.giveUpMs ?? 30_000;
    this.timeoutMs = o.timeoutMs ?? 10_000;
  }

  /**
   * Ends the calls under way at once (their requests aborted, their retries and backoff waits cut
   * short; each fails with RpcPoolError), so a watcher stopping for a shutdown or a handover does not
   * wait out `giveUpMs` against an endpoint that is down. Calls made afterwards work as before.
   */
  interrupt(): void {
    const stopped = this.stopper;
    this.stopper = new AbortController();
    stopped.abort();
  }

  /** Every endpoint's state, for WatcherStats.endpoints. */
  report(): EndpointReport[] {
    const now = Date.now();
    return this.endpoints.map((e) => e.report(now));
  }

  /** The eth_getLogs range (blocks) the preferred usable endpoint answers; null while none was refused. */
  logRange(): number | null {
    const e = this.endpoints.find((x) => x.setAside === null && x.verified !== false) ?? this.endpoints[0];
    return e?.logRangeCapped ? e.logRange : null;
  }

  /**
   * One JSON-RPC request; resolves with the answer's parsed body (`{result}` or `{error}`).
   * @throws RpcPoolError when no endpoint answered within `giveUpMs`; RpcHttpError for a non-JSON answer
   */
  async request(body: JsonRpcRequest, counter: CallCounter = {}): Promise<unknown> {
    this.compareHeadsNow(counter);
    const filter = body.method === 'eth_getLogs' && Array.isArray(body.params) ? (body.params[0] as Record<string, unknown> | undefined) : undefined;
    const from = typeof filter?.fromBlock === 'string' && filter.fromBlock.startsWith('0x') ? Number(filter.fromBlock) : NaN;
    const to = typeof filter?.toBlock === 'string' && filter.toBlock.startsWith('0x') ? Number(filter.toBlock) : NaN;
    if (filter && Number.isSafeInteger(from) && Number.isSafeInteger(to) && to >= from) return this.logs(body, filter, from, to, counter);
    return this.json(body, counter);
  }

  /**
   * A plain HTTP POST to `path` on the endpoints (TRON's `/wallet/…`), with the same retries and
   * failover; resolves with the answer that is no failure (any 2xx–4xx), for the caller to read.
   */
  async post(path: string, body: string, counter: CallCounter = {}): Promise<{ status: number; text: string }> {
    const sent = { n: 0, counter };
    const answer = await this.withFailover<{ status: number; text: string }>(async (ep) => {
      const outcome = await this.send(ep, path, body, false, sent);
      return outcome.kind === 'answer' ? { done: { status: outcome.status, text: outcome.text } } : { failed: outcome };
    }, sent);
    return answer;
  }

  /**
   * Retries include broadcasts (eth_sendRawTransaction, Solana's sendTransaction): the pool resends
   * the same signed bytes, which every node takes as the same transaction (same hash; "already known",
   * or Solana's "already processed", at worst), so a broadcast an endpoint may have accepted before it
   * failed is never a second payment. TRON's /wallet/broadcasttransaction is the same (post()).
   */
  private async json(body: JsonRpcRequest, counter: CallCounter): Promise<unknown> {
    const sent = { n: 0, counter };
    const text = (this.o.stringify ?? JSON.stringify)(body);
    return this.withFailover(async (ep) => {
      const outcome = await this.send(ep, this.o.jsonRpcPath ?? '', text, false, sent);
      if (outcome.kind !== 'answer') return { failed: outcome };
      const head = this.o.head.of(body.method, body.params, (outcome.json as { result?: unknown } | undefined)?.result);
      if (head !== null) this.sawHead(ep, head);
      return { done: this.answerOf(ep, outcome) };
    }, sent);
  }

  /**
   * eth_getLogs over [from, to], in parts no larger than the endpoint answers, concatenated in order.
   * Behind a known cap, up to PARALLEL_LOG_PARTS parts are asked at once (each paced like any request):
   * a pass that reads again the blocks not yet confirmed (TRON: 19 blocks, 4 parts of 5) then waits
   * for one round trip, not four, before it sees a payment in the newest block.
   */
  private async logs(body: JsonRpcRequest, filter: Record<string, unknown>, from: number, to: number, counter: CallCounter): Promise<unknown> {
    const sent = { n: 0, counter };
    const cap = this.logRange();
    if (cap === null || to - from + 1 <= cap) return this.logsInSequence(body, filter, from, to, sent);
    // Parts are cut as workers take them, at the range the endpoint answers then (it may grow).
    const answers: { from: number; answer: unknown }[] = [];
    let next = from;
    let failed = false;
    const worker = async () => {
      while (!failed && next <= to) {
        const a = next;
        const b = Math.min(to, a + (this.logRange() ?? cap) - 1);
        next = b + 1;
        try {
          answers.push({ from: a, answer: await this.logsInSequence(body, filter, a, b, sent, to - a + 1) });
        } catch (error) {
          failed = true; // the other workers take no new part
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_LOG_PARTS }, worker));
    answers.sort((x, y) => x.from - y.from);
    const logs: unknown[] = [];
    for (const { answer } of answers as { answer: { result?: unknown; error?: unknown } }[]) {
      if (answer.error !== undefined || !Array.isArray(answer.result)) return answer;
      logs.push(...answer.result);
    }
    return { jsonrpc: '2.0', id: body.id, result: logs };
  }

  /**
   * eth_getLogs over [from, to], in consecutive parts no larger than the endpoint answers, concatenated.
   * `growTo`: how far the endpoint's range may grow after successes (the whole request's size, when
   * this is one part of it).
   */
  private async logsInSequence(body: JsonRpcRequest, filter: Record<string, unknown>, from: number, to: number, sent: { n: number; counter: CallCounter }, growTo?: number): Promise<unknown> {
    const logs: unknown[] = [];
    let next = from;
    while (next <= to) {
      const part = await this.withFailover<{ answer: { result?: unknown; error?: unknown }; blocks: number }>(async (ep) => {
        const wanted = to - next + 1;
        const blocks = ep.rangeFor(wanted);
        const text = JSON.stringify({ ...body, params: [{ ...filter, fromBlock: hex(next), toBlock: hex(next + blocks - 1) }] });
        const outcome = await this.send(ep, this.o.jsonRpcPath ?? '', text, true, sent);
        if (outcome.kind === 'range') {
          // A single block refused for its results cannot be split further: that is the answer.
          if (blocks === 1) return { failed: { kind: 'retry', reason: outcome.reason, rateLimited: false, retryAfterMs: null } as Outcome };
          ep.logsRefused(blocks, outcome.cap);
          return { again: true };
        }
        if (outcome.kind !== 'answer') return { failed: outcome };
        const answer = this.answerOf(ep, outcome) as { result?: unknown; error?: unknown };
        if (answer.error !== undefined || !Array.isArray(answer.result)) return { done: { answer, blocks: 0 } };
        ep.logsAnswered(blocks, Math.max(wanted, growTo ?? 0));
        return { done: { answer, blocks } };
      }, sent);
      if (part.blocks === 0) return part.answer;
      logs.push(...(part.answer.result as unknown[]));
      next += part.blocks;
    }
    return { jsonrpc: '2.0', id: body.id, result: logs };
  }

  /** An answer as the caller gets it: the parsed body; a non-JSON one as RpcHttpError. */
  private answerOf(ep: Endpoint, outcome: Extract<Outcome, { kind: 'answer' }>): unknown {
    if (outcome.json === undefined) throw new RpcHttpError(outcome.status, `${ep.shown} answered HTTP ${outcome.status}: ${outcome.text.slice(0, 200)}`);
    return this.o.parse ? this.o.parse(outcome.text) : outcome.json;
  }

  /**
   * Runs `attempt` on the best usable endpoint until it is done, moving on (or waiting out the
   * backoff) after each failure, until `giveUpMs` passes without progress.
   */
  private async withFailover<T>(attempt: (ep: Endpoint) => Promise<Attempt<T>>, sent: { n: number; counter: CallCounter }): Promise<T> {
    const deadline = Date.now() + this.giveUpMs;
    const reasons = new Map<string, string>();
    const signal = this.stopper.signal;
    for (;;) {
      if (signal.aborted) throw new RpcPoolError('stopped while the RPC call was under way');
      const ep = await this.pick(deadline, reasons, signal);
      if (!(await this.identify(ep, sent))) {
        reasons.set(ep.shown, ep.setAside ?? ep.backoffReason ?? 'did not show its chain');
        continue;
      }
      const result = await attempt(ep);
      if ('done' in result) return result.done;
      if ('again' in result) continue;
      const failure = result.failed;
      if (failure.kind === 'retry') {
        ep.failed(failure.reason, failure.rateLimited, failure.retryAfterMs, failure.startedAt ?? Date.now());
        reasons.set(ep.shown, failure.reason);
      }
    }
  }

  /** The first usable endpoint, waiting for the end of a backoff when all are backing off. */
  private async pick(deadline: number, reasons: Map<string, string>, signal: AbortSignal): Promise<Endpoint> {
    for (;;) {
      if (signal.aborted) throw new RpcPoolError('stopped while the RPC call was under way');
      const now = Date.now();
      const candidates = this.endpoints.filter((e) => e.setAside === null && e.verified !== false);
      if (candidates.length === 0) {
        throw new RpcPoolError(this.endpoints.map((e) => (this.endpoints.length > 1 ? `${e.shown}: ${e.setAside ?? 'unusable'}` : (e.setAside ?? 'unusable'))).join('; '));
      }
      const ready = candidates.find((e) => now >= e.backoffUntil);
      if (ready) return ready;
      // None ever answered (a wrong host or port, a node not started): said at once, not after
      // giveUpMs, so the network shows unreachable while the watcher keeps trying every second.
      if (reasons.size > 0 && candidates.every((e) => !e.everAnswered)) throw new RpcPoolError(said(reasons));
      if (this.identityRefusal && candidates.every((e) => e.verified === null)) {
        const refusal = this.identityRefusal;
        this.identityRefusal = null;
        throw refusal;
      }
      const soonest = Math.min(...candidates.map((e) => e.backoffUntil));
      if (soonest > deadline) throw new RpcPoolError(`no RPC endpoint answered in ${Math.round(this.giveUpMs / 1000)} s: ${said(reasons) || 'every endpoint is backing off'}`);
      await sleep(Math.max(1, soonest - now), signal);
    }
  }

  /** Whether `ep` may be used: it showed the expected chain (asked once, before its first use). */
  private async identify(ep: Endpoint, sent: { n: number; counter: CallCounter }): Promise<boolean> {
    if (ep.verified !== null) return ep.verified;
    let check = this.identityChecks.get(ep);
    if (!check) {
      check = this.checkIdentity(ep, sent).finally(() => this.identityChecks.delete(ep));
      this.identityChecks.set(ep, check);
    }
    await check;
    return ep.verified === true;
  }

  private async checkIdentity(ep: Endpoint, sent: { n: number; counter: CallCounter }): Promise<void> {
    const { identity } = this.o;
    const outcome = await this.send(ep, this.o.jsonRpcPath ?? '', JSON.stringify({ jsonrpc: '2.0', id: 1, method: identity.method, params: [] }), false, sent);
    if (outcome.kind !== 'answer') {
      if (outcome.kind === 'retry') ep.failed(outcome.reason, outcome.rateLimited, outcome.retryAfterMs, outcome.startedAt ?? Date.now());
      return;
    }
    const result = (outcome.json as { result?: unknown } | undefined)?.result;
    if (outcome.json === undefined || result === undefined) {
      // Not the endpoint's chain, but no answer either (a node without /jsonrpc, a key refused): the
      // caller is told in the node's words when nothing else is usable.
      ep.failed(`did not answer ${identity.method}`, false, null, Date.now());
      this.identityRefusal =
        outcome.json === undefined
          ? new RpcHttpError(outcome.status, `${ep.shown} answered ${identity.method} with HTTP ${outcome.status}: ${outcome.text.slice(0, 200)}`)
          : Object.assign(new Error(`${ep.shown} refused ${identity.method}: ${JSON.stringify((outcome.json as { error?: unknown }).error)}`), { status: outcome.status });
      return;
    }
    const seen = identity.read(result);
    ep.verified = seen === identity.expected;
    if (!ep.verified) ep.setAside = identity.mismatch(seen);
  }

  /** One request to one endpoint, paced; counted (the call's first request is counted by its caller). */
  private async send(ep: Endpoint, path: string, body: string, logs: boolean, sent: { n: number; counter: CallCounter }): Promise<Outcome> {
    await ep.pacer.slot();
    if (sent.n++ > 0) sent.counter.extra?.();
    ep.requests++;
    const started = Date.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(withPath(ep.target, path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(ep.authorization !== null && { authorization: ep.authorization }), ...this.o.headers },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.stopper.signal]),
      });
      ep.everAnswered = true;
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = timedOut ? `did not answer within ${this.timeoutMs / 1000} s` : `could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`;
      return { kind: 'retry', reason: why, rateLimited: false, retryAfterMs: null, startedAt: started };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const outcome = classify(response.status, text, json, response.headers.get('retry-after'), logs);
    if (outcome.kind === 'answer') ep.succeeded(Date.now() - started);
    return outcome.kind === 'retry' ? { ...outcome, startedAt: started } : outcome;
  }

  /** A head an endpoint showed: kept, and compared with the others'. */
  private sawHead(ep: Endpoint, head: number): void {
    ep.head = head;
    ep.headAt = Date.now();
    this.compareHeads();
  }

  /** Sets aside an endpoint whose head is more than `lagLimit` behind the most advanced one's; brings it back once it caught up. */
  private compareHeads(): void {
    if (this.endpoints.length < 2) return;
    const recent = this.endpoints.filter((e) => e.head !== null && e.verified === true && Date.now() - e.headAt < 3 * HEAD_COMPARE_MS);
    if (recent.length < 2) return;
    const top = Math.max(...recent.map((e) => e.head as number));
    for (const e of recent) {
      const behind = top - (e.head as number);
      const lagging = e.setAside === null || e.setAside.startsWith('its head is');
      if (!lagging) continue;
      e.setAside = behind > this.o.head.lagLimit ? `its head is ${behind} ${this.o.head.unit} behind the others` : null;
    }
  }

  /**
   * Every ~10 s with two or more endpoints: asks each one not of another chain its head, checking its
   * chain first if not yet done (not awaited: the call goes on).
   */
  private compareHeadsNow(counter: CallCounter): void {
    if (this.endpoints.length < 2 || Date.now() - this.lastHeadCompare < HEAD_COMPARE_MS) return;
    this.lastHeadCompare = Date.now();
    const { head } = this.o;
    for (const ep of this.endpoints.filter((e) => e.verified !== false && Date.now() >= e.backoffUntil)) {
      const sent = { n: 1, counter };
      void (async () => {
        if (!(await this.identify(ep, sent))) return;
        const outcome = await this.send(ep, this.o.jsonRpcPath ?? '', JSON.stringify({ jsonrpc: '2.0', id: 1, method: head.method, params: head.params }), false, sent);
        const result = outcome.kind === 'answer' ? (outcome.json as { result?: unknown } | undefined)?.result : undefined;
        const seen = result === undefined ? null : head.of(head.method, head.params, result);
        if (seen !== null) this.sawHead(ep, seen);
      })();
    }
  }
}

/** Makes `stats.endpoints` the pool's report, read when asked (the watcher keeps its own stats object). */
export function reportEndpoints(stats: WatcherStats, pool: { report(): EndpointReport[] }): void {
  Object.defineProperty(stats, 'endpoints', { get: () => pool.report(), enumerable: true, configurable: true });
}
