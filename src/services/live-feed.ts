import { EventEmitter } from 'node:events';
import { onEveryInstance } from './on-every-instance.js';
import type { ChangeSignals } from './ports.js';

/** The signal of a session changed (ports.ts, ChangeSignals): its id. */
export const SESSION_CHANGED = 'session.changed';

/**
 * Notice that a session changed, published after its transaction commits. The HTTP layer turns it
 * into server-sent events for the checkout page and the app's screens; the webhook dispatcher wakes
 * on it. Subscribers on this instance hear it at once; those on the other instances sharing the
 * store when its signal arrives (a session paid through the leader's watcher reaches a checkout page
 * served by another instance). Subscribers read the session afresh on each notice, so after a resync
 * of the signals (some may have been missed) every subscriber is told once, and converges.
 */
export class LiveFeed {
  private readonly emitter = new EventEmitter();
  private readonly everywhere: (sessionId: string) => void;

  constructor(signals: ChangeSignals, onError: (message: string, err: unknown) => void) {
    // One listener per open page; many cashier and customer screens may follow sessions at once.
    this.emitter.setMaxListeners(0);
    this.everywhere = onEveryInstance(signals, SESSION_CHANGED, (sessionId) => this.emit(sessionId), onError);
    signals.onResync(() => this.resync());
  }

  publish(sessionId: string): void {
    this.everywhere(sessionId);
  }

  /** Calls `listener` for every change (or only `sessionId`'s); returns the unsubscribe function. */
  subscribe(listener: (sessionId: string) => void, sessionId?: string): () => void {
    const event = sessionId ? `session:${sessionId}` : 'session';
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  private emit(sessionId: string): void {
    this.emitter.emit('session', sessionId);
    this.emitter.emit(`session:${sessionId}`, sessionId);
  }

  /** Every session someone follows here is told once (it may have changed unheard). */
  private resync(): void {
    for (const event of this.emitter.eventNames()) {
      if (typeof event === 'string' && event.startsWith('session:')) this.emit(event.slice('session:'.length));
    }
  }
}
