import type { Clock } from './ports.js';

/** After a failed sweep (database busy, disk full) try again this much later rather than spin. */
const RETRY_AFTER_ERROR_MS = 1000;

/**
 * Wakes exactly when the earliest deadline passes (plus a margin for timer jitter), handles what is
 * due, and sleeps until the next deadline. One timer, however many deadlines there are: session
 * expiry uses one, settlement (pending funds becoming available) another.
 */
export class DeadlineTimer {
  private timer: NodeJS.Timeout | undefined;
  private wakeAt: number | undefined;
  private running = false;
  /** A sweep is under way (it awaits the store): deadlines added meanwhile are kept here. */
  private ticking = false;
  private addedDuringTick: number | undefined;
  /** The sweep under way (or the last one): `stop` waits for it. */
  private sweep: Promise<void> | undefined;

  constructor(
    private readonly handleDue: () => Promise<number>,
    private readonly nextDeadline: () => Promise<number | undefined>,
    private readonly now: Clock,
    private readonly onError: (err: unknown) => void,
    /**
     * Longest sleep between sweeps even when the next deadline is further off: the wall clock can
     * jump (a laptop wakes, NTP corrects it) and a timer set before the jump would fire late.
     */
    private readonly maxSleepMs = 30_000,
  ) {}

  start(): void {
    this.running = true;
    void this.tick();
  }

  /** Stops, and resolves once a sweep under way has ended (a leader hands over only after it). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.wakeAt = undefined;
    await this.sweep;
  }

  /** A new deadline exists; wake earlier if it comes before the current alarm. */
  deadlineAdded(at: number): void {
    if (!this.running) return;
    if (this.ticking) {
      // The sweep in progress arms the timer when it ends: it must not forget this deadline.
      this.addedDuringTick = Math.min(at, this.addedDuringTick ?? at);
      return;
    }
    if (this.wakeAt === undefined || at < this.wakeAt) this.arm(at);
  }

  /** Handle what is due now, then sleep until the next deadline. */
  tick(): Promise<void> {
    if (!this.running || this.ticking) return Promise.resolve();
    const sweep = this.sweepOnce();
    this.sweep = sweep;
    return sweep;
  }

  private async sweepOnce(): Promise<void> {
    this.ticking = true;
    let next: number | undefined;
    try {
      await this.handleDue();
      next = await this.nextDeadline();
    } catch (err) {
      this.onError(err);
      next = this.now() + RETRY_AFTER_ERROR_MS;
    } finally {
      this.ticking = false;
    }
    const added = this.addedDuringTick;
    this.addedDuringTick = undefined;
    if (added !== undefined) next = Math.min(added, next ?? added);
    if (!this.running) return;
    if (next === undefined) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.wakeAt = undefined;
    } else {
      this.arm(next);
    }
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at;
    const delay = Math.min(Math.max(at - this.now() + 5, 0), this.maxSleepMs);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }
}
