import { hash32 } from './hash32.js';

/**
 * A set of strings kept as 32-bit hashes, which says "maybe" or "no": the deposit addresses ever issued,
 * so that a transfer to one whose window has ended can be told from a stranger's (issue 17, `late`)
 * without keeping every address ever issued as a map entry. A busy shop issues hundreds of thousands:
 * a hash is 4 bytes in a sorted typed array, where a Map entry of the address costs about 80.
 *
 * "Maybe" is confirmed by the caller (an indexed store lookup). With n addresses, a stranger's address
 * hits by chance with probability about n / 2^32 (1 in 43,000 at 100,000 addresses): one lookup more,
 * never a wrong answer.
 */
export class AddressFilter {
  /** Sorted hashes, binary-searched. */
  private sorted = new Uint32Array(0);
  /**
   * Added since the last merge: a small Set (a lookup is asked for every transfer a scan finds, on a
   * live chain thousands a block), folded into the array once there are enough to be worth the copy.
   */
  private pending = new Set<number>();

  add(key: string): void {
    this.pending.add(hash32(key));
    if (this.pending.size >= PENDING_MAX) this.merge();
  }

  mayHave(key: string): boolean {
    const h = hash32(key);
    return this.pending.has(h) || binarySearch(this.sorted, h);
  }

  get size(): number {
    return this.sorted.length + this.pending.size;
  }

  clear(): void {
    this.sorted = new Uint32Array(0);
    this.pending.clear();
  }

  /** Folds the pending hashes into the sorted array, in one linear merge. */
  merge(): void {
    if (this.pending.size === 0) return;
    const add = Uint32Array.from(this.pending).sort();
    const old = this.sorted;
    const next = new Uint32Array(old.length + add.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < old.length || j < add.length) {
      next[k++] = j >= add.length || (i < old.length && (old[i] as number) <= (add[j] as number)) ? (old[i++] as number) : (add[j++] as number);
    }
    this.sorted = next;
    this.pending.clear();
  }
}

/** Hashes kept in the Set before a merge: a copy of the array per 4,096 sessions created. */
const PENDING_MAX = 4096;

function binarySearch(a: Uint32Array, v: number): boolean {
  let lo = 0;
  let hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = a[mid] as number;
    if (x === v) return true;
    if (x < v) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
