import { createHmac } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HDKey } from '@scure/bip32';
import secp256k1 from 'secp256k1';
import type { Address } from 'viem';

/**
 * Watch-only deposit addresses: children 0/i of the merchant's account xpub, so the app never holds
 * the keys that receive customers' money. An account is keccak-256 of the child's public key, last 20
 * bytes: written EIP-55 here, as EVM networks show it (Ethereum and BNB Smart Chain share it, from
 * m/44'/60'/0'); TRON writes the same 20 bytes in base58check (its family converts, from m/44'/195'/0').
 */
export class EvmAddressDeriver {
  /** The external chain's key m/44'/60'/0'/0, compressed (33 bytes): what BIP-32 feeds to the HMAC. */
  readonly parentKey: Uint8Array;
  /**
   * The same point uncompressed (65 bytes), for the tweak-add: given the compressed form,
   * libsecp256k1 would decompress the parent (a square root, ~5 µs here) for every address.
   */
  readonly parentKeyUncompressed: Uint8Array;
  readonly chainCode: Uint8Array;
  private readonly hmacInput = Buffer.alloc(37);

  /** @throws Error when `xpub` is not an extended public key */
  constructor(xpub: string) {
    const account = HDKey.fromExtendedKey(xpub);
    if (account.privateKey) throw new Error('expected an extended public key (xpub), got a private one: the app only watches');
    const external = account.deriveChild(0);
    this.parentKey = external.publicKey as Uint8Array;
    this.parentKeyUncompressed = secp256k1.publicKeyConvert(this.parentKey, false);
    this.chainCode = external.chainCode as Uint8Array;
    this.hmacInput.set(this.parentKey, 0);
  }

  /**
   * Address of non-hardened index i (BIP-32 CKDpub): child = parse256(IL)·G + parent, where
   * IL‖IR = HMAC-SHA512(chain code, parent key ‖ i). The tweak-add runs in libsecp256k1 (the
   * `secp256k1` package's prebuilt N-API addon, ~32–38 µs here against ~650 µs for OpenSSL's generic
   * curve code or pure JavaScript; the whole address ~55–60 µs), because it sits on the path of every
   * session created.
   * Not cached: each index serves one session, which stores its address. Sessions take addresses from
   * EvmAddressPool (address-pool.ts), whose worker repeats this derivation ahead; this is its fallback.
   * Checked against @scure/bip32 and viem's accounts in the tests.
   */
  address(index: number): Address {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`derivation index out of range: ${index}`);
    this.hmacInput.writeUInt32BE(index, 33);
    const il = createHmac('sha512', this.chainCode).update(this.hmacInput).digest().subarray(0, 32);
    let child: Uint8Array;
    try {
      child = secp256k1.publicKeyTweakAdd(this.parentKeyUncompressed, il, false);
    } catch (err) {
      // BIP-32: IL ≥ n or a point at infinity makes the index invalid (chance below 2^-127).
      throw new Error(`index ${index} derives an invalid key; use the next one`, { cause: err });
    }
    return addressOfUncompressed(child);
  }
}

/** keccak256 of the uncompressed public key's 64 bytes (after the 0x04 tag), last 20 bytes, EIP-55. */
function addressOfUncompressed(uncompressed: Uint8Array): Address {
  return checksummed(Buffer.from(keccak_256(uncompressed.subarray(1)).subarray(12)).toString('hex'));
}

/** EIP-55: a hex letter is upper case where the keccak of the lower-case address has a nibble ≥ 8. */
function checksummed(lowerHex: string): Address {
  const hash = keccak_256(Buffer.from(lowerHex, 'ascii'));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lowerHex[i] as string;
    const nibble = i % 2 === 0 ? (hash[i >> 1] as number) >> 4 : (hash[i >> 1] as number) & 0x0f;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out as Address;
}

/** The address of a compressed public key (what a wallet shows for that key). */
export function publicKeyToAddress(compressed: Uint8Array): Address {
  return addressOfUncompressed(secp256k1.publicKeyConvert(compressed, false));
}
