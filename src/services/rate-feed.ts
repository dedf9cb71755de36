import type { Currency } from '../domain/currencies.js';
import { type EcbDaily, ecbUsdPrices, parseEcbDaily, ECB_SOURCE } from '../domain/ecb.js';
import type { UsdPrice } from '../domain/rates.js';
import type { Clock } from './ports.js';

/** What the feed needs from the outside world; create-core wires real HTTP and a file in the data dir. */
export interface RateFeedPorts {
  /** GETs the URL and resolves with the body of a 2xx answer; rejects otherwise or when aborted. */
  fetchText(url: string, signal: AbortSignal): Promise<string>;
  /** The cached last good feed (JSON text), or null when none is kept. */
  readCache(): string | null;
  writeCache(text: string): void;
}

export interface RateFeedOptions {
  url: string;
  /** Between successful fetches. */
  refreshMs: number;
  /** After a failed fetch (shorter than refreshMs, so a blip does not cost an hour). */
  retryMs: number;
  /** A fetch taking longer is aborted. */
  timeoutMs: number;
  /** A price older than this (from its publication) is stale and refused. */
  maxAgeMs: number;
  now: Clock;
  ports: RateFeedPorts;
  /** Told about failures (the feed keeps its previous good rates). */
  warn?: (message: string, err?: unknown) => void;
}

export interface RateFeedStatus {
  readonly source: string;
  readonly url: string;
  /** The held document's publication date (YYYY-MM-DD) and time, or null before any good fetch. */
  readonly date: string | null;
  readonly asOf: Date | null;
  /** When the held document was fetched (perhaps by an earlier run: it comes from the cache then). */
  readonly fetchedAt: Date | null;
  readonly lastAttemptAt: Date | null;
  /** Why the last attempt failed; null when it succeeded or none was made. */
  readonly lastError: string | null;
  readonly maxAgeMs: number;
}

interface CacheFile {
  source: string;
  url: string;
  fetched_at: string;
  date: string;
  xml: string;
}

/**
 * The ECB reference-rate feed, held in memory: loaded from the cache file at once, fetched in the
 * background at start and every `refreshMs`, never on a request. A document that fails the strict
 * parse, or is older than the one held, is refused and the previous good one kept.
 */
export class EcbRateFeed {
  private daily: EcbDaily | null = null;
  private prices = new Map<Currency, UsdPrice>();
  private fetchedAt: Date | null = null;
  private lastAttemptAt: Date | null = null;
  private lastError: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: AbortController | undefined;
  private running = false;

  constructor(private readonly o: RateFeedOptions) {}

  /** The USD price of a currency from the held document (stale ones included: the source decides). */
  price(currency: Currency): UsdPrice | null {
    return this.prices.get(currency) ?? null;
  }

  status(): RateFeedStatus {
    return {
      source: ECB_SOURCE,
      url: this.o.url,
      date: this.daily?.date ?? null,
      asOf: this.daily?.asOf ?? null,
      fetchedAt: this.fetchedAt,
      lastAttemptAt: this.lastAttemptAt,
      lastError: this.lastError,
      maxAgeMs: this.o.maxAgeMs,
    };
  }

  /** Reads the cache file kept by an earlier run; a missing or unreadable one is ignored. */
  loadCache(): void {
    let text: string | null;
    try {
      text = this.o.ports.readCache();
    } catch (err) {
      this.o.warn?.('could not read the rate feed cache', err);
      return;
    }
    if (text === null) return;
    try {
      const file = JSON.parse(text) as Partial<CacheFile>;
      if (file.source !== ECB_SOURCE || typeof file.xml !== 'string' || typeof file.fetched_at !== 'string') throw new Error('not an ECB cache file');
      const fetchedAt = new Date(file.fetched_at);
      if (Number.isNaN(fetchedAt.getTime())) throw new Error('fetched_at is not a date');
      this.hold(parseEcbDaily(file.xml), fetchedAt);
    } catch (err) {
      this.o.warn?.(`ignoring the rate feed cache: ${(err as Error).message}`, err);
    }
  }

  /** Fetches now, then keeps fetching in the background until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.tick();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
  }

  /** One fetch; resolves true when a new good document is held. Never rejects. */
  async refresh(): Promise<boolean> {
    const controller = new AbortController();
    this.inFlight = controller;
    const timeout = setTimeout(() => controller.abort(new Error(`no answer within ${this.o.timeoutMs} ms`)), this.o.timeoutMs);
    this.lastAttemptAt = new Date(this.o.now());
    try {
      const xml = await this.o.ports.fetchText(this.o.url, controller.signal);
      const daily = parseEcbDaily(xml);
      if (this.daily && daily.date < this.daily.date) {
        throw new Error(`the document is dated ${daily.date}, older than the ${this.daily.date} one held`);
      }
      const fetchedAt = new Date(this.o.now());
      this.hold(daily, fetchedAt);
      this.lastError = null;
      this.save(xml, daily, fetchedAt);
      return true;
    } catch (err) {
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : (err as Error);
      this.lastError = reason.message;
      if (this.running) this.o.warn?.(`rate feed ${this.o.url}: ${reason.message}; keeping the previous rates`, err);
      return false;
    } finally {
      clearTimeout(timeout);
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }

  private async tick(): Promise<void> {
    const ok = await this.refresh();
    if (!this.running) return;
    this.timer = setTimeout(() => void this.tick(), ok ? this.o.refreshMs : this.o.retryMs);
    this.timer.unref();
  }

  private hold(daily: EcbDaily, fetchedAt: Date): void {
    this.daily = daily;
    this.fetchedAt = fetchedAt;
    this.prices = ecbUsdPrices(daily, this.o.maxAgeMs);
  }

  private save(xml: string, daily: EcbDaily, fetchedAt: Date): void {
    const file: CacheFile = { source: ECB_SOURCE, url: this.o.url, fetched_at: fetchedAt.toISOString(), date: daily.date, xml };
    try {
      this.o.ports.writeCache(`${JSON.stringify(file, null, 2)}\n`);
    } catch (err) {
      this.o.warn?.('could not write the rate feed cache', err);
    }
  }
}
