import { eq } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { appSettings } from './schema.js';

/** Named JSON settings, one row each. */
export class AppSettingsRepository {
  constructor(private readonly db: Db) {}

  get(key: string): unknown {
    const row = this.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).get();
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  put(key: string, value: unknown, now: number): void {
    const json = JSON.stringify(value);
    this.db
      .insert(appSettings)
      .values({ key, value: json, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: json, updatedAt: now } })
      .run();
  }
}
