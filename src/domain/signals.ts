/**
 * The shape of a change signal (services/ports.ts, ChangeSignals), checked alike by both stores so a
 * signal SQLite takes is never one PostgreSQL refuses.
 */

/** Bytes a payload may have: PostgreSQL's NOTIFY takes fewer than 8000 with our instance and topic. */
export const MAX_SIGNAL_PAYLOAD = 7000;

/**
 * A merchant's wallet was saved (payload `<family>:<live|test>`): the PostgreSQL wallet repository
 * drops its copies of xpubs, and services/wallets-now.ts reads the wallet again.
 */
export const WALLET_SAVED = 'wallet.saved';

/**
 * An API key was revoked (payload: its id), sent in the revocation's unit of work: every instance's
 * ApiKeyService drops the lookups it cached.
 */
export const KEY_REVOKED = 'api-key.revoked';

const TOPIC = /^[A-Za-z0-9._-]{1,64}$/;

/** @throws Error for a topic other than 1 to 64 of letters, digits, `.`, `-`, `_`, or a payload too long */
export function checkSignal(topic: string, payload: string): void {
  if (!TOPIC.test(topic)) throw new Error(`signal topic "${topic}": 1 to 64 of letters, digits, ".", "-" and "_"`);
  // Counted, not encoded: every session's creation publishes its addresses.
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_SIGNAL_PAYLOAD) throw new Error(`signal "${topic}": payload of ${bytes} bytes, more than ${MAX_SIGNAL_PAYLOAD} (send ids, not objects)`);
}
