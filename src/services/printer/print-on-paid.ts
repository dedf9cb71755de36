import type { LeaderWork } from '../leadership.js';
import type { Clock, EventLog, UnitOfWork } from '../ports.js';
import type { PrintRecords } from './print-records.js';
import type { PrinterSettings } from './printer-settings.js';

/** The persisted cursor (`cursors` table) of the events the automatic printing has looked at. */
export const PRINT_CURSOR = 'receipt_print';
const BATCH = 200;
/** How often the events are read when no notice came (one missed across instances, a resync). */
const POLL_MS = 2000;

export interface PrintOnPaidOptions {
  events: EventLog;
  cursors: { cursor(name: string): Promise<number | undefined>; setCursor(name: string, value: number): Promise<void> };
  tx: UnitOfWork;
  /** The timers role's fence (Leadership.fence(TIMERS_ROLE)): an instance that no longer leads claims nothing. */
  fence: () => Promise<void>;
  settings: PrinterSettings;
  records: PrintRecords;
  /** Prints a claimed session's receipt and records the outcome; never rejects (receipt-printing.ts). */
  print: (sessionId: string, livemode: boolean) => Promise<unknown>;
  /** Calls `wake` on every session change on any instance; returns the unsubscribe function (LiveFeed). */
  subscribe: (wake: () => void) => () => void;
  now: Clock;
  onError: (message: string, err: unknown) => void;
  pollMs?: number;
}

/**
 * Prints each sale's receipt once when it is paid, if the printer setting says `print_on_paid`.
 *
 * **Decision:** it follows the events table (`payment_session.succeeded`), not the in-memory live
 * feed, and runs with the timers, on the instance leading their role (create-core.ts): the events
 * are durable and ordered, so a sale paid while this instance was restarting is printed when it is
 * back, and a shop of several instances prints once. Each pass, in one unit of work fenced by the
 * lease, reads the persisted cursor, writes a `printing` record for each newly paid session that has
 * none, and moves the cursor; the prints are sent after that commit, outside any unit of work. So a
 * receipt is printed at most once automatically: an instance that stops between the commit and the
 * print leaves the record `printing`, which is shown as failed once it is older than a print can
 * take (receipt-printing.ts), so the till offers Retry.
 *
 * The live feed only wakes a pass early (the sale was paid a moment ago); a timer reads every 2 s in
 * case a notice was missed. While printing on paid is off nothing runs: whether it is on is kept in
 * memory, and read again when the setting's change signal arrives (`settingChanged`). Turning it on
 * moves the cursor to the newest event (`startFromNow`, with the setting), and so does a first start:
 * sales paid before, or while it was off, are not printed.
 */
export class PrintOnPaid implements LeaderWork {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private passing: Promise<void> | undefined;
  private again = false;
  /** The cursor as this instance last moved or read it (another instance may have moved it further); -1 unknown. */
  private cursorSeen = -1;
  /**
   * Whether printing on paid is on, as last read; undefined: read it at the next pass. Kept, so that
   * while it is off a sale costs nothing here (no read per session change, no timer).
   */
  private enabled: boolean | undefined;
  /** Bumped by each change of the setting: a read begun before it is not kept. */
  private settingVersion = 0;

  constructor(private readonly o: PrintOnPaidOptions) {}

  /** Inside the unit of work that turns printing on paid on: what was paid until now is not printed. */
  async startFromNow(): Promise<void> {
    await this.o.cursors.setCursor(PRINT_CURSOR, await this.o.events.maxSeq());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.enabled = undefined;
    this.unsubscribe = this.o.subscribe(() => {
      if (this.enabled !== false) this.wake();
    });
    this.wake();
  }

  /** The printer setting changed (here or on another instance): read it again, and look for work. */
  settingChanged(): void {
    this.enabled = undefined;
    this.settingVersion++;
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.passing;
  }

  /** Something may have been paid: a pass now (or right after the one under way). */
  wake(): void {
    if (!this.running) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.passing = this.pass().finally(() => {
      this.passing = undefined;
      if (!this.running) return;
      if (this.again) {
        this.again = false;
        this.wake();
        return;
      }
      // Off: no timer; the setting's change signal wakes it (settingChanged).
      if (this.enabled !== true) return;
      this.timer = setTimeout(() => this.wake(), this.o.pollMs ?? POLL_MS);
      this.timer.unref();
    });
  }

  private async pass(): Promise<void> {
    try {
      // Off: nothing to claim, and nothing written (the cursor moves when it is turned on).
      if (this.enabled === undefined) {
        const version = this.settingVersion;
        const on = (await this.o.settings.get())?.printOnPaid === true;
        // Changed meanwhile: the pass that change asked for (`again`) reads it afresh.
        if (version !== this.settingVersion) return;
        this.enabled = on;
      }
      if (!this.enabled) return;
      // Nothing written since the cursor: no unit of work (it would queue with every writer).
      if (this.cursorSeen >= 0 && (await this.o.events.after(this.cursorSeen, 1)).length === 0) return;
      for (;;) {
        const { claimed, more, cursor } = await this.o.tx(async () => await this.claim());
        this.cursorSeen = cursor;
        // After the commit, one at a time: a receipt printer takes one job at a time anyway.
        for (const c of claimed) await this.o.print(c.sessionId, c.livemode);
        if (!more || !this.running) return;
      }
    } catch (err) {
      this.o.onError('the automatic receipt printing failed to read the paid sales', err);
    }
  }

  private async claim(): Promise<{ claimed: { sessionId: string; livemode: boolean }[]; more: boolean; cursor: number }> {
    await this.o.fence();
    const from = await this.o.cursors.cursor(PRINT_CURSOR);
    if (from === undefined) {
      const newest = await this.o.events.maxSeq();
      await this.o.cursors.setCursor(PRINT_CURSOR, newest);
      return { claimed: [], more: false, cursor: newest };
    }
    const events = await this.o.events.after(from, BATCH);
    const last = events.at(-1);
    if (!last) return { claimed: [], more: false, cursor: from };
    const setting = await this.o.settings.get();
    const claimed: { sessionId: string; livemode: boolean }[] = [];
    if (setting?.printOnPaid) {
      for (const e of events) {
        if (e.type !== 'payment_session.succeeded' || claimed.some((c) => c.sessionId === e.objectId)) continue;
        if (await this.o.records.get(e.objectId)) continue; // printed already (the till's button, an earlier pass)
        await this.o.records.put(e.objectId, { status: 'printing', trigger: 'paid', at: this.o.now(), error: null });
        claimed.push({ sessionId: e.objectId, livemode: e.livemode });
      }
    }
    await this.o.cursors.setCursor(PRINT_CURSOR, last.seq);
    return { claimed, more: events.length === BATCH, cursor: last.seq };
  }
}
