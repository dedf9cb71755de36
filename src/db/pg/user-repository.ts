import { and, asc, count, eq, inArray, isNull, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { SignInFailures, StoredUser, UiSessionRecord } from '../../domain/users.js';
import { toUser } from '../user-rows.js';
import type { PgDatabase } from './pg-database.js';
import { signInFailures, uiSessions, users } from './schema.js';

const userColumns = {
  id: users.id,
  merchantId: users.merchantId,
  name: users.name,
  role: users.role,
  pinHash: users.pinHash,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
};

const sessionColumns = {
  id: uiSessions.id,
  userId: uiSessions.userId,
  createdAt: uiSessions.createdAt,
  lastUsedAt: uiSessions.lastUsedAt,
  expiresAt: uiSessions.expiresAt,
  endedAt: uiSessions.endedAt,
  livemode: uiSessions.livemode,
};

/** Staff users and the UI's sign-in sessions on PostgreSQL (the SQLite store's `../user-repository.ts`, same behaviour). */
export class PgUserRepository {
  constructor(private readonly database: PgDatabase) {}

  async insert(user: StoredUser & { nameKey: string }): Promise<void> {
    await this.database.db.insert(users).values(user);
  }

  /** Active (not removed) users of a merchant, oldest first. */
  async listActive(merchantId: string): Promise<StoredUser[]> {
    const rows = await this.database.db
      .select(userColumns)
      .from(users)
      .where(and(eq(users.merchantId, merchantId), isNull(users.disabledAt)))
      .orderBy(asc(users.createdAt), asc(users.id));
    return rows.map(toUser);
  }

  async findActiveByNameKey(merchantId: string, nameKey: string): Promise<StoredUser | undefined> {
    return await this.findActive(merchantId, eq(users.nameKey, nameKey));
  }

  async findActiveById(merchantId: string, id: string): Promise<StoredUser | undefined> {
    return await this.findActive(merchantId, eq(users.id, id));
  }

  /** The merchant's one active (not removed) user that `match` picks out. */
  private async findActive(merchantId: string, match: SQL): Promise<StoredUser | undefined> {
    const [row] = await this.database.db
      .select(userColumns)
      .from(users)
      .where(and(eq(users.merchantId, merchantId), match, isNull(users.disabledAt)));
    return row && toUser(row);
  }

  async countActiveOwners(merchantId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.merchantId, merchantId), eq(users.role, 'owner'), isNull(users.disabledAt)));
    return row?.n ?? 0;
  }

  /** Marks the user removed and ends their UI sessions (one unit: both or neither). */
  async disable(id: string, now: number): Promise<void> {
    await this.database.tx(async () => {
      await this.database.db.update(users).set({ disabledAt: now }).where(and(eq(users.id, id), isNull(users.disabledAt)));
      await this.database.db.update(uiSessions).set({ endedAt: now }).where(and(eq(uiSessions.userId, id), isNull(uiSessions.endedAt)));
    });
  }

  async setPinHash(id: string, pinHash: string): Promise<void> {
    await this.database.db.update(users).set({ pinHash }).where(eq(users.id, id));
  }

  async endSessionsOf(userId: string, now: number, keepSessionId?: string): Promise<void> {
    const open = and(eq(uiSessions.userId, userId), isNull(uiSessions.endedAt));
    await this.database.db
      .update(uiSessions)
      .set({ endedAt: now })
      .where(keepSessionId === undefined ? open : and(open, ne(uiSessions.id, keepSessionId)));
  }

  async insertSession(session: UiSessionRecord & { tokenHash: string }): Promise<void> {
    await this.database.db.insert(uiSessions).values(session);
  }

  /** The open session with this token hash and its user (who may since have been removed). */
  async findOpenSession(tokenHash: string): Promise<{ session: UiSessionRecord; user: StoredUser } | undefined> {
    const [row] = await this.database.db
      .select({ session: sessionColumns, user: userColumns })
      .from(uiSessions)
      .innerJoin(users, eq(users.id, uiSessions.userId))
      .where(and(eq(uiSessions.tokenHash, tokenHash), isNull(uiSessions.endedAt)));
    return row && { session: row.session, user: toUser(row.user) };
  }

  async touchSession(id: string, lastUsedAt: number, expiresAt: number): Promise<void> {
    await this.database.db.update(uiSessions).set({ lastUsedAt, expiresAt }).where(eq(uiSessions.id, id));
  }

  async setSessionMode(id: string, livemode: boolean): Promise<void> {
    await this.database.db.update(uiSessions).set({ livemode }).where(eq(uiSessions.id, id));
  }

  async endSession(id: string, now: number): Promise<void> {
    await this.database.db.update(uiSessions).set({ endedAt: now }).where(and(eq(uiSessions.id, id), isNull(uiSessions.endedAt)));
  }

  async signInFailures(keys: string[]): Promise<SignInFailures[]> {
    const t = signInFailures;
    return await this.database.db.select({ key: t.counterKey, failures: t.failures, lockedUntil: t.lockedUntil, lastFailureAt: t.lastFailureAt }).from(t).where(inArray(t.counterKey, keys));
  }

  async putSignInFailures(c: SignInFailures): Promise<void> {
    const values = { failures: c.failures, lockedUntil: c.lockedUntil, lastFailureAt: c.lastFailureAt };
    await this.database.db.insert(signInFailures).values({ counterKey: c.key, ...values }).onConflictDoUpdate({ target: signInFailures.counterKey, set: values });
  }

  async clearSignInFailures(keys: string[]): Promise<void> {
    await this.database.db.delete(signInFailures).where(inArray(signInFailures.counterKey, keys));
  }

  async forgetSignInFailures(before: number, now: number): Promise<void> {
    await this.database.db.delete(signInFailures).where(and(lt(signInFailures.lastFailureAt, before), lte(signInFailures.lockedUntil, now)));
  }
}
