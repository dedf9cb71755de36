/**
 * The Solana watcher's persisted cursor: per merchant token account, the newest signature already
 * handled ("" when the account had none when it was first followed). Stored as JSON text in the
 * chain-state cursor every family writes in its own words.
 */
export type WatchCursor = Record<string, string>;

/** The positions of a stored cursor; an unreadable one counts as none (the watcher starts afresh). */
export function readCursor(text: string | undefined): WatchCursor {
  if (text === undefined) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Written with sorted keys, so the same positions always make the same text. */
export function writeCursor(cursor: WatchCursor): string {
  return JSON.stringify(Object.fromEntries(Object.entries(cursor).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}
