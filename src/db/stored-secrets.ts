import { and, eq, isNotNull, like, notLike, or } from 'drizzle-orm';
import { containsCredential } from '../domain/credentials.js';
import { isSealed, SEALED_PREFIX, type SecretCipher } from '../domain/secret-cipher.js';
import { mayHoldPlainTextSecrets, scrubbedRewrite } from './sql-file-scrub.js';
import type { StoreDb } from './store-db.js';
import { STORED_ANSWER_PURPOSE } from './stored-answers.js';
import { WEBHOOK_SECRET_PURPOSE } from './webhook-secret-box.js';

/** Set in `app_settings` once the database holds no secret in plain text, not even in free pages or the WAL. */
const SEALED_MARKER = 'storage.secrets_sealed';

/** The `LIKE` pattern of a sealed value (the prefix holds no `_` or `%`). */
const SEALED_LIKE = `${SEALED_PREFIX}%`;

export interface SealingOutcome {
  /** Webhook secrets (current and previous) sealed now. */
  webhookSecrets: number;
  /** Stored idempotent answers sealed now. */
  answers: number;
  /** False when another connection kept the WAL from being emptied: the next start tries again. */
  complete: boolean;
}

/** Whether the data key opens a sealed value (false: it was sealed by a key now lost). */
function opens(cipher: SecretCipher, sealed: string, purpose: string): boolean {
  try {
    cipher.open(sealed, purpose);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an endpoint's secrets become when the data key that sealed them is lost: a lost current
 * secret is replaced by a new one, sealed by today's key; a lost previous secret is dropped (with its
 * expiry). Undefined when nothing of it is lost.
 */
function replaceLostWebhookSecrets(
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

/**
 * Secrets at rest over the whole database (docs/security.md): whether any is sealed yet, the
 * once-only upgrade that seals what an earlier version stored in plain text, and the way out when
 * the data key is lost.
 */
export class StoredSecrets {
  constructor(
    private readonly store: StoreDb,
    private readonly cipher: SecretCipher,
  ) {}

  /** Whether any secret is sealed yet (then only the key that sealed it can open it). */
  async anySealed(): Promise<boolean> {
    const { webhookEndpoints: e, idempotencyKeys: k } = this.store.t;
    const [endpoint] = await this.store.db.select({ id: e.id }).from(e).where(or(like(e.secret, SEALED_LIKE), like(e.previousSecret, SEALED_LIKE))).limit(1);
    if (endpoint) return true;
    const [answer] = await this.store.db.select({ key: k.key }).from(k).where(like(k.responseBody, SEALED_LIKE)).limit(1);
    return answer !== undefined;
  }

  /**
   * Seals the webhook secrets and the stored answers holding a credential that an earlier version
   * kept in plain text, leaving no old bytes of them in the file (sql-file-scrub.ts). Done once per
   * database: the marker is written last, so a crash anywhere before it means doing it all again,
   * which is harmless (sealed values are left alone). Nothing to do where no such version wrote.
   */
  async sealPlainText(): Promise<SealingOutcome> {
    const done = { webhookSecrets: 0, answers: 0, complete: true };
    if (!mayHoldPlainTextSecrets(this.store)) return done;
    const s = this.store.t.appSettings;
    const [marker] = await this.store.db.select({ key: s.key }).from(s).where(eq(s.key, SEALED_MARKER));
    if (marker) return done;
    const { result, complete } = await scrubbedRewrite(this.store, () =>
      this.store.unit(async () => ({ webhookSecrets: await this.sealWebhookSecrets(), answers: await this.sealAnswers() })),
    );
    if (complete) await this.store.db.insert(s).values({ key: SEALED_MARKER, value: '1', updatedAt: Date.now() }).onConflictDoNothing({ target: s.key });
    return { ...result, complete };
  }

  private async sealWebhookSecrets(): Promise<number> {
    const e = this.store.t.webhookEndpoints;
    const rows = await this.store.db.select({ id: e.id, secret: e.secret, previousSecret: e.previousSecret }).from(e);
    let sealed = 0;
    for (const row of rows) {
      const seal = (value: string | null) => {
        if (value === null || isSealed(value)) return value;
        sealed++;
        return this.cipher.seal(value, WEBHOOK_SECRET_PURPOSE);
      };
      const before = sealed;
      const secret = seal(row.secret) as string;
      const previousSecret = seal(row.previousSecret);
      if (sealed > before) await this.store.db.update(e).set({ secret, previousSecret }).where(eq(e.id, row.id));
    }
    return sealed;
  }

  private async sealAnswers(): Promise<number> {
    const k = this.store.t.idempotencyKeys;
    const rows = await this.store.db
      .select({ merchantId: k.merchantId, livemode: k.livemode, key: k.key, body: k.responseBody })
      .from(k)
      .where(and(isNotNull(k.responseBody), notLike(k.responseBody, SEALED_LIKE)));
    let sealed = 0;
    for (const row of rows) {
      if (row.body === null || !containsCredential(row.body)) continue;
      await this.store.db
        .update(k)
        .set({ responseBody: this.cipher.seal(row.body, STORED_ANSWER_PURPOSE) })
        .where(and(eq(k.merchantId, row.merchantId), eq(k.livemode, row.livemode), eq(k.key, row.key)));
      sealed++;
    }
    return sealed;
  }

  /**
   * The data key is lost (STABLEPOS_RESET_SEALED_SECRETS): every webhook secret it sealed is replaced
   * by a new one (the owner rotates to see it; a previous secret is dropped) and every stored answer
   * it sealed is forgotten (a retry with its Idempotency-Key is then processed as new). The rows are
   * read locked (FOR UPDATE on PostgreSQL): each is changed from what was read.
   */
  async resetUnopenable(newSecret: () => string): Promise<{ webhookSecrets: number; answers: number }> {
    return this.store.unit(async () => {
      const db = this.store.db;
      const { webhookEndpoints: e, idempotencyKeys: k } = this.store.t;
      let webhookSecrets = 0;
      for (const row of await this.store.forUpdate(db.select({ id: e.id, secret: e.secret, previousSecret: e.previousSecret }).from(e))) {
        const replaced = replaceLostWebhookSecrets(this.cipher, row, newSecret);
        if (!replaced) continue;
        const expiry = replaced.previousSecret === null ? { previousSecretExpiresAt: null } : {};
        await db.update(e).set({ secret: replaced.secret, previousSecret: replaced.previousSecret, ...expiry }).where(eq(e.id, row.id));
        webhookSecrets += replaced.lost;
      }
      let answers = 0;
      const stored = await this.store.forUpdate(db.select({ merchantId: k.merchantId, livemode: k.livemode, key: k.key, body: k.responseBody }).from(k).where(like(k.responseBody, SEALED_LIKE)));
      for (const row of stored) {
        if (row.body === null || opens(this.cipher, row.body, STORED_ANSWER_PURPOSE)) continue;
        await db.delete(k).where(and(eq(k.merchantId, row.merchantId), eq(k.livemode, row.livemode), eq(k.key, row.key)));
        answers++;
      }
      return { webhookSecrets, answers };
    });
  }
}
