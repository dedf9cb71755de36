import type { ChainFamily } from '../domain/networks.js';
import type { Clock, SessionAddressStore } from './ports.js';

/**
 * The deposit addresses being watched, in memory: a watcher asks about each transfer's recipient,
 * so matching costs one map lookup however many sessions are open. Loaded once at start, added to
 * as sessions are created; an address stops matching when its watch window ends.
 */
export class AddressBook {
  private readonly entries = new Map<string, { sessionId: string; watchUntil: number }>();

  constructor(
    private readonly store: SessionAddressStore,
    private readonly now: Clock,
  ) {}

  private static key(family: string, livemode: boolean, address: string): string {
    // EVM addresses compare case-insensitively (EIP-55 checksums are only a display convention).
    return `${family}:${livemode ? 'live' : 'test'}:${family === 'evm' ? address.toLowerCase() : address}`;
  }

  load(): void {
    this.entries.clear();
    for (const a of this.store.watched(this.now())) this.add(a.family as ChainFamily, a.livemode, a.address, a.sessionId, a.watchUntil);
  }

  add(family: ChainFamily, livemode: boolean, address: string, sessionId: string, watchUntil: number): void {
    this.entries.set(AddressBook.key(family, livemode, address), { sessionId, watchUntil });
  }

  /** The session an address belongs to, while it is watched. */
  lookup(family: ChainFamily, livemode: boolean, address: string): string | undefined {
    const key = AddressBook.key(family, livemode, address);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.watchUntil <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.sessionId;
  }

  /** Whether any address of a family and mode is watched: an idle watcher skips log scans. */
  any(family: ChainFamily, livemode: boolean): boolean {
    const prefix = `${family}:${livemode ? 'live' : 'test'}:`;
    const now = this.now();
    for (const [key, entry] of this.entries) if (key.startsWith(prefix) && entry.watchUntil > now) return true;
    return false;
  }

  /** Forgets addresses whose watch window has ended (run periodically, so memory stays bounded). */
  sweep(): number {
    const now = this.now();
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (entry.watchUntil <= now) {
        this.entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  get size(): number {
    return this.entries.size;
  }
}
