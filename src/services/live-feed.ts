import { EventEmitter } from 'node:events';

/**
 * In-process notice that a session changed, published after its transaction commits. The HTTP
 * layer turns it into server-sent events for the checkout page and the app's screens.
 */
export class LiveFeed {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open page; many cashier and customer screens may follow sessions at once.
    this.emitter.setMaxListeners(0);
  }

  publish(sessionId: string): void {
    this.emitter.emit('session', sessionId);
    this.emitter.emit(`session:${sessionId}`, sessionId);
  }

  /** Calls `listener` for every change (or only `sessionId`'s); returns the unsubscribe function. */
  subscribe(listener: (sessionId: string) => void, sessionId?: string): () => void {
    const event = sessionId ? `session:${sessionId}` : 'session';
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }
}
