import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createPrivateFile, writePrivateFile } from './private-files.js';
import type { SecretBox } from './services/secret-box.js';

/** The data key's file in the data dir (docs/security.md, "Secrets at rest"). */
export const DATA_KEY_FILE = 'data-key.json';

const KEY_BYTES = 32;

/** `sealedBy` null: the key itself, base64 (headless without a passphrase); else the box's sealed text. */
interface KeyFile {
  v: 1;
  sealedBy: string | null;
  key: string;
}

export interface DataKeyOptions {
  /** Where the key lives: `data-key.json` in the data dir. */
  file: string;
  /**
   * What seals the key in its file: the OS keychain in the desktop app, the passphrase headless when
   * STABLEPOS_WALLET_PASSPHRASE is set; none, and the key is kept in the file as is.
   */
  box: SecretBox | undefined;
  /**
   * Whether the database already holds secrets sealed under some key. Then a missing file is an
   * error, not a reason to make a new key that could not open them.
   */
  sealedDataExists: () => boolean;
  /** Make a new key even so (STABLEPOS_RESET_SEALED_SECRETS): what the lost key sealed is then given up. */
  allowNewKey: boolean;
}

/**
 * The app's data key: 32 random bytes under which secrets the app must read unattended (webhook
 * signing secrets, stored answers holding credentials) are sealed in the database. One level up,
 * the key itself is sealed by what the host offers (`box`), so changing how the app is unlocked
 * re-seals one key, never every secret, and the per-secret cost is an AES operation, never scrypt.
 *
 * Made on first use. A key kept as is (no box then) is sealed by the box as soon as one is offered.
 * @throws Error when the key is sealed by a box this start does not offer or cannot open with it
 *   (wrong passphrase), or when the file is gone while sealed data exists
 */
export function loadDataKey(o: DataKeyOptions): Buffer {
  if (!existsSync(o.file)) {
    if (!o.allowNewKey && o.sealedDataExists()) {
      throw new Error(
        `${o.file} is missing, but the database holds secrets sealed with the key it held: restore the file from a backup of this ` +
          'data dir, or, if it is lost for good, start once with STABLEPOS_RESET_SEALED_SECRETS=1 to give every webhook endpoint a ' +
          'new secret (docs/security.md, "Losing the data key")',
      );
    }
    const key = randomBytes(KEY_BYTES);
    if (createPrivateFile(o.file, render(key, o.box))) return key;
    // Another process made it in the meantime: theirs is the key.
  }
  const stored = parse(o.file);
  if (stored.sealedBy === null) {
    const key = Buffer.from(stored.key, 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${o.file} is damaged: its key is not ${KEY_BYTES} bytes`);
    if (o.box) writePrivateFile(o.file, render(key, o.box)); // a box is offered now: the key goes under it
    return key;
  }
  if (!o.box || o.box.kind !== stored.sealedBy) {
    throw new Error(
      `the data key in ${o.file} is sealed by ${stored.sealedBy}, ${o.box ? `but this start offers ${o.box.kind}` : 'which this start does not offer'}: ` +
        'start the app with the same protection (the passphrase in STABLEPOS_WALLET_PASSPHRASE; the desktop app for the OS keychain)',
    );
  }
  let key: Buffer;
  try {
    key = Buffer.from(o.box.open(stored.key));
  } catch (err) {
    throw new Error(`the data key in ${o.file} cannot be opened by ${stored.sealedBy}: wrong passphrase, another OS account, or a damaged file`, { cause: err });
  }
  if (key.length !== KEY_BYTES) throw new Error(`${o.file} is damaged: its key is not ${KEY_BYTES} bytes`);
  return key;
}

function render(key: Buffer, box: SecretBox | undefined): string {
  const file: KeyFile = box ? { v: 1, sealedBy: box.kind, key: box.seal(key) } : { v: 1, sealedBy: null, key: key.toString('base64') };
  return `${JSON.stringify(file, null, 2)}\n`;
}

function parse(file: string): KeyFile {
  let parsed: Partial<KeyFile>;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeyFile>;
  } catch (err) {
    throw new Error(`${file} is damaged: ${(err as Error).message}`, { cause: err });
  }
  if (parsed.v !== 1 || typeof parsed.key !== 'string' || (parsed.sealedBy !== null && typeof parsed.sealedBy !== 'string')) {
    throw new Error(`${file} is damaged or from a newer version (expected {"v":1,"sealedBy","key"})`);
  }
  return parsed as KeyFile;
}
