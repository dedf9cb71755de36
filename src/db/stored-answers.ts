import { containsCredential } from '../domain/credentials.js';
import { isSealed, type SecretCipher } from '../domain/secret-cipher.js';

/** What the data key seals stored answers for (bound to the sealed text). */
export const STORED_ANSWER_PURPOSE = 'stored API answer';

/**
 * An API answer as it is kept for replay: one holding a credential (the `whsec_…` of a new webhook
 * endpoint, the `sk_…` of a new API key) is sealed by the data key, as the secrets themselves are;
 * the others (session creation, the hot path) are kept as they are.
 */
export function keptAnswer(cipher: SecretCipher, body: string): string {
  return containsCredential(body) ? cipher.seal(body, STORED_ANSWER_PURPOSE) : body;
}

/** A kept answer as the API sends it again (opened when it was sealed). */
export function replayedAnswer(cipher: SecretCipher, kept: string | null): string | null {
  return kept !== null && isSealed(kept) ? cipher.open(kept, STORED_ANSWER_PURPOSE) : kept;
}
