import type { EndpointReport } from '../family.js';
import { Pacer } from './pacer.js';

/** Consecutive successes at a range after which an uncapped-by-name endpoint is offered twice as many blocks. */
const GROW_AFTER = 20;
const RETRY_CEILING_AFTER = 2000;
/**
 * The first wait after a failure without Retry-After, doubled per failure in a row (jittered 50–100 %).
 * Not shorter: at 100 ms, a run of random 429s and 502s drove the pacer down so far that the Solana
 * rehearsal's next scenario timed out (payments seen, never confirmed within a minute).
 */
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
  /** Whether any HTTP answer ever came from it (429 and 502 included): one that never did is likely misconfigured. */
  everAnswered = false;
  head: number | null = null;
  headAt = 0;
  latencyMs: number | null = null;
  /** Blocks per eth_getLogs it is asked for; null: whatever the caller asks. */
  logRange: number | null = null;
  /** The largest range it answered. */
  private largestAnswered: number | null = null;
  logRangeCapped = false;
  /**
   * The smallest range it refused: growth stays below it (a cap does not move) until it has answered
   * RETRY_CEILING_AFTER times since, then it is tried again (a plan upgraded, quieter blocks).
   */
  private refusedAt: number | null = null;
  private answeredSinceRefusal = 0;
  private successesAtRange = 0;

  /** Where requests go: the URL without user-info, which fetch refuses; it travels as Basic auth instead. */
  readonly target: string;
  readonly authorization: string | null;

  constructor(readonly url: string) {
    this.shown = shownUrl(url);
    let target = url;
    let authorization: string | null = null;
    try {
      const u = new URL(url);
      if (u.username !== '' || u.password !== '') {
        authorization = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
        u.username = '';
        u.password = '';
        target = u.toString();
      }
    } catch {
      // Checked where it was given (domain/rpc-urls.ts); a bad one fails at fetch, as before.
    }
    this.target = target;
    this.authorization = authorization;
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
  failed(reason: string, rateLimited: boolean, retryAfterMs: number | null, startedAt: number, now = Date.now()): number {
    this.failures++;
    if (rateLimited) {
      this.rateLimited++;
      this.pacer.limited(startedAt, now);
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
    if (++this.answeredSinceRefusal >= RETRY_CEILING_AFTER) this.refusedAt = null;
    if (this.logRange === null || blocks < this.logRange) return;
    if (++this.successesAtRange < GROW_AFTER) return;
    this.successesAtRange = 0;
    // Doubling while nothing was refused; below a refused range, halfway to it (a binary search
    // that ends one below the cap, after a refusal or two).
    const target = this.refusedAt === null ? this.logRange * 2 : Math.floor((this.logRange + this.refusedAt) / 2);
    const grown = Math.min(target, wanted);
    if (grown > this.logRange) this.logRange = grown;
  }

  /**
   * It refused `blocks` blocks: the cap it named, else the range it last answered when that was
   * smaller (a growth step refused), else half, down to one block.
   */
  logsRefused(blocks: number, cap: number | null): void {
    this.logRangeCapped = true;
    this.successesAtRange = 0;
    this.answeredSinceRefusal = 0;
    this.refusedAt = Math.min(this.refusedAt ?? Infinity, cap !== null && cap < blocks ? cap + 1 : blocks);
    const before = this.logRange !== null && this.logRange < blocks ? this.logRange : null;
    this.logRange = Math.max(1, cap !== null && cap < blocks ? cap : (before ?? Math.floor(blocks / 2)));
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
