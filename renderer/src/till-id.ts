/**
 * Which till this device is, for its customer display: a short id made on first use and kept in this
 * browser's storage. The till puts its sale on the display slot of its id, and the display page
 * follows the id in its address (`/display?till=…`) or, opened on the same device (the desktop app's
 * second window), the device's own.
 */
const KEY = 'stablepos.till';

export function tillId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && /^[a-z0-9-]{1,32}$/.test(kept)) return kept;
    const made = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return ''; // no storage (a locked-down browser): the shop's one shared display slot
  }
}

/** A parameter of a display page's address: in its hash (`#/display?till=…`) or its query. */
function displayParam(location: Location, name: string): string | null {
  return new URLSearchParams(location.hash.split('?')[1] ?? '').get(name) ?? new URLSearchParams(location.search).get(name);
}

/** The till a display page was opened for: `?till=` in its address (hash or query), else this device's. */
export function displayTillId(location: Location = window.location): string {
  const given = displayParam(location, 'till');
  return given !== null && /^[a-z0-9-]{0,32}$/.test(given) ? given : tillId();
}

/** Where this device's till last put a sale up: `live` or `test` (each mode has its own displays). */
export const TILL_MODE_KEY = 'stablepos.till.mode';

/** Kept when the till puts a sale on its display, so a display on the same device follows that mode. */
export function rememberTillMode(livemode: boolean): void {
  try {
    localStorage.setItem(TILL_MODE_KEY, livemode ? 'live' : 'test');
  } catch {
    // no storage: a display on this device follows live sales, or the mode its address names
  }
}

/**
 * Which mode's display a display page follows: `?mode=` in its address; else, opened on the till's own
 * device (the desktop app's second window), the mode that till last used; else live. `given` says
 * whether the address named it (if not, the page follows the till's changes of mode).
 */
export function displayMode(location: Location = window.location): { mode: 'live' | 'test'; given: boolean } {
  const given = displayParam(location, 'mode');
  if (given === 'live' || given === 'test') return { mode: given, given: true };
  try {
    return { mode: localStorage.getItem(TILL_MODE_KEY) === 'test' ? 'test' : 'live', given: false };
  } catch {
    return { mode: 'live', given: false };
  }
}

/** The query of this till's display page: its till, and `mode=test` in test mode (live is the default). */
export function displayQuery(livemode: boolean | undefined): string {
  return `till=${tillId()}${livemode === false ? '&mode=test' : ''}`;
}
