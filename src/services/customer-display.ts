import { EventEmitter } from 'node:events';

/** What the customer-facing screen shows: the sale the till has up, if any. */
export interface DisplayState {
  sessionId: string | null;
  /** Which till put it there (an API key id, or `ui`): for the log, not shown. */
  by: string | null;
  updatedAt: number;
}

/** The slot of a till that names none (an integration's till, an older UI): the shop's shared display. */
export const SHARED_TILL = '';

/**
 * The customer displays, one slot per till, in memory: a till puts its current sale in its own slot
 * (named by the till: the UI makes an id per device) and that till's display page (a second window,
 * or a browser on a customer-facing tablet) follows it, so two tills never show each other's sales.
 * Nothing in it is secret beyond what the display shows anyway (the session's QR codes and status),
 * and it is gone after a restart, when no sale is up.
 */
export class CustomerDisplay {
  private readonly slots = new Map<string, DisplayState>();
  private readonly emitter = new EventEmitter();

  constructor(private readonly now: () => number) {
    this.emitter.setMaxListeners(0);
  }

  show(sessionId: string | null, by: string, till: string = SHARED_TILL): DisplayState {
    const state = { sessionId, by, updatedAt: this.now() };
    // An emptied slot is forgotten: the map holds only tills with a sale up.
    if (sessionId === null) this.slots.delete(till);
    else this.slots.set(till, state);
    this.emitter.emit(`change:${till}`, state);
    return state;
  }

  current(till: string = SHARED_TILL): DisplayState {
    return this.slots.get(till) ?? { sessionId: null, by: null, updatedAt: 0 };
  }

  subscribe(listener: (state: DisplayState) => void, till: string = SHARED_TILL): () => void {
    this.emitter.on(`change:${till}`, listener);
    return () => this.emitter.off(`change:${till}`, listener);
  }
}
