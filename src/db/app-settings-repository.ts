import { eq } from 'drizzle-orm';
import type { StoreDb } from './store-db.js';

/** Named JSON settings, one row each. */
export class AppSettingsRepository {
  constructor(private readonly store: StoreDb) {}

  async get(key: string): Promise<unknown> {
    const s = this.store.t.appSettings;
    const [row] = await this.store.db.select({ value: s.value }).from(s).where(eq(s.key, key));
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  async put(key: string, value: unknown, now: number): Promise<void> {
    const s = this.store.t.appSettings;
    const json = JSON.stringify(value);
    await this.store.db
      .insert(s)
      .values({ key, value: json, updatedAt: now })
      .onConflictDoUpdate({ target: s.key, set: { value: json, updatedAt: now } });
  }
}
