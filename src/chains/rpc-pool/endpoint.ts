import type { EndpointReport } from '../family.js';
import { Pacer } from './pacer.js';

/** Consecutive successes at a range after which an uncapped-by-name endpoint is offered twice as many blocks. */
const GROW_AFTER = 20;
const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 15_000;

/** The URL as it may be shown: scheme, host, port and path; user-info and query string (keys live there) dropped. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/**
 * One endpoint of a pool and what the pool learnt of it: whether it serves the expected chain, its
 * backoff after failures, its pace after 429s, the eth_getLogs range it answers, its head.
 */
export class Endpoint {
  readonly shown: string;
  readonly pacer = new Pacer();
  /** null until its identity was checked; true when it serves the expected chain. */
  verified: boolean | null = null;
  /** Why it must not be used (another chain, far behind); null when usable. */
  setAside: string | null = null;
  backoffUntil = 0;
  backoffReason: string | null = null;
  private failuresInARow = 0;
  requests = 0;
  rateLimited = 0;
  failures = 0;
  head: number | null = null;
  headAt = 0;
  latencyMs: number | null = null;
  /** Blocks per eth_getLogs it is asked for; null: whatever the caller asks. */
  logRange: number | null = null;
  /** The largest range it answered. */
  private largestAnswered: number | null = null;
  logRangeCapped = false;
  /** The smallest range it refused: growth stays below it (a cap does not move). */
  private refusedAt: number | null = null;
  private successesAtRange = 0;

  constructor(readonly url: string) {
    this.shown = shownUrl(url);
  }

  usable(now: number): boolean {
    return this.setAside === null && this.verified !== false && now >= this.backoffUntil;
  }

  succeeded(latencyMs: number): void {
    this.failuresInARow = 0;
    this.backoffReason = null;
    this.latencyMs = this.latencyMs === null ? latencyMs : Math.round(this.latencyMs * 0.8 + latencyMs * 0.2);
    this.pacer.succeeded();
  }

  /**
   * A failure to retry: jittered exponential backoff, or `Retry-After` when the endpoint said it.
   * Returns the backoff, ms.
   */
  failed(reason: string, rateLimited: boolean, retryAfterMs: number | null, now = Date.now()): number {
    this.failures++;
    if (rateLimited) {
      this.rateLimited++;
      this.pacer.limited(now);
    }
    this.failuresInARow++;
    const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (this.failuresInARow - 1));
    const wait = retryAfterMs ?? exponential * (0.5 + Math.random() / 2);
    this.backoffUntil = Math.max(this.backoffUntil, now + wait);
    this.backoffReason = reason;
    return wait;
  }

  /** The blocks to ask of it for a wanted range of `wanted` blocks. */
  rangeFor(wanted: number): number {
    return this.logRange === null ? wanted : Math.min(wanted, this.logRange);
  }

  /** It answered `blocks` blocks of logs: after enough successes at its range, it is offered more. */
  logsAnswered(blocks: number, wanted: number): void {
    this.largestAnswered = Math.max(this.largestAnswered ?? 0, blocks);
    if (this.logRange === null || blocks < this.logRange) return;
    if (++this.successesAtRange < GROW_AFTER) return;
    this.successesAtRange = 0;
    const ceiling = this.refusedAt === null ? wanted : Math.min(wanted, this.refusedAt - 1);
    if (ceiling > this.logRange) this.logRange = Math.min(this.logRange * 2, ceiling);
  }

  /** It refused `blocks` blocks: half of that next (or the cap it named), down to one block. */
  logsRefused(blocks: number, cap: number | null, resultsBound: boolean): void {
    this.logRangeCapped = true;
    this.successesAtRange = 0;
    // "More than 10000 results" depends on how busy the blocks were, not on the range: no ceiling.
    if (!resultsBound) this.refusedAt = Math.min(this.refusedAt ?? Infinity, cap !== null && cap < blocks ? cap + 1 : blocks);
    this.logRange = Math.max(1, cap !== null && cap < blocks ? cap : Math.floor(blocks / 2));
  }

  report(now = Date.now()): EndpointReport {
    const backingOff = this.setAside === null && now < this.backoffUntil;
    return {
      url: this.shown,
      state: this.setAside !== null ? 'set_aside' : backingOff ? 'backing_off' : 'ok',
      reason: this.setAside ?? (backingOff ? this.backoffReason : null),
      requests: this.requests,
      rateLimited: this.rateLimited,
      failures: this.failures,
      requestsPerSecond: this.pacer.requestsPerSecond,
      logRange: this.logRangeCapped ? this.logRange : this.largestAnswered,
      logRangeCapped: this.logRangeCapped,
      head: this.head,
      latencyMs: this.latencyMs,
    };
  }
}
