import { keccak_256 } from '@noble/hashes/sha3.js';
import { HDKey } from '@scure/bip32';
import secp256k1 from 'secp256k1';
import { toTronBase58 } from './address-format.js';

/** The account path TRON wallets use (SLIP-44 coin type 195); deposit addresses are its children 0/i. */
export const TRON_ACCOUNT_PATH = "m/44'/195'/0'";

/**
 * Watch-only TRON deposit addresses: m/44'/195'/0'/0/i derived from the merchant's account xpub, so
 * the app never holds the keys that receive customers' money. A TRON address is the same 20 bytes an
 * EVM address would be (keccak-256 of the public key), spelled base58check with the 0x41 prefix.
 * Checked against tronweb's own derivation in the tests.
 */
export class TronAddressDeriver {
  private readonly external: HDKey;

  /** @throws Error when `xpub` is not an extended public key */
  constructor(xpub: string) {
    const account = HDKey.fromExtendedKey(xpub);
    if (account.privateKey) throw new Error('expected an extended public key (xpub), got a private one: the app only watches');
    this.external = account.deriveChild(0);
  }

  /** The `T…` address of non-hardened index i. */
  address(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`derivation index out of range: ${index}`);
    return tronAddressOfPublicKey(this.external.deriveChild(index).publicKey as Uint8Array);
  }
}

/** The `T…` address of a compressed or uncompressed secp256k1 public key. */
export function tronAddressOfPublicKey(publicKey: Uint8Array): string {
  const uncompressed = publicKey.length === 65 ? publicKey : secp256k1.publicKeyConvert(publicKey, false);
  const body = Buffer.from(keccak_256(uncompressed.subarray(1)).subarray(12)).toString('hex');
  return toTronBase58(`0x${body}`);
}

/** A new random test-mode TRON wallet from a seed kept in the data dir: its account xpub m/44'/195'/0'. */
export function newTestTronWallet(seed: Uint8Array): { xpub: string } {
  return { xpub: HDKey.fromMasterSeed(seed).derive(TRON_ACCOUNT_PATH).publicExtendedKey };
}
