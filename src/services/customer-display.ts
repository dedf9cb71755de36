import { EventEmitter } from 'node:events';
import type { SettingsStore } from './network-settings.js';
import type { ChangeSignals, Clock, UnitOfWork } from './ports.js';

/** What the customer-facing screen shows: the sale the till has up, if any. */
export interface DisplayState {
  sessionId: string | null;
  /** Which till put it there (an API key id, or `ui`): for the log, not shown. */
  by: string | null;
  updatedAt: number;
}

/** The slot of a till that names none (an integration's till, an older UI): the shop's shared display. */
export const SHARED_TILL = '';

/** The setting holding every till's slot, and the signal that it changed (its payload: `live:<till>` or `test:<till>`). */
export const DISPLAY_SETTING = 'customer_display';
export const DISPLAY_CHANGED = 'display.changed';

type ModeName = 'live' | 'test';
const modeName = (livemode: boolean): ModeName => (livemode ? 'live' : 'test');

/**
 * The slots as stored, each mode's apart: `version` moves on every change, so an older read never
 * overwrites a newer one. (The shape before modes, `{version, tills}`, is read as no sale up: which
 * mode its sales were in is unknown, and a test sale must never reach a live display.)
 */
interface StoredSlots {
  version: number;
  live?: Record<string, DisplayState>;
  test?: Record<string, DisplayState>;
}

const EMPTY: DisplayState = { sessionId: null, by: null, updatedAt: 0 };

export interface CustomerDisplayDeps {
  settings: SettingsStore;
  tx: UnitOfWork;
  signals: ChangeSignals;
  now: Clock;
  onError: (message: string, err: unknown) => void;
}

/**
 * The customer displays, one slot per till: a till puts its current sale in its own slot (named by
 * the till: the UI makes an id per device) and that till's display page (a second window, or a
 * browser on a customer-facing tablet) follows it, so two tills never show each other's sales.
 * Nothing in it is secret beyond what the display shows anyway (the session's QR codes and status).
 *
 * **Decision:** each mode has its own slots. A test credential (a developer's `sk_test_…` key, a till
 * rehearsing in test mode) puts its sale in the test slot of the till, and only a display page asking
 * for test mode (`/display/current?mode=test`) follows it; a display page that names no mode follows
 * the live slots. So a test key can never change what a customer sees for a live sale.
 *
 * **Decision:** the slots are kept in the store (one setting, `customer_display`) and copied in
 * memory on every instance; a change is written in a unit of work that also sends a signal, and the
 * other instances read the setting again when it arrives (and after a resync, and at start). So a
 * till served by one instance and its display page by another agree, and an instance started later
 * shows what is up. A sale therefore stays up across a restart too, until the till clears or
 * replaces it. Carrying the state in the signal alone would leave a new instance blank.
 */
export class CustomerDisplay {
  private slots = new Map<string, DisplayState>();
  /** The stored version the slots in memory come from. */
  private version = -1;
  private readonly emitter = new EventEmitter();

  constructor(private readonly d: CustomerDisplayDeps) {
    this.emitter.setMaxListeners(0);
    d.signals.subscribe(DISPLAY_CHANGED, (_till, fromHere) => {
      if (!fromHere) this.refresh();
    });
    d.signals.onResync(() => this.refresh());
  }

  /** Reads the slots from the store (at start). */
  async load(): Promise<void> {
    this.apply(await this.read());
  }

  /** Puts a sale up (or clears it, `null`) on the display of `till` in the caller's mode, and only that mode's. */
  async show(sessionId: string | null, by: string, livemode: boolean, till: string = SHARED_TILL): Promise<DisplayState> {
    const state = { sessionId, by, updatedAt: this.d.now() };
    const mode = modeName(livemode);
    const stored = await this.d.tx(async () => {
      const read = await this.read();
      const tills = { ...read[mode] };
      // An emptied slot is forgotten: the setting holds only tills with a sale up.
      if (sessionId === null) delete tills[till];
      else tills[till] = state;
      const next: StoredSlots = { version: read.version + 1, live: read.live ?? {}, test: read.test ?? {}, [mode]: tills };
      await this.d.settings.put(DISPLAY_SETTING, next, state.updatedAt);
      await this.d.signals.publish(DISPLAY_CHANGED, `${mode}:${till}`);
      return next;
    });
    this.apply(stored);
    return state;
  }

  current(livemode: boolean, till: string = SHARED_TILL): DisplayState {
    return this.slots.get(slotKey(modeName(livemode), till)) ?? EMPTY;
  }

  subscribe(listener: (state: DisplayState) => void, livemode: boolean, till: string = SHARED_TILL): () => void {
    const event = `change:${slotKey(modeName(livemode), till)}`;
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  private async read(): Promise<StoredSlots> {
    return ((await this.d.settings.get(DISPLAY_SETTING)) as StoredSlots | undefined) ?? { version: 0 };
  }

  private refresh(): void {
    this.load().catch((err: unknown) => this.d.onError('the customer display could not be read after a change on another instance', err));
  }

  /** Takes a stored version newer than the one in memory, telling the displays of the tills it changed. */
  private apply(stored: StoredSlots): void {
    if (stored.version <= this.version) return;
    this.version = stored.version;
    const before = this.slots;
    this.slots = new Map<string, DisplayState>();
    for (const mode of ['live', 'test'] as const) {
      for (const [till, state] of Object.entries(stored[mode] ?? {})) this.slots.set(slotKey(mode, till), state);
    }
    for (const key of new Set([...before.keys(), ...this.slots.keys()])) {
      const was = before.get(key);
      const now = this.slots.get(key);
      if (was?.sessionId !== now?.sessionId || was?.updatedAt !== now?.updatedAt) this.emitter.emit(`change:${key}`, now ?? EMPTY);
    }
  }
}

/** A slot's key in memory: the mode, then the till (which cannot hold a colon). */
const slotKey = (mode: ModeName, till: string) => `${mode}:${till}`;
