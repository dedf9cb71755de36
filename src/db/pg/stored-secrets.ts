import { and, eq, like, or } from 'drizzle-orm';
import type { SecretCipher } from '../../domain/secret-cipher.js';
import { STORED_ANSWER_PURPOSE } from '../idempotency-repository.js';
import { opens, replaceLostWebhookSecrets, SEALED_PREFIX } from '../lost-secrets.js';
import type { PgDatabase } from './pg-database.js';
import { idempotencyKeys, webhookEndpoints } from './schema.js';

const sealedLike = `${SEALED_PREFIX}%`;

/**
 * Secrets at rest on PostgreSQL (the SQLite store's `../stored-secrets.ts`, docs/security.md):
 * whether any is sealed yet, and the way out when the data key is lost.
 */
export class PgStoredSecrets {
  constructor(
    private readonly database: PgDatabase,
    private readonly cipher: SecretCipher,
  ) {}

  /** Whether any secret is sealed yet (then only the key that sealed it can open it). */
  async anySealed(): Promise<boolean> {
    const db = this.database.db;
    const e = webhookEndpoints;
    const [endpoint] = await db.select({ id: e.id }).from(e).where(or(like(e.secret, sealedLike), like(e.previousSecret, sealedLike))).limit(1);
    if (endpoint) return true;
    const [answer] = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(like(idempotencyKeys.responseBody, sealedLike)).limit(1);
    return answer !== undefined;
  }

  /**
   * Nothing to do, ever: the SQLite store's upgrade seals what versions before secrets at rest kept
   * in plain text, but no such version ever wrote a PostgreSQL store (it came after), and every
   * secret reaches this one through its repositories, which seal it. Nor is there a file to rewrite:
   * no free pages or WAL frames of ours to scrub (PostgreSQL's own storage is the operator's, as is
   * its encryption at rest).
   */
  sealPlainText(): Promise<{ webhookSecrets: number; answers: number; complete: boolean }> {
    return Promise.resolve({ webhookSecrets: 0, answers: 0, complete: true });
  }

  /**
   * The data key is lost (STABLEPOS_RESET_SEALED_SECRETS): every webhook secret it sealed is replaced
   * by a new one (a previous secret is dropped) and every stored answer it sealed is forgotten.
   */
  async resetUnopenable(newSecret: () => string): Promise<{ webhookSecrets: number; answers: number }> {
    return this.database.tx(async () => {
      const db = this.database.db;
      const e = webhookEndpoints;
      let webhookSecrets = 0;
      for (const row of await db.select({ id: e.id, secret: e.secret, previousSecret: e.previousSecret }).from(e)) {
        const replaced = replaceLostWebhookSecrets(this.cipher, row, newSecret);
        if (!replaced) continue;
        const expiry = replaced.previousSecret === null ? { previousSecretExpiresAt: null } : {};
        await db.update(e).set({ secret: replaced.secret, previousSecret: replaced.previousSecret, ...expiry }).where(eq(e.id, row.id));
        webhookSecrets += replaced.lost;
      }
      const k = idempotencyKeys;
      let answers = 0;
      const stored = await db.select({ merchantId: k.merchantId, livemode: k.livemode, key: k.key, body: k.responseBody }).from(k).where(like(k.responseBody, sealedLike));
      for (const row of stored) {
        if (row.body === null || opens(this.cipher, row.body, STORED_ANSWER_PURPOSE)) continue;
        await db.delete(k).where(and(eq(k.merchantId, row.merchantId), eq(k.livemode, row.livemode), eq(k.key, row.key)));
        answers++;
      }
      return { webhookSecrets, answers };
    });
  }
}
