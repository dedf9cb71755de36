import type { Role, StoredUser } from '../domain/users.js';

/** A user's row as both stores return it; shared by the SQLite and PostgreSQL user repositories. */
export type UserRow = Omit<StoredUser, 'role'> & { role: string };
export const toUser = (row: UserRow): StoredUser => ({ ...row, role: row.role as Role });
