import { checkSignal } from '../../domain/signals.js';
import { SignalListeners } from '../signal-listeners.js';
import type { SqliteGate } from './sqlite-gate.js';

/**
 * Change signals of the SQLite store (services/ports.ts, ChangeSignals): one process owns the file,
 * so a signal is heard in this process only, by an in-memory dispatch. Another process on the same
 * file (the CLI's `keys revoke`) is seen through SQLite's data version instead (sql-data-version.ts).
 * Published inside a unit of work, it is heard once that unit commits, as on PostgreSQL.
 */
export class SqliteSignals {
  private readonly listeners: SignalListeners;

  constructor(
    private readonly gate: SqliteGate,
    onError?: (err: unknown) => void,
  ) {
    this.listeners = new SignalListeners(onError);
  }

  publish(topic: string, payload: string): Promise<void> {
    try {
      checkSignal(topic, payload);
    } catch (err) {
      return Promise.reject(err);
    }
    this.gate.afterCommit(() => this.listeners.deliver(topic, payload, true));
    return Promise.resolve();
  }

  subscribe(topic: string, listener: (payload: string, fromHere: boolean) => void): () => void {
    return this.listeners.subscribe(topic, listener);
  }

  /** Never called: nothing is ever missed within one process. */
  onResync(listener: () => void): () => void {
    return this.listeners.onResync(listener);
  }
}
