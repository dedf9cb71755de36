import type { FamilyId } from '../domain/networks.js';
import type { WatchedAddressRow } from '../domain/records.js';
import { AddressFilter } from './address-filter.js';
import { hash32 } from './hash32.js';
import type { ChangeSignals, Clock, SessionAddressStore } from './ports.js';
import { WatchedTable } from './watched-table.js';

/** The signal of a session's addresses issued (ports.ts, ChangeSignals): `[[family, livemode, address, row], …]` as JSON. */
export const ADDRESS_ISSUED = 'address.issued';
/** After a failed reload (resync), the next try: the book must not stay without what it missed. */
const RELOAD_RETRY_MS = 1_000;
/** Rows a catch-up reads per query. */
const CATCH_UP_PAGE = 1_000;

/**
 * The deposit addresses being watched, in memory: a watcher asks about each transfer's recipient,
 * so matching costs one map lookup however many sessions are open. Loaded once at start, added to
 * as sessions are created; an address stops matching when its watch window ends.
 *
 * Memory is the point of its shape. A busy shop can watch hundreds of thousands of addresses (every
 * session of the last day or so), so an entry is only a 32-bit hash of the normalised address and the
 * number of its row in the store, in typed arrays (watched-table.ts): 11–21 bytes, where a Map entry of
 * the address string cost ~100 and an object with the session id and deadline ~260. The session, the
 * deadline and the address itself are read from the store on a hit, which is rare (a payment): the
 * address read confirms the hash (two addresses can share one), and the deadline is checked there, so
 * an address whose window has ended never matches, swept or not.
 *
 * Every address ever issued is also remembered, as a 4-byte hash (address-filter.ts), so that money
 * sent to one after its window is seen as a `late` deposit (issue 17) rather than ignored: the filter
 * says "maybe ours" and the store's address index confirms, only for the rare transfer that hits.
 *
 * **Several instances on one database** (issue 18): a session created on any instance issues its
 * addresses there, and the watcher runs on whichever instance leads. So each address issued is
 * announced in the unit of work that stores it (`announce`: the signal goes out with the commit),
 * every other instance adds it when the signal arrives, and a resync of the signals (some may have
 * been missed) reloads the book from the store. An address is therefore watched everywhere from the
 * moment its signal arrives, a few ms after its session's creation committed; if the listening
 * connection was down meanwhile, from the reload that follows its return.
 */
export class AddressBook {
  /** One table per family and mode: (hash of the normalised address, row id in the store). */
  private tables = new Map<string, WatchedTable>();
  /** One filter per family and mode: every address issued, watched or ended. */
  private issued = new Map<string, AddressFilter>();
  /** Until when the last sweep removed ended windows (the next one reads from there). */
  private sweptUpTo: number;
  /** While a load reads the store: what was added meanwhile, added again to what it built. */
  private addedDuringLoad: [FamilyId, boolean, string, number][] | undefined;
  /** The load under way (loads run one after the other). */
  private loading: Promise<void> = Promise.resolve();
  /**
   * The newest address row this book has read from the store (`catchUp` reads those after it). On
   * SQLite rows are numbered in commit order. On PostgreSQL units of work run concurrently, so a row
   * may commit after a higher one was read here and `catchUp` not read it: its `address.issued` signal,
   * sent with its commit, adds it a few ms later, long before a customer can pay to the address that
   * only its committed session shows; a signal lost with the listening connection makes a resync,
   * which reloads the book.
   */
  private lastRow = 0;
  /** The catch-up under way, shared by the watchers asking at once. */
  private catchingUp: Promise<void> | undefined;

  /**
   * `keyOf`: the form in which two spellings of one address of a family are equal, as the family
   * says (EVM compares case-insensitively; base58 addresses are case-sensitive). `hashOf`: the watched
   * tables' hash of that form (tests give one that collides).
   */
  constructor(
    private readonly store: SessionAddressStore,
    private readonly now: Clock,
    private readonly keyOf: (family: FamilyId, address: string) => string,
    private readonly signals: ChangeSignals,
    private readonly onError: (message: string, err: unknown) => void = () => undefined,
    private readonly hashOf: (key: string) => number = hash32,
  ) {
    this.sweptUpTo = now();
    signals.subscribe(ADDRESS_ISSUED, (payload, fromHere) => {
      if (!fromHere) this.heard(payload);
    });
    signals.onResync(() => this.reload());
  }

