import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** RFC 4180: quote a field holding a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
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
