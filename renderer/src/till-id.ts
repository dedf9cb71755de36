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

/** The till a display page was opened for: `?till=` in its address (hash or query), else this device's. */
export function displayTillId(location: Location = window.location): string {
  const fromHash = new URLSearchParams(location.hash.split('?')[1] ?? '').get('till');
  const fromQuery = new URLSearchParams(location.search).get('till');
  const given = fromHash ?? fromQuery;
  return given !== null && /^[a-z0-9-]{0,32}$/.test(given) ? given : tillId();
}
