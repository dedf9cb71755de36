import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { checkSignal } from '../../domain/signals.js';
import { SignalListeners } from '../signal-listeners.js';
import { type NamedStatement, runNamed } from './named-statement.js';
import type { PgDatabase } from './pg-database.js';

/** The one channel every signal goes on; the topic travels in the payload (one LISTEN for them all). */
const CHANNEL = 'stablepos_signals';
/** Several signals in one statement, in their order (the array is one parameter). */
const NOTIFY_MANY: NamedStatement = {
  name: 'stablepos_notify_many',
  text: 'SELECT pg_notify($1, m) FROM unnest($2::text[]) WITH ORDINALITY AS t (m, n) ORDER BY n',
};
/** Where a unit of work keeps the signals waiting for its commit (PgDatabase.collectAtCommit). */
const SIGNALS_KEY = 'signals';
/** Waits between attempts to listen again after the connection was lost: doubling from the first to the last. */
const RETRY_FIRST_MS = 100;
const RETRY_LAST_MS = 5_000;

/**
 * Change signals of the PostgreSQL store (services/ports.ts, ChangeSignals), heard by every instance
 * on the database. Each instance keeps one connection of its own (not the pool's) doing `LISTEN`;
 * `publish` is `pg_notify` on the flow's connection, so inside a unit of work it goes out when the
 * transaction commits (and never if it rolls back), which is what PostgreSQL does with NOTIFY.
 *
 * A payload travels as `<instance> <topic> <payload>`: the instance (random, per start) tells a
 * subscriber whether the signal is its own.
 *
 * When the listening connection is lost (the server restarted, a network cut, pg_terminate_backend),
 * signals sent meanwhile are lost with it: it connects again, waiting longer after each failure, and
 * once it listens again tells the resync subscribers, who read again what they keep.
 */
export class PgSignals {
  /** This start's id, in every payload it sends. */
  readonly instance = randomBytes(8).toString('hex');
  private readonly listeners: SignalListeners;
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = RETRY_FIRST_MS;
  private closed = false;
  /** Signals published outside units of work in this turn of the event loop, sent together. */
  private outgoing: { message: string; resolve: () => void; reject: (err: unknown) => void }[] = [];

  constructor(
    private readonly database: PgDatabase,
    private readonly url: string,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.listeners = new SignalListeners(onError);
  }

  /** The listening connection's `application_name` (ops see it in pg_stat_activity; tests end it). */
  get applicationName(): string {
    return `stablepos-signals-${this.instance}`;
  }

  /** Listens; resolves once listening. @throws when the first connection fails (the store does not open). */
  async start(): Promise<void> {
    this.client = await this.listen();
  }

  /**
   * Inside a unit of work, the signal waits for the unit's commit and goes out with the unit's other
   * signals in one statement just before it (NOTIFY is sent at COMMIT anyway). Outside, the signals
   * published in one turn of the event loop go out together in one statement (all the creations of a
   * group commit announce their deadline and change at once): a statement per signal was a round
   * trip each, a third of a session creation's on PostgreSQL.
   */
  async publish(topic: string, payload: string): Promise<void> {
    checkSignal(topic, payload);
    const message = `${this.instance} ${topic} ${payload}`;
    if (this.database.collectAtCommit(SIGNALS_KEY, message, (messages) => this.notify(messages))) return;
    await new Promise<void>((resolve, reject) => {
      this.outgoing.push({ message, resolve, reject });
      if (this.outgoing.length === 1) setImmediate(() => void this.sendOutgoing());
    });
  }

  private async sendOutgoing(): Promise<void> {
    const batch = this.outgoing.splice(0);
    try {
      await this.database.outsideUnit(() => this.notify(batch.map((b) => b.message)));
      for (const b of batch) b.resolve();
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }

  /** One statement for all `messages`, in their order (PostgreSQL folds identical ones of a transaction into one). */
  private async notify(messages: string[]): Promise<void> {
    if (messages.length === 1) {
      await this.database.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${messages[0]})`);
      return;
    }
    await runNamed(this.database, NOTIFY_MANY, [CHANNEL, messages]);
  }

  subscribe(topic: string, listener: (payload: string, fromHere: boolean) => void): () => void {
    return this.listeners.subscribe(topic, listener);
  }

  onResync(listener: () => void): () => void {
    return this.listeners.onResync(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<pg.Client> {
    // Loaded when first listening (after openPgDatabase has loaded it): not with a core on SQLite.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.url, application_name: this.applicationName, keepAlive: true });
    // Before it is current, a failure is the rejected connect below; after, the connection was lost.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (!this.closed && message.channel === CHANNEL && message.payload !== undefined) this.heard(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      return client;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  private heard(message: string): void {
    const first = message.indexOf(' ');
    const second = message.indexOf(' ', first + 1);
    if (first < 0 || second < 0) return; // not ours: someone else's NOTIFY on our channel
    this.listeners.deliver(message.slice(first + 1, second), message.slice(second + 1), message.slice(0, first) === this.instance);
  }

  private lost(client: pg.Client, err?: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (err !== undefined) this.onError(err);
    client.end().catch(() => undefined);
    this.listenAgain();
  }

  private listenAgain(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.listen().then(
        (client) => {
          if (this.closed) {
            void client.end().catch(() => undefined);
            return;
          }
          this.client = client;
          this.retryMs = RETRY_FIRST_MS;
          // Listening again: what was sent while nobody listened is read from the store instead.
          this.listeners.resync();
        },
        (err: unknown) => {
          this.onError(err);
          this.retryMs = Math.min(this.retryMs * 2, RETRY_LAST_MS);
          this.listenAgain();
        },
      );
    }, this.retryMs);
    this.retry.unref();
  }
}
