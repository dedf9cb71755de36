/**
 * Calendar days in a merchant's time zone, for settlement (contract: "a payment's net amount becomes
 * available at 00:00 of the next calendar day in the merchant's time zone"). Pure: IANA zones through
 * Intl, no date library.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows (e.g. `Europe/Berlin`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localTime(ms: number, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as unknown as LocalTime;
}

/** The local calendar date of an instant, as `YYYY-MM-DD`. */
export function localDate(ms: number, timeZone: string): string {
  const t = localTime(ms, timeZone);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

/** Offset of local time from UTC at an instant, ms (east positive), whole seconds. */
function offsetAt(ms: number, timeZone: string): number {
  const t = localTime(ms, timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The first instant of the calendar day after the one `ms` falls on, in `timeZone`: 00:00 local,
 * or, where a daylight-saving change skips midnight, the first time that day has.
 */
export function startOfNextLocalDay(ms: number, timeZone: string): number {
  const today = localTime(ms, timeZone);
  const target = Date.UTC(today.year, today.month - 1, today.day + 1); // local midnight, read as UTC
  const targetDate = new Date(target).toISOString().slice(0, 10);
  // Local midnight is `target − offset`; the offset there may differ from ours (DST), so ask twice.
  let guess = target - offsetAt(target, timeZone);
  guess = target - offsetAt(guess, timeZone);
  // A skipped midnight (or a guess that landed in the previous day): step to the day's first minute.
  const MINUTE = 60_000;
  while (localDate(guess, timeZone) < targetDate) guess += MINUTE;
  while (localDate(guess - MINUTE, timeZone) >= targetDate) guess -= MINUTE;
  return guess;
}

/** The first instant of the calendar day `ms` falls on, in `timeZone` (00:00 local, or the day's first time). */
export function startOfLocalDay(ms: number, timeZone: string): number {
  // Two days back is surely an earlier day; walk forward day starts while they are not after `ms`.
  let start = startOfNextLocalDay(ms - 48 * 3_600_000, timeZone);
  for (let next = startOfNextLocalDay(start, timeZone); next <= ms; next = startOfNextLocalDay(start, timeZone)) start = next;
  return start;
}

/** The local hour (0–23) of an instant: the daily report's hour buckets (docs/reports.md). */
export function localHour(ms: number, timeZone: string): number {
  return localTime(ms, timeZone).hour;
}

/** The local date and time of an instant to the minute, as `YYYY-MM-DD HH:MM` (receipts print it). */
export function localDateTime(ms: number, timeZone: string): string {
  const t = localTime(ms, timeZone);
  return `${localDate(ms, timeZone)} ${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}

/**
 * When the local date `date` (YYYY-MM-DD) begins in `timeZone`; null for a date the calendar does
 * not have (2026-02-30).
 */
export function startOfDate(date: string, timeZone: string): number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const noon = Date.UTC(y, m - 1, d, 12);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || new Date(noon).toISOString().slice(0, 10) !== date) return null;
  // Noon UTC is on that date or a day off in the zone (UTC−12 to UTC+14): walk to the day's own start.
  let start = startOfLocalDay(noon, timeZone);
  while (localDate(start, timeZone) > date) start = startOfLocalDay(start - 1, timeZone);
  while (localDate(start, timeZone) < date) start = startOfNextLocalDay(start, timeZone);
  return start;
}
