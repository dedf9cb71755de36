/**
 * The watched addresses of one family and mode, as pairs of (32-bit hash of the normalised address,
 * row id in the store) in an open-addressing hash table over two typed arrays: 8 bytes a slot, so
 * 11–21 bytes per watched address with the table between 3/8 and 3/4 full, where a Map entry of the
 * address string cost ~100 (issue 28, memory). The address itself stays in the store: a hash says
 * which rows may hold it, and the caller (address-book.ts) confirms each against the store's row.
 *
 * Two addresses can share a hash (at 100,000 watched addresses, some pair does), so a hash may have
 * several rows; a pair (hash, row) is there at most once, so adding what is already there changes
 * nothing (the book's catch-up reads again rows it was told of).
 *
 * Decision: linear probing with backward-shift deletion, no tombstones. A removal moves the entries
 * after it that would no longer be reachable back into the hole, so a probe always stops at the first
 * empty slot, sweeps leave no debris that slows lookups or needs a periodic rebuild, and a removal
 * then an add of the same pair leaves the table as if neither happened. The table doubles past 3/4
 * full and halves below 1/8 (never under its minimum), each by reinserting every entry.
 */
export class WatchedTable {
  /** Hash of each slot's address (meaningful where the slot's row is not EMPTY). */
  private hashes: Uint32Array;
  /**
   * Row id + 1 of each slot, 0 when the slot is empty (a row id may be 0 in principle). 32 bits hold
   * rows up to 2^32 - 2; a greater one turns the array into doubles (exact up to 2^53) for good.
   */
  private rows: Uint32Array | Float64Array;
  /** Slots - 1 (slots are a power of two). */
  private mask: number;
  /** 32 - log2(slots): the home slot is the top bits of the mixed hash. */
  private shift: number;
  private count = 0;

  constructor(slots = MIN_SLOTS) {
    const n = slotsFor(slots);
    this.hashes = new Uint32Array(n);
    this.rows = new Uint32Array(n);
    this.mask = n - 1;
    this.shift = 32 - Math.log2(n);
  }

  get size(): number {
    return this.count;
  }

  /** Bytes of the table's arrays: what it holds in memory, whatever it holds. */
  get byteLength(): number {
    return this.hashes.byteLength + this.rows.byteLength;
  }

  /** Adds (hash, row); false when that pair is already there. */
  add(hash: number, row: number): boolean {
    if (!Number.isSafeInteger(row) || row < 0) throw new RangeError(`not a row id: ${row}`);
    if (this.find(hash, row) >= 0) return false;
    if ((this.count + 1) * 4 > (this.mask + 1) * 3) this.resize((this.mask + 1) * 2);
    if (row + 1 > MAX_U32 && this.rows instanceof Uint32Array) this.rows = Float64Array.from(this.rows);
    this.put(hash >>> 0, row + 1);
    this.count++;
    return true;
  }

  /** Removes (hash, row); false when that pair is not there. */
  remove(hash: number, row: number): boolean {
    const at = this.find(hash, row);
    if (at < 0) return false;
    this.vacate(at);
    this.count--;
    if (this.count * 8 < this.mask + 1 && this.mask + 1 > MIN_SLOTS) this.resize((this.mask + 1) / 2);
    return true;
  }

  /** The rows whose address has this hash (usually none; one for an address watched). */
  rowsOf(hash: number): readonly number[] {
    const h = hash >>> 0;
    let found: number[] | undefined;
    for (let i = this.home(h); this.rows[i] !== EMPTY; i = (i + 1) & this.mask) {
      if (this.hashes[i] === h) (found ??= []).push((this.rows[i] as number) - 1);
    }
    return found ?? NONE;
  }

  /** The lowest row, undefined when the table is empty. */
  minRow(): number | undefined {
    let min = Infinity;
    const rows = this.rows;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number;
      if (r !== EMPTY && r < min) min = r;
    }
    return min === Infinity ? undefined : min - 1;
  }

  private home(h: number): number {
    // Fibonacci hashing: the top bits of the hash times 2^32/φ, so that every bit of the hash counts.
    return Math.imul(h, 0x9e3779b1) >>> this.shift;
  }

  /** The slot of (hash, row), -1 when it is not there. */
  private find(hash: number, row: number): number {
    const h = hash >>> 0;
    const stored = row + 1;
    for (let i = this.home(h); this.rows[i] !== EMPTY; i = (i + 1) & this.mask) {
      if (this.hashes[i] === h && this.rows[i] === stored) return i;
    }
    return -1;
  }

  /** Puts a pair in the first empty slot from its home (the table has one: it is never full). */
  private put(h: number, stored: number): void {
    let i = this.home(h);
    while (this.rows[i] !== EMPTY) i = (i + 1) & this.mask;
    this.hashes[i] = h;
    this.rows[i] = stored;
  }

  /**
   * Empties slot `hole`, then walks the run of entries after it: one whose home is not cyclically in
   * (hole, its slot] would be cut off from its home by the hole, so it moves into the hole, and the
   * hole moves to where it was. The run ends at the first empty slot.
   */
  private vacate(hole: number): void {
    for (let j = (hole + 1) & this.mask; this.rows[j] !== EMPTY; j = (j + 1) & this.mask) {
      const k = this.home(this.hashes[j] as number);
      const reachable = hole <= j ? hole < k && k <= j : hole < k || k <= j;
      if (reachable) continue;
      this.hashes[hole] = this.hashes[j] as number;
      this.rows[hole] = this.rows[j] as number;
      hole = j;
    }
    this.rows[hole] = EMPTY;
    this.hashes[hole] = 0;
  }

  private resize(slots: number): void {
    const hashes = this.hashes;
    const rows = this.rows;
    const n = slotsFor(slots);
    this.hashes = new Uint32Array(n);
    this.rows = rows instanceof Float64Array ? new Float64Array(n) : new Uint32Array(n);
    this.mask = n - 1;
    this.shift = 32 - Math.log2(n);
    for (let i = 0; i < rows.length; i++) if (rows[i] !== EMPTY) this.put(hashes[i] as number, rows[i] as number);
  }
}

const EMPTY = 0;
const NONE: readonly number[] = Object.freeze([]);
const MAX_U32 = 0xffffffff;
/** 64 slots (512 bytes): a family and mode with a few sessions costs next to nothing. */
const MIN_SLOTS = 64;

/** The power of two at least `n` and MIN_SLOTS. */
function slotsFor(n: number): number {
  let slots = MIN_SLOTS;
  while (slots < n) slots *= 2;
  return slots;
}
