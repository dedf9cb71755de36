import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * Seals secrets (the refund wallet's private key) for storage at rest. The app plugs in the OS
 * keychain (Electron's safeStorage) through this interface; headless, a passphrase-derived key.
 */
export interface SecretBox {
  /** What protects the secret, shown to the owner (e.g. `passphrase (scrypt, AES-256-GCM)`). */
  readonly kind: string;
  seal(plain: Uint8Array): string;
  /** @throws Error when the sealed text was not made by this box (wrong passphrase, tampering). */
  open(sealed: string): Uint8Array;
}

const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * AES-256-GCM under a key derived by scrypt (N=2^15, r=8, p=1) from a passphrase and a random
 * 16-byte salt per sealed secret. Output: JSON with version, salt, IV, tag and ciphertext (base64).
 */
export class PassphraseSecretBox implements SecretBox {
  readonly kind = 'passphrase (scrypt, AES-256-GCM)';

  constructor(private readonly passphrase: string) {
    if (passphrase.length < 8) throw new Error('the wallet passphrase must be at least 8 characters');
  }

  seal(plain: Uint8Array): string {
    const salt = randomBytes(16);
    const iv = randomBytes(12);
    const key = scryptSync(this.passphrase, salt, 32, SCRYPT);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    const b = (x: Buffer) => x.toString('base64');
    return JSON.stringify({ v: 1, kdf: 'scrypt', salt: b(salt), iv: b(iv), tag: b(cipher.getAuthTag()), data: b(data) });
  }

  open(sealed: string): Uint8Array {
    const s = JSON.parse(sealed) as { v: number; salt: string; iv: string; tag: string; data: string };
    if (s.v !== 1) throw new Error(`unknown sealed-secret version ${s.v}`);
    const key = scryptSync(this.passphrase, Buffer.from(s.salt, 'base64'), 32, SCRYPT);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(s.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(s.tag, 'base64'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(s.data, 'base64')), decipher.final()]);
    } catch (err) {
      throw new Error('the refund wallet key cannot be opened: wrong passphrase or damaged data', { cause: err });
    }
  }
}
