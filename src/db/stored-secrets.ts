import { containsCredential } from '../domain/credentials.js';
import { isSealed, type SecretCipher } from '../domain/secret-cipher.js';
import { STORED_ANSWER_PURPOSE } from './idempotency-repository.js';
import { opens, replaceLostWebhookSecrets, SEALED_LIKE } from './lost-secrets.js';
import { type Db, inTransaction } from './open-database.js';
import { WEBHOOK_SECRET_PURPOSE } from './webhook-secret-box.js';

/** Set in `app_settings` once the database holds no secret in plain text, not even in free pages or the WAL. */
const SEALED_MARKER = 'storage.secrets_sealed';

export interface SealingOutcome {
  /** Webhook secrets (current and previous) sealed now. */
  webhookSecrets: number;
  /** Stored idempotent answers sealed now. */
  answers: number;
  /** False when another connection kept the WAL from being emptied: the next start tries again. */
  complete: boolean;
}

/**
 * Secrets at rest over the whole database (docs/security.md): the once-only upgrade that seals what
 * an earlier version stored in plain text, and the way out when the data key is lost.
 */
export class StoredSecrets {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
  ) {}

  /** Whether any secret is sealed yet (then only the key that sealed it can open it). */
  anySealed(): boolean {
    const c = this.db.$client;
    return (
      c.prepare(`SELECT 1 FROM webhook_endpoints WHERE secret LIKE ${SEALED_LIKE} OR previous_secret LIKE ${SEALED_LIKE} LIMIT 1`).get() !== undefined ||
      c.prepare(`SELECT 1 FROM idempotency_keys WHERE response_body LIKE ${SEALED_LIKE} LIMIT 1`).get() !== undefined
    );
  }

  /**
   * Seals the webhook secrets and the stored answers holding a credential that an earlier version
   * kept in plain text, then rewrites the file (VACUUM: free pages may still hold deleted rows'
   * secrets) and empties the WAL (older frames hold the old pages). Done once per database: the
   * marker is written last, so a crash anywhere before it means doing it all again, which is
   * harmless (sealed values are left alone).
   */
  sealPlainText(): SealingOutcome {
    const c = this.db.$client;
    if (c.prepare('SELECT 1 FROM app_settings WHERE key = ?').get(SEALED_MARKER) !== undefined) {
      return { webhookSecrets: 0, answers: 0, complete: true };
    }
    const secureDelete = c.pragma('secure_delete', { simple: true }) as number;
    const tempStore = c.pragma('temp_store', { simple: true }) as number;
    // Pages this transaction rewrites go to the WAL: with secure_delete the old cells' bytes in them
    // are zeroed rather than left in the page's free space.
    c.pragma('secure_delete = ON');
    let outcome: SealingOutcome;
    try {
      const counts = inTransaction(this.db, () => ({ webhookSecrets: this.sealWebhookSecrets(), answers: this.sealAnswers() }));
      // VACUUM builds the new file in a temporary database: on disk, not in memory (the app's
      // setting for savepoints), or a large shop's database would need as much RAM as its size.
      c.pragma('temp_store = FILE');
      c.exec('VACUUM');
      const [result] = c.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
      const complete = result !== undefined && result.busy === 0 && result.log === result.checkpointed;
      if (complete) {
        c.prepare('INSERT INTO app_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING').run(SEALED_MARKER, '1', Date.now());
      }
      outcome = { ...counts, complete };
    } finally {
      // 2 is FAST, which the pragma takes by name only (a number means on or off).
      c.pragma(`secure_delete = ${secureDelete === 2 ? 'FAST' : secureDelete}`);
      c.pragma(`temp_store = ${tempStore}`);
    }
    return outcome;
  }

  private sealWebhookSecrets(): number {
    const c = this.db.$client;
    const rows = c.prepare('SELECT id, secret, previous_secret FROM webhook_endpoints').all() as { id: string; secret: string; previous_secret: string | null }[];
    const update = c.prepare('UPDATE webhook_endpoints SET secret = ?, previous_secret = ? WHERE id = ?');
    let sealed = 0;
    for (const row of rows) {
      const seal = (value: string | null) => {
        if (value === null || isSealed(value)) return value;
        sealed++;
        return this.cipher.seal(value, WEBHOOK_SECRET_PURPOSE);
      };
      const before = sealed;
      const secret = seal(row.secret);
      const previous = seal(row.previous_secret);
      if (sealed > before) update.run(secret, previous, row.id);
    }
    return sealed;
  }

  private sealAnswers(): number {
    const c = this.db.$client;
    const rows = c
      .prepare(`SELECT rowid, response_body AS body FROM idempotency_keys WHERE response_body IS NOT NULL AND response_body NOT LIKE ${SEALED_LIKE}`)
      .all() as { rowid: number; body: string }[];
    const update = c.prepare('UPDATE idempotency_keys SET response_body = ? WHERE rowid = ?');
    let sealed = 0;
    for (const row of rows) {
      if (!containsCredential(row.body)) continue;
      update.run(this.cipher.seal(row.body, STORED_ANSWER_PURPOSE), row.rowid);
      sealed++;
    }
    return sealed;
  }

  /**
   * The data key is lost (STABLEPOS_RESET_SEALED_SECRETS): every webhook secret it sealed is replaced
   * by a new one (the owner rotates to see it; a previous secret is dropped) and every stored answer
   * it sealed is forgotten (a retry with its Idempotency-Key is then processed as new).
   */
  resetUnopenable(newSecret: () => string): { webhookSecrets: number; answers: number } {
    const c = this.db.$client;
    return inTransaction(this.db, () => {
      let webhookSecrets = 0;
      const endpoints = c.prepare('SELECT id, secret, previous_secret FROM webhook_endpoints').all() as { id: string; secret: string; previous_secret: string | null }[];
      const update = c.prepare('UPDATE webhook_endpoints SET secret = ?, previous_secret = ?, previous_secret_expires_at = CASE WHEN ? IS NULL THEN NULL ELSE previous_secret_expires_at END WHERE id = ?');
      for (const e of endpoints) {
        const replaced = replaceLostWebhookSecrets(this.cipher, { secret: e.secret, previousSecret: e.previous_secret }, newSecret);
        if (!replaced) continue;
        update.run(replaced.secret, replaced.previousSecret, replaced.previousSecret, e.id);
        webhookSecrets += replaced.lost;
      }
      let answers = 0;
      const stored = c.prepare(`SELECT rowid, response_body AS body FROM idempotency_keys WHERE response_body LIKE ${SEALED_LIKE}`).all() as { rowid: number; body: string }[];
      const forget = c.prepare('DELETE FROM idempotency_keys WHERE rowid = ?');
      for (const row of stored) {
        if (opens(this.cipher, row.body, STORED_ANSWER_PURPOSE)) continue;
        forget.run(row.rowid);
        answers++;
      }
      return { webhookSecrets, answers };
    });
  }
}