  /** The table of a family and mode, made when first added to. */
  private table(family: string, livemode: boolean, tables = this.tables): WatchedTable {
    const name = `${family}:${livemode ? 'live' : 'test'}`;
    let table = tables.get(name);
    if (!table) tables.set(name, (table = new WatchedTable()));
    return table;
  }

  /** The table of a family and mode if any was added to it (reads make none). */
  private tableIfAny(family: string, livemode: boolean): WatchedTable | undefined {
    return this.tables.get(`${family}:${livemode ? 'live' : 'test'}`);
  }

  private filter(family: string, livemode: boolean, issued = this.issued): AddressFilter {
    const name = `${family}:${livemode ? 'live' : 'test'}`;
    let filter = issued.get(name);
    if (!filter) issued.set(name, (filter = new AddressFilter()));
    return filter;
  }

  /**
   * Reads the book from the store (at start, and again after a resync). It is built aside and then
   * put in place, so lookups meanwhile use the old one (a watcher's pass never sees an empty book),
   * and what was added while the store was read is added again to the new one.
   */
  load(): Promise<void> {
    // From now on, not only from when the read starts: an add until then is one the read may miss.
    this.addedDuringLoad ??= [];
    this.loading = this.loading.catch(() => undefined).then(() => this.rebuild());
    return this.loading;
  }

  private async rebuild(): Promise<void> {
    const tables = new Map<string, WatchedTable>();
    const issued = new Map<string, AddressFilter>();
    const upTo = this.now();
    this.addedDuringLoad ??= [];
    let lastRow: number;
    try {
      // Read first: rows issued while the rest is read are read again by the next catch-up (harmless).
      lastRow = await this.store.lastRow();
      for (const a of await this.store.watched(upTo)) this.table(a.family, a.livemode, tables).add(this.hashOf(this.keyOf(a.family, a.address)), a.row);
      await this.store.eachIssued((family, livemode, address) => this.filter(family, livemode, issued).add(this.keyOf(family, address)));
    } catch (err) {
      this.addedDuringLoad = undefined;
      throw err;
    }
    const added = this.addedDuringLoad ?? [];
    this.addedDuringLoad = undefined;
    this.tables = tables;
    this.issued = issued;
    this.sweptUpTo = upTo;
    this.lastRow = Math.max(this.lastRow, lastRow);
    for (const [family, livemode, address, row] of added) this.add(family, livemode, address, row);
    for (const f of this.issued.values()) f.merge();
  }

  /** Settles when the latest load (at start, or the reload after a resync) has ended. */
  get loaded(): Promise<void> {
    return this.loading.catch(() => undefined);
  }

  /** A resync: reloads, and tries again until a load succeeded (addresses may have been missed). */
  private reload(): void {
    this.load().catch((err: unknown) => {
      this.onError('the address book could not be reloaded after the change signals resynced; trying again', err);
      setTimeout(() => this.reload(), RELOAD_RETRY_MS).unref();
    });
  }

