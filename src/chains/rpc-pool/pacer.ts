/** A cut that did not lower the share of 429s was no limit of ours: cuts pause this long. */
const NOT_A_LIMIT_PAUSE_MS = 60_000;
/** The slowest pace: one request every 2 s. */
const MIN_RATE = 0.5;

/**
 * One endpoint's pace. Unpaced until its first 429; then it settles on a rate below the limit it met
 * (AIMD, as TCP does: cut by 30 % at a 429, at most once a second, raised a little per success) and
 * spaces request starts by 1/rate, so an endpoint that allows 10 requests a second is held near 8 or 9
 * and sees a 429 only every few tens of seconds, when the pace probes up. 429s that keep coming as
 * often after a cut (a provider refusing a share of requests at random, whatever the rate) are no
 * limit pacing can respect: the pace is dropped again and cuts pause for a minute, leaving the
 * backoff alone to deal with them.
 *
 * What a cut starts from: the first, the rate observed over the last second (the only measure of the
 * limit there is); later ones, the pace itself. A watcher sends in bursts, so the last second's rate
 * is often far below its pace: cutting from it took a pace of 7.8 down to 1.4 in three random 429s
 * (CI, issue 27's Solana rehearsal), and a pool node that lags then took a minute over ten payments.
 *
 * The raise is +0.1/rate per success: about +0.1 request a second per second of requests at the pace,
 * whatever the pace (+0.01 at 10 requests a second, as before; +0.2 at 0.5, where a fixed +0.01 took
 * ten minutes of requests to double the pace).
 */
export class Pacer {
  /** Requests per second; null while no limit was met. */
  private rate: number | null = null;
  private nextStart = 0;
  /** Start times of the last second's requests, to know the rate at which a 429 came. */
  private readonly recent: number[] = [];
  /** When the rate was last cut: the 429s of one burst cut it once. */
  private lastCut = -Infinity;
  private cutsPausedUntil = -Infinity;
  /** Requests and 429s since the last cut: whether the cut helped. */
  private sinceCut = { requests: 0, limited: 0 };

  get requestsPerSecond(): number | null {
    return this.rate === null ? null : Math.round(this.rate * 10) / 10;
  }

  /** Reserves the next start slot; resolves when it comes (at once while unpaced). */
  async slot(now = Date.now()): Promise<void> {
    this.recent.push(now);
    while (this.recent.length > 0 && (this.recent[0] as number) < now - 1000) this.recent.shift();
    this.sinceCut.requests++;
    if (this.rate === null) return;
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + 1000 / this.rate;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now).unref());
  }

  /**
   * A 429 to a request started at `startedAt`: multiplicative decrease (see the class comment), to at
   * least one request every 2 s. One started before the last cut says nothing of the new pace.
   */
  limited(startedAt: number, now = Date.now()): void {
    if (startedAt < this.lastCut) return;
    this.sinceCut.limited++;
    if (now < this.cutsPausedUntil) return;
    // The last cut's effect is judged after a few requests at its pace.
    if (this.rate !== null && this.sinceCut.requests < 5) return;
    if (this.rate !== null && this.sinceCut.limited / this.sinceCut.requests >= 0.2) {
      this.rate = null;
      this.cutsPausedUntil = now + NOT_A_LIMIT_PAUSE_MS;
      this.sinceCut = { requests: 0, limited: 0 };
      return;
    }
    this.lastCut = now;
    this.sinceCut = { requests: 0, limited: 0 };
    const from = this.rate ?? Math.max(this.recent.filter((t) => t >= now - 1000).length, 1);
    this.rate = Math.max(MIN_RATE, from * 0.7);
  }

  /** A success while paced: additive increase, about +0.1 request a second per second at the pace. */
  succeeded(): void {
    if (this.rate !== null) this.rate += 0.1 / this.rate;
  }
}
