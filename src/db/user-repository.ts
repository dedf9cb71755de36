import { and, asc, eq, inArray, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { SignInFailures, StoredUser, UiSessionRecord } from '../domain/users.js';
import type { Db } from './open-database.js';
import { signInFailures, uiSessions, users } from './schema.js';
import { toUser } from './user-rows.js';

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

export class UserRepository {
  private readonly sessionByHash;

  constructor(private readonly db: Db) {
    // Every request of a signed-in UI runs this: prepared once.
    this.sessionByHash = db
      .select({ session: sessionColumns, user: userColumns })
      .from(uiSessions)
      .innerJoin(users, eq(users.id, uiSessions.userId))
      .where(and(eq(uiSessions.tokenHash, sql.placeholder('hash')), isNull(uiSessions.endedAt)))
      .prepare();
  }

  insert(user: StoredUser & { nameKey: string }): void {
    this.db.insert(users).values(user).run();
  }

  /** Active (not removed) users of a merchant, oldest first. */
  listActive(merchantId: string): StoredUser[] {
    return this.db
      .select(userColumns)
      .from(users)
      .where(and(eq(users.merchantId, merchantId), isNull(users.disabledAt)))
      .orderBy(asc(users.createdAt), asc(users.id))
      .all()
      .map(toUser);
  }

  findActiveByNameKey(merchantId: string, nameKey: string): StoredUser | undefined {
    return this.findActive(merchantId, eq(users.nameKey, nameKey));
  }

  findActiveById(merchantId: string, id: string): StoredUser | undefined {
    return this.findActive(merchantId, eq(users.id, id));
  }

  /** The merchant's one active (not removed) user that `match` picks out. */
  private findActive(merchantId: string, match: SQL): StoredUser | undefined {
    const row = this.db
      .select(userColumns)
      .from(users)
      .where(and(eq(users.merchantId, merchantId), match, isNull(users.disabledAt)))
      .get();
    return row && toUser(row);
  }

  countActiveOwners(merchantId: string): number {
    const row = this.db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(and(eq(users.merchantId, merchantId), eq(users.role, 'owner'), isNull(users.disabledAt)))
      .get();
    return row?.n ?? 0;
  }

  disable(id: string, now: number): void {
    this.db.update(users).set({ disabledAt: now }).where(and(eq(users.id, id), isNull(users.disabledAt))).run();
    this.db.update(uiSessions).set({ endedAt: now }).where(and(eq(uiSessions.userId, id), isNull(uiSessions.endedAt))).run();
  }

  setPinHash(id: string, pinHash: string): void {
    this.db.update(users).set({ pinHash }).where(eq(users.id, id)).run();
  }

  endSessionsOf(userId: string, now: number, keepSessionId?: string): void {
    const open = and(eq(uiSessions.userId, userId), isNull(uiSessions.endedAt));
    this.db.update(uiSessions).set({ endedAt: now }).where(keepSessionId === undefined ? open : and(open, ne(uiSessions.id, keepSessionId))).run();
  }

  insertSession(session: UiSessionRecord & { tokenHash: string }): void {
    this.db.insert(uiSessions).values(session).run();
  }

  /** The open session with this token hash and its user (who may since have been removed). */
  findOpenSession(tokenHash: string): { session: UiSessionRecord; user: StoredUser } | undefined {
    const row = this.sessionByHash.get({ hash: tokenHash });
    return row && { session: row.session, user: toUser(row.user) };
  }

  touchSession(id: string, lastUsedAt: number, expiresAt: number): void {
    this.db.update(uiSessions).set({ lastUsedAt, expiresAt }).where(eq(uiSessions.id, id)).run();
  }

  setSessionMode(id: string, livemode: boolean): void {
    this.db.update(uiSessions).set({ livemode }).where(eq(uiSessions.id, id)).run();
  }

  endSession(id: string, now: number): void {
    this.db.update(uiSessions).set({ endedAt: now }).where(and(eq(uiSessions.id, id), isNull(uiSessions.endedAt))).run();
  }

  signInFailures(keys: string[]): SignInFailures[] {
    const t = signInFailures;
    return this.db.select({ key: t.counterKey, failures: t.failures, lockedUntil: t.lockedUntil, lastFailureAt: t.lastFailureAt }).from(t).where(inArray(t.counterKey, keys)).all();
  }

  putSignInFailures(c: SignInFailures): void {
    const values = { failures: c.failures, lockedUntil: c.lockedUntil, lastFailureAt: c.lastFailureAt };
    this.db.insert(signInFailures).values({ counterKey: c.key, ...values }).onConflictDoUpdate({ target: signInFailures.counterKey, set: values }).run();
  }

  clearSignInFailures(keys: string[]): void {
    this.db.delete(signInFailures).where(inArray(signInFailures.counterKey, keys)).run();
  }

  forgetSignInFailures(before: number, now: number): void {
    this.db.delete(signInFailures).where(and(lt(signInFailures.lastFailureAt, before), lte(signInFailures.lockedUntil, now))).run();
  }
}
