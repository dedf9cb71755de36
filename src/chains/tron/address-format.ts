import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';

/**
 * The three spellings of one TRON account: base58check `T…` (what people and wallets see), hex with
 * TRON's 0x41 prefix (what java-tron's HTTP API speaks unless `visible` is set) and the 20 bytes of an
 * EVM address (what the TVM, ABI-encoded arguments and the node's `/jsonrpc` use). All three carry the
 * same 20 bytes: keccak-256 of the public key, last 20 bytes, as on Ethereum.
 */

const base58check = createBase58check(sha256);

/** TRON's mainnet address prefix byte: every `T…` address decodes to 0x41 + 20 bytes. */
export const TRON_ADDRESS_PREFIX = 0x41;

/** `41` + 40 lower-case hex digits. */
export type TronHexAddress = string;

/**
 * The `41…` hex form of any spelling: `T…` base58check, `41…` hex, or a 20-byte `0x…` EVM address.
 * @throws Error naming the input when it is none of them (a bad checksum included).
 */
export function toTronHex(address: string): TronHexAddress {
  if (/^41[0-9a-fA-F]{40}$/.test(address)) return address.toLowerCase();
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return `41${address.slice(2).toLowerCase()}`;
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    throw new Error(`not a TRON address: ${JSON.stringify(address)}`);
  }
  if (bytes.length !== 21 || bytes[0] !== TRON_ADDRESS_PREFIX) {
    throw new Error(`not a TRON address: ${JSON.stringify(address)} (prefix or length)`);
  }
  return bytesToHex(bytes);
}

/** The base58check `T…` form of any spelling. @throws Error as toTronHex. */
export function toTronBase58(address: string): string {
  return base58check.encode(hexToBytes(toTronHex(address)));
}

/** The 20-byte EVM form (`0x…`, lower case) of any spelling. @throws Error as toTronHex. */
export function toEvmAddress(address: string): `0x${string}` {
  return `0x${toTronHex(address).slice(2)}`;
}

/** Whether `address` is a well-formed TRON address in any of the three spellings. */
export function isTronAddress(address: string): boolean {
  try {
    toTronHex(address);
    return true;
  } catch {
    return false;
  }
}
