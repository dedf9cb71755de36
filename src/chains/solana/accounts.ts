import { createHash, randomBytes } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { pooledRandomBytes } from '../../domain/ids.js';

/**
 * Solana accounts as the family's contract needs them: addresses (base58 of 32 bytes), the merchant's
 * wallet, session references and the refund wallet's key. Solana has no watch-only derivation (ed25519
 * derivation is hardened only), so the merchant gives one wallet address and every session a fresh
 * reference key (Solana Pay), not an address of its own.
 */

/** The 32 bytes of a base58 address; null for anything else. */
export function addressBytes(text: string): Uint8Array | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return null;
  try {
    const bytes = base58.decode(text);
    return bytes.length === 32 ? bytes : null;
  } catch {
    return null;
  }
}

/** Whether 32 bytes are a point on the curve: an address with a private key, as a wallet's is (not a program-derived one). */
export function isOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * A merchant wallet the app can offer: a wallet's own address. A program-derived address (a multisig
 * vault) is refused, because wallets compute a Solana Pay recipient's token account for on-curve
 * owners only and would refuse to pay it.
 * @throws Error saying what is wrong
 */
export function checkMerchantWallet(text: string): void {
  const bytes = addressBytes(text);
  if (!bytes) throw new Error('not a Solana address: base58 of 32 bytes, as wallets (Phantom, Solflare) show it');
  if (!isOnCurve(bytes)) {
    throw new Error('a program-derived address (such as a multisig vault) cannot receive Solana Pay payments: give the address of a wallet with its own key');
  }
}

/** Test mode's merchant wallet, fixed by the data dir's seed; nobody needs its key (it only receives). */
export function testMerchantWallet(seed: Uint8Array): string {
  const privateKey = createHash('sha256').update('stablepos solana test merchant wallet').update(seed).digest();
  return base58.encode(ed25519.getPublicKey(privateKey));
}

/**
 * A fresh Solana Pay reference: 32 random bytes. The Solana Pay spec allows any 32 bytes ("may or may
 * not be public keys, on or off the curve"), and a wallet only appends them as a read-only account, so
 * no key pair is needed (and the bytes come from the ids' pool of random bytes): a curve multiplication here cost about a third of a session's creation CPU
 * (issue 28). Unique to the session; it is how its payment is found among the merchant's transfers.
 */
export function newReference(): string {
  return base58.encode(pooledRandomBytes(32));
}

/**
 * A refund wallet's secret key as wallets export it: base58 of the 64 bytes (private then public key,
 * Phantom's and Solflare's "export private key") or a solana-keygen file's JSON array of the 64 numbers.
 * Null when `text` is neither, or its halves do not belong together.
 */
export function parseSecretKey(text: string): Uint8Array | null {
  const trimmed = text.trim();
  let bytes: Uint8Array;
  if (trimmed.startsWith('[')) {
    try {
      const numbers: unknown = JSON.parse(trimmed);
      if (!Array.isArray(numbers) || !numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)) return null;
      bytes = Uint8Array.from(numbers as number[]);
    } catch {
      return null;
    }
  } else {
    if (!/^[1-9A-HJ-NP-Za-km-z]{80,90}$/.test(trimmed)) return null;
    bytes = base58.decode(trimmed);
  }
  if (bytes.length !== 64) return null;
  const publicKey = ed25519.getPublicKey(bytes.subarray(0, 32));
  return publicKey.every((b, i) => b === bytes[32 + i]) ? bytes : null;
}

/** The wallet address of a 64-byte secret key (or a 32-byte private key). @throws Error for other lengths */
export function addressOfSecretKey(key: Uint8Array): string {
  if (key.length !== 64 && key.length !== 32) throw new Error(`a Solana key has 64 bytes (or a 32-byte private half), this one ${key.length}`);
  return base58.encode(ed25519.getPublicKey(key.subarray(0, 32)));
}

/** A new random 64-byte secret key (test mode's refund wallet). */
export function newSecretKeyBytes(): Uint8Array {
  const privateKey = randomBytes(32);
  return Uint8Array.from([...privateKey, ...ed25519.getPublicKey(privateKey)]);
}
