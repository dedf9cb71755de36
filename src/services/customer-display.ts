import { EventEmitter } from 'node:events';

/** What the customer-facing screen shows: the sale the till has up, if any. */
export interface DisplayState {
  sessionId: string | null;
  /** Which till put it there (an API key id, or `ui`): for the log, not shown. */
  by: string | null;
  updatedAt: number;
}

/**
 * The customer display's one slot, in memory: the cashier screen puts its current sale there and
 * the display page (a second window, or a browser on a customer-facing tablet) follows it. Nothing
 * in it is secret beyond what the display shows anyway (the session's QR codes and status), and
 * it is gone after a restart, when no sale is up.
 */
export class CustomerDisplay {
  private state: DisplayState = { sessionId: null, by: null, updatedAt: 0 };
  private readonly emitter = new EventEmitter();

  constructor(private readonly now: () => number) {
    this.emitter.setMaxListeners(0);
  }

  show(sessionId: string | null, by: string): DisplayState {
    this.state = { sessionId, by, updatedAt: this.now() };
    this.emitter.emit('change', this.state);
    return this.state;
  }

  current(): DisplayState {
    return this.state;
  }

  subscribe(listener: (state: DisplayState) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
