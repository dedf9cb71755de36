import { isSealed, SEALED_PREFIX, type SecretCipher } from '../domain/secret-cipher.js';
import { WEBHOOK_SECRET_PURPOSE } from './webhook-secret-box.js';

export { SEALED_PREFIX };

/** The SQL `LIKE` literal matching a sealed value (the prefix holds no `_` or `%`). */
export const SEALED_LIKE = `'${SEALED_PREFIX}%'`;

/** Whether the data key opens a sealed value (false: it was sealed by a key now lost). */
export function opens(cipher: SecretCipher, sealed: string, purpose: string): boolean {
  try {
    cipher.open(sealed, purpose);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an endpoint's secrets become when the data key that sealed them is lost (both stores'
 * `resetUnopenable`): a lost current secret is replaced by a new one, sealed by today's key; a lost
 * previous secret is dropped (with its expiry). Undefined when nothing of it is lost.
 */
export function replaceLostWebhookSecrets(
  cipher: SecretCipher,
  stored: { secret: string; previousSecret: string | null },
  newSecret: () => string,
): { secret: string; previousSecret: string | null; lost: number } | undefined {
  const secretLost = isSealed(stored.secret) && !opens(cipher, stored.secret, WEBHOOK_SECRET_PURPOSE);
  const previousLost = stored.previousSecret !== null && isSealed(stored.previousSecret) && !opens(cipher, stored.previousSecret, WEBHOOK_SECRET_PURPOSE);
  if (!secretLost && !previousLost) return undefined;
  return {
    secret: secretLost ? cipher.seal(newSecret(), WEBHOOK_SECRET_PURPOSE) : stored.secret,
    previousSecret: previousLost ? null : stored.previousSecret,
    lost: Number(secretLost) + Number(previousLost),
  };
}
