/**
 * FNV-1a over a string's UTF-16 code units: fast, and spread well enough for addresses. The address
 * book keys on it twice: the filter of every address issued (address-filter.ts) and the table of the
 * addresses watched (watched-table.ts). It sees strings only (the family's normalised key), so it knows
 * no address format: a family's addresses need not be random in any byte for it to spread them.
 */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
