import type { FamilyId } from '../domain/networks.js';
import type { WatchedAddressRow } from '../domain/records.js';
import { AddressFilter } from './address-filter.js';
import type { Clock, SessionAddressStore } from './ports.js';

/**
 * The deposit addresses being watched, in memory: a watcher asks about each transfer's recipient,
 * so matching costs one map lookup however many sessions are open. Loaded once at start, added to
 * as sessions are created; an address stops matching when its watch window ends.
 *
 * Memory is the point of its shape. A busy shop can watch hundreds of thousands of addresses (every
 * session of the last day or so), so an entry is only the normalised address and the number of its
 * row in the store: about 80 bytes, where an object with the session id and deadline cost about 260.
 * The session and the deadline are read from the store on a hit, which is rare (a payment), and the
 * deadline is checked there, so an address whose window has ended never matches, swept or not.
 *
 * Every address ever issued is also remembered, as a 4-byte hash (address-filter.ts), so that money
 * sent to one after its window is seen as a `late` deposit (issue 17) rather than ignored: the filter
 * says "maybe ours" and the store's address index confirms, only for the rare transfer that hits.
 */
export class AddressBook {
  /** One map per family and mode: normalised address → row id in the store. */
  private readonly buckets = new Map<string, Map<string, number>>();
  /** One filter per family and mode: every address issued, watched or ended. */
  private readonly issued = new Map<string, AddressFilter>();
  /** Until when the last sweep removed ended windows (the next one reads from there). */
  private sweptUpTo: number;

  /**
   * `keyOf`: the form in which two spellings of one address of a family are equal, as the family
   * says (EVM compares case-insensitively; base58 addresses are case-sensitive).
   */
  constructor(
    private readonly store: SessionAddressStore,
    private readonly now: Clock,
    private readonly keyOf: (family: FamilyId, address: string) => string,
  ) {
    this.sweptUpTo = now();
  }

  private bucket(family: string, livemode: boolean): Map<string, number> {
    const name = `${family}:${livemode ? 'live' : 'test'}`;
    let bucket = this.buckets.get(name);
    if (!bucket) this.buckets.set(name, (bucket = new Map()));
    return bucket;
  }

  private filter(family: string, livemode: boolean): AddressFilter {
    const name = `${family}:${livemode ? 'live' : 'test'}`;
    let filter = this.issued.get(name);
    if (!filter) this.issued.set(name, (filter = new AddressFilter()));
    return filter;
  }

  async load(): Promise<void> {
    this.buckets.clear();
    this.issued.clear();
    this.sweptUpTo = this.now();
    for (const a of await this.store.watched(this.sweptUpTo)) this.bucket(a.family, a.livemode).set(this.keyOf(a.family, a.address), a.row);
    await this.store.eachIssued((family, livemode, address) => this.filter(family, livemode).add(this.keyOf(family, address)));
    for (const f of this.issued.values()) f.merge();
  }

  /** `row`: the address's row id, as the store's `insert` returned it. */
  add(family: FamilyId, livemode: boolean, address: string, row: number): void {
    const key = this.keyOf(family, address);
    this.bucket(family, livemode).set(key, row);
    this.filter(family, livemode).add(key);
  }

  /**
   * Whether `address` is a deposit address issued by this app whose watch window has ended (a transfer
   * there is `late`). `address` as the family writes it (the store keeps that form): the filter rules
   * out almost every stranger's address in memory, and only a hit reads the store.
   */
  async ended(family: FamilyId, livemode: boolean, address: string): Promise<boolean> {
    if (!this.filter(family, livemode).mayHave(this.keyOf(family, address))) return false;
    const watch = await this.store.watchOfAddress(family, livemode, address);
    return watch !== undefined && watch.watchUntil <= this.now();
  }

  /** The session an address belongs to, while it is watched. */
  async lookup(family: FamilyId, livemode: boolean, address: string): Promise<string | undefined> {
    const bucket = this.bucket(family, livemode);
    const key = this.keyOf(family, address);
    const row = bucket.get(key);
    if (row === undefined) return undefined;
    const watch = await this.store.watchOf(row);
    if (!watch || watch.watchUntil <= this.now()) {
      bucket.delete(key);
      return undefined;
    }
    return watch.sessionId;
  }

  /**
   * Whether any address of a family and mode may be watched: an idle watcher skips log scans. It can
   * say yes for a window that ended since the last sweep (at most a minute of needless scans).
   */
  any(family: FamilyId, livemode: boolean): boolean {
    return this.bucket(family, livemode).size > 0;
  }

  /** Whether any address of a family and mode was ever issued: a watcher then scans for `late` transfers. */
  anyIssued(family: FamilyId, livemode: boolean): boolean {
    return this.filter(family, livemode).size > 0;
  }

  /** Forgets addresses whose watch window has ended (run periodically, so memory stays bounded). */
  async sweep(): Promise<number> {
    const upTo = this.now();
    let removed = 0;
    const forget = (a: WatchedAddressRow) => {
      const bucket = this.bucket(a.family, a.livemode);
      const key = this.keyOf(a.family, a.address);
      // Only if it is still this row: the same address could in principle be watched again later.
      if (bucket.get(key) === a.row && bucket.delete(key)) removed++;
    };
    for (const a of await this.store.watchEnded(this.sweptUpTo, upTo)) forget(a);
    this.sweptUpTo = upTo;
    return removed;
  }

  get size(): number {
    let n = 0;
    for (const bucket of this.buckets.values()) n += bucket.size;
    return n;
  }
}
