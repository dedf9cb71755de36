/**
 * The refund wallet's key sealed by the OS keychain (Electron's safeStorage: Keychain on macOS,
 * DPAPI on Windows, the Secret Service or kwallet on Linux), so the desktop app needs no passphrase.
 */
import { safeStorage } from 'electron';
import type { SecretBox } from '../src/config.js';

export function osKeychainBox(): SecretBox | undefined {
  // On Linux without a keyring safeStorage falls back to a fixed key: that is no protection at all.
  if (!safeStorage.isEncryptionAvailable() || safeStorage.getSelectedStorageBackend?.() === 'basic_text') return undefined;
  return {
    kind: 'OS keychain (Electron safeStorage)',
    seal: (plain) => JSON.stringify({ v: 1, box: 'safeStorage', data: safeStorage.encryptString(Buffer.from(plain).toString('hex')).toString('base64') }),
    open: (sealed) => {
      const s = JSON.parse(sealed) as { v: number; box: string; data: string };
      if (s.v !== 1 || s.box !== 'safeStorage') throw new Error('this key was sealed with a passphrase, not the OS keychain: set STABLEPOS_WALLET_PASSPHRASE');
      return Buffer.from(safeStorage.decryptString(Buffer.from(s.data, 'base64')), 'hex');
    },
  };
}
