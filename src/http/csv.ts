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

/** The exports' `format`: `plain` (RFC 4180) or `excel` (docs/api.md, "CSV exports"). */
export type CsvFormat = 'plain' | 'excel';

/** Tells Excel the file is UTF-8: without it, Excel reads a CSV in the system's legacy code page ("Café" → "CafÃ©"). */
const UTF8_BOM = '\uFEFF';

/**
 * An amount as Excel shows it exactly: a formula that yields the text. Written plainly, `12.500000`
 * is read as twelve million in locales whose decimal mark is a comma, and long decimals lose digits.
 * Only our own plain decimals are wrapped, so no cell text can turn into another formula.
 */
function excelAmount(value: string): string {
  // The cell `="12.50"`, quoted as RFC 4180 wants (its quotes doubled).
  return PLAIN_NUMBER.test(value) ? `"=""${value}"""` : csvField(value);
}

/**
 * Streams `rows` as a CSV attachment: the header line, then one line per row, read lazily so an
 * export of any size never sits in memory. Parse filters before calling, so a bad one is a JSON error.
 * In the `excel` format the file starts with a UTF-8 byte order mark and `amounts` are text cells.
 */
export function sendCsv<T extends Record<string, string>>(
  reply: FastifyReply,
  filename: string,
  columns: readonly (keyof T & string)[],
  rows: AsyncIterable<T>,
  options: { format?: CsvFormat | undefined; amounts?: readonly (keyof T & string)[] } = {},
) {
  const excel = options.format === 'excel';
  const amounts = new Set<string>(excel ? (options.amounts ?? []) : []);
  async function* lines(): AsyncGenerator<string> {
    yield `${excel ? UTF8_BOM : ''}${columns.join(',')}\r\n`;
    for await (const row of rows) yield `${columns.map((c) => (amounts.has(c) ? excelAmount(row[c] ?? '') : csvField(row[c] ?? ''))).join(',')}\r\n`;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines()) as never); // a stream: sent as is, never serialised
}
