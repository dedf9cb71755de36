import { eq } from 'drizzle-orm';
import type { PgDatabase } from './pg-database.js';
import { appSettings } from './schema.js';

/** Named JSON settings, one row each (the SQLite store's `../app-settings-repository.ts`). */
export class PgAppSettingsRepository {
  constructor(private readonly database: PgDatabase) {}

  async get(key: string): Promise<unknown> {
    const [row] = await this.database.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  async put(key: string, value: unknown, now: number): Promise<void> {
    const json = JSON.stringify(value);
    await this.database.db
      .insert(appSettings)
      .values({ key, value: json, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: json, updatedAt: now } });
  }
}
