import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A spreadsheet may run a cell starting with one of these as a formula (OWASP, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal number such as a debit's `-1.50`: read as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * RFC 4180: quote a field holding a comma, quote or line break. A cell that a spreadsheet could run
 * as a formula gets a leading `'` (then read as text), unless it is a plain decimal number: `-1.50`
 * stays a number a sum can use, while `-1+cmd|' /C calc'!A0` is defused.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Streams `rows` as a CSV attachment: the header line, then one line per row, read lazily so an
 * export of any size never sits in memory. Parse filters before calling, so a bad one is a JSON error.
 */
export function sendCsv<T extends Record<string, string>>(reply: FastifyReply, filename: string, columns: readonly (keyof T & string)[], rows: Iterable<T>) {
  function* lines(): Generator<string> {
    yield `${columns.join(',')}\r\n`;
    for (const row of rows) yield `${columns.map((c) => csvField(row[c] ?? '')).join(',')}\r\n`;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines()) as never); // a stream: sent as is, never serialised
}
