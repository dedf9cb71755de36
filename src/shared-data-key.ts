import type { SecretCipher } from './domain/secret-cipher.js';
import type { SettingsStore } from './services/network-settings.js';
import type { UnitOfWork } from './services/ports.js';

/** A value sealed under the data key, kept in the store: which key this database's secrets are sealed with. */
const KEY_CHECK_SETTING = 'storage.data_key_check';
const KEY_CHECK_PURPOSE = 'data key check';
const KEY_CHECK_TEXT = 'stablepos data key';

/**
 * Several instances on one PostgreSQL database must seal and open secrets with ONE data key (each
 * keeps it in its own data dir's data-key.json: docs/deployment.md). An instance whose key differs
 * (a data dir set up afresh instead of copied) would seal webhook secrets the others cannot open, even
 * while nothing sealed exists yet. So the first instance seals a known text into the store, and every
 * start checks that its key opens it, in one unit of work (two first starts at once: the second sees
 * the first's). `reset` (STABLEPOS_RESET_SEALED_SECRETS): this key becomes the database's.
 * @throws Error naming what to copy, when this instance's key is not the database's
 */
export async function checkSharedDataKey(o: { settings: SettingsStore; tx: UnitOfWork; cipher: SecretCipher; reset: boolean; now: number; keyFile: string }): Promise<void> {
  await o.tx(async () => {
    const stored = await o.settings.get(KEY_CHECK_SETTING);
    if (typeof stored === 'string' && !o.reset) {
      let opened: string | undefined;
      try {
        opened = o.cipher.open(stored, KEY_CHECK_PURPOSE);
      } catch {
        opened = undefined;
      }
      if (opened === KEY_CHECK_TEXT) return;
      throw new Error(
        `this instance's data key (${o.keyFile}) is not the one the database's secrets are sealed with: copy data-key.json (and ` +
          'STABLEPOS_WALLET_PASSPHRASE, if it seals the key) from an instance already using this database (docs/deployment.md)',
      );
    }
    await o.settings.put(KEY_CHECK_SETTING, o.cipher.seal(KEY_CHECK_TEXT, KEY_CHECK_PURPOSE), o.now);
  });
}
