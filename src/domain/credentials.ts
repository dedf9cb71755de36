/**
 * The prefixes every credential the API hands out starts with: webhook signing secrets, secret API
 * keys and UI sign-in tokens. Text holding one must never be stored in plain text (docs/security.md).
 */
export const CREDENTIAL_PREFIXES = ['whsec_', 'sk_live_', 'sk_test_', 'uit_'] as const;

// A prefix counts only at the start of a word, so `circuit_breaker` in a session's metadata is no
// `uit_` token. A false alarm costs no more than sealing text that did not need it.
const CREDENTIAL = new RegExp(`(?<![A-Za-z0-9])(?:${CREDENTIAL_PREFIXES.join('|')})`);

/** Whether `text` (e.g. a stored API answer) carries a credential. */
export function containsCredential(text: string): boolean {
  return CREDENTIAL.test(text);
}
