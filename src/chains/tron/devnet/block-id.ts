import type { Hex } from './anvil-rpc.js';

/**
 * TRON block ids for anvil's blocks. java-tron's block id is the block's number in 8 big-endian bytes
 * followed by the last 24 bytes of the header's sha256; here the last 24 bytes of anvil's block hash
 * take that place. So the id still carries the number (TronWeb's `ref_block_bytes` come from it), a
 * reorganisation still changes it, and `ref_block_hash` (id bytes 8–15) still names one block.
 */
export function tronBlockId(number: number, anvilHash: Hex): string {
  return number.toString(16).padStart(16, '0') + anvilHash.slice(2 + 16).toLowerCase();
}

/** The block number an id starts with, or null when `id` is not 32 bytes of hex (0x allowed). */
export function blockNumberOfId(id: string): number | null {
  const hex = id.startsWith('0x') ? id.slice(2) : id;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  const number = Number.parseInt(hex.slice(0, 16), 16);
  return Number.isSafeInteger(number) ? number : null;
}
