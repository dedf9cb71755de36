/** startOfDate (domain/calendar.ts): when a local date begins in a time zone, from UTC−11 to UTC+14 (the shifts' `date` filter). */
import { expect, test } from 'vitest';
import { localDate, startOfDate } from '../../src/domain/calendar.js';

test.each([
  ['UTC', '2026-11-28', '2026-11-28T00:00:00.000Z'],
  ['Europe/Madrid', '2026-11-28', '2026-11-27T23:00:00.000Z'],
  ['America/Mexico_City', '2026-11-28', '2026-11-28T06:00:00.000Z'],
  ['Pacific/Kiritimati', '2026-11-28', '2026-11-27T10:00:00.000Z'],
  ['Pacific/Pago_Pago', '2026-11-28', '2026-11-28T11:00:00.000Z'],
  ['Asia/Kolkata', '2026-11-28', '2026-11-27T18:30:00.000Z'],
])('%s: %s begins at %s', (zone, date, start) => {
  const at = startOfDate(date, zone)!;
  expect(new Date(at).toISOString()).toBe(start);
  expect(localDate(at, zone)).toBe(date);
  expect(localDate(at - 1, zone)).not.toBe(date);
});

test('a date the calendar does not have is null', () => {
  for (const date of ['2026-02-30', '2026-13-01', '2026-1-1', 'today']) expect(startOfDate(date, 'UTC')).toBeNull();
});
