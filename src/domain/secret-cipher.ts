import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals secrets that the app itself must read back unattended (webhook signing secrets, stored API
 * answers holding a credential) under the app's data key (docs/security.md, "Secrets at rest").
 */
export interface SecretCipher {
  /** `purpose` is bound to the sealed text: text sealed for one purpose never opens as another. */
  seal(plain: string, purpose: string): string;
  /** @throws Error when the text was sealed under another key or altered */
  open(sealed: string, purpose: string): string;
}

/** What sealed text starts with, so sealed and (older) plain values can be told apart in a column. */
export const SEALED_PREFIX = 'sealed:v1:';

export const isSealed = (text: string): boolean => text.startsWith(SEALED_PREFIX);

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a 32-byte key: `sealed:v1:` + base64url(IV ‖ ciphertext ‖ tag), a random IV per
 * seal, the purpose as associated data. The key is asked for on first use only, so a host that never
 * seals or opens anything (the CLI's key commands) never needs it.
 */
export class DataKeyCipher implements SecretCipher {
  private key: Buffer | undefined;

  constructor(private readonly loadKey: () => Buffer) {}

  seal(plain: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.dataKey(), iv);
    cipher.setAAD(Buffer.from(purpose));
    const data = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return SEALED_PREFIX + data.toString('base64url');
  }

  open(sealed: string, purpose: string): string {
    if (!isSealed(sealed)) throw new Error('not a sealed secret');
    const data = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    if (data.length < IV_BYTES + TAG_BYTES) throw new Error('a sealed secret is damaged (too short)');
    const decipher = createDecipheriv('aes-256-gcm', this.dataKey(), data.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch (err) {
      throw new Error(`a sealed ${purpose} cannot be opened with this data key (another key sealed it, or it was altered)`, { cause: err });
    }
  }

  /** Loads the key now rather than at the first seal or open. @throws Error as the key's loader does */
  unlock(): void {
    this.dataKey();
  }

  private dataKey(): Buffer {
    this.key ??= this.loadKey();
    return this.key;
  }
}
