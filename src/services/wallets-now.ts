import type { ChangeSignals, Clock, UnitOfWork, WalletStore } from './ports.js';

import { WALLET_SAVED } from '../domain/signals.js';

export { WALLET_SAVED };

export interface WalletsNowDeps {
  wallets: WalletStore;
  tx: UnitOfWork;
  signals: ChangeSignals;
  now: Clock;
  merchantId: string;
  families: readonly string[];
  onError: (message: string, err: unknown) => void;
}

const keyOf = (family: string, livemode: boolean) => `${family}:${livemode ? 'live' : 'test'}`;

/**
 * The default merchant's wallet of each family and mode as it is set now, in memory: watchers and
 * payment options ask on every pass and view, synchronously (WatcherPorts.wallet). All are read at
 * start; one saved here is kept at once, and one saved on another instance sharing the store is
 * read again when its signal arrives (everything is, after a resync of the signals).
 */
export class WalletsNow {
  private readonly known = new Map<string, string | undefined>();
  /** Reads started by signals, one after the other: the last wallet saved is the one kept. */
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly d: WalletsNowDeps) {
    d.signals.subscribe(WALLET_SAVED, (payload, fromHere) => {
      if (!fromHere) this.reread(payload);
    });
    d.signals.onResync(() => {
      this.queue(() => this.load(), 'the wallets could not be read again after the change signals resynced');
    });
  }

  async load(): Promise<void> {
    for (const family of this.d.families) for (const livemode of [false, true]) await this.readOne(family, livemode);
  }

  /** Settles when the reads that signals started so far have ended. */
  get settled(): Promise<void> {
    return this.reading;
  }

  get(family: string, livemode: boolean): string | undefined {
    return this.known.get(keyOf(family, livemode));
  }

  /**
   * A merchant's wallet of a family and mode: the default merchant's from memory (a session's view asks
   * for each family's, so no query per view), another merchant's from the store. The only cache of
   * wallets in the core: the store keeps none.
   */
  async of(merchantId: string, family: string, livemode: boolean): Promise<string | undefined> {
    return merchantId === this.d.merchantId ? this.get(family, livemode) : await this.d.wallets.xpub(merchantId, family, livemode);
  }

  /** Stores a wallet and tells the other instances, in one unit of work. */
  async save(family: string, livemode: boolean, xpub: string): Promise<void> {
    await this.d.tx(async () => {
      await this.d.wallets.upsert(this.d.merchantId, family, livemode, xpub, this.d.now());
      await this.d.signals.publish(WALLET_SAVED, keyOf(family, livemode));
    });
    this.known.set(keyOf(family, livemode), xpub);
  }

  private async readOne(family: string, livemode: boolean): Promise<void> {
    this.known.set(keyOf(family, livemode), await this.d.wallets.xpub(this.d.merchantId, family, livemode));
  }

  private reread(payload: string): void {
    const [family, mode] = payload.split(':');
    if (family === undefined || !this.d.families.includes(family) || (mode !== 'live' && mode !== 'test')) {
      this.d.onError(`${WALLET_SAVED}: not a family and mode: ${payload}`, undefined);
      return;
    }
    this.queue(() => this.readOne(family, mode === 'live'), `the ${payload} wallet saved on another instance could not be read`);
  }

  private queue(read: () => Promise<void>, failure: string): void {
    this.reading = this.reading.then(read).catch((err: unknown) => this.d.onError(failure, err));
  }
}
