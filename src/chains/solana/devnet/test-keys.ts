import { randomBytes } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';

/**
 * Test keys as Solana wallets export them: the 64 bytes of private key then public key, in base58
 * (what `solana-keygen` files hold as numbers and Phantom exports as text).
 */
export type SecretKey58 = string;

export function newSecretKey(): SecretKey58 {
  const privateKey = randomBytes(32);
  return base58.encode(Uint8Array.from([...privateKey, ...ed25519.getPublicKey(privateKey)]));
}

/** The 64 bytes of a key. @throws Error when it is not a 64-byte key whose halves match */
export function secretKeyBytes(key: SecretKey58): Uint8Array {
  const bytes = base58.decode(key);
  if (bytes.length !== 64) throw new Error(`a Solana secret key has 64 bytes, this one ${bytes.length}`);
  const publicKey = ed25519.getPublicKey(bytes.subarray(0, 32));
  if (!publicKey.every((b, i) => b === bytes[32 + i])) throw new Error('the secret key\'s public half does not match its private half');
  return bytes;
}

/** The base58 address of a key. */
export function addressOfKey(key: SecretKey58): string {
  return base58.encode(secretKeyBytes(key).subarray(32));
}

/** A fresh address no one holds the key of (a test mint's: minting is its authority's business). */
export function newAddress(): string {
  return base58.encode(ed25519.getPublicKey(randomBytes(32)));
}
