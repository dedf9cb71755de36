import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, getAddress, keccak256, type Address } from 'viem';

/**
 * Watch-only deposit addresses: m/44'/60'/0'/0/i derived from the merchant's account xpub
 * (m/44'/60'/0'), so the app never holds the keys that receive customers' money. The same address
 * serves Ethereum and BNB Smart Chain (same key derivation, same address format).
 */
export class EvmAddressDeriver {
  private readonly external: HDKey;
  private readonly cache = new Map<number, Address>();

  /** @throws Error when `xpub` is not an extended public key */
  constructor(xpub: string) {
    const account = HDKey.fromExtendedKey(xpub);
    if (account.privateKey) throw new Error('expected an extended public key (xpub), got a private one: the app only watches');
    this.external = account.deriveChild(0);
  }

  /** Address of index i on the external chain; derivation costs ~1 ms, so results are cached. */
  address(index: number): Address {
    let address = this.cache.get(index);
    if (!address) {
      const child = this.external.deriveChild(index);
      address = publicKeyToAddress(child.publicKey as Uint8Array);
      this.cache.set(index, address);
    }
    return address;
  }
}

/** keccak256 of the uncompressed public key's 64 bytes, last 20 bytes, checksummed (EIP-55). */
export function publicKeyToAddress(compressed: Uint8Array): Address {
  const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false);
  const hash = keccak256(bytesToHex(uncompressed.slice(1)));
  return getAddress(`0x${hash.slice(-40)}`);
}

/** A new random test-mode wallet: its seed (kept in the data dir) and account xpub m/44'/60'/0'. */
export function newTestWallet(seed: Uint8Array): { xpub: string } {
  return { xpub: HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey };
}
