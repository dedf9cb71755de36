import { isSealed, type SecretCipher } from '../domain/secret-cipher.js';

/** What the data key seals webhook secrets for (bound to the sealed text). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook signing secret';

/** Opened secrets kept in memory at most; more means churn, and the cache starts over. */
const OPENED_SECRETS_LIMIT = 256;

/**
 * Seals webhook secrets on their way into a store and opens them on the way out, for both stores'
 * webhook repositories. Each is opened once per process (cached by its sealed text), so neither a
 * delivery nor the dispatcher's reload of every endpoint after a change pays for it again.
 */
export class WebhookSecretBox {
  private readonly opened = new Map<string, string>();

  constructor(private readonly cipher: SecretCipher) {}

  seal(plain: string): string {
    const sealed = this.cipher.seal(plain, WEBHOOK_SECRET_PURPOSE);
    this.remember(sealed, plain);
    return sealed;
  }

  readonly open = (stored: string): string => {
    // An earlier version stored secrets as is; start-up seals them (StoredSecrets), a read takes either.
    if (!isSealed(stored)) return stored;
    let plain = this.opened.get(stored);
    if (plain === undefined) {
      plain = this.cipher.open(stored, WEBHOOK_SECRET_PURPOSE);
      this.remember(stored, plain);
    }
    return plain;
  };

  private remember(sealed: string, plain: string): void {
    if (this.opened.size >= OPENED_SECRETS_LIMIT) this.opened.clear();
    this.opened.set(sealed, plain);
  }
}