  /**
   * Adds what the store holds beyond the last row read: addresses other instances issued, whose
   * signal may not have arrived (or was lost with the listening connection). Watchers call it at the
   * start of each pass, so a payment to an address committed before the pass began is matched.
   * One indexed query when nothing is new.
   */
  catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        await this.loading.catch(() => undefined);
        for (;;) {
          const rows = await this.store.issuedAfter(this.lastRow, CATCH_UP_PAGE);
          for (const r of rows) {
            this.add(r.family as FamilyId, r.livemode, r.address, r.row);
            this.lastRow = Math.max(this.lastRow, r.row);
          }
          if (rows.length < CATCH_UP_PAGE) return;
        }
      } finally {
        this.catchingUp = undefined;
      }
    })();
    return this.catchingUp;
  }

  /** `row`: the address's row id, as the store's `insert` returned it. */
  add(family: FamilyId, livemode: boolean, address: string, row: number): void {
    const key = this.keyOf(family, address);
    this.table(family, livemode).add(this.hashOf(key), row);
    this.filter(family, livemode).add(key);
    this.addedDuringLoad?.push([family, livemode, address, row]);
  }

  /**
   * Tells the other instances of the addresses a session was just given (one signal for them all);
   * called inside the unit of work that stored them, so the signal goes out when (and only if) it
   * commits. This instance adds them with `add`.
   */
  async announce(livemode: boolean, addresses: readonly { family: FamilyId; address: string; row: number }[]): Promise<void> {
    if (addresses.length === 0) return;
    await this.signals.publish(ADDRESS_ISSUED, JSON.stringify(addresses.map((a) => [a.family, livemode, a.address, a.row])));
  }

  private heard(payload: string): void {
    const parsed = JSON.parse(payload) as unknown;
    if (!Array.isArray(parsed)) throw new Error(`${ADDRESS_ISSUED}: not a list of [family, livemode, address, row]: ${payload}`);
    for (const entry of parsed as unknown[]) {
      if (!Array.isArray(entry) || entry.length !== 4) throw new Error(`${ADDRESS_ISSUED}: not [family, livemode, address, row]: ${JSON.stringify(entry)}`);
      const [family, livemode, address, row] = entry as [FamilyId, boolean, string, number];
      this.add(family, livemode, address, row);
    }
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

  /**
   * The session an address belongs to, while it is watched. Each row under the address's hash is read
   * from the store (almost always one, and only for a transfer to a watched address: a stranger's
   * address shares a watched one's hash with odds of n / 2^32, 1 in 43,000 at 100,000 watched, and
   * costs one read more): a row of another address with the same hash is no match and stays, a row of
   * this one whose window ended (or that the store no longer has) leaves the table.
   */
  async lookup(family: FamilyId, livemode: boolean, address: string): Promise<string | undefined> {
    const found = await this.match(family, livemode, address);
    return found === 'ended' ? undefined : found;
  }

  /**
   * As `lookup`, and 'ended' when the row read is this address's and its window has ended (not yet
   * swept): the caller then knows the address is a past deposit without asking `ended`, which would
   * read the same row again (a watcher's pass reads each recipient's row once: payment-recorder.ts).
   */
  async match(family: FamilyId, livemode: boolean, address: string): Promise<string | 'ended' | undefined> {
    const table = this.tableIfAny(family, livemode);
    if (!table) return undefined;
    const key = this.keyOf(family, address);
    const hash = this.hashOf(key);
    let ended = false;
    for (const row of table.rowsOf(hash)) {
      const watch = await this.store.watchOf(row);
      if (watch && this.keyOf(family, watch.address) !== key) continue;
      if (!watch || watch.watchUntil <= this.now()) {
        if (watch) ended = true;
        table.remove(hash, row);
        continue;
      }
      return watch.sessionId;
    }
    return ended ? 'ended' : undefined;
  }

  /**
   * Whether any address of a family and mode may be watched: an idle watcher skips log scans. It can
   * say yes for a window that ended since the last sweep (at most a minute of needless scans).
   */
  any(family: FamilyId, livemode: boolean): boolean {
    return (this.tableIfAny(family, livemode)?.size ?? 0) > 0;
  }

  /**
   * The session of the oldest address of a family and mode in the book (rows are numbered in commit
   * order, so the lowest row is the oldest); undefined when none is. One whose window ended since the
   * last sweep may answer: older than needed, never newer. A watcher's first run starts no later than
   * that session's creation (docs/payments.md); it walks the book once, and reads the store once.
   */
  async oldestWatched(family: FamilyId, livemode: boolean): Promise<string | undefined> {
    const oldest = this.tableIfAny(family, livemode)?.minRow();
    return oldest === undefined ? undefined : (await this.store.watchOf(oldest))?.sessionId;
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
      // By (address, row): the same address could in principle be watched again later, under another row.
      if (this.tableIfAny(a.family, a.livemode)?.remove(this.hashOf(this.keyOf(a.family, a.address)), a.row)) removed++;
    };
    for (const a of await this.store.watchEnded(this.sweptUpTo, upTo)) forget(a);
    this.sweptUpTo = upTo;
    return removed;
  }

  get size(): number {
    let n = 0;
    for (const table of this.tables.values()) n += table.size;
    return n;
  }

  /** Bytes of the watched tables' arrays (the filters of addresses issued aside): what watching costs. */
  get watchedBytes(): number {
    let n = 0;
    for (const table of this.tables.values()) n += table.byteLength;
    return n;
  }
}
