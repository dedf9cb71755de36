import { and, asc, count, eq, inArray, isNull, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { Role, SignInFailures, StoredUser, UiSessionRecord } from '../domain/users.js';
import type { NamedSql, StoreDb } from './store-db.js';
import { rawBoolean, rawCount } from './store-db.js';

/**
 * Named: every request of a signed-in UI runs it (the session and its user, in one statement). Its
 * columns are read raw (`sessionOf`, `userOf`).
 */
const OPEN_SESSION: NamedSql = {
  name: 'stablepos_ui_session_open',
  text:
    'SELECT s.id, s.user_id, s.created_at, s.last_used_at, s.expires_at, s.ended_at, s.livemode, ' +
    'u.merchant_id AS u_merchant_id, u.name AS u_name, u.role AS u_role, u.pin_hash AS u_pin_hash, u.created_at AS u_created_at, u.disabled_at AS u_disabled_at ' +
    'FROM ui_sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.ended_at IS NULL',
};

interface OpenSessionRow {
  id: string;
  user_id: string;
  created_at: unknown;
  last_used_at: unknown;
  expires_at: unknown;
  ended_at: unknown;
  livemode: unknown;
  u_merchant_id: string;
  u_name: string;
  u_role: string;
  u_pin_hash: string;
  u_created_at: unknown;
  u_disabled_at: unknown;
}

const nullableCount = (value: unknown): number | null => (value === null || value === undefined ? null : rawCount(value));

const sessionOf = (r: OpenSessionRow): UiSessionRecord => ({
  id: r.id,
  userId: r.user_id,
  createdAt: rawCount(r.created_at),
  lastUsedAt: rawCount(r.last_used_at),
  expiresAt: rawCount(r.expires_at),
  endedAt: nullableCount(r.ended_at),
  livemode: r.livemode === null || r.livemode === undefined ? null : rawBoolean(r.livemode),
});

const userOf = (r: OpenSessionRow): StoredUser => ({
  id: r.user_id,
  merchantId: r.u_merchant_id,
  name: r.u_name,
  role: r.u_role as Role,
  pinHash: r.u_pin_hash,
  createdAt: rawCount(r.u_created_at),
  disabledAt: nullableCount(r.u_disabled_at),
});

/** A user's row as the query builder returns it: `role` is the column's text. */
type UserRow = Omit<StoredUser, 'role'> & { role: string };
const toUser = (row: UserRow): StoredUser => ({ ...row, role: row.role as Role });

/** Staff users, the UI's sign-in sessions and the sign-in failure counters. */
export class UserRepository {
  constructor(private readonly store: StoreDb) {}

  private userColumns() {
    const u = this.store.t.users;
    return { id: u.id, merchantId: u.merchantId, name: u.name, role: u.role, pinHash: u.pinHash, createdAt: u.createdAt, disabledAt: u.disabledAt };
  }

  async insert(user: StoredUser & { nameKey: string }): Promise<void> {
    await this.store.db.insert(this.store.t.users).values(user);
  }

  /** Active (not removed) users of a merchant, oldest first. */
  async listActive(merchantId: string): Promise<StoredUser[]> {
    const u = this.store.t.users;
    const rows = await this.store.db
      .select(this.userColumns())
      .from(u)
      .where(and(eq(u.merchantId, merchantId), isNull(u.disabledAt)))
      .orderBy(asc(u.createdAt), asc(u.id));
    return rows.map(toUser);
  }

  async findActiveByNameKey(merchantId: string, nameKey: string): Promise<StoredUser | undefined> {
    return await this.findActive(merchantId, eq(this.store.t.users.nameKey, nameKey));
  }

  async findActiveById(merchantId: string, id: string): Promise<StoredUser | undefined> {
    return await this.findActive(merchantId, eq(this.store.t.users.id, id));
  }

  /** The merchant's one active (not removed) user that `match` picks out. */
  private async findActive(merchantId: string, match: SQL): Promise<StoredUser | undefined> {
    const u = this.store.t.users;
    const [row] = await this.store.db
      .select(this.userColumns())
      .from(u)
      .where(and(eq(u.merchantId, merchantId), match, isNull(u.disabledAt)));
    return row && toUser(row);
  }

  async countActiveOwners(merchantId: string): Promise<number> {
    const u = this.store.t.users;
    const [row] = await this.store.db
      .select({ n: count() })
      .from(u)
      .where(and(eq(u.merchantId, merchantId), eq(u.role, 'owner'), isNull(u.disabledAt)));
    return row?.n ?? 0;
  }

  /** Marks the user removed and ends their UI sessions (one unit: both or neither). */
  async disable(id: string, now: number): Promise<void> {
    const { users, uiSessions } = this.store.t;
    await this.store.unit(async () => {
      await this.store.db.update(users).set({ disabledAt: now }).where(and(eq(users.id, id), isNull(users.disabledAt)));
      await this.store.db.update(uiSessions).set({ endedAt: now }).where(and(eq(uiSessions.userId, id), isNull(uiSessions.endedAt)));
    });
  }

  async setPinHash(id: string, pinHash: string): Promise<void> {
    const u = this.store.t.users;
    await this.store.db.update(u).set({ pinHash }).where(eq(u.id, id));
  }

  async endSessionsOf(userId: string, now: number, keepSessionId?: string): Promise<void> {
    const s = this.store.t.uiSessions;
    const open = and(eq(s.userId, userId), isNull(s.endedAt));
    await this.store.db
      .update(s)
      .set({ endedAt: now })
      .where(keepSessionId === undefined ? open : and(open, ne(s.id, keepSessionId)));
  }

  async insertSession(session: UiSessionRecord & { tokenHash: string }): Promise<void> {
    await this.store.db.insert(this.store.t.uiSessions).values(session);
  }

  /** The open session with this token hash and its user (who may since have been removed). */
  async findOpenSession(tokenHash: string): Promise<{ session: UiSessionRecord; user: StoredUser } | undefined> {
    const [row] = await this.store.named<OpenSessionRow>(OPEN_SESSION, [tokenHash]);
    return row && { session: sessionOf(row), user: userOf(row) };
  }

  async touchSession(id: string, lastUsedAt: number, expiresAt: number): Promise<void> {
    const s = this.store.t.uiSessions;
    await this.store.db.update(s).set({ lastUsedAt, expiresAt }).where(eq(s.id, id));
  }

  async setSessionMode(id: string, livemode: boolean): Promise<void> {
    const s = this.store.t.uiSessions;
    await this.store.db.update(s).set({ livemode }).where(eq(s.id, id));
  }

  async endSession(id: string, now: number): Promise<void> {
    const s = this.store.t.uiSessions;
    await this.store.db.update(s).set({ endedAt: now }).where(and(eq(s.id, id), isNull(s.endedAt)));
  }

  async signInFailures(keys: string[]): Promise<SignInFailures[]> {
    const f = this.store.t.signInFailures;
    return await this.store.db.select({ key: f.counterKey, failures: f.failures, lockedUntil: f.lockedUntil, lastFailureAt: f.lastFailureAt }).from(f).where(inArray(f.counterKey, keys));
  }

  async putSignInFailures(c: SignInFailures): Promise<void> {
    const f = this.store.t.signInFailures;
    const values = { failures: c.failures, lockedUntil: c.lockedUntil, lastFailureAt: c.lastFailureAt };
    await this.store.db.insert(f).values({ counterKey: c.key, ...values }).onConflictDoUpdate({ target: f.counterKey, set: values });
  }

  async clearSignInFailures(keys: string[]): Promise<void> {
    const f = this.store.t.signInFailures;
    await this.store.db.delete(f).where(inArray(f.counterKey, keys));
  }

  async forgetSignInFailures(before: number, now: number): Promise<void> {
    const f = this.store.t.signInFailures;
    await this.store.db.delete(f).where(and(lt(f.lastFailureAt, before), lte(f.lockedUntil, now)));
  }
}
