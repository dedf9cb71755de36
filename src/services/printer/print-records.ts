import type { SettingsStore } from '../network-settings.js';

/**
 * What happened when a session's receipt was last sent to the printer: `printing` while it is sent
 * (or when the instance sending it stopped meanwhile), `printed`, or `failed` with why.
 */
export interface PrintRecord {
  status: 'printing' | 'printed' | 'failed';
  /** `paid`: the automatic print when the sale was paid; `request`: the till's Print button or the API. */
  trigger: 'paid' | 'request';
  /** When the attempt started (ms). */
  at: number;
  /** Why it did not print, in plain words; null unless `failed`. */
  error: string | null;
}

/**
 * One record per session whose receipt was sent to the printer, kept in the app settings (JSON, key
 * `receipt_print.<session id>`). **Decision:** no table of their own (the schema is not changed for
 * it): a record is a few dozen bytes per sale, read by one key, written at most a few times.
 */
export class PrintRecords {
  constructor(private readonly store: SettingsStore) {}

  async get(sessionId: string): Promise<PrintRecord | undefined> {
    return (await this.store.get(key(sessionId))) as PrintRecord | undefined;
  }

  async put(sessionId: string, record: PrintRecord): Promise<void> {
    await this.store.put(key(sessionId), record, record.at);
  }
}

const key = (sessionId: string) => `receipt_print.${sessionId}`;
