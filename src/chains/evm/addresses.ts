import { createECDH, createHmac } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, getAddress, keccak256, type Address } from 'viem';

const CURVE_ORDER = secp256k1.Point.CURVE().n;
const toBigInt = (bytes: Uint8Array): bigint => BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
const toHex32 = (n: bigint): string => n.toString(16).padStart(64, '0');

/**
 * Watch-only deposit addresses: m/44'/60'/0'/0/i derived from the merchant's account xpub
 * (m/44'/60'/0'), so the app never holds the keys that receive customers' money. The same address
 * serves Ethereum and BNB Smart Chain (same key derivation, same address format).
 */
export class EvmAddressDeriver {
  private readonly parentKey: Uint8Array;
  private readonly parentPoint: InstanceType<typeof secp256k1.Point>;
  private readonly chainCode: Uint8Array;
  private readonly ecdh = createECDH('secp256k1');

  /** @throws Error when `xpub` is not an extended public key */
  constructor(xpub: string) {
    const account = HDKey.fromExtendedKey(xpub);
    if (account.privateKey) throw new Error('expected an extended public key (xpub), got a private one: the app only watches');
    const external = account.deriveChild(0);
    this.parentKey = external.publicKey as Uint8Array;
    this.chainCode = external.chainCode as Uint8Array;
    this.parentPoint = secp256k1.Point.fromBytes(this.parentKey);
  }

  /**
   * Address of non-hardened index i (BIP-32 CKDpub): child = parse256(IL)·G + parent, where
   * IL‖IR = HMAC-SHA512(chain code, parent key ‖ i). The scalar multiplication runs in OpenSSL
   * (node:crypto ECDH), several times faster than in JavaScript, because it sits on the path of
   * every session created. Not cached: each index is derived once, when its session is created
   * (the address is stored with the session). Checked against @scure/bip32 in the tests.
   */
  address(index: number): Address {
    if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`derivation index out of range: ${index}`);
    const data = Buffer.alloc(37);
    data.set(this.parentKey, 0);
    data.writeUInt32BE(index, 33);
    const il = createHmac('sha512', this.chainCode).update(data).digest().subarray(0, 32);
    const tweak = toBigInt(il);
    // BIP-32: such an index is invalid and skipped; the chance is below 2^-127.
    if (tweak === 0n || tweak >= CURVE_ORDER) throw new Error(`index ${index} derives an invalid key; use the next one`);
    this.ecdh.setPrivateKey(il);
    const pub = this.ecdh.getPublicKey();
    const child = secp256k1.Point.fromAffine({ x: toBigInt(pub.subarray(1, 33)), y: toBigInt(pub.subarray(33)) })
      .add(this.parentPoint)
      .toAffine();
    const hash = keccak256(`0x${toHex32(child.x)}${toHex32(child.y)}`);
    return getAddress(`0x${hash.slice(-40)}`);
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
