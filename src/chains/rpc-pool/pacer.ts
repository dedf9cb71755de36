/**
 * One endpoint's pace. Unpaced until its first 429; then it settles on a rate below the limit it met
 * (AIMD, as TCP does: the rate observed over the last second, cut by 30 % at each 429, raised by a
 * little per success) and spaces request starts by 1/rate, so an endpoint that allows 10 requests a
 * second is held near 8 or 9 and sees a 429 only every few tens of seconds, when the pace probes up.
 */
export class Pacer {
  /** Requests per second; null while no limit was met. */
  private rate: number | null = null;
  private nextStart = 0;
  /** Start times of the last second's requests, to know the rate at which a 429 came. */
  private readonly recent: number[] = [];
  /** When the rate was last cut: the 429s of one burst cut it once. */
  private lastCut = -Infinity;

  get requestsPerSecond(): number | null {
    return this.rate === null ? null : Math.round(this.rate * 10) / 10;
  }

  /** Reserves the next start slot; resolves when it comes (at once while unpaced). */
  async slot(now = Date.now()): Promise<void> {
    this.recent.push(now);
    while (this.recent.length > 0 && (this.recent[0] as number) < now - 1000) this.recent.shift();
    if (this.rate === null) return;
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + 1000 / this.rate;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now).unref());
  }

  /** A 429: multiplicative decrease from the rate just sent at (at least one request every 2 s). */
  limited(now = Date.now()): void {
    if (now - this.lastCut < 1000) return;
    this.lastCut = now;
    const observed = this.recent.filter((t) => t >= now - 1000).length;
    const from = this.rate === null ? Math.max(observed, 1) : Math.min(this.rate, Math.max(observed, 1));
    this.rate = Math.max(0.5, from * 0.7);
  }

  /** A success while paced: additive increase, about +1 request a second per 10 s at 10 req/s. */
  succeeded(): void {
    if (this.rate !== null) this.rate += 0.01;
  }
}
